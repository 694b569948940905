/** The controls every Get Many shows: Return All, Limit and Page Size. */
import type { INodeProperties } from 'n8n-workflow';

/** Return All and Limit, as every n8n "Get Many" operation offers them. */
export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** The Options collection of a paged list: its one option, Page Size. */
export function pageSizeOptions(page: {
	default: number;
	max?: number;
	description: string;
}): INodeProperties {
	const { default: initial, max, description } = page;
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: {
					minValue: 1,
					...(max === undefined ? {} : { maxValue: max }),
					numberPrecision: 0,
				},
				default: initial,
				description,
			},
		],
	};
}

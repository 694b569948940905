/** What every Get Many shares: Return All, Limit and Page Size, declared and read in one place. */
import type { INodeProperties } from 'n8n-workflow';

import { numeric } from '../../shared/values';
import type { FormReader } from './reader';

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

/** How one list pages: Page Size's default and bound, and the page size when the option is unset. */
export interface PageSizeRule {
	default: number;
	max?: number;
	description: string;
	/** The page size when Page Size is unset, from the limit (Infinity: Return All); `default` if absent. */
	whenUnset?: (limit: number) => number;
}

/** The Options collection of a paged list: its one option, Page Size. */
function pageSizeOptions(page: PageSizeRule): INodeProperties {
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

/** A paged list's form: Return All and Limit, the list's own fields (filters), then Page Size. */
export function getManyFields(
	page: PageSizeRule,
	filters: INodeProperties[] = [],
): INodeProperties[] {
	return [...returnAllAndLimit, ...filters, pageSizeOptions(page)];
}

/** A whole number from 1 up to `max` (no bound when undefined), or the rule it breaks. */
function countRule(value: unknown, max?: number): string | undefined {
	const fits =
		typeof value === 'number' &&
		Number.isInteger(value) &&
		value >= 1 &&
		(max === undefined || value <= max);
	if (fits) return undefined;
	return max === undefined
		? 'must be a whole number of at least 1'
		: `must be a whole number from 1 to ${max}`;
}

export interface GetManyRequest {
	/** How many items to return: Infinity with Return All. */
	limit: number;
	/** Items asked for per request (lists that page). */
	pageSize: number;
}

/**
 * Return All, Limit and (for a list that pages) Page Size of one item, checked with one wording
 * before anything is sent; numbers an expression gives as text count. An unset Page Size takes the
 * list's own choice.
 */
export function readGetMany(form: FormReader, page?: PageSizeRule): GetManyRequest {
	const returnAll = form.get('returnAll', false) === true;
	const limit = returnAll ? Infinity : numeric(form.get('limit', 50 as unknown));
	const limitRule = returnAll ? undefined : countRule(limit);
	if (limitRule) form.fail('limit', limitRule);
	const count = limit as number;
	if (!page) return { limit: count, pageSize: count };
	const given = numeric(form.get('options', {} as { pageSize?: unknown }).pageSize);
	if (given === undefined || given === null) {
		return { limit: count, pageSize: page.whenUnset?.(count) ?? page.default };
	}
	const sizeRule = countRule(given, page.max);
	if (sizeRule) form.fail('options.pageSize', sizeRule);
	return { limit: count, pageSize: given as number };
}

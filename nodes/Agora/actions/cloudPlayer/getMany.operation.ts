import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { validateOrThrow } from '../../../shared/validate';
import { listPlayersRequestSchema, PAGE_SIZE_MAX } from '../../schemas/mediaPull';
import type { AgoraContext } from '../../transport';
import { numeric } from '../../../shared/values';
import { playerPages } from '../../api/cloudPlayers';
import { FormReader } from '../../form/reader';
import { text } from '../../form/bodyWriters';
import { channelCharsHint } from './playerFields';
import { pageSizeOptions, returnAllAndLimit } from '../../form/getMany';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Channel Name',
				name: 'channelName',
				type: 'string',
				default: '',
				placeholder: 'e.g. support-room-42',
				description: `Only the players of this channel (${channelCharsHint}). Agora allows 2 filtered lists per second and 15 per minute per channel.`,
			},
		],
	},
	pageSizeOptions({
		default: 200,
		max: PAGE_SIZE_MAX,
		description:
			'Players per request, 1 to 500 (Agora’s default 200). Unset: 500 with Return All, or the limit, for the fewest requests (unfiltered lists are limited to 20 per minute).',
	}),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudPlayer'], operation: ['getAll', 'getMany'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const returnAll = form.get('returnAll', false) === true;
	const filters = form.get('filters', {}) as IDataObject;
	const options = form.get('options', {}) as IDataObject;
	const input = validateOrThrow(
		this,
		listPlayersRequestSchema,
		{
			channelName: text(filters.channelName),
			pageSize: numeric(options.pageSize),
			limit: returnAll ? undefined : numeric(form.get('limit', 50)),
		},
		itemIndex,
	);
	const limit = input.limit ?? Infinity;
	const pageSize = input.pageSize ?? Math.min(PAGE_SIZE_MAX, input.limit ?? PAGE_SIZE_MAX);

	const out: INodeExecutionData[] = [];
	for await (const page of playerPages.call(
		this,
		ctx,
		{ channelName: input.channelName, pageSize },
		itemIndex,
	)) {
		// Items pass through as Agora sent them (some carry only id, name and createTs).
		for (const player of page.players) {
			if (out.length >= limit) break;
			out.push({ json: player });
		}
		if (out.length >= limit) break;
	}
	return out;
}

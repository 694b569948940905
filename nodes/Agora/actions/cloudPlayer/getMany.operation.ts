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
import { playerPages } from '../../api/cloudPlayers';
import { getManyItems } from '../../api/pages';
import { FormReader } from '../../form/reader';
import { text } from '../../form/bodyWriters';
import { channelCharsHint } from './playerFields';
import { getManyFields, type PageSizeRule } from '../../form/getMany';

const PAGES: PageSizeRule = {
	default: 200,
	max: PAGE_SIZE_MAX,
	description: `Players per request, 1 to ${PAGE_SIZE_MAX} (Agora’s default 200). Unset: ${PAGE_SIZE_MAX} with Return All, or the limit, for the fewest requests (unfiltered lists are limited to 20 per minute).`,
	whenUnset: (limit) => Math.min(PAGE_SIZE_MAX, limit),
};

const properties: INodeProperties[] = getManyFields(PAGES, [
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
]);

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
	const filters = form.get('filters', {}) as IDataObject;
	// Items pass through as Agora sent them (some carry only id, name and createTs).
	const players = await getManyItems(form, PAGES, ({ pageSize }) => {
		const { channelName } = validateOrThrow(
			this,
			listPlayersRequestSchema,
			{ channelName: text(filters.channelName), pageSize },
			itemIndex,
		);
		return playerPages.call(this, ctx, { channelName, pageSize }, { itemIndex });
	});
	return players.map((json) => ({ json }));
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { validateOrThrow } from '../../../shared/validate';
import { getPlayerRequestSchema, PAGE_SIZE_MAX } from '../../schemas/mediaPull';
import type { AgoraContext } from '../../transport';
import { playerPages } from '../../api/cloudPlayers';
import { FormReader } from '../../form/reader';
import { text } from '../../form/bodyWriters';
import { channelCharsHint } from './playerFields';
import { playerIdField, readPlayerId } from '../../form/locators';

const properties: INodeProperties[] = [
	playerIdField,
	{
		displayName: 'Channel Name',
		name: 'channelName',
		type: 'string',
		default: '',
		placeholder: 'e.g. support-room-42',
		description: `Optional: the player's channel (${channelCharsHint})`,
		hint: "Agora has no single-player lookup, so the node searches the list; with the channel it searches only that channel's players: faster, and on a separate rate budget",
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudPlayer'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const { id, channelName } = validateOrThrow(
		this,
		getPlayerRequestSchema,
		{
			id: readPlayerId(this, itemIndex),
			channelName: text(form.get('channelName', '')),
		},
		itemIndex,
	);

	let pages = 0;
	for await (const page of playerPages.call(
		this,
		ctx,
		{ channelName, pageSize: PAGE_SIZE_MAX },
		{ itemIndex },
	)) {
		pages++;
		const found = page.items.find((player) => player.id === id);
		if (found) return [{ json: found }];
	}

	const error = new NodeOperationError(
		this.getNode(),
		`Cloud player "${id}" was not found${channelName !== undefined ? ` in channel "${channelName}"` : ''}`,
		{
			itemIndex,
			description: `Searched ${pages} page(s) of the player list. The player may have been deleted or destroyed after its idle timeout, or be in another channel; a player created less than about 10 s ago is not listed yet.`,
		},
	);
	// Reads like Agora's own 404 in error items (httpCode) and for callers that reconcile.
	error.context.agora = { status: 404, ambiguous: false } as unknown as IDataObject;
	throw error;
}

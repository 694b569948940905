import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { notFoundIsDeletedOptions } from '../../form/commonFields';
import { FormReader } from '../../form/reader';
import { deleteTreatingNotFound } from '../../run/repeatOnce';
import { changes } from '../../run/sideEffects';
import { validateOrThrow } from '../../../shared/validate';
import { deletePlayerRequestSchema } from '../../schemas/mediaPull';
import type { AgoraContext } from '../../transport';
import { mediaPullRules } from '../../api/cloudPlayers';
import { playerIdField, readPlayerId } from '../../form/locators';
import { regionField } from './playerFields';

const properties: INodeProperties[] = [
	playerIdField,
	regionField(
		'Region the player was created in (the region given to Create)',
		'Agora finds a player only in the region it was created in',
	),
	notFoundIsDeletedOptions(
		'Whether a player that no longer exists (Agora answers 404: deleted, timed out, or never created in this region) counts as deleted, output with alreadyGone: true, instead of failing',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudPlayer'], operation: ['delete'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('cloudPlayer', 'deleted', 'id', ['alreadyGone']);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const { id, region } = validateOrThrow(
		this,
		deletePlayerRequestSchema,
		{ id: readPlayerId(this, itemIndex), region: form.get('region', '') },
		itemIndex,
	);
	const { requestId, alreadyGone, rerun } = await deleteTreatingNotFound(
		this,
		ctx,
		{
			api: 'mediaPull',
			region,
			path: `/players/${encodeURIComponent(id)}`,
			rateRules: mediaPullRules.delete(ctx.appId),
			action: 'delete cloud player',
		},
		itemIndex,
	);
	const gone = alreadyGone ? { alreadyGone, ...(rerun ? { rerun } : {}) } : {};
	return [{ json: { deleted: true, id, ...gone, requestId } }];
}

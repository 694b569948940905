import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { notFoundIsDeletedOptions } from '../../form/commonFields';
import { FormReader } from '../../form/reader';
import { notFoundError, sendWithOneRepeat } from '../../run/repeatOnce';
import { isRerun } from '../../run/rerun';
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

const ACTION = 'delete cloud player';

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
	const options = form.get('options', {}) as IDataObject;
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);

	const { response, repeated } = await sendWithOneRepeat(
		this,
		ctx,
		{
			method: 'DELETE',
			api: 'mediaPull',
			region,
			path: `/players/${encodeURIComponent(id)}`,
			passStatuses: [404],
			rateRules: mediaPullRules.delete(ctx.appId),
			action: ACTION,
		},
		itemIndex,
	);
	// Deleting twice is safe: a 404 on the repeat means the first request did delete it.
	if (repeated) return [{ json: { deleted: true, id, requestId: response.requestId } }];

	if (response.status === 404) {
		// n8n running the execution again after a worker crash: the crashed run most likely deleted it.
		const repeat = rerun;
		if (options.notFoundIsDeleted === true || repeat) {
			return [
				{
					json: {
						deleted: true,
						id,
						alreadyGone: true,
						...(repeat ? { rerun: true } : {}),
						requestId: response.requestId,
					},
				},
			];
		}
		throw notFoundError(this, ctx, response, ACTION, itemIndex);
	}
	return [{ json: { deleted: true, id, requestId: response.requestId } }];
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { notFoundError, sendWithOneRepeat } from '../../run/repeatOnce';
import { changes } from '../../run/sideEffects';
import { agoraRequest, type AgoraContext } from '../../transport';
import { callIdField, readAgentId } from '../../form/locators';
import { callHasEnded, callPath } from '../../api/calls';
import { stopRecordingOfItem } from '../../api/conversationRecording';

const properties: INodeProperties[] = [callIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneCall'], operation: ['hangUp'] } },
	properties,
);

const ACTION = 'hang up call';

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('phoneCall', 'hung up', 'agent_id', ['already_ended']);

/**
 * Hangs up, the agent leaves, then the item's recording stops. Safe to repeat: an ended call counts
 * as hung up (`already_ended: true`); Agora's 404 (ended or unknown) is checked against its status.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const agentId = readAgentId(this, itemIndex);
	const json = await hangUp.call(this, itemIndex, ctx, agentId);
	return [{ json: await stopRecordingOfItem(this, ctx, agentId, json, itemIndex) }];
}

async function hangUp(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
	agentId: string,
): Promise<IDataObject> {
	const { response, repeated } = await sendWithOneRepeat(
		this,
		ctx,
		{
			method: 'POST',
			api: 'agent',
			path: callPath(agentId, 'hangup'),
			body: {},
			passStatuses: [404],
			action: ACTION,
		},
		itemIndex,
	);
	// A 404 on the repeat: the first, unanswered request hung up.
	if (response.status !== 404 || repeated) return { agent_id: agentId, hung_up: true };

	const call = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'GET',
			api: 'agent',
			path: callPath(agentId),
			idempotent: true,
			passStatuses: [404],
			action: 'get call',
		},
		itemIndex,
	);
	if (call.status === 200 && callHasEnded(call.body)) {
		const ended: IDataObject = { agent_id: agentId, hung_up: true, already_ended: true };
		for (const key of ['state', 'reason', 'stop_ts'])
			if (call.body[key] !== undefined) ended[key] = call.body[key];
		return ended;
	}
	throw notFoundError(this, ctx, response, ACTION, itemIndex);
}

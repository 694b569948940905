import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { FormReader } from '../../form/reader';
import { isRerun } from '../../run/rerun';
import { changes } from '../../run/sideEffects';
import { agoraErrorDetails, agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath } from '../../api/agents';
import { stopRecordingOfItem } from '../../api/conversationRecording';

const properties: INodeProperties[] = [
	agentIdField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Succeed If Already Stopped',
				name: 'ignoreNotFound',
				type: 'boolean',
				default: false,
				description:
					'Whether an agent that has already left (or is unknown: Agora answers 404 for both) counts as stopped instead of failing the item',
			},
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['stop'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('agent', 'stopped', 'agent_id', [
	'alreadyStopped',
	'already_stopped',
]);

/**
 * Stops the agent, then the recording its Start began (Record the Conversation), named by the input
 * item; the recording's stop answers once the files are uploaded and lists them.
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const agentId = readAgentId(this, itemIndex);
	const json = await stopAgent.call(this, itemIndex, ctx, agentId);
	return [{ json: await stopRecordingOfItem(this, ctx, agentId, json, itemIndex) }];
}

async function stopAgent(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
	agentId: string,
): Promise<IDataObject> {
	const form = new FormReader(this, itemIndex);
	const options = form.get('options', {}) as IDataObject;
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);
	const leave = (repeat: boolean) =>
		agoraRequest.call(
			this,
			// The repeat and its own retries together stay within Max Retries.
			repeat ? { ...ctx, maxRetries: ctx.maxRetries - 1 } : ctx,
			{
				method: 'POST',
				api: 'agent',
				path: agentPath(agentId, 'leave'),
				// A repeat after an unclear failure may find the agent gone: that is the goal reached.
				passStatuses: repeat || options.ignoreNotFound === true ? [404] : undefined,
				idempotent: repeat,
				action: 'stop agent',
			},
			itemIndex,
		);

	let response;
	let failure: unknown;
	let repeated = false;
	try {
		response = await leave(false);
	} catch (error) {
		failure = error;
	}
	if (!response && agoraErrorDetails(failure)?.status === 404 && rerun) {
		// n8n running the execution again after a worker crash: an agent Agora still knows was most
		// likely stopped by the crashed run; an id Agora does not know stays an error.
		if (await knownAgent(this, ctx, agentId, itemIndex))
			return { agent_id: agentId, stopped: true, [alreadyStoppedKey(this)]: true, rerun: true };
		throw failure;
	}
	if (!response) {
		const details = agoraErrorDetails(failure);
		if (!details || !(details.ambiguous || (details.status ?? 0) >= 500) || ctx.maxRetries < 1)
			throw failure;
		repeated = true;
		response = await leave(true);
	}
	const json: IDataObject = { agent_id: agentId, stopped: true };
	// A 404 on the repeat most likely means our first, unanswered request stopped it.
	if (response.status === 404 && !repeated) json[alreadyStoppedKey(this)] = true;
	return json;
}

/** Node version 1 named the flag in snake_case; later versions use camelCase like the node's other flags. */
function alreadyStoppedKey(fn: IExecuteFunctions): string {
	return fn.getNode().typeVersion >= 1.1 ? 'alreadyStopped' : 'already_stopped';
}

/** Does Agora know the agent (its query answers for stopped agents too)? */
async function knownAgent(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	agentId: string,
	itemIndex: number,
): Promise<boolean> {
	const answer = await agoraRequest.call(
		fn,
		ctx,
		{
			method: 'GET',
			api: 'agent',
			path: agentPath(agentId),
			passStatuses: [404],
			idempotent: true,
			action: 'get agent',
		},
		itemIndex,
	);
	return answer.status !== 404;
}

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { withAdditionalBody } from '../../form/additionalBody';
import { FormReader } from '../../form/reader';
import { changes } from '../../run/sideEffects';
import { applyVendorCredential } from '../../agentConfig/vendorKeys';
import { validateOrThrow } from '../../../shared/validate';
import { startRequestSchema } from '../../schemas/agent';
import { fillAgentToken } from '../../api/autoToken';
import { agoraRequest } from '../../transport';
import type { OperationContext } from '../types';
import { isRerun } from '../../run/rerun';
import { createAtMostOnce } from '../../run/createOnce';
import { findAgentByName } from '../../api/agentLookup';
import { buildStartBody, toCurrentForm } from '../../agentConfig/startBody';
import { startForm } from './start.form';
import { checkMcpServers } from '../../agentConfig/mcp';
import { recordsConversation } from '../../agentConfig/recordConversation';
import {
	startConversationRecording,
	unlessTheAgentFails,
	useRecordingAudioScenario,
} from '../../api/conversationRecording';

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['start'] } },
	startForm,
);

/** The body to send: form, then "Additional Body (JSON)" deep-merged over it, validated whole. */
function prepareStartBody(
	fn: IExecuteFunctions,
	ctx: OperationContext,
	itemIndex: number,
): IDataObject {
	const body = toCurrentForm(withAdditionalBody(fn, buildStartBody(fn, itemIndex), itemIndex));
	// Keys left empty by the form and Additional Body come from the Agora Vendor Keys credential.
	const filled = applyVendorCredential(body, ctx.vendorKeys);
	validateOrThrow(fn, startRequestSchema, filled, itemIndex);
	return filled;
}

type Path = 'started' | 'existing' | 'reconciled';

/**
 * What a next node needs, the same fields whichever path produced the agent; never the token or
 * any key of the request. An existing agent was started by someone else: its UID and labels are
 * not known (null).
 */
function output(agent: IDataObject, body: IDataObject, path: Path): IDataObject {
	const p = body.properties as IDataObject;
	const ours = path !== 'existing';
	return {
		agent_id: agent.agent_id,
		name: body.name,
		channel: p.channel,
		agent_rtc_uid: ours ? p.agent_rtc_uid : null,
		status: agent.status ?? null,
		// A start answers create_ts; a lookup (the agent's status) start_ts.
		create_ts: agent.create_ts ?? agent.start_ts ?? null,
		labels: ours ? (p.labels ?? {}) : null,
		existing: path === 'existing',
		reconciled: path === 'reconciled',
	};
}

/**
 * What an output item of this operation did at Agora (listed when a bulk run stops). An agent
 * returned by "Return Existing" was not started by this run.
 */
export const sideEffect = changes('agent', 'started', 'agent_id', ['existing']);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const body = prepareStartBody(this, ctx, itemIndex);
	const recordIt = recordsConversation(form);
	if (recordIt) useRecordingAudioScenario(body.properties as IDataObject);
	await checkMcpServers(this, ctx.baseUrl, body, itemIndex);
	fillAgentToken(this, ctx, body, itemIndex);
	const ifNameInUse = (form.get('options', {}) as IDataObject).ifNameInUse ?? 'fail';
	const name = String(body.name);
	const channel = String((body.properties as IDataObject).channel);
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);
	// First, so that the agent's labels carry the recording's ids (Stop and notifications read them).
	const recording = recordIt
		? await startConversationRecording(this, ctx, body, { rerun, itemIndex })
		: undefined;

	// Start is not idempotent: after an open outcome the agent is looked up by name in the channel,
	// and a 409 on a repeat (ours, or n8n re-running the execution) is most likely our own start.
	const repeat = (attempt: number) => attempt > 1 || rerun;
	const starting = createAtMostOnce({
		attempts: 1 + ctx.maxRetries,
		create: async () =>
			(
				await agoraRequest.call(
					this,
					ctx,
					{
						method: 'POST',
						api: 'agent',
						path: '/join',
						body,
						idempotent: false,
						action: 'start agent',
					},
					itemIndex,
				)
			).body,
		find: async () => await findAgentByName(this, ctx, channel, name, itemIndex),
		conflictMayBeOurs: (attempt) => repeat(attempt) || ifNameInUse === 'returnExisting',
	});
	const started = await unlessTheAgentFails(this, ctx, recording, starting, itemIndex);
	const recorded = recording ? { recording: recording.output } : {};
	if (!started.found)
		return [{ json: { ...output(started.resource, body, 'started'), ...recorded } }];
	const existing = started.afterConflict && !repeat(started.attempt);
	const path = existing ? 'existing' : 'reconciled';
	return [{ json: { ...output(started.resource, body, path), ...recorded } }];
}

import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isRerun } from '../../run/rerun';
import { createAtMostOnce } from '../../run/createOnce';
import { changes } from '../../run/sideEffects';
import { agoraRequest } from '../../transport';
import type { OperationContext } from '../types';
import { fillAgentToken } from '../../api/autoToken';
import { fillSipToken, prepareCallBody } from './call.body';
import { callForm } from './call.form';
import { CALLS_PATH } from '../../api/calls';
import { findPlacedCall } from './records';
import { readWaitSettings, waitForCallEnd } from './callWait';
import { checkMcpServers } from '../../agentConfig/mcp';
import { FormReader } from '../../form/reader';
import { recordsConversation } from '../../agentConfig/recordConversation';
import {
	recordingOfItem,
	startConversationRecording,
	stopConversationRecording,
	unlessTheAgentFails,
	useRecordingAudioScenario,
} from '../../api/conversationRecording';

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneCall'], operation: ['call'] } },
	callForm,
);

/**
 * What a next node needs (Get and Hang Up take agent_id); never a token or a key of the request.
 * `reconciled`: no answer said the call was placed, a lookup found it.
 */
function output(agentId: unknown, body: IDataObject, reconciled: boolean): IDataObject {
	const sip = body.sip as IDataObject;
	const p = body.properties as IDataObject;
	return {
		agent_id: agentId ?? null,
		name: body.name,
		to_number: sip.to_number,
		from_number: sip.from_number,
		channel: p.channel,
		// rtc_uid: the request's current name (sip.rtc_uid); sip_rtc_uid kept for saved expressions.
		rtc_uid: sip.rtc_uid,
		sip_rtc_uid: sip.rtc_uid,
		agent_rtc_uid: p.agent_rtc_uid,
		pipeline_id: body.pipeline_id ?? null,
		labels: p.labels ?? {},
		reconciled,
	};
}

/** How far back a re-run looks for the call of the crashed run (n8n re-runs a stalled job within minutes). */
const RERUN_LOOKBACK_MS = 60 * 60 * 1000;

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('phoneCall', 'placed', 'agent_id');

/** Places the call (or finds the one a crashed run placed), then waits for its end when asked. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<INodeExecutionData[]> {
	const settings = readWaitSettings(this, itemIndex);
	const placed = await place.call(this, itemIndex, ctx);
	if (!settings || typeof placed.agent_id !== 'string') return [{ json: placed }];
	const outcome = await waitForCallEnd(this, ctx, placed.agent_id, settings, itemIndex);
	const recording = recordingOfItem(placed, placed.agent_id);
	// The call is over: its recording stops too and lists the files (one still going on keeps recording).
	if (recording && outcome.ended === true)
		placed.recording = await stopConversationRecording(this, ctx, recording, itemIndex);
	return [{ json: { ...placed, ...outcome } }];
}

async function place(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<IDataObject> {
	const body = prepareCallBody(this, ctx, itemIndex);
	const recordIt = recordsConversation(new FormReader(this, itemIndex));
	if (recordIt) useRecordingAudioScenario(body.properties as IDataObject);
	await checkMcpServers(this, ctx.baseUrl, body, itemIndex);
	fillAgentToken(this, ctx, body, itemIndex);
	fillSipToken(this, ctx, body, itemIndex);
	const firstAttemptMs = Date.now();
	// n8n running the execution again after a worker crash: the crashed run may have placed this
	// call (same name and channel by default); look for it over the last hour before dialing.
	const rerun = await isRerun(this);
	if (rerun) {
		const earlier = await findPlacedCall(
			this,
			ctx,
			body,
			firstAttemptMs - RERUN_LOOKBACK_MS,
			itemIndex,
		);
		// Its recording, if any, was started by the crashed run and ends by itself (idle exit).
		if (earlier) return output(earlier.agent_id, body, true);
	}
	// First, so that the call's labels carry the recording's ids (Hang Up and notifications read them).
	const recording = recordIt
		? await startConversationRecording(this, ctx, body, { rerun, itemIndex })
		: undefined;

	// A call is never repeated blindly (it would ring the callee twice): after an open outcome, or a 409
	// on a repeat, it is looked up first and placed again only when none is found (docs/design.md).
	const placing = createAtMostOnce({
		attempts: 1 + ctx.maxRetries,
		create: async () =>
			(
				await agoraRequest.call(
					this,
					ctx,
					{
						method: 'POST',
						api: 'agent',
						path: CALLS_PATH,
						body,
						idempotent: false,
						action: 'place call',
					},
					itemIndex,
				)
			).body,
		find: async () => await findPlacedCall(this, ctx, body, firstAttemptMs, itemIndex),
		conflictMayBeOurs: (attempt) => attempt > 1,
	});
	const placed = await unlessTheAgentFails(this, ctx, recording, placing, itemIndex);
	const json = output(placed.resource.agent_id, body, placed.found);
	return recording ? { ...json, recording: recording.output } : json;
}

/**
 * Waits for a placed call to end so that Call returns its outcome in one step: polls its status and,
 * while it is answered, the agent's history, which Agora serves only while the agent runs.
 * More: docs/design.md, Phone calls.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { settle } from '../../../shared/values';
import { agoraRequest, type AgoraContext } from '../../transport';
import { wait } from '../../transport/retry';
import { agentPath } from '../../api/agents';
import { FormReader } from '../../form/reader';
import { callHasEnded, callPath } from '../../api/calls';

export const waitFields: INodeProperties[] = [
	{
		displayName: 'Wait for the Call to End',
		name: 'waitForEnd',
		type: 'boolean',
		default: false,
		description:
			'Whether the node waits until the call ends and returns whether it was answered, how it ended, its duration and the transcript',
	},
	{
		displayName: 'Wait Limit (Minutes)',
		name: 'waitLimitMinutes',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 240, numberPrecision: 0 },
		default: 10,
		description: 'The longest the node waits for the end of the call',
		displayOptions: { show: { waitForEnd: [true] } },
	},
	{
		displayName: 'Hang Up at the Limit',
		name: 'hangUpAtLimit',
		type: 'boolean',
		default: true,
		description:
			'Whether a call still going on when the wait limit is reached is hung up (otherwise it goes on and the output says ended: false)',
		displayOptions: { show: { waitForEnd: [true] } },
	},
	{
		displayName: 'Check Every (Seconds)',
		name: 'pollSeconds',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: 60, numberPrecision: 0 },
		default: 3,
		description:
			'How often the call’s status (and, once answered, its transcript) is read: two requests per check. Shorter catches more of the last words.',
		displayOptions: { show: { waitForEnd: [true] } },
	},
];

interface WaitSettings {
	limitMs: number;
	pollMs: number;
	hangUpAtLimit: boolean;
}

/** Time source and sleep of the wait; tests replace them to move a sandbox clock instead of waiting. */
export const callWaitClock = {
	now: (): number => Date.now(),
	sleep: async (ms: number): Promise<void> => await wait(ms),
};

const MINUTE_MS = 60_000;

export function readWaitSettings(
	fn: IExecuteFunctions,
	itemIndex: number,
): WaitSettings | undefined {
	const form = new FormReader(fn, itemIndex);
	if (form.get('waitForEnd', false) !== true) return undefined;
	const limit = Number(form.get('waitLimitMinutes', 10));
	const poll = Number(form.get('pollSeconds', 3));
	return {
		limitMs: Math.max(1, Number.isFinite(limit) ? limit : 10) * MINUTE_MS,
		pollMs: Math.max(1, Number.isFinite(poll) ? poll : 3) * 1000,
		hangUpAtLimit: form.get('hangUpAtLimit', true) !== false,
	};
}

type Request = Parameters<typeof agoraRequest>[1];

async function send(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	req: Omit<Request, 'api'>,
	itemIndex: number,
) {
	return await agoraRequest.call(fn, ctx, { api: 'agent', ...req } as Request, itemIndex);
}

async function readStatus(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	agentId: string,
	itemIndex: number,
): Promise<IDataObject> {
	const response = await send(
		fn,
		ctx,
		{ method: 'GET', path: callPath(agentId), idempotent: true, action: 'get call' },
		itemIndex,
	);
	return response.body;
}

/** The agent's history, or undefined once the agent has left (404) or the read failed. */
async function readHistory(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	agentId: string,
	itemIndex: number,
): Promise<IDataObject[] | undefined> {
	const outcome = await settle(
		send(
			fn,
			ctx,
			{
				method: 'GET',
				path: agentPath(agentId, 'history'),
				idempotent: true,
				passStatuses: [404],
				action: 'get agent history',
			},
			itemIndex,
		),
	);
	if (!outcome.ok || outcome.value.status !== 200) return undefined;
	const contents = outcome.value.body.contents;
	return Array.isArray(contents) ? (contents as IDataObject[]) : undefined;
}

/** "Agent: …" and "Callee: …" lines, the form a chat model reads best. */
function transcriptText(contents: IDataObject[]): string {
	return contents
		.filter((m) => typeof m.content === 'string' && (m.role === 'user' || m.role === 'assistant'))
		.map((m) => `${m.role === 'user' ? 'Callee' : 'Agent'}: ${String(m.content)}`)
		.join('\n');
}

/**
 * Polls the call until it ends or the limit passes, then hangs it up if asked. A re-run after a
 * worker crash waits on the call the crashed run placed (Call finds it before dialing).
 */
export async function waitForCallEnd(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	agentId: string,
	settings: WaitSettings,
	itemIndex: number,
): Promise<IDataObject> {
	const started = callWaitClock.now();
	let status: IDataObject = {};
	let answered = false;
	let transcript: IDataObject[] = [];
	let limitReached = false;
	for (;;) {
		status = await readStatus(fn, ctx, agentId, itemIndex);
		if (status.state === 'answered') answered = true;
		// Read once more after the end: the agent may not have left yet.
		if (answered || callHasEnded(status))
			transcript = (await readHistory(fn, ctx, agentId, itemIndex)) ?? transcript;
		if (callHasEnded(status)) break;
		const left = started + settings.limitMs - callWaitClock.now();
		if (left <= 0) {
			limitReached = true;
			break;
		}
		await callWaitClock.sleep(Math.min(settings.pollMs, left));
	}
	let hungUp = false;
	if (limitReached && settings.hangUpAtLimit) {
		await send(
			fn,
			ctx,
			{
				method: 'POST',
				path: callPath(agentId, 'hangup'),
				body: {},
				idempotent: true,
				passStatuses: [404],
				action: 'hang up call',
			},
			itemIndex,
		);
		hungUp = true;
		status = await readStatus(fn, ctx, agentId, itemIndex);
	}
	const ended = callHasEnded(status);
	// Reason hangup is "the other party hung up", ringing or not: only the answered state or the
	// callee's words in the history say someone picked up.
	answered = answered || status.state === 'answered' || transcript.some((m) => m.role === 'user');
	const createTs = Number(status.create_ts ?? 0);
	const stopTs = Number(status.stop_ts ?? 0);
	return {
		ended,
		answered,
		reason: status.reason ?? null,
		state: status.state ?? null,
		duration_seconds: ended && createTs > 0 && stopTs >= createTs ? stopTs - createTs : null,
		wait_limit_reached: limitReached,
		hung_up_at_limit: hungUp,
		transcript_text: transcriptText(transcript),
		transcript,
	};
}

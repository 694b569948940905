/**
 * Agora Cloud Recording's REST knowledge: acquire + start as one step sent at most once, and query,
 * update, updateLayout and stop with the repeats Agora's status-code page allows. Used by the Cloud
 * Recording resource and by "Record the Conversation" (docs/recording.md, How the node talks to it).
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { isPlainObject, settle } from '../../shared/values';
import type { RecordingMode, StartRecordingRequest } from '../schemas/cloudRecording';
import {
	agoraApiError,
	agoraErrorDetails,
	agoraRequest,
	type AgoraContext,
	type AgoraResponse,
	type RateRule,
} from '../transport';
import { wait } from '../transport/retry';

/** Agora allows 10 Cloud Recording requests a second per App ID. */
const recordingRules = (appId: string): RateRule[] => [
	{ key: `agora:${appId}:cloudRecording`, limit: 10, windowMs: 1000 },
];

/**
 * Waits of the repeats (tests shorten them through fastTiming). Agora: code 65 "retry after 3 and
 * 6 seconds"; a failover answers 404 "failed to find worker" for up to 90 seconds.
 */
export const recordingTiming = {
	repeatDelaysMs: [3000, 6000],
	failoverWaitMs: 90000,
	failoverPollMs: 10000,
};

/** Where a recording lives: what every request after the start names. */
export interface RecordingSession {
	resourceId: string;
	sid: string;
	mode: RecordingMode;
	cname: string;
	uid: string;
}

/** Agora's answer with its `code` read out of either error shape. */
interface RecordingAnswer extends AgoraResponse {
	code?: number;
	reason?: string;
}

/** `{code, reason}`, or a worker's `serverResponse.payload.message` as on a failover 404. */
function answerOf(response: AgoraResponse): RecordingAnswer {
	const body = response.body;
	const server = isPlainObject(body.serverResponse) ? body.serverResponse : {};
	const payload = isPlainObject(server.payload) ? server.payload : {};
	const reason =
		typeof body.reason === 'string'
			? body.reason
			: typeof payload.message === 'string'
				? payload.message
				: typeof body.message === 'string'
					? body.message
					: undefined;
	return { ...response, code: typeof body.code === 'number' ? body.code : undefined, reason };
}

const isWorkerMissing = (a: RecordingAnswer) =>
	a.status === 404 && /failed to find worker/i.test(a.reason ?? '');

/** "Retry the request": 206 code 65 (no answer in time) and the time-outs, code 62 or a 504. */
const mayRepeat = (a: RecordingAnswer) =>
	(a.status === 206 && a.code === 65) || a.code === 62 || a.status === 504;

/** Agora's refusal as a node error: the code and reason in the message, the request id kept. */
function recordingError(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	answer: RecordingAnswer,
	action: string,
	itemIndex: number,
	explanation?: string,
) {
	const code = answer.code !== undefined ? `code ${answer.code}` : undefined;
	const error = agoraApiError(fn, {
		status: answer.status,
		body: { reason: code, detail: answer.reason },
		requestId: answer.requestId,
		action,
		secrets: ctx.secrets,
		itemIndex,
	});
	if (explanation) error.description = `${explanation} ${error.description ?? ''}`.trim();
	return error;
}

interface Send {
	method: 'GET' | 'POST';
	path: string;
	body?: IDataObject;
	action: string;
	/** Wait through a failover's 404s this long (query, update, updateLayout, stop). */
	failoverWaitMs?: number;
}

/**
 * One request, sent again with the same body where Agora says to (code 65, code 62, 504, and a
 * network failure of a request whose repeat Agora recognises); 429 is the transport's. Returns the
 * last answer; a 404 that outlasted the failover window comes back with `ended`.
 */
async function send(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	req: Send,
	itemIndex: number,
): Promise<RecordingAnswer & { ended?: boolean }> {
	const failoverUntil = Date.now() + (req.failoverWaitMs ?? 0);
	let repeats = 0;
	for (;;) {
		const outcome = await settle(
			agoraRequest.call(
				fn,
				ctx,
				{
					method: req.method,
					api: 'cloudRecording',
					path: req.path,
					body: req.body,
					// Our own loop repeats; the transport only waits out 429 and 503.
					idempotent: false,
					passStatuses: [400, 404, 500, 504],
					rateRules: recordingRules(ctx.appId),
					action: req.action,
				},
				itemIndex,
			),
		);
		const delay = recordingTiming.repeatDelaysMs[repeats];
		if (!outcome.ok) {
			// No answer: the same request again is recognised by Agora (code 7, 49 or 404 after a stop).
			if (agoraErrorDetails(outcome.error)?.ambiguous && delay !== undefined) {
				repeats++;
				await wait(delay);
				continue;
			}
			throw outcome.error;
		}
		const answer = answerOf(outcome.value);
		if (mayRepeat(answer) && delay !== undefined) {
			repeats++;
			await wait(delay);
			continue;
		}
		if (req.failoverWaitMs !== undefined && isWorkerMissing(answer)) {
			const remaining = failoverUntil - Date.now();
			if (remaining <= 0) return { ...answer, ended: true };
			await wait(Math.min(recordingTiming.failoverPollMs, remaining));
			continue;
		}
		return answer;
	}
}

const sessionPath = (s: Pick<RecordingSession, 'resourceId' | 'sid' | 'mode'>, verb: string) =>
	`/resourceid/${encodeURIComponent(s.resourceId)}/sid/${encodeURIComponent(s.sid)}/mode/${s.mode}/${verb}`;

interface StartedRecording extends RecordingSession {
	/** Agora answered 201 code 7: the start had already been applied (an earlier attempt). */
	alreadyStarted: boolean;
	requestId?: string;
}

/**
 * acquire, then start with the same cname and uid. A start without a clear answer is sent again
 * with the same resource ID (a second one gets 201 code 7, never a second recording); only code 502
 * ("no resources") takes a new resource. docs/recording.md, How the node talks to Agora.
 */
export async function startRecording(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	request: StartRecordingRequest,
	args: { rerun: boolean; itemIndex: number },
): Promise<StartedRecording> {
	const { mode, cname, uid } = request;
	const { itemIndex } = args;
	for (let allocation = 0; ; allocation++) {
		const acquired = await send(
			fn,
			ctx,
			{
				method: 'POST',
				path: '/acquire',
				body: { cname, uid, clientRequest: request.acquire },
				action: 'acquire a Cloud Recording resource',
			},
			itemIndex,
		);
		const resourceId = acquired.body.resourceId;
		if (acquired.status !== 200 || typeof resourceId !== 'string' || resourceId === '')
			throw recordingError(fn, ctx, acquired, 'acquire a Cloud Recording resource', itemIndex);

		const started = await send(
			fn,
			ctx,
			{
				method: 'POST',
				path: `/resourceid/${encodeURIComponent(resourceId)}/mode/${mode}/start`,
				body: { cname, uid, clientRequest: request.clientRequest },
				action: 'start Cloud Recording',
			},
			itemIndex,
		);
		const sid = typeof started.body.sid === 'string' ? started.body.sid : '';
		const session = { resourceId, sid, mode, cname, uid, requestId: started.requestId };
		if (started.status === 200 && sid) return { ...session, alreadyStarted: false };
		if (started.status === 201 && started.code === 7) {
			if (sid) return { ...session, alreadyStarted: true };
			throw recordingError(
				fn,
				ctx,
				started,
				'start Cloud Recording',
				itemIndex,
				`The recording runs under resource ID ${resourceId}, but Agora's answer carried no recording ID (sid). It leaves the channel by itself after Max Idle Time without users.`,
			);
		}
		if (started.status === 500 && started.code === 502 && allocation === 0) continue;
		if (started.status === 400 && started.code === 53) {
			throw recordingError(
				fn,
				ctx,
				started,
				'start Cloud Recording',
				itemIndex,
				args.rerun
					? `This is n8n running the execution again: the run it repeats most likely started this recording of "${cname}" with recorder UID ${uid} already, so none was started twice. Its IDs were lost with that run; it leaves the channel by itself after Max Idle Time without users.`
					: `A recording of "${cname}" with recorder UID ${uid} is already running. Give another Recorder UID to record the channel twice.`,
			);
		}
		throw recordingError(fn, ctx, started, 'start Cloud Recording', itemIndex);
	}
}

interface QueriedRecording {
	answer: RecordingAnswer;
	/** Not found after the failover window: the recording has ended. */
	ended: boolean;
}

/** How long a 404 "failed to find worker" is waited out; the form may say less. */
const failoverWait = (ms: number | undefined) => ms ?? recordingTiming.failoverWaitMs;

export async function queryRecording(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	session: Pick<RecordingSession, 'resourceId' | 'sid' | 'mode'>,
	args: { failoverWaitMs?: number },
	itemIndex: number,
): Promise<QueriedRecording> {
	const action = 'query Cloud Recording';
	const answer = await send(
		fn,
		ctx,
		{
			method: 'GET',
			path: sessionPath(session, 'query'),
			action,
			failoverWaitMs: failoverWait(args.failoverWaitMs),
		},
		itemIndex,
	);
	if (answer.status === 200) return { answer, ended: false };
	if (answer.ended) return { answer, ended: true };
	throw recordingError(fn, ctx, answer, action, itemIndex);
}

/** update or updateLayout: a 404 past the failover window is an error that says the recording ended. */
export async function changeRecording(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	session: RecordingSession,
	args: { verb: 'update' | 'updateLayout'; clientRequest: IDataObject; failoverWaitMs?: number },
	itemIndex: number,
): Promise<RecordingAnswer> {
	const action =
		args.verb === 'update' ? 'update Cloud Recording' : 'update Cloud Recording layout';
	const answer = await send(
		fn,
		ctx,
		{
			method: 'POST',
			path: sessionPath(session, args.verb),
			body: { cname: session.cname, uid: session.uid, clientRequest: args.clientRequest },
			action,
			failoverWaitMs: failoverWait(args.failoverWaitMs),
		},
		itemIndex,
	);
	if (answer.status === 200) return answer;
	const ended = answer.ended
		? 'The recording has ended: Agora still did not find it after waiting out a failover.'
		: undefined;
	throw recordingError(fn, ctx, answer, action, itemIndex, ended);
}

interface StoppedRecording {
	answer: RecordingAnswer;
	/** How it ended when this stop did not end it: already exiting (code 49) or gone (404). */
	alreadyEnded?: 'exiting' | 'ended';
	/** 206 code 435: nobody sent a stream, no file was made. */
	noRecordedData?: boolean;
}

/** stop; a repeat of it (code 49, a 404 past the failover window) means the recording has ended. */
export async function stopRecording(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	session: RecordingSession,
	args: { asyncStop: boolean; failoverWaitMs?: number },
	itemIndex: number,
): Promise<StoppedRecording> {
	const action = 'stop Cloud Recording';
	const answer = await send(
		fn,
		ctx,
		{
			method: 'POST',
			path: sessionPath(session, 'stop'),
			body: {
				cname: session.cname,
				uid: session.uid,
				clientRequest: { async_stop: args.asyncStop },
			},
			action,
			failoverWaitMs: failoverWait(args.failoverWaitMs),
		},
		itemIndex,
	);
	// 206 without a code: stopped, some files went to Agora's backup first ("backuped").
	if (answer.status === 200 || (answer.status === 206 && answer.code === undefined))
		return { answer };
	if (answer.status === 206 && answer.code === 435) return { answer, noRecordedData: true };
	if (answer.status === 400 && answer.code === 49) return { answer, alreadyEnded: 'exiting' };
	if (answer.ended) return { answer, alreadyEnded: 'ended' };
	throw recordingError(fn, ctx, answer, action, itemIndex);
}

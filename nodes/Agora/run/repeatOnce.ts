/**
 * Requests that are safe to repeat but whose 404 means two things: on the first attempt "it was
 * not there", on a repeat "the first attempt did it" (hang up a call, delete a phone number).
 */
import type { IDataObject, IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import {
	agoraApiError,
	agoraErrorDetails,
	agoraRequest,
	type AgoraContext,
	type AgoraResponse,
} from '../transport';
import { backoffDelay, wait } from '../transport/retry';
import { settle } from '../../shared/values';
import { itemParameter } from '../form/parameters';
import { isRerun } from './rerun';

type Request = Parameters<typeof agoraRequest>[1];

/**
 * Sends `req` once without the transport's repeats, and once more after an answer that leaves the
 * outcome open (504, time-out, dropped connection, other 5xx); a 404 is passed back, not thrown, and
 * `repeated` says which attempt answered. 429 and 503 are retried by the transport as always.
 */
export async function sendWithOneRepeat(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	req: Omit<Request, 'idempotent'>,
	itemIndex: number,
): Promise<{ response: AgoraResponse; repeated: boolean }> {
	const first = await settle(agoraRequest.call(fn, ctx, { ...req, idempotent: false }, itemIndex));
	if (first.ok) return { response: first.value, repeated: false };
	const details = agoraErrorDetails(first.error);
	const mayHaveApplied = details?.ambiguous === true || (details?.status ?? 0) >= 500;
	if (!mayHaveApplied || ctx.maxRetries === 0) throw first.error;
	await wait(backoffDelay(0));
	const passStatuses = [...(req.passStatuses ?? []), 404];
	// The repeat and its own retries together stay within Max Retries.
	const retryCtx = { ...ctx, maxRetries: ctx.maxRetries - 1 };
	const response = await agoraRequest.call(
		fn,
		retryCtx,
		{ ...req, passStatuses, idempotent: true },
		itemIndex,
	);
	return { response, repeated: true };
}

/** Agora's 404 answer to the first attempt, as the error it is when "not there" is not wanted. */
export function notFoundError(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	response: AgoraResponse,
	action: string,
	itemIndex: number,
): NodeApiError {
	return agoraApiError(fn, {
		status: 404,
		body: response.body,
		requestId: response.requestId,
		action,
		secrets: ctx.secrets,
		itemIndex,
	});
}

/** How a delete ended: done by this request, or found already gone (a 404 read as deleted). */
interface DeleteOutcome {
	requestId?: string;
	alreadyGone: boolean;
	/** The 404 came while n8n ran the execution again, after a worker crash. */
	rerun: boolean;
}

/**
 * A delete whose 404 means "gone" when the repeat got it (the first request deleted it), with Treat
 * Not Found as Deleted, or on a re-run (the crashed run most likely deleted it); else an error.
 */
export async function deleteTreatingNotFound(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	req: Omit<Request, 'idempotent' | 'method' | 'passStatuses'>,
	itemIndex: number,
): Promise<DeleteOutcome> {
	const options = itemParameter(fn, 'options', itemIndex, {}) as IDataObject;
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(fn);
	const { response, repeated } = await sendWithOneRepeat(
		fn,
		ctx,
		{ ...req, method: 'DELETE', passStatuses: [404] },
		itemIndex,
	);
	const { requestId } = response;
	if (response.status !== 404 || repeated) return { requestId, alreadyGone: false, rerun: false };
	if (options.notFoundIsDeleted === true || rerun) return { requestId, alreadyGone: true, rerun };
	throw notFoundError(fn, ctx, response, req.action, itemIndex);
}

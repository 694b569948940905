/**
 * Requests that are safe to repeat but whose 404 means two things: on the first attempt "it was
 * not there", on a repeat "the first attempt did it" (hang up a call, delete a phone number).
 */
import type { IExecuteFunctions, NodeApiError } from 'n8n-workflow';

import {
	agoraApiError,
	agoraErrorDetails,
	agoraRequest,
	type AgoraContext,
	type AgoraResponse,
} from '../transport';
import { backoffDelay, wait } from '../transport/retry';
import { settle } from '../../shared/values';

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

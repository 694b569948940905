/**
 * The bound on how long Agora waits for the workflow's answer. A voice caller hangs up after a
 * couple of seconds of silence, so when the workflow has not answered in time the trigger answers
 * itself: an error (Agora then speaks the agent's failure message) or a fixed fallback answer.
 */
import { sleep } from 'n8n-workflow';

import {
	completionJson,
	completionSse,
	JSON_HEADERS,
	openAiError,
	SSE_HEADERS,
} from '../shared/brain/openAiChat';

/** The parts of n8n's express response the trigger writes to. */
export interface LlmResponse {
	headersSent: boolean;
	writableEnded?: boolean;
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body?: string): unknown;
	once(event: 'close' | 'finish', listener: () => void): unknown;
}

export type TimeoutAnswer = { kind: 'error' } | { kind: 'fallback'; text: string };

export const DEFAULT_ANSWER_TIMEOUT_MS = 8000;
export const MAX_ANSWER_TIMEOUT_MS = 300000;

export const NO_ANSWER =
	'The workflow ended without an answer: end it with the Agora Agent LLM Reply node, or let n8n’s AI Agent stream its answer';
export const WORKFLOW_FAILED = 'The workflow failed before it answered';

/** Writes a JSON (or SSE) answer unless one was already sent. */
export function writeAnswer(
	res: LlmResponse,
	status: number,
	headers: Record<string, string>,
	body: string,
): boolean {
	if (res.headersSent || res.writableEnded) return false;
	res.writeHead(status, headers);
	res.end(body);
	return true;
}

export function writeError(
	res: LlmResponse,
	status: number,
	message: string,
	type: string,
	code: string,
): boolean {
	return writeAnswer(res, status, JSON_HEADERS, JSON.stringify(openAiError(message, type, code)));
}

/**
 * Once the trigger has answered, n8n may still write the workflow's late answer to the same
 * response. Every writing method becomes a no-op, so that late answer is dropped, not thrown.
 */
function seal(res: LlmResponse): void {
	const target = res as unknown as Record<string, unknown>;
	for (const method of [
		'status',
		'set',
		'header',
		'setHeader',
		'removeHeader',
		'type',
		'append',
		'writeHead',
		'flushHeaders',
		'send',
		'json',
		'end',
	]) {
		if (typeof target[method] === 'function') target[method] = () => res;
	}
	if (typeof target.write === 'function') target.write = () => true;
}

/** Arms the bound; answering in time (the response finishing or closing) disarms it. */
export function boundAnswer(
	res: LlmResponse,
	options: { timeoutMs: number; stream: boolean; model: string; onTimeout: TimeoutAnswer },
	log: (message: string) => void,
): void {
	let answered = false;
	const answerInstead = () => {
		const seconds = options.timeoutMs / 1000;
		let written: boolean;
		if (options.onTimeout.kind === 'fallback') {
			const answer = { content: options.onTimeout.text, model: options.model };
			written = options.stream
				? writeAnswer(res, 200, SSE_HEADERS, completionSse(answer))
				: writeAnswer(res, 200, JSON_HEADERS, JSON.stringify(completionJson(answer)));
		} else {
			written = writeError(
				res,
				504,
				`The workflow did not answer within ${seconds} s`,
				'server_error',
				'timeout',
			);
		}
		if (written) {
			log(`The workflow did not answer within ${seconds} s; the trigger answered instead`);
			seal(res);
		}
	};
	// n8n's sleep (its abortable variant is not in every supported n8n): a reply in time sets the flag.
	void sleep(options.timeoutMs).then(() => {
		if (!answered) answerInstead();
	});
	const disarm = () => {
		answered = true;
	};
	res.once('finish', disarm);
	res.once('close', disarm);
}

/**
 * Buffered mode: a run without a reply gets n8n's own answer (an empty 200, or "Error in workflow"),
 * which Agora does not read as a failure; the trigger turns it into a 500 OpenAI error instead.
 */
import { JSON_HEADERS, openAiError } from '../shared/brain/openAiChat';
import { isPlainObject } from '../shared/values';
import { WORKFLOW_FAILED, type LlmResponse } from './answerBound';

/** The express response as n8n ends it: status and headers set first, then end(body). */
export interface GuardedResponse extends LlmResponse {
	statusCode: number;
	getHeaderNames?(): string[];
	removeHeader?(name: string): void;
}

const FAILED_RUN_STATUS = 500;

export const NO_REPLY =
	'The workflow ended without a reply: no Agora Agent LLM Reply ran, or the run failed before one did (see its execution)';

function bodyText(chunk: unknown): string {
	if (Buffer.isBuffer(chunk)) return chunk.toString('utf8');
	return typeof chunk === 'string' ? chunk : '';
}

/**
 * Whether Agora can read `body` sent with `status`: SSE chunks ending in [DONE] or a
 * chat.completion on success, an `{error: {message}}` body on failure.
 */
export function isOpenAiAnswer(status: number, body: string): boolean {
	const text = body.trim();
	if (text.startsWith('data:')) return status < 400 && /data:\s*\[DONE\]$/.test(text);
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return false;
	}
	if (!isPlainObject(json)) return false;
	if (status >= 400) return isPlainObject(json.error) && typeof json.error.message === 'string';
	return Array.isArray(json.choices);
}

/** Wraps `res.end`: n8n's own answers for a run without a reply are replaced by an OpenAI error. */
export function guardBufferedAnswer(res: GuardedResponse, log: (message: string) => void): void {
	const end = res.end.bind(res) as (...args: unknown[]) => unknown;
	res.end = (...args: unknown[]) => {
		// Headers already out: the trigger's own answer (refusal, Answer Timeout), or a later end().
		if (res.headersSent || res.writableEnded) return end(...args);
		const chunk = typeof args[0] === 'function' ? undefined : args[0];
		if (isOpenAiAnswer(res.statusCode, bodyText(chunk))) return end(...args);
		// n8n 2.x answers a failed run with 500; n8n 1.x and a run that ended without a Reply with 200.
		const failed = res.statusCode === FAILED_RUN_STATUS;
		const message = failed ? WORKFLOW_FAILED : NO_REPLY;
		log(message);
		// express's send() has set the length and type of n8n's body: none of it may go out.
		for (const name of res.getHeaderNames?.() ?? []) res.removeHeader?.(name);
		res.writeHead(500, JSON_HEADERS);
		end(
			JSON.stringify(openAiError(message, 'server_error', failed ? 'workflow_error' : 'no_answer')),
		);
		return res;
	};
}

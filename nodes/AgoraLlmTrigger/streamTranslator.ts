/**
 * n8n's streaming mode writes each chunk a node sends as a JSON line ({type, content?, metadata}) and
 * ends the response with the execution: these become OpenAI SSE chunks, or one chat.completion.
 */
import {
	chunkFrame,
	completionId,
	completionJson,
	completionSse,
	DONE_FRAME,
	JSON_HEADERS,
	parseReplyChunk,
	SSE_HEADERS,
	type ReplyChunk,
} from '../shared/brain/openAiChat';
import { isPlainObject } from '../shared/values';
import {
	NO_ANSWER,
	WORKFLOW_FAILED,
	writeAnswer,
	writeError,
	type LlmResponse,
} from './answerBound';

export { NO_ANSWER, WORKFLOW_FAILED };

/** The response as n8n streams to it: it writes chunks and ends it itself. */
export interface StreamedResponse extends LlmResponse {
	destroyed?: boolean;
	write(chunk: unknown, ...rest: unknown[]): boolean;
}

/**
 * Redirects n8n's writes to `res` through the translation. Returns the untouched writing methods
 * of `res` for the trigger's own answers (refusals, the Answer Timeout).
 */
export function translateN8nStream(
	res: StreamedResponse,
	request: { stream: boolean; model: string },
	log: (message: string) => void,
): LlmResponse {
	const raw: LlmResponse = {
		get headersSent() {
			return res.headersSent;
		},
		get writableEnded() {
			return res.writableEnded;
		},
		writeHead: res.writeHead.bind(res),
		end: res.end.bind(res),
		once: res.once.bind(res),
	};
	const rawWrite = res.write.bind(res);
	const base = { id: completionId(), created: Math.floor(Date.now() / 1000), model: request.model };
	let streaming = false; // this translation has sent the SSE head
	let finished = false;
	let collected = '';
	let failure: string | undefined;
	let pending = '';

	// Someone else (the Answer Timeout) answered, or the caller left: n8n's chunks are dropped.
	const closed = () =>
		finished || res.writableEnded || res.destroyed === true || (res.headersSent && !streaming);

	const text = (content: string) => {
		if (content === '' || closed()) return;
		if (!request.stream) {
			collected += content;
			return;
		}
		if (!streaming) {
			raw.writeHead(200, SSE_HEADERS);
			streaming = true;
			rawWrite(chunkFrame(base, { role: 'assistant', content: '' }, null));
		}
		rawWrite(chunkFrame(base, { content }, null));
	};

	const finish = (reply?: ReplyChunk) => {
		if (closed()) return;
		finished = true;
		if (streaming) {
			// The caller already hears the streamed text: an empty or refused Reply ends it as it is.
			if (reply?.metadata)
				log(
					'The Reply’s first-chunk metadata was dropped: the AI Agent’s text had already streamed',
				);
			const calls = reply?.toolCalls ?? [];
			if (calls.length > 0)
				rawWrite(
					chunkFrame(base, { tool_calls: calls.map((call, index) => ({ index, ...call })) }, null),
				);
			rawWrite(chunkFrame(base, {}, calls.length > 0 ? 'tool_calls' : 'stop'));
			raw.end(DONE_FRAME);
			return;
		}
		if (reply?.error) {
			log(reply.error.message);
			writeError(raw, 500, reply.error.message, 'server_error', reply.error.code);
		} else if (reply) {
			const sse = reply.format ? reply.format === 'sse' : request.stream;
			const answer = {
				...base,
				content: reply.content,
				toolCalls: reply.toolCalls,
				metadata: reply.metadata,
			};
			writeAnswer(
				raw,
				200,
				sse ? SSE_HEADERS : JSON_HEADERS,
				sse ? completionSse(answer) : JSON.stringify(completionJson(answer)),
			);
		} else if (collected !== '' && failure === undefined) {
			writeAnswer(
				raw,
				200,
				JSON_HEADERS,
				JSON.stringify(completionJson({ ...base, content: collected })),
			);
		} else {
			const message = failure === undefined ? NO_ANSWER : WORKFLOW_FAILED;
			log(failure === undefined ? message : `${message}: ${failure}`);
			writeError(
				raw,
				500,
				message,
				'server_error',
				failure === undefined ? 'no_answer' : 'workflow_error',
			);
		}
	};

	const line = (json: string) => {
		let chunk: unknown;
		try {
			chunk = JSON.parse(json);
		} catch {
			return;
		}
		if (!isPlainObject(chunk)) return;
		const content = typeof chunk.content === 'string' ? chunk.content : '';
		if (chunk.type === 'item') {
			const reply = parseReplyChunk(content);
			if (reply) finish(reply);
			else text(content);
		} else if (chunk.type === 'error') {
			failure = content || 'unknown error';
		}
		// begin, end and n8n's keep-alive lines carry no text.
	};

	res.write = (chunk: unknown) => {
		pending += Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk);
		let newline = pending.indexOf('\n');
		while (newline >= 0) {
			line(pending.slice(0, newline));
			pending = pending.slice(newline + 1);
			newline = pending.indexOf('\n');
		}
		return true;
	};
	res.end = (chunk?: unknown) => {
		if (typeof chunk === 'string' || Buffer.isBuffer(chunk)) res.write(chunk);
		if (pending.trim() !== '') line(pending);
		pending = '';
		finish();
		return res;
	};
	return raw;
}

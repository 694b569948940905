/**
 * OpenAI chat-completions answers, as Agora's engine reads them from a custom LLM: a
 * `chat.completion` JSON, or Server-Sent Events of `chat.completion.chunk` frames ending in
 * `data: [DONE]`. Used by the Agent LLM Trigger (errors, fallback answers) and the Agora node's reply.
 */
import type { IDataObject } from 'n8n-workflow';

export const SSE_HEADERS: Record<string, string> = {
	'Content-Type': 'text/event-stream; charset=utf-8',
	'Cache-Control': 'no-cache',
	Connection: 'keep-alive',
};
export const JSON_HEADERS: Record<string, string> = {
	'Content-Type': 'application/json; charset=utf-8',
};

/** One tool call as OpenAI's chat completion carries it. */
export interface ToolCall extends IDataObject {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

interface ChatAnswer {
	/** The text the agent speaks; may be empty when tool calls are given. */
	content: string;
	toolCalls?: ToolCall[];
	model: string;
	/** Every frame of one answer carries the same id and creation time. */
	id?: string;
	created?: number;
	/** Agora's first-chunk metadata (`interruptable`, `tts_params`); sent only in SSE answers. */
	metadata?: IDataObject;
}

let sequence = 0;
/** An id unique within this process, shaped like OpenAI's. */
export function completionId(): string {
	sequence = (sequence + 1) % 1e9;
	return `chatcmpl-n8n${Date.now().toString(36)}${sequence.toString(36)}`;
}

const finishReason = (answer: ChatAnswer) => (answer.toolCalls?.length ? 'tool_calls' : 'stop');

function identity(answer: ChatAnswer) {
	return {
		id: answer.id ?? completionId(),
		created: answer.created ?? Math.floor(Date.now() / 1000),
		model: answer.model,
	};
}

/** The non-streaming answer: one `chat.completion` object. */
export function completionJson(answer: ChatAnswer): IDataObject {
	const message: IDataObject = { role: 'assistant', content: answer.content };
	if (answer.toolCalls?.length) message.tool_calls = answer.toolCalls;
	return {
		...identity(answer),
		object: 'chat.completion',
		choices: [{ index: 0, message, finish_reason: finishReason(answer), logprobs: null }],
	};
}

/** One SSE frame of a `chat.completion.chunk`. */
export function chunkFrame(
	base: { id: string; created: number; model: string },
	delta: IDataObject,
	finish: string | null,
): string {
	const chunk = {
		...base,
		object: 'chat.completion.chunk',
		choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
	};
	return `data: ${JSON.stringify(chunk)}\n\n`;
}

export const DONE_FRAME = 'data: [DONE]\n\n';

/**
 * Agora's custom-LLM guide: a first SSE chunk whose object is `chat.completion.custom_metadata`
 * sets `interruptable` and `tts_params` for this answer; its choices are ignored.
 */
function metadataFrame(base: { id: string }, metadata: IDataObject): string {
	return `data: ${JSON.stringify({ id: base.id, object: 'chat.completion.custom_metadata', choices: [], metadata })}\n\n`;
}

/** The streaming answer in one piece: role, content, tool calls, finish reason, then [DONE]. */
export function completionSse(answer: ChatAnswer): string {
	const base = identity(answer);
	const frames = answer.metadata ? [metadataFrame(base, answer.metadata)] : [];
	frames.push(chunkFrame(base, { role: 'assistant', content: '' }, null));
	if (answer.content !== '') frames.push(chunkFrame(base, { content: answer.content }, null));
	if (answer.toolCalls?.length) {
		const calls = answer.toolCalls.map((call, index) => ({ index, ...call }));
		frames.push(chunkFrame(base, { tool_calls: calls }, null));
	}
	frames.push(chunkFrame(base, {}, finishReason(answer)), DONE_FRAME);
	return frames.join('');
}

/** The error body OpenAI-compatible clients read: `{error: {message, type, code}}`. */
export function openAiError(message: string, type: string, code: string | null): IDataObject {
	return { error: { message, type, code, param: null } };
}

/**
 * In n8n's streaming mode a node can only send text chunks: the Reply (node or Agora operation)
 * sends its whole answer as one chunk under this key, which the trigger reads back, not speaks.
 */
const REPLY_CHUNK_KEY = 'agoraAgentLlmReply';

export interface ReplyChunk {
	content: string;
	toolCalls?: ToolCall[];
	/** A Reply Format forced on the node; otherwise the request's `stream` decides. */
	format?: 'json' | 'sse';
	metadata?: IDataObject;
	/** The Reply refused its answer (e.g. empty): the trigger answers this OpenAI error instead. */
	error?: { message: string; code: string };
}

export function replyChunkContent(reply: ReplyChunk): IDataObject {
	return { [REPLY_CHUNK_KEY]: reply as unknown as IDataObject };
}

/** The reply carried by a chunk's text, or undefined when the text is ordinary model output. */
export function parseReplyChunk(text: string): ReplyChunk | undefined {
	if (!text.startsWith(`{"${REPLY_CHUNK_KEY}":`)) return undefined;
	try {
		const reply = (JSON.parse(text) as IDataObject)[REPLY_CHUNK_KEY] as unknown as ReplyChunk;
		return typeof reply?.content === 'string' ? reply : undefined;
	} catch {
		return undefined;
	}
}

/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The agent's side of Agora's custom LLM contract: the chat-completions request built from the agent's
 * llm properties, and a reader of the answer (OpenAI SSE, or a plain chat.completion).
 */
import type { HistoryItem } from './types';
import { isObj, type Json } from './util';

/** max_history when the start request leaves it out (the reference's default). */
export const DEFAULT_MAX_HISTORY = 32;

export interface ToolCall {
	id: string;
	type: 'function';
	function: { name: string; arguments: string };
}

export interface LlmAnswer {
	content: string;
	toolCalls: ToolCall[];
	/** Wall ms from the request to the first content or tool-call delta. */
	ttftMs: number;
	totalMs: number;
}

export class LlmFailure extends Error {
	constructor(
		readonly code: string,
		message: string,
	) {
		super(message);
	}
}

/** `{{name}}` in a text replaced by llm.template_variables[name]; unknown names stay as written. */
export function substitute(text: string, vars: unknown): string {
	if (!isObj(vars)) return text;
	return text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (whole, name: string) =>
		name in vars ? String(vars[name]) : whole,
	);
}

export interface LlmRequestInput {
	llm: Json;
	history: HistoryItem[];
	turnId: number;
	timestampMs: number;
	tools: Json[];
}

/** The chat-completions body Agora sends for one turn. */
export function llmRequestBody(input: LlmRequestInput): Json {
	const { llm } = input;
	const vars = llm.template_variables;
	const system = Array.isArray(llm.system_messages) ? llm.system_messages : [];
	const systemMessages = system.map((m) =>
		isObj(m) && typeof m.content === 'string' ? { ...m, content: substitute(m.content, vars) } : m,
	);
	const max =
		typeof llm.max_history === 'number' && llm.max_history >= 0
			? llm.max_history
			: DEFAULT_MAX_HISTORY;
	let history = max === 0 ? [] : input.history.slice(-max);
	// a tool message never opens the context without the assistant message that asked for it
	while (history.length > 0 && history[0].role === 'tool') history = history.slice(1);
	const params = isObj(llm.params) ? llm.params : {};
	const body: Json = { ...params, messages: [...systemMessages, ...history], stream: true };
	if (input.tools.length > 0) body.tools = input.tools;
	if (llm.vendor === 'custom') {
		body.turn_id = input.turnId;
		body.timestamp = input.timestampMs;
	}
	return body;
}

interface Accumulated {
	content: string;
	calls: Map<number, ToolCall>;
	firstAt?: number;
}

function addDelta(acc: Accumulated, delta: unknown, at: number): void {
	if (!isObj(delta)) return;
	if (typeof delta.content === 'string' && delta.content) {
		acc.content += delta.content;
		acc.firstAt ??= at;
	}
	if (!Array.isArray(delta.tool_calls)) return;
	acc.firstAt ??= at;
	for (const [i, raw] of delta.tool_calls.entries()) {
		if (!isObj(raw)) continue;
		const index = typeof raw.index === 'number' ? raw.index : i;
		const call = acc.calls.get(index) ?? {
			id: '',
			type: 'function' as const,
			function: { name: '', arguments: '' },
		};
		if (typeof raw.id === 'string') call.id = raw.id;
		const fn = isObj(raw.function) ? raw.function : {};
		if (typeof fn.name === 'string') call.function.name += fn.name;
		if (typeof fn.arguments === 'string') call.function.arguments += fn.arguments;
		acc.calls.set(index, call);
	}
}

function parseSse(text: string, acc: Accumulated, at: number): boolean {
	let done = false;
	for (const line of text.split(/\r?\n/)) {
		if (!line.startsWith('data:')) continue;
		const data = line.slice(5).trim();
		if (data === '[DONE]') {
			done = true;
			continue;
		}
		let chunk: unknown;
		try {
			chunk = JSON.parse(data);
		} catch {
			throw new LlmFailure('bad_stream', 'the LLM sent an SSE event that is not JSON');
		}
		if (isObj(chunk) && isObj(chunk.error))
			throw new LlmFailure(
				'llm_error',
				`the LLM streamed an error: ${String(chunk.error.message ?? 'unknown')}`,
			);
		const choice = isObj(chunk) && Array.isArray(chunk.choices) ? chunk.choices[0] : undefined;
		if (isObj(choice)) addDelta(acc, choice.delta, at);
	}
	return done;
}

function fromCompletion(json: unknown, acc: Accumulated, at: number): void {
	const choice = isObj(json) && Array.isArray(json.choices) ? json.choices[0] : undefined;
	if (!isObj(choice) || !isObj(choice.message))
		throw new LlmFailure('bad_response', 'the LLM answered JSON without choices[0].message');
	const m = choice.message;
	addDelta(
		acc,
		{
			content: m.content,
			tool_calls: Array.isArray(m.tool_calls)
				? m.tool_calls.map((c, index) => ({ index, ...c }))
				: undefined,
		},
		at,
	);
}

/** POSTs one turn's request and reads the answer; throws LlmFailure on non-2xx, timeout or a bad body. */
export async function callLlm(
	url: string,
	apiKey: string | undefined,
	body: Json,
	timeoutMs: number,
): Promise<LlmAnswer> {
	const started = Date.now();
	const headers: Record<string, string> = {
		'Content-Type': 'application/json',
		Accept: 'text/event-stream',
	};
	if (apiKey) headers.Authorization = `Bearer ${apiKey}`;
	const acc: Accumulated = { content: '', calls: new Map() };
	const signal = AbortSignal.timeout(timeoutMs);
	try {
		const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
		if (!res.ok) {
			await res.body?.cancel();
			throw new LlmFailure('http_error', `the LLM answered HTTP ${res.status}`);
		}
		const type = res.headers.get('content-type') ?? '';
		if (!type.includes('text/event-stream')) {
			fromCompletion(JSON.parse(await res.text()), acc, Date.now() - started);
		} else {
			const decoder = new TextDecoder();
			let pending = '';
			let done = false;
			for await (const piece of res.body as unknown as AsyncIterable<Uint8Array>) {
				pending += decoder.decode(piece, { stream: true });
				const cut = pending.lastIndexOf('\n');
				if (cut < 0) continue;
				done = parseSse(pending.slice(0, cut), acc, Date.now() - started) || done;
				pending = pending.slice(cut + 1);
			}
			done = parseSse(pending, acc, Date.now() - started) || done;
			if (!done && acc.content === '' && acc.calls.size === 0)
				throw new LlmFailure('bad_stream', 'the LLM stream ended without any content');
		}
	} catch (e) {
		if (e instanceof LlmFailure) throw e;
		if (signal.aborted)
			throw new LlmFailure('timeout', `the LLM did not answer within ${timeoutMs} ms`);
		if (e instanceof SyntaxError)
			throw new LlmFailure('bad_response', 'the LLM answer is neither SSE nor JSON');
		throw new LlmFailure('connection', `the LLM could not be reached (${(e as Error).message})`);
	}
	const totalMs = Date.now() - started;
	const toolCalls = [...acc.calls.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
	if (acc.content === '' && toolCalls.length === 0)
		throw new LlmFailure('empty', 'the LLM answered no text and no tool call');
	return { content: acc.content, toolCalls, ttftMs: acc.firstAt ?? totalMs, totalMs };
}

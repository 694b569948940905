/**
 * Validation of the agent operations other than start (Conversational AI reference: agent-update,
 * agent-speak, agent-think requestBody; get-agent-list and get-turns parameters). Throws FieldError.
 */
import { FieldError, invalid, optBool, optEnum, optObj, optStr, reqStr } from './check';
import * as R from './reference';
import { byteLen, isNil, isObj, Json } from './util';
import { messageList } from './validate-models';

export interface ValidUpdate {
	token?: string;
	systemMessages?: unknown[];
	llmParams?: Json;
	mllmParams?: Json;
}

/**
 * agent-update: `{properties: {token?, llm?: {system_messages?, params?}, mllm?: {params?}}}`.
 * A top-level key other than properties is refused: the reference wraps every field in
 * properties, and an unwrapped body would otherwise change nothing without saying so.
 */
export function validateUpdate(body: unknown): ValidUpdate {
	if (isNil(body)) return {};
	if (!isObj(body))
		throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	const extra = Object.keys(body).filter((k) => k !== 'properties');
	if (extra.length) {
		throw new FieldError(
			'InvalidRequestBody',
			extra[0],
			`${extra[0]} is not allowed at the top level; the body must be {"properties": {...}}`,
		);
	}
	const p = optObj(body, 'properties', '');
	if (!p) return {};
	const P = 'properties';
	const out: ValidUpdate = { token: optStr(p, 'token', P) };
	const l = optObj(p, 'llm', P);
	if (l) {
		out.systemMessages = messageList(l, 'system_messages', `${P}.llm`);
		out.llmParams = optObj(l, 'params', `${P}.llm`);
	}
	const m = optObj(p, 'mllm', P);
	if (m) out.mllmParams = optObj(m, 'params', `${P}.mllm`);
	return out;
}

export interface ValidSpeak {
	text: string;
	priority: string;
	interruptable: boolean;
}

function bodyObject(body: unknown): Json {
	if (!isObj(body))
		throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	return body;
}

// agent-speak: text required, at most 512 bytes; priority; interruptable
export function validateSpeak(body: unknown): ValidSpeak {
	const b = bodyObject(body);
	const text = reqStr(b, 'text', '', { nonEmpty: true });
	if (byteLen(text) > R.SPEAK_MAX_BYTES)
		throw invalid('text', `must be at most ${R.SPEAK_MAX_BYTES} bytes (UTF-8)`);
	const priority = optEnum(b, 'priority', '', R.SPEAK_PRIORITIES) ?? 'INTERRUPT';
	const interruptable = optBool(b, 'interruptable', '') ?? true;
	return { text, priority, interruptable };
}

export interface ValidThink {
	text: string;
	onListening: string;
	onThinking: string;
	onSpeaking: string;
	interruptable: boolean;
	metadata?: Json;
}

// agent-think: text required; the three on_*_action enums with their defaults; metadata object
export function validateThink(body: unknown): ValidThink {
	const b = bodyObject(body);
	return {
		text: reqStr(b, 'text', '', { nonEmpty: true }),
		onListening: optEnum(b, 'on_listening_action', '', R.THINK_LISTENING_ACTIONS) ?? 'interrupt',
		onThinking: optEnum(b, 'on_thinking_action', '', R.THINK_BUSY_ACTIONS) ?? 'interrupt',
		onSpeaking: optEnum(b, 'on_speaking_action', '', R.THINK_BUSY_ACTIONS) ?? 'ignore',
		interruptable: optBool(b, 'interruptable', '') ?? true,
		metadata: optObj(b, 'metadata', ''),
	};
}

export interface AgentListQuery {
	channel?: string;
	fromTime: number;
	toTime: number;
	states: number[];
	limit: number;
	/** agent_id where the page starts. */
	cursor?: string;
}

const NUMBER = /^\d+(\.\d+)?$/;
const INTEGER = /^\d{1,15}$/;

function timeParam(query: Record<string, string>, key: string, fallback: number): number {
	const v = query[key];
	if (v === undefined || v === '') return fallback;
	if (!NUMBER.test(v)) throw invalid(key, 'must be a Unix timestamp in seconds');
	return Number(v);
}

// get-agent-list parameters: state (comma list, default 2), from_time (default 2 hours ago),
// to_time (default now), limit (default 20), cursor (agent_id), channel
export function parseListQuery(query: Record<string, string>, nowS: number): AgentListQuery {
	const q: AgentListQuery = {
		fromTime: timeParam(query, 'from_time', nowS - R.LIST_DEFAULT_WINDOW_S),
		toTime: timeParam(query, 'to_time', nowS),
		states: [R.LIST_DEFAULT_STATE],
		limit: R.LIST_DEFAULT_LIMIT,
	};
	if (query.channel) q.channel = query.channel;
	if (query.state !== undefined && query.state !== '') {
		q.states = query.state.split(',').map((s) => {
			const t = s.trim();
			if (!INTEGER.test(t) || !(R.LIST_STATE_CODES as readonly number[]).includes(Number(t))) {
				throw invalid(
					'state',
					`must be a comma-separated list of state codes (${R.LIST_STATE_CODES.join(', ')})`,
				);
			}
			return Number(t);
		});
	}
	if (query.limit !== undefined && query.limit !== '') {
		if (!INTEGER.test(query.limit) || Number(query.limit) < 1)
			throw invalid('limit', 'must be an integer >= 1');
		q.limit = Number(query.limit);
	}
	if (query.cursor) q.cursor = query.cursor;
	return q;
}

// get-turns parameters: page_index from 1 (default 1), page_size (default 50)
export function parseTurnsQuery(query: Record<string, string>): {
	pageIndex: number;
	pageSize: number;
} {
	const read = (key: string, fallback: number): number => {
		const v = query[key];
		if (v === undefined || v === '') return fallback;
		if (!INTEGER.test(v) || Number(v) < 1) throw invalid(key, 'must be an integer >= 1');
		return Number(v);
	};
	return {
		pageIndex: read('page_index', 1),
		pageSize: read('page_size', R.TURNS_DEFAULT_PAGE_SIZE),
	};
}

/**
 * What Agora's engine sends to a custom LLM (an OpenAI chat-completions request, with `turn_id` and
 * `timestamp` when `llm.vendor` is `custom`), checked and turned into the trigger's output item.
 */
import { createHash, timingSafeEqual } from 'crypto';
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../shared/values';

/** Refused before any execution starts: an OpenAI-style error with this status. */
export class LlmRefusal {
	constructor(
		readonly status: number,
		readonly message: string,
		readonly type: string,
		readonly code: string,
	) {}
}

/** Compares the bearer key in constant time (both sides hashed to the same length first). */
export function bearerMatches(authorization: unknown, expectedKey: string): boolean {
	const header = Array.isArray(authorization) ? authorization[0] : authorization;
	if (typeof header !== 'string' || expectedKey === '') return false;
	const match = /^Bearer\s+(.+)$/i.exec(header.trim());
	const given = createHash('sha256')
		.update(match ? match[1].trim() : '')
		.digest();
	const expected = createHash('sha256').update(expectedKey).digest();
	return timingSafeEqual(given, expected) && match !== null;
}

export const UNAUTHORIZED = new LlmRefusal(
	401,
	'Incorrect or missing API key: send the key of the Agora Agent LLM credential as "Authorization: Bearer <key>"',
	'invalid_request_error',
	'invalid_api_key',
);

const invalid = (message: string) =>
	new LlmRefusal(400, message, 'invalid_request_error', 'invalid_request');

export const NOT_JSON = invalid(
	'The body is not valid JSON: send the chat-completions request as JSON with "Content-Type: application/json"',
);

/** The text of a message's content: a string, or the text parts of a content array. */
function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (!Array.isArray(content)) return '';
	return content
		.filter(
			(part): part is IDataObject =>
				isPlainObject(part) && part.type === 'text' && typeof part.text === 'string',
		)
		.map((part) => part.text as string)
		.join('');
}

/**
 * The image URLs of a message's content: OpenAI's `{type: "image_url", image_url: {url}}` and the
 * `{type: "image", image_url: "<url>"}` of Agora's custom-LLM guide (data: URLs included).
 */
function contentImages(content: unknown): string[] {
	if (!Array.isArray(content)) return [];
	const urls: string[] = [];
	for (const part of content) {
		if (!isPlainObject(part) || (part.type !== 'image_url' && part.type !== 'image')) continue;
		const image = part.image_url;
		const url = typeof image === 'string' ? image : isPlainObject(image) ? image.url : undefined;
		if (typeof url === 'string' && url !== '') urls.push(url);
	}
	return urls;
}

/**
 * `turn_id` or `timestamp` of the turn: Agora's reference lists them "in addition to role and
 * content", i.e. on the messages; a top-level field (the older reading) wins when both are sent.
 */
function turnField(
	body: IDataObject,
	list: IDataObject[],
	lastUser: IDataObject | undefined,
	field: string,
): unknown {
	if (body[field] !== undefined) return body[field];
	if (lastUser?.[field] !== undefined) return lastUser[field];
	return [...list].reverse().find((m) => m[field] !== undefined)?.[field];
}

/** Fields of the request the output item names itself; any other field is kept under `params`. */
const NAMED_FIELDS = [
	'messages',
	'model',
	'stream',
	'tools',
	'tool_choice',
	'turn_id',
	'timestamp',
];

/** Checks the body is a chat-completions request and builds the output item. */
export function parseChatRequest(body: unknown): IDataObject | LlmRefusal {
	if (!isPlainObject(body))
		return invalid(
			'The body must be a JSON object (an OpenAI chat-completions request) sent with "Content-Type: application/json"',
		);
	const messages = body.messages;
	if (!Array.isArray(messages) || messages.length === 0) {
		return invalid('"messages" must be a non-empty array of chat messages');
	}
	const badIndex = messages.findIndex(
		(m) => !isPlainObject(m) || typeof m.role !== 'string' || m.role === '',
	);
	if (badIndex >= 0) return invalid(`"messages[${badIndex}]" must be an object with a "role"`);
	if (body.stream !== undefined && typeof body.stream !== 'boolean')
		return invalid('"stream" must be true or false');
	if (body.tools !== undefined && !Array.isArray(body.tools))
		return invalid('"tools" must be an array');

	const list = messages as IDataObject[];
	const lastUser = [...list].reverse().find((m) => m.role === 'user');
	const params: IDataObject = {};
	for (const [key, value] of Object.entries(body))
		if (!NAMED_FIELDS.includes(key)) params[key] = value as IDataObject[string];

	const item: IDataObject = {
		lastUserMessage: lastUser ? contentText(lastUser.content) : '',
		lastUserImages: lastUser ? contentImages(lastUser.content) : [],
		systemMessages: list
			.filter((m) => m.role === 'system' || m.role === 'developer')
			.map((m) => contentText(m.content)),
		messages: list,
		model: typeof body.model === 'string' ? body.model : '',
		stream: body.stream === true,
	};
	const turnId = turnField(body, list, lastUser, 'turn_id');
	const timestamp = turnField(body, list, lastUser, 'timestamp');
	if (turnId !== undefined) item.turnId = turnId as IDataObject[string];
	if (timestamp !== undefined) item.timestamp = timestamp as IDataObject[string];
	if (body.tools !== undefined) item.tools = body.tools;
	if (body.tool_choice !== undefined) item.toolChoice = body.tool_choice;
	if (Object.keys(params).length > 0) item.params = params;
	return item;
}

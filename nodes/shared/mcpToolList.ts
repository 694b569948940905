/**
 * The names of the tools an MCP server lists, asked the way Agora's engine asks it: JSON-RPC over
 * Streamable HTTP (initialize, notifications/initialized, tools/list), answers as JSON or as
 * Server-Sent Events. Sent through n8n's request helper; no MCP library.
 */
import type { IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { isPlainObject } from './values';

/** n8n's request helper (`this.helpers.httpRequest`). */
type HttpRequest = (options: IHttpRequestOptions) => Promise<unknown>;

const PROTOCOL_VERSION = '2025-03-26';
const MAX_PAGES = 20;

interface FullResponse {
	statusCode: number;
	headers: Record<string, unknown>;
	body: unknown;
}

/** The names the server lists, or why it could not be asked (the text never holds a header value). */
type McpToolList = { ok: true; names: string[] } | { ok: false; why: string };

type Reply = { ok: true; result: IDataObject } | { ok: false; why: string };

/** The JSON-RPC message of an answer: the JSON body, or the SSE event that carries the reply to `id`. */
function rpcReply(body: unknown, id: number): IDataObject | undefined {
	const text = Buffer.isBuffer(body) ? body.toString('utf8') : body;
	if (isPlainObject(text)) return text as IDataObject;
	if (typeof text !== 'string') return undefined;
	try {
		const parsed: unknown = JSON.parse(text);
		if (isPlainObject(parsed)) return parsed as IDataObject;
	} catch {
		// Not JSON: a text/event-stream, read below.
	}
	for (const event of text.split(/\r?\n\r?\n/)) {
		const data = event
			.split(/\r?\n/)
			.filter((line) => line.startsWith('data:'))
			.map((line) => line.slice(5).trimStart())
			.join('\n');
		if (!data) continue;
		try {
			const message: unknown = JSON.parse(data);
			if (isPlainObject(message) && (message as IDataObject).id === id)
				return message as IDataObject;
		} catch {
			// An event that is not JSON-RPC: skipped.
		}
	}
	return undefined;
}

function headerOf(headers: Record<string, unknown>, name: string): string | undefined {
	const value = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
	return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One MCP session with a server: its id once the server gives one. */
class McpSession {
	private id?: string;
	private nextId = 1;

	constructor(
		private readonly request: HttpRequest,
		private readonly endpoint: string,
		private readonly headers: IDataObject,
		private readonly timeoutMs: number,
	) {}

	/** The full answer, or undefined when none came (network failure, time-out). */
	async post(message: IDataObject): Promise<FullResponse | undefined> {
		const sent: IDataObject = {
			...this.headers,
			'Content-Type': 'application/json',
			Accept: 'application/json, text/event-stream',
		};
		if (this.id) sent['Mcp-Session-Id'] = this.id;
		const options: IHttpRequestOptions = {
			method: 'POST',
			url: this.endpoint,
			headers: sent,
			body: JSON.stringify(message),
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: this.timeoutMs,
			json: false,
		};
		return (await this.request(options).then(
			(response) => response,
			() => undefined,
		)) as FullResponse | undefined;
	}

	async call(method: string, params: IDataObject): Promise<Reply> {
		const id = this.nextId++;
		const response = await this.post({ jsonrpc: '2.0', id, method, params });
		if (!response) return { ok: false, why: `${method} got no answer` };
		if (response.statusCode < 200 || response.statusCode >= 300)
			return { ok: false, why: `${method} answered HTTP ${response.statusCode}` };
		this.id = this.id ?? headerOf(response.headers ?? {}, 'mcp-session-id');
		const reply = rpcReply(response.body, id);
		if (!reply) return { ok: false, why: `${method} gave no JSON-RPC answer` };
		if (reply.error) return { ok: false, why: `${method} answered an error` };
		return { ok: true, result: isPlainObject(reply.result) ? (reply.result as IDataObject) : {} };
	}
}

/**
 * The tool names `endpoint` lists, or why the server did not answer as an MCP server (network
 * failure, an HTTP error, a JSON-RPC error).
 */
export async function listMcpToolNames(
	request: HttpRequest,
	endpoint: string,
	headers: IDataObject = {},
	timeoutMs = 5000,
): Promise<McpToolList> {
	const session = new McpSession(request, endpoint, headers, timeoutMs);
	const init = await session.call('initialize', {
		protocolVersion: PROTOCOL_VERSION,
		capabilities: {},
		clientInfo: { name: 'n8n-nodes-agora', version: '1' },
	});
	if (!init.ok) return init;
	await session.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
	const names: string[] = [];
	let cursor: string | undefined;
	for (let page = 0; page < MAX_PAGES; page++) {
		const listed = await session.call('tools/list', cursor ? { cursor } : {});
		if (!listed.ok) return listed;
		const tools = Array.isArray(listed.result.tools) ? listed.result.tools : [];
		for (const tool of tools)
			if (isPlainObject(tool) && typeof tool.name === 'string') names.push(tool.name);
		cursor =
			typeof listed.result.nextCursor === 'string' && listed.result.nextCursor !== ''
				? listed.result.nextCursor
				: undefined;
		if (!cursor) break;
	}
	return { ok: true, names };
}

/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, import-x/no-unresolved -- not part of the published package: test or dev code run by plain Node */
/**
 * Loopback parties of the conversation loop's tests: a notification receiver, an LLM endpoint
 * whose answer each test writes, and a real MCP server (the official SDK, Streamable HTTP).
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';

export interface Party {
	url: string;
	close(): Promise<void>;
}

async function listen(server: http.Server, path: string): Promise<string> {
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	return `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
}

function closer(server: http.Server): () => Promise<void> {
	return () =>
		new Promise((r) => {
			server.closeAllConnections();
			server.close(() => r());
		});
}

function readBody(req: http.IncomingMessage): Promise<string> {
	return new Promise((r) => {
		let raw = '';
		req.on('data', (c) => (raw += c));
		req.on('end', () => r(raw));
	});
}

export interface Notice {
	eventType: number;
	payload: Record<string, unknown>;
}

/** Collects the sandbox's notifications (answers 200). */
export async function startReceiver(): Promise<Party & { notices: Notice[] }> {
	const notices: Notice[] = [];
	const server = http.createServer(async (req, res) => {
		const body = JSON.parse(await readBody(req));
		notices.push({ eventType: body.eventType, payload: body.payload });
		res.writeHead(200, { 'Content-Type': 'application/json' });
		res.end('{}');
	});
	return { url: await listen(server, '/webhook'), notices, close: closer(server) };
}

export interface LlmRequest {
	headers: http.IncomingHttpHeaders;
	body: Record<string, any>;
}

/** What the stub LLM does with one request: write an answer, or never answer (`hang`). */
export type LlmBehaviour = (req: LlmRequest, res: http.ServerResponse) => void | 'hang';

/** SSE frames of an answer: the text in two chunks, then finish_reason and [DONE]. */
export function sseAnswer(res: http.ServerResponse, text: string): void {
	res.writeHead(200, { 'Content-Type': 'text/event-stream' });
	const half = Math.ceil(text.length / 2);
	for (const piece of [text.slice(0, half), text.slice(half)]) {
		res.write(
			`data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
		);
	}
	res.write(
		`data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] })}\n\n`,
	);
	res.end('data: [DONE]\n\n');
}

export async function startLlm(behaviour: {
	current: LlmBehaviour;
}): Promise<Party & { requests: LlmRequest[] }> {
	const requests: LlmRequest[] = [];
	const server = http.createServer(async (req, res) => {
		const r = { headers: req.headers, body: JSON.parse(await readBody(req)) };
		requests.push(r);
		behaviour.current(r, res);
	});
	return { url: await listen(server, '/v1/chat/completions'), requests, close: closer(server) };
}

/**
 * An MCP server with three tools (lookup_order, cancel_order, wait_forever), stateless Streamable HTTP at /mcp,
 * refusing requests without `Authorization: Bearer <token>`. Counts the tool calls it runs.
 */
export async function startMcp(
	token: string,
): Promise<Party & { calls: Array<{ tool: string; args: unknown }> }> {
	const calls: Array<{ tool: string; args: unknown }> = [];
	const server = http.createServer(async (req, res) => {
		if (req.headers.authorization !== `Bearer ${token}`) {
			res.writeHead(401, { 'Content-Type': 'application/json' });
			res.end('{"error":"unauthorized"}');
			return;
		}
		const raw = await readBody(req);
		const mcp = new McpServer({ name: 'orders', version: '1.0.0' });
		mcp.registerTool(
			'lookup_order',
			{ description: 'Looks up an order', inputSchema: { orderId: z.string() } },
			async ({ orderId }) => {
				calls.push({ tool: 'lookup_order', args: { orderId } });
				return { content: [{ type: 'text', text: `Order ${orderId} ships on Tuesday.` }] };
			},
		);
		mcp.registerTool(
			'cancel_order',
			{ description: 'Cancels an order', inputSchema: { orderId: z.string() } },
			async ({ orderId }) => {
				calls.push({ tool: 'cancel_order', args: { orderId } });
				return { content: [{ type: 'text', text: `Order ${orderId} cancelled.` }] };
			},
		);
		// never answers: what timeout_ms is for
		mcp.registerTool(
			'wait_forever',
			{ description: 'Never returns', inputSchema: { orderId: z.string() } },
			() => new Promise(() => undefined),
		);
		const transport = new StreamableHTTPServerTransport({
			sessionIdGenerator: undefined,
			enableJsonResponse: true,
		});
		res.on('close', () => {
			void transport.close();
			void mcp.close();
		});
		await mcp.connect(transport);
		await transport.handleRequest(req, res, raw ? JSON.parse(raw) : undefined);
	});
	return { url: await listen(server, '/mcp'), calls, close: closer(server) };
}

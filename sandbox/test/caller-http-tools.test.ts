/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The agent's inline HTTP tools (llm.tools, Agora's join reference from v2.8; agora-agents-ts
 * src/api/types/RestToolServer.ts): the model sees the function, a tool call reaches the tool's URL
 * with the placeholders rendered, and the answer goes back to the model as a tool message.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { client, runningAgent } from '../src/helpers';
import { startScriptedModel, type ScriptedModel } from '../src/scriptedModel';

interface Hit {
	method: string;
	url: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

let sb: Sandbox;
let api: AxiosInstance;
let model: ScriptedModel;
let tool: { url: string; hits: Hit[]; status: number; close(): Promise<void> };

async function startTool() {
	const hits: Hit[] = [];
	const state = { status: 200 };
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (c) => (body += c));
		req.on('end', () => {
			hits.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
			res.writeHead(state.status, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ order: '42', eta: 'Tuesday' }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		hits,
		get status() {
			return state.status;
		},
		set status(value: number) {
			state.status = value;
		},
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

beforeAll(async () => {
	model = await startScriptedModel({ orderId: '42', rush: true });
	tool = await startTool();
	sb = await startSandbox({ startDelayMs: 10, stopDelayMs: 10, clock: 'manual' });
	api = client(sb);
});
afterAll(async () => {
	await sb.close();
	await model.close();
	await tool.close();
});
beforeEach(() => {
	sb.reset();
	model.requests.length = 0;
	tool.hits.length = 0;
	tool.status = 200;
});

const PARAMETERS = {
	type: 'object',
	properties: { orderId: { type: 'string' }, rush: { type: 'boolean' } },
	required: ['orderId'],
};

function lookupTool(server: Record<string, unknown>) {
	return {
		type: 'function',
		function: { name: 'lookup_order', description: 'Looks up an order', parameters: PARAMETERS },
		server,
	};
}

async function agentWith(tools: unknown[], enableTools = true): Promise<string> {
	return await runningAgent(sb, api, {
		properties: {
			advanced_features: { enable_tools: enableTools },
			llm: {
				url: `${model.url}/chat/completions`,
				api_key: 'k',
				system_messages: [],
				template_variables: { tenant: 'acme' },
				tools,
			},
		},
	});
}

const say = (id: string, text: string) => api.post(`/_sandbox/agents/${id}/say`, { text });

describe('an HTTP tool in a caller turn', () => {
	it('POSTs the rendered body and headers, gives the answer back to the model and speaks its final answer', async () => {
		const id = await agentWith([
			lookupTool({
				method: 'POST',
				url: `${tool.url}/webhook/orders/{{args.orderId}}?tenant={{template_variables.tenant}}`,
				headers: { 'X-Secret': 'webhook-secret', 'X-Call': '{{tool_call_id}}' },
				body: {
					order: '{{args.orderId}}',
					rush: '{{args.rush}}',
					source: 'agora',
					nested: ['{{template_variables.tenant}}'],
				},
				timeout_ms: 5000,
			}),
		]);
		const r = await say(id, 'Where is order 42?');
		expect(r.data).toMatchObject({
			answer: 'Tool said: {"order":"42","eta":"Tuesday"}',
			toolCalls: [
				{
					name: 'lookup_order',
					arguments: '{"orderId":"42","rush":true}',
					result: '{"order":"42","eta":"Tuesday"}',
					isError: false,
				},
			],
			failed: false,
		});
		expect(tool.hits).toHaveLength(1);
		const hit = tool.hits[0];
		expect(hit.method).toBe('POST');
		expect(hit.url).toBe('/webhook/orders/42?tenant=acme');
		expect(hit.headers['x-secret']).toBe('webhook-secret');
		expect(hit.headers['x-call']).toBe(
			model.requests[1].body.messages.find((m: { role: string }) => m.role === 'tool').tool_call_id,
		);
		// a leaf that is one placeholder keeps the argument's type (rush stays a boolean)
		expect(JSON.parse(hit.body)).toEqual({
			order: '42',
			rush: true,
			source: 'agora',
			nested: ['acme'],
		});
		// the model saw the function only, never the server (URL, secret header)
		expect(model.requests[0].body.tools).toEqual([
			{
				type: 'function',
				function: {
					name: 'lookup_order',
					description: 'Looks up an order',
					parameters: PARAMETERS,
				},
			},
		]);
		expect(JSON.stringify(model.requests)).not.toContain('webhook-secret');
	});

	it('GETs the URL with its arguments and no body', async () => {
		const id = await agentWith([
			lookupTool({ method: 'GET', url: `${tool.url}/orders?id={{args.orderId}}` }),
		]);
		await say(id, 'Where is order 42?');
		expect(tool.hits.map((h) => [h.method, h.url, h.body])).toEqual([['GET', '/orders?id=42', '']]);
	});

	it('a tool answering an error status goes back to the model as an error result', async () => {
		tool.status = 500;
		const id = await agentWith([lookupTool({ method: 'POST', url: `${tool.url}/orders` })]);
		const r = await say(id, 'Where is order 42?');
		expect(r.data.toolCalls[0]).toMatchObject({
			isError: true,
			result: expect.stringContaining('HTTP 500'),
		});
		expect(r.data.failed).toBe(false);
	});

	it('without advanced_features.enable_tools the model is offered no tool and the URL is never called', async () => {
		const id = await agentWith([lookupTool({ method: 'POST', url: `${tool.url}/orders` })], false);
		const r = await say(id, 'Where is order 42?');
		expect(r.data.answer).toBe('You said: Where is order 42?');
		expect(model.requests[0].body.tools).toBeUndefined();
		expect(tool.hits).toHaveLength(0);
	});
});

describe('llm.tools is checked on start as the reference documents it', () => {
	const start = (tools: unknown) =>
		api.post(`/api/conversational-ai-agent/v2/projects/${sb.appId}/join`, {
			name: `t-${Math.random().toString(36).slice(2)}`,
			properties: {
				channel: 'c',
				token: '',
				agent_rtc_uid: '0',
				remote_rtc_uids: ['*'],
				advanced_features: { enable_tools: true },
				llm: { url: `${model.url}/chat/completions`, api_key: 'k', tools },
				tts: {
					vendor: 'microsoft',
					params: { key: 'k', region: 'eastus', voice_name: 'en-US-AndrewNeural' },
				},
			},
		});
	const ok = { method: 'POST', url: 'https://n8n.example.com/webhook/x' };
	const named = (name: string, server: Record<string, unknown> = ok) => ({
		type: 'function',
		function: { name, parameters: { type: 'object', properties: {} } },
		server,
	});

	it.each([
		['33 tools', Array.from({ length: 33 }, (_, i) => named(`t${i}`)), 'llm.tools'],
		['names equal but for case', [named('Lookup'), named('lookup')], 'tools[1].function.name'],
		['PUT', [named('a', { ...ok, method: 'PUT' })], 'server.method'],
		[
			'{{args.x}} in a header',
			[named('a', { ...ok, headers: { 'X-Id': '{{args.id}}' } })],
			'server.headers.X-Id',
		],
		[
			'a header mixing text and a placeholder',
			[named('a', { ...ok, headers: { Authorization: 'Bearer {{template_variables.t}}' } })],
			'server.headers.Authorization',
		],
		['a body on GET', [named('a', { ...ok, method: 'GET', body: { a: 1 } })], 'server.body'],
		['an unknown placeholder', [named('a', { ...ok, url: 'https://x/{{order}}' })], 'server.url'],
		['timeout_ms 999', [named('a', { ...ok, timeout_ms: 999 })], 'server.timeout_ms'],
		['timeout_ms 100001', [named('a', { ...ok, timeout_ms: 100001 })], 'server.timeout_ms'],
		[
			'parameters without type object',
			[{ type: 'function', function: { name: 'a', parameters: { properties: {} } }, server: ok }],
			'function.parameters',
		],
	])('%s is refused (400 naming the field)', async (_case, tools, field) => {
		const r = await start(tools);
		expect(r.status).toBe(400);
		expect(JSON.stringify(r.data)).toContain(field);
	});

	it('32 tools with every documented placeholder in its place are accepted', async () => {
		const full = named('t0', {
			method: 'POST',
			url: 'https://n8n.example.com/webhook/{{args.id}}?t={{template_variables.tenant}}',
			headers: {
				'X-Call': '{{tool_call_id}}',
				'X-Tenant': '{{template_variables.tenant}}',
				'X-Secret': 'constant',
			},
			body: { id: '{{args.id}}', call: '{{tool_call_id}}', n: 3 },
			timeout_ms: 100000,
		});
		const r = await start([full, ...Array.from({ length: 31 }, (_, i) => named(`t${i + 1}`))]);
		expect(r.status).toBe(200);
	});
});

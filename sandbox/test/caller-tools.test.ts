/**
 * The agent as an MCP client (Agora's MCP tools guide): servers initialized on start, tools passed
 * to the LLM, tool calls run with tools/call and their results sent back; a real MCP server and
 * the sandbox's scripted model in tool mode.
 */
import type { AxiosInstance } from 'axios';
import OpenAI from 'openai';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, runningAgent, waitFor } from '../src/helpers';
import { startScriptedModel, type ScriptedModel } from '../src/scriptedModel';
import { type Notice, type Party, startMcp, startReceiver } from './loopFixtures';

const TOKEN = 'mcp-token';
let sb: Sandbox;
let api: AxiosInstance;
let model: ScriptedModel;
let mcp: Party & { calls: Array<{ tool: string; args: unknown }> };
let receiver: Party & { notices: Notice[] };

beforeAll(async () => {
	model = await startScriptedModel({ orderId: '42' });
	mcp = await startMcp(TOKEN);
	receiver = await startReceiver();
	sb = await startSandbox({
		startDelayMs: 10,
		stopDelayMs: 10,
		clock: 'manual',
		notify: { url: receiver.url, secret: 's', retryDelayMs: 1 },
	});
	api = client(sb);
});
afterAll(async () => {
	await sb.close();
	await model.close();
	await mcp.close();
	await receiver.close();
});
beforeEach(() => {
	sb.reset();
	model.requests.length = 0;
	mcp.calls.length = 0;
	receiver.notices.length = 0;
});

function server(over: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		name: 'orders',
		endpoint: mcp.url,
		transport: 'streamable_http',
		headers: { Authorization: `Bearer ${TOKEN}` },
		timeout_ms: 10_000,
		...over,
	};
}

async function toolAgent(servers: unknown[], enableTools = true): Promise<string> {
	const id = await runningAgent(sb, api, {
		properties: {
			advanced_features: { enable_tools: enableTools },
			llm: {
				url: `${model.url}/chat/completions`,
				api_key: 'k',
				system_messages: [],
				mcp_servers: servers,
			},
		},
	});
	await api.get(`/_sandbox/agents/${id}/conversation`); // waits for the MCP servers
	return id;
}

const say = (id: string, text: string) => api.post(`/_sandbox/agents/${id}/say`, { text });

describe('MCP tools in a caller turn', () => {
	it.each([
		[['lookup_order'], ['lookup_order']],
		[[], []],
		[
			['lookup_order', '*'],
			['lookup_order', 'cancel_order', 'wait_forever'],
		],
		[undefined, ['lookup_order', 'cancel_order', 'wait_forever']],
	])('initializes the server on start; allowed_tools %j lists %j', async (allowed, listed) => {
		const id = await toolAgent([server({ allowed_tools: allowed })]);
		const conv = await api.get(`/_sandbox/agents/${id}/conversation`);
		expect(conv.data.tools).toEqual({ tools: listed, failures: [] });
	});

	it('passes the tools to the LLM, runs the tool call, sends the result back and speaks the final answer', async () => {
		const id = await toolAgent([server({ allowed_tools: ['lookup_order'] })]);
		const r = await say(id, 'Where is order 42?');
		expect(r.data).toMatchObject({
			answer: 'Tool said: Order 42 ships on Tuesday.',
			toolCalls: [
				{
					name: 'lookup_order',
					arguments: '{"orderId":"42"}',
					server: 'orders',
					result: 'Order 42 ships on Tuesday.',
					isError: false,
				},
			],
			failed: false,
		});
		expect(mcp.calls).toEqual([{ tool: 'lookup_order', args: { orderId: '42' } }]);
		expect(model.requests).toHaveLength(2);
		expect(model.requests[0].body.tools).toEqual([
			{
				type: 'function',
				function: {
					name: 'lookup_order',
					description: 'Looks up an order',
					parameters: expect.objectContaining({ type: 'object', required: ['orderId'] }),
				},
			},
		]);
		const second = model.requests[1].body.messages;
		expect(second.slice(-2)).toEqual([
			{
				role: 'assistant',
				content: null,
				tool_calls: [
					{
						id: expect.any(String),
						type: 'function',
						function: { name: 'lookup_order', arguments: '{"orderId":"42"}' },
					},
				],
			},
			{
				role: 'tool',
				tool_call_id: second[second.length - 2].tool_calls[0].id,
				content: 'Order 42 ships on Tuesday.',
			},
		]);
	});

	it('shows the tool call in history and in the turn', async () => {
		const id = await toolAgent([server()]);
		await say(id, 'Where is order 42?');
		const roles = (await api.get(agentPath(sb, `/agents/${id}/history`))).data.contents.map(
			(c: { role: string }) => c.role,
		);
		expect(roles).toEqual(['user', 'assistant', 'tool', 'assistant']);
		sb.clock.advance(60_000);
		const turn = (await api.get(agentPath(sb, `/agents/${id}/turns`))).data.turns[0];
		expect(turn.start).toEqual({
			start_at: expect.any(Number),
			type: 'voice_input',
			metadata: {
				tool_calls: [
					{
						name: 'lookup_order',
						mcp_server: 'orders',
						latency_ms: expect.any(Number),
						is_error: false,
					},
				],
			},
		});
	});

	it('a tool call that outlasts timeout_ms comes back to the LLM as an error result', async () => {
		const id = await toolAgent([server({ allowed_tools: ['wait_forever'], timeout_ms: 200 })]);
		const r = await say(id, 'Where is order 42?');
		expect(r.data.toolCalls).toEqual([
			expect.objectContaining({
				name: 'wait_forever',
				isError: true,
				result: expect.stringMatching(/timed out/i),
			}),
		]);
		expect(r.data.answer).toMatch(/^Tool said: Tool wait_forever failed/);
	});

	it('an MLLM agent initializes mllm.mcp_servers too', async () => {
		const id = await runningAgent(sb, api, {
			properties: {
				advanced_features: { enable_tools: true },
				mllm: {
					enable: true,
					vendor: 'openai',
					api_key: 'k',
					mcp_servers: [server({ allowed_tools: ['cancel_order'] })],
				},
			},
		});
		const conv = await api.get(`/_sandbox/agents/${id}/conversation`);
		expect(conv.data.tools).toEqual({ tools: ['cancel_order'], failures: [] });
	});

	it('offers no tools when advanced_features.enable_tools is off', async () => {
		const id = await toolAgent([server()], false);
		const r = await say(id, 'Hello');
		expect(r.data.answer).toBe('You said: Hello');
		expect(model.requests[0].body.tools).toBeUndefined();
		expect(mcp.calls).toEqual([]);
	});

	it('a server that fails to initialize sends 110 and shows in Get; the working one still serves', async () => {
		const id = await toolAgent([
			server({ name: 'locked', headers: { Authorization: 'Bearer wrong' } }),
			server(),
		]);
		const conv = await api.get(`/_sandbox/agents/${id}/conversation`);
		expect(conv.data.tools.tools).toEqual(['lookup_order', 'cancel_order', 'wait_forever']);
		expect(conv.data.tools.failures).toEqual([
			expect.stringMatching(/^MCP server locked failed to initialize/),
		]);
		const get = await api.get(agentPath(sb, `/agents/${id}`));
		expect(get.data).toMatchObject({
			status: 'RUNNING',
			message: expect.stringContaining('MCP server locked failed to initialize'),
		});
		const error = await waitFor(() =>
			receiver.notices.find((n) => n.eventType === 110 && n.payload.agent_id === id),
		);
		expect(error.payload).toMatchObject({
			errors: [
				{ module: 'mcp', code: 'mcp_init_failed', message: expect.stringContaining('locked') },
			],
		});
		expect((await say(id, 'Order 42?')).data.toolCalls).toHaveLength(1);
	});
});

describe('scripted model', () => {
	it('answers in conversation mode without tool arguments and streams OpenAI SSE when asked', async () => {
		const talk = await startScriptedModel();
		try {
			const res = await fetch(`${talk.url}/chat/completions`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					stream: true,
					messages: [{ role: 'user', content: 'Book a table' }],
					tools: [{ type: 'function', function: { name: 'x', parameters: {} } }],
				}),
			});
			expect(res.headers.get('content-type')).toBe('text/event-stream');
			const frames = (await res.text()).split('\n\n').filter(Boolean);
			expect(frames[frames.length - 1]).toBe('data: [DONE]');
			const text = frames
				.slice(0, -1)
				.map((f) => JSON.parse(f.slice(6)).choices[0].delta.content ?? '')
				.join('');
			expect(text).toBe('You said: Book a table');
			expect(JSON.parse(frames[frames.length - 2].slice(6)).choices[0].finish_reason).toBe('stop');
		} finally {
			await talk.close();
		}
	});

	it('is read by the official openai client: streamed text, and a streamed tool call in tool mode', async () => {
		const talk = await startScriptedModel();
		try {
			const sdk = new OpenAI({ apiKey: 'k', baseURL: talk.url });
			const stream = await sdk.chat.completions.create({
				model: 'm',
				stream: true,
				messages: [{ role: 'user', content: 'Two people at eight' }],
			});
			let text = '';
			for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
			expect(text).toBe('You said: Two people at eight');
			const tools = new OpenAI({ apiKey: 'k', baseURL: model.url });
			const runner = tools.chat.completions.stream({
				model: 'm',
				messages: [{ role: 'user', content: 'Order 42?' }],
				tools: [
					{ type: 'function', function: { name: 'lookup_order', parameters: { type: 'object' } } },
				],
			});
			const done = await runner.finalChatCompletion();
			expect(done.choices[0].message.tool_calls).toEqual([
				expect.objectContaining({
					type: 'function',
					function: { name: 'lookup_order', arguments: '{"orderId":"42"}' },
				}),
			]);
			expect(done.choices[0].finish_reason).toBe('tool_calls');
		} finally {
			await talk.close();
		}
	});
});

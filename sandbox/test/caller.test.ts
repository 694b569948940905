/**
 * The caller speaks into an agent's channel and the agent answers through its llm.url as
 * Agora's custom LLM guide describes; on a manual clock (only the LLM call is wall time).
 */
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, runningAgent, waitFor } from '../src/helpers';
import {
	type LlmBehaviour,
	type Party,
	sseAnswer,
	startLlm,
	startReceiver,
	type Notice,
	type LlmRequest,
} from './loopFixtures';

let sb: Sandbox;
let api: AxiosInstance;
let llm: Party & { requests: LlmRequest[] };
let receiver: Party & { notices: Notice[] };
const behaviour: { current: LlmBehaviour } = {
	current: (_req, res) => sseAnswer(res, 'Happy to help.'),
};

beforeAll(async () => {
	llm = await startLlm(behaviour);
	receiver = await startReceiver();
	sb = await startSandbox({
		startDelayMs: 10,
		stopDelayMs: 10,
		clock: 'manual',
		llmTimeoutMs: 20_000,
		notify: { url: receiver.url, secret: 's', retryDelayMs: 1 },
	});
	api = client(sb);
});
afterAll(async () => {
	await sb.close();
	await llm.close();
	await receiver.close();
});
beforeEach(() => {
	sb.reset();
	llm.requests.length = 0;
	receiver.notices.length = 0;
	behaviour.current = (_req, res) => sseAnswer(res, 'Happy to help.');
	sb.configure({ llmTimeoutMs: 20_000 });
});

const say = (id: string, text: string) => api.post(`/_sandbox/agents/${id}/say`, { text });

function llmBlock(over: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		url: llm.url,
		api_key: 'brain-key',
		system_messages: [{ role: 'system', content: 'You help {{customer}}.' }],
		greeting_message: 'Hello {{customer}}!',
		failure_message: 'Sorry {{customer}}, I lost my thoughts.',
		template_variables: { customer: 'Anna' },
		params: { model: 'my-model', max_tokens: 64 },
		...over,
	};
}

const agent = (over: Record<string, unknown> = {}) =>
	runningAgent(sb, api, { properties: { llm: llmBlock(over) } });

describe('a caller turn', () => {
	it('calls llm.url as Agora does: bearer key, system messages first, variables substituted, params merged, stream true', async () => {
		const id = await agent();
		const r = await say(id, 'Where is my order?');
		expect(r.status).toBe(200);
		expect(llm.requests).toHaveLength(1);
		const { headers, body } = llm.requests[0];
		expect(headers.authorization).toBe('Bearer brain-key');
		expect(body).toEqual({
			model: 'my-model',
			max_tokens: 64,
			stream: true,
			messages: [
				{ role: 'system', content: 'You help Anna.' },
				{ role: 'assistant', content: 'Hello Anna!' },
				{ role: 'user', content: 'Where is my order?' },
			],
		});
	});

	it('adds turn_id (from 0, one per interaction) and timestamp (sandbox ms) when vendor is custom, not otherwise', async () => {
		const id = await agent({ vendor: 'custom' });
		await say(id, 'Hi');
		await say(id, 'Again');
		expect(llm.requests.map((r) => [r.body.turn_id, r.body.timestamp])).toEqual([
			[0, sb.clock.now()],
			[1, sb.clock.now()],
		]);
		const plain = await runningAgent(sb, api, {
			name: 'plain',
			channel: 'c9',
			properties: { llm: llmBlock() },
		});
		await say(plain, 'Hi');
		expect(Object.keys(llm.requests[2].body)).not.toEqual(expect.arrayContaining(['turn_id']));
		expect(llm.requests[2].body.timestamp).toBeUndefined();
	});

	it('sends at most max_history earlier messages', async () => {
		const id = await agent({ max_history: 2 });
		await say(id, 'one');
		await say(id, 'two');
		expect(llm.requests[1].body.messages).toEqual([
			{ role: 'system', content: 'You help Anna.' },
			{ role: 'assistant', content: 'Happy to help.' },
			{ role: 'user', content: 'two' },
		]);
	});

	it('speaks the answer: history, a voice_input turn with llm_ttft, the exchange with its latency', async () => {
		const id = await agent();
		const r = await say(id, 'Where is my order?');
		expect(r.data).toEqual({
			turnId: 2,
			said: 'Where is my order?',
			answer: 'Happy to help.',
			ttftMs: expect.any(Number),
			totalMs: expect.any(Number),
			toolCalls: [],
			failed: false,
		});
		expect(r.data.ttftMs).toBeLessThanOrEqual(r.data.totalMs);
		const history = await api.get(agentPath(sb, `/agents/${id}/history`));
		expect(history.data.contents).toEqual([
			{ role: 'assistant', content: 'Hello Anna!' },
			{ role: 'user', content: 'Where is my order?' },
			{ role: 'assistant', content: 'Happy to help.' },
		]);
		sb.clock.advance(60_000);
		const turns = await api.get(agentPath(sb, `/agents/${id}/turns`));
		expect(turns.data.turns.map((t: { start: { type: string } }) => t.start.type)).toEqual([
			'greeting',
			'voice_input',
		]);
		expect(turns.data.turns[1].metrics.segmented_latency_ms).toEqual([
			{ name: 'llm_ttft', latency: r.data.ttftMs },
			{ name: 'tts_ttfb', latency: 300 },
		]);
		expect(turns.data.turns[1].metrics.e2e_latency_ms).toBe(r.data.ttftMs + 300);
	});

	it('sends 111 (metrics) after the answer and 112 (turn finished) when it has played', async () => {
		const id = await agent();
		const r = await say(id, 'Hi');
		const ofAgent = (type: number) =>
			receiver.notices.find((n) => n.eventType === type && n.payload.agent_id === id);
		const metrics = await waitFor(() => ofAgent(111));
		expect(metrics.payload).toMatchObject({
			agent_id: id,
			metrics: [{ turn_id: 2, asr_ttlw: 0, llm_ttfb: r.data.ttftMs, tts_ttfb: 300 }],
		});
		expect(ofAgent(112)).toBeUndefined();
		sb.clock.advance(60_000);
		const finished = await waitFor(() => ofAgent(112));
		expect(finished.payload).toMatchObject({
			agent_id: id,
			total_turn_count: 2,
			is_truncated: false,
			turns: [{ turn_id: 2, agent_id: id, start: { type: 'voice_input' }, end: { type: 'ok' } }],
		});
	});

	it('reads a plain chat.completion JSON answer too', async () => {
		behaviour.current = (_req, res) => {
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(
				JSON.stringify({
					object: 'chat.completion',
					choices: [
						{
							index: 0,
							message: { role: 'assistant', content: 'From JSON.' },
							finish_reason: 'stop',
						},
					],
				}),
			);
		};
		const id = await agent();
		expect((await say(id, 'Hi')).data).toMatchObject({ answer: 'From JSON.', failed: false });
	});

	it('a caller speaking over the answer interrupts it (start_of_speech)', async () => {
		const id = await agent();
		await say(id, 'one');
		await say(id, 'two');
		sb.clock.advance(60_000);
		const turns = (await api.get(agentPath(sb, `/agents/${id}/turns`))).data.turns;
		expect(turns[1].end).toMatchObject({
			type: 'interrupted',
			metadata: { caused_by: 'start_of_speech' },
		});
		expect(turns[2].end.type).toBe('ok');
	});
});

describe('failure_message', () => {
	const failures: Array<[string, LlmBehaviour, string]> = [
		[
			'a non-2xx answer',
			(_req, res) => {
				res.writeHead(500);
				res.end('boom');
			},
			'http_error',
		],
		[
			'an OpenAI error body with a 5xx',
			(_req, res) => {
				res.writeHead(500, { 'Content-Type': 'application/json' });
				res.end(
					JSON.stringify({
						error: { message: 'The workflow failed', type: 'server_error', code: 'workflow_error' },
					}),
				);
			},
			'http_error',
		],
		[
			'an empty 200',
			(_req, res) => {
				res.writeHead(200);
				res.end();
			},
			'bad_response',
		],
		[
			'a chat.completion with no text and no tool call',
			(_req, res) => {
				res.writeHead(200, { 'Content-Type': 'application/json' });
				res.end(
					JSON.stringify({
						object: 'chat.completion',
						choices: [
							{ index: 0, message: { role: 'assistant', content: '' }, finish_reason: 'stop' },
						],
					}),
				);
			},
			'empty',
		],
		[
			'a stream with no text and no tool call',
			(_req, res) => {
				res.writeHead(200, { 'Content-Type': 'text/event-stream' });
				res.end(
					`data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`,
				);
			},
			'empty',
		],
		[
			'an error event in the stream',
			(_req, res) => {
				res.writeHead(200, { 'Content-Type': 'text/event-stream' });
				res.end(`data: ${JSON.stringify({ error: { message: 'model overloaded' } })}\n\n`);
			},
			'llm_error',
		],
		['no answer within llmTimeoutMs', () => 'hang', 'timeout'],
		[
			'a broken stream',
			(_req, res) => {
				res.writeHead(200, { 'Content-Type': 'text/event-stream' });
				res.end('data: {not json\n\n');
			},
			'bad_stream',
		],
	];
	it.each(failures)('is said after %s, with a 110 agent error', async (_name, b, code) => {
		behaviour.current = b;
		// only the hanging LLM needs a short wait; the others answer at once
		if (code === 'timeout') sb.configure({ llmTimeoutMs: 200 });
		const id = await agent();
		const r = await say(id, 'Hi');
		expect(r.data).toMatchObject({
			failed: true,
			answer: 'Sorry Anna, I lost my thoughts.',
			error: { code },
		});
		const history = await api.get(agentPath(sb, `/agents/${id}/history`));
		expect(history.data.contents.slice(-1)).toEqual([
			{ role: 'assistant', content: 'Sorry Anna, I lost my thoughts.' },
		]);
		const error = await waitFor(() =>
			receiver.notices.find((n) => n.eventType === 110 && n.payload.agent_id === id),
		);
		expect(error.payload).toMatchObject({
			agent_id: id,
			turn_id: 2,
			errors: [{ module: 'llm', turn_id: 2, code }],
		});
	});

	it('without failure_message the agent stays silent', async () => {
		behaviour.current = (_req, res) => {
			res.writeHead(503);
			res.end();
		};
		const id = await agent({ failure_message: undefined });
		expect((await say(id, 'Hi')).data).toMatchObject({ failed: true, answer: '' });
		sb.clock.advance(60_000);
		expect((await api.get(agentPath(sb, `/agents/${id}/turns`))).data.total_turn_count).toBe(1);
	});
});

describe('control API of the caller', () => {
	it('refuses an empty text, an unknown agent, an agent still starting and one without llm.url', async () => {
		const id = await agent();
		expect((await say(id, '  ')).status).toBe(400);
		expect((await say('NOPE', 'Hi')).status).toBe(404);
		const starting = await api.post(agentPath(sb, '/join'), {
			name: 'slow',
			properties: {
				channel: 'c2',
				token: 't',
				agent_rtc_uid: '1',
				remote_rtc_uids: ['2'],
				llm: llmBlock(),
				tts: { vendor: 'microsoft', params: {} },
			},
		});
		expect((await say(starting.data.agent_id, 'Hi')).status).toBe(409);
		const noUrl = await runningAgent(sb, api, {
			name: 'mllm',
			channel: 'c3',
			properties: { mllm: { enable: true, vendor: 'openai', api_key: 'k' } },
		});
		const r = await say(noUrl, 'Hi');
		expect(r.status).toBe(400);
		expect(r.data.error).toMatch(/llm\.url/);
		const gemini = await runningAgent(sb, api, {
			name: 'gemini',
			channel: 'c4',
			properties: { llm: llmBlock({ style: 'gemini' }) },
		});
		expect((await say(gemini, 'Hi')).data.error).toMatch(/openai style only/);
		expect(llm.requests).toHaveLength(0);
	});

	it('lists agents with their exchanges and serves the talk page', async () => {
		const id = await agent();
		await say(id, 'Hi');
		const list = await api.get('/_sandbox/conversations');
		expect(list.data).toEqual([
			expect.objectContaining({
				agent_id: id,
				status: 'RUNNING',
				can_talk: true,
				exchanges: [expect.objectContaining({ said: 'Hi', answer: 'Happy to help.' })],
			}),
		]);
		const conv = await api.get(`/_sandbox/agents/${id}/conversation`);
		expect(conv.data).toMatchObject({
			agent: { agent_id: id },
			history: expect.any(Array),
			exchanges: [expect.any(Object)],
			tools: { tools: [], failures: [] },
		});
		const page = await api.get('/_sandbox/talk');
		expect(page.headers['content-type']).toMatch(/^text\/html/);
		expect(page.data).toContain('/_sandbox/conversations');
	});
});

describe('Agora managed LLM (credential_mode managed, no url)', () => {
	const managed = () =>
		agent({ url: undefined, api_key: undefined, vendor: 'openai', credential_mode: 'managed' });

	it('answers through the endpoint configured to play Agora’s managed models', async () => {
		sb.configure({ managedLlmUrl: llm.url });
		const id = await managed();
		expect((await say(id, 'Hi')).data).toMatchObject({ answer: 'Happy to help.', failed: false });
		expect(llm.requests[0].headers.authorization).toBeUndefined();
		// the talk page offers its box
		expect((await api.get('/_sandbox/conversations')).data[0].can_talk).toBe(true);
		sb.configure({ managedLlmUrl: null } as never);
	});

	it('with none configured, the caller is told how to configure one', async () => {
		const id = await managed();
		const r = await say(id, 'Hi');
		expect(r.status).toBe(400);
		expect(JSON.stringify(r.data)).toMatch(/SANDBOX_MANAGED_LLM_URL/);
		expect(llm.requests).toHaveLength(0);
	});
});

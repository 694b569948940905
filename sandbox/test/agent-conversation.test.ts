/** Agent list, speak, think, interrupt, history and turns, on a manual clock. */
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { playbackMs } from '../src/conversation';
import { agentPath, client, runningAgent, startBody, uniq } from '../src/helpers';

const START_MS = 10;
const STOP_MS = 10;
let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: START_MS, stopDelayMs: STOP_MS, clock: 'manual' });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

type Item = { agent_id: string; status: string };
const ids = (r: { data: { data: { list: Item[] } } }): string[] =>
	r.data.data.list.map((x) => x.agent_id);
const list = (params: Record<string, unknown> = {}) =>
	api.get(agentPath(sb, '/agents'), { params });

async function start(over: Parameters<typeof startBody>[0] = {}): Promise<string> {
	const r = await api.post(agentPath(sb, '/join'), startBody(over));
	expect(r.status).toBe(200);
	return r.data.agent_id as string;
}

async function stop(id: string): Promise<void> {
	await api.post(agentPath(sb, `/agents/${id}/leave`));
	sb.clock.advance(STOP_MS);
}

describe('list', () => {
	it('without state lists RUNNING agents only; state takes a comma list', async () => {
		const running = await runningAgent(sb, api);
		const done = await runningAgent(sb, api);
		await stop(done);
		const starting = await start();
		expect(ids(await list())).toEqual([running]);
		expect(ids(await list({ state: '1,4' }))).toEqual([done, starting]);
		expect(ids(await list({ state: '0,1,2,3,4,6' }))).toEqual([running, done, starting]);
		const r = await list({ state: 4 });
		expect(r.data.data.list).toEqual([
			{ agent_id: done, start_ts: expect.any(Number), status: 'STOPPED' },
		]);
	});

	it('without from_time lists agents started in the last 2 hours only', async () => {
		const old = await runningAgent(sb, api, { properties: { idle_timeout: 0 } });
		sb.clock.advance(7200 * 1000 + 1000);
		const fresh = await runningAgent(sb, api);
		expect(ids(await list())).toEqual([fresh]);
		expect(ids(await list({ from_time: 0 }))).toEqual([old, fresh]);
		const now = sb.clock.nowS();
		expect(ids(await list({ from_time: 0, to_time: now - 60 }))).toEqual([old]);
		expect((await list({ from_time: now + 100 })).data.meta.total).toBe(0);
	});

	it('pages with count, total, status "ok" and an agent_id cursor', async () => {
		const all: string[] = [];
		for (let i = 0; i < 5; i++) all.push(await start({ channel: i < 3 ? 'chA' : 'chB' }));
		sb.clock.advance(START_MS);
		const r1 = await list({ limit: 2 });
		expect(r1.data).toMatchObject({
			status: 'ok',
			data: { count: 2 },
			meta: { total: 5, cursor: all[2] },
		});
		expect(ids(r1)).toEqual(all.slice(0, 2));
		expect(Object.keys(r1.data.data.list[0]).sort()).toEqual(['agent_id', 'start_ts', 'status']);
		const r2 = await list({ limit: 2, cursor: r1.data.meta.cursor });
		expect(ids(r2)).toEqual(all.slice(2, 4));
		const r3 = await list({ limit: 2, cursor: r2.data.meta.cursor });
		expect(ids(r3)).toEqual(all.slice(4));
		expect(r3.data.meta.cursor).toBe('');
		expect(ids(await list({ channel: 'chB' }))).toEqual(all.slice(3));
	});

	it('default limit is 20', async () => {
		for (let i = 0; i < 22; i++) await start();
		sb.clock.advance(START_MS);
		const r = await list();
		expect(r.data.data.count).toBe(20);
		expect(r.data.meta.total).toBe(22);
	});

	it.each([
		['state', '9'],
		['state', 'RUNNING'],
		['state', '1,,2'],
		['limit', '0'],
		['from_time', 'yesterday'],
		['cursor', 'NOT-AN-AGENT'],
	])('400 InvalidFieldValue on %s=%s', async (k, v) => {
		const r = await list({ [k]: v });
		expect(r.status).toBe(400);
		expect(r.data.reason).toBe('InvalidFieldValue');
		expect(r.data.detail).toContain(k);
	});
});

describe('speak, interrupt and turns', () => {
	it('speak answers {agent_id, channel, start_ts}; history holds the greeting and what was spoken', async () => {
		const id = await runningAgent(sb, api, { channel: 'talk' });
		const r = await api.post(agentPath(sb, `/agents/${id}/speak`), {
			text: 'Attention please',
			priority: 'APPEND',
			interruptable: false,
		});
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ agent_id: id, channel: 'talk', start_ts: expect.any(Number) });
		expect(sb.agents()[0].speaks[0]).toMatchObject({
			text: 'Attention please',
			priority: 'APPEND',
			interruptable: false,
			played: true,
		});
		const h = await api.get(agentPath(sb, `/agents/${id}/history`));
		expect(h.status).toBe(200);
		expect(h.data).toEqual({
			agent_id: id,
			start_ts: expect.any(Number),
			status: 'RUNNING',
			contents: [
				{ role: 'assistant', content: 'Hello there' },
				{ role: 'assistant', content: 'Attention please' },
			],
		});
	});

	it('history is answered only while the agent is RUNNING', async () => {
		const id = await start();
		expect((await api.get(agentPath(sb, `/agents/${id}/history`))).status).toBe(404);
		sb.clock.advance(START_MS);
		expect((await api.get(agentPath(sb, `/agents/${id}/history`))).status).toBe(200);
		await stop(id);
		const r = await api.get(agentPath(sb, `/agents/${id}/history`));
		expect(r.status).toBe(404);
		expect(r.data.reason).toBe('TaskNotFound');
		expect((await api.get(agentPath(sb, `/agents/${uniq()}/history`))).status).toBe(404);
	});

	it('turns: the greeting, a speak cut by interrupt, paging; stopped agents too', async () => {
		const id = await runningAgent(sb, api, { channel: 'tc' });
		sb.clock.advance(playbackMs('Hello there'));
		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'One moment' });
		sb.clock.advance(100);
		const i = await api.post(agentPath(sb, `/agents/${id}/interrupt`), {});
		expect(i.data).toEqual({ agent_id: id, channel: 'tc', start_ts: expect.any(Number) });
		await stop(id);
		const r = await api.get(agentPath(sb, `/agents/${id}/turns`));
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({
			agent_id: id,
			channel: 'tc',
			total_turn_count: 2,
			pagination: { page_index: 1, total_pages: 1, is_last_page: true },
		});
		const [greeting, spoken] = r.data.turns;
		expect(greeting).toMatchObject({
			agent_id: id,
			channel: 'tc',
			turn_id: 1,
			start: { type: 'greeting', metadata: { greeting_nth: 1 } },
			end: { type: 'ok' },
		});
		expect(greeting.metrics.segmented_latency_ms).toEqual([
			{ name: 'tts_ttfb', latency: expect.any(Number) },
		]);
		expect(spoken).toMatchObject({
			turn_id: 2,
			start: { type: 'api_speak' },
			end: { type: 'interrupted', metadata: { caused_by: 'api_interrupt', transport: 'http' } },
		});
		expect(spoken.end.end_at - spoken.start.start_at).toBe(100);
		const p2 = await api.get(agentPath(sb, `/agents/${id}/turns`), {
			params: { page_index: 2, page_size: 1 },
		});
		expect(p2.data.turns.map((t: { turn_id: number }) => t.turn_id)).toEqual([2]);
		expect(p2.data.pagination).toEqual({ page_index: 2, total_pages: 2, is_last_page: true });
		expect(
			(await api.get(agentPath(sb, `/agents/${id}/turns`), { params: { page_index: 0 } })).status,
		).toBe(400);
		sb.clock.advance(8 * 86_400_000);
		expect((await api.get(agentPath(sb, `/agents/${id}/turns`))).status).toBe(404);
	});

	it('priorities: INTERRUPT cuts the audio, APPEND waits for it, IGNORE is dropped while speaking', async () => {
		const id = await runningAgent(sb, api, {
			properties: { llm: { url: 'https://x', greeting_message: '' } },
		});
		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'first' });
		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'second', priority: 'APPEND' });
		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'dropped', priority: 'IGNORE' });
		sb.clock.advance(10);
		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'urgent', priority: 'INTERRUPT' });
		sb.clock.advance(60_000);
		const t = sb.agents()[0].turns;
		expect(t.map((x) => x.end.type)).toEqual(['ok', 'interrupted', 'ok']);
		expect(t[1].start.start_at).toBe(t[0].end.end_at);
		expect(t[1].end.metadata).toEqual({ caused_by: 'api_speak', transport: 'http' });
		expect(sb.agents()[0].speaks.map((s) => s.played)).toEqual([true, true, false, true]);
	});

	it('speak defaults priority INTERRUPT and interruptable true; the text limit is 512 UTF-8 bytes', async () => {
		const id = await runningAgent(sb, api);
		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'hi' });
		expect(sb.agents()[0].speaks[0]).toMatchObject({ priority: 'INTERRUPT', interruptable: true });
		expect(
			(await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'a'.repeat(512) })).status,
		).toBe(200);
		const r = await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'é'.repeat(257) });
		expect(r.status).toBe(400);
		expect(r.data.detail).toMatch(/^text/);
		expect(
			(await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'é'.repeat(256) })).status,
		).toBe(200);
	});

	it('speak is not supported with mllm (400); speak, think, interrupt on a stopped agent are 404', async () => {
		const m = await runningAgent(sb, api, {
			properties: { llm: undefined, tts: undefined, mllm: { enable: true, api_key: 'k' } },
		});
		expect((await api.post(agentPath(sb, `/agents/${m}/speak`), { text: 'hi' })).status).toBe(400);
		const id = await runningAgent(sb, api);
		await stop(id);
		expect((await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'x' })).status).toBe(404);
		expect((await api.post(agentPath(sb, `/agents/${id}/think`), { text: 'x' })).status).toBe(404);
		expect((await api.post(agentPath(sb, `/agents/${id}/interrupt`), {})).status).toBe(404);
	});
});

describe('think', () => {
	it('enters the conversation as user input; defaults interrupt / interrupt / ignore', async () => {
		const id = await runningAgent(sb, api, { channel: 'th' });
		sb.clock.advance(playbackMs('Hello there'));
		const r = await api.post(agentPath(sb, `/agents/${id}/think`), {
			text: 'The user clicked buy.',
			metadata: { publisher: 'u1' },
		});
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ agent_id: id, channel: 'th', start_ts: expect.any(Number) });
		expect(sb.agents()[0].thinks[0]).toMatchObject({
			onListening: 'interrupt',
			onThinking: 'interrupt',
			onSpeaking: 'ignore',
			interruptable: true,
			accepted: true,
			metadata: { publisher: 'u1' },
		});
		expect(sb.agents()[0].history.at(-1)).toEqual({
			role: 'user',
			content: 'The user clicked buy.',
		});
	});

	it('while the agent speaks: ignored by default, cuts the audio with on_speaking_action interrupt', async () => {
		const id = await runningAgent(sb, api);
		await api.post(agentPath(sb, `/agents/${id}/think`), { text: 'quiet' });
		expect(sb.agents()[0].thinks[0].accepted).toBe(false);
		await api.post(agentPath(sb, `/agents/${id}/think`), {
			text: 'now',
			on_speaking_action: 'interrupt',
		});
		const a = sb.agents()[0];
		expect(a.thinks[1].accepted).toBe(true);
		expect(a.turns[0].end.type).toBe('interrupted');
		expect(a.history.map((h) => h.content)).toEqual(['Hello there', 'now']);
	});

	it.each([
		['missing text', {}, 'text'],
		['on_listening_action', { text: 'x', on_listening_action: 'wait' }, 'on_listening_action'],
		[
			'on_thinking_action inject',
			{ text: 'x', on_thinking_action: 'inject' },
			'on_thinking_action',
		],
		[
			'on_speaking_action inject',
			{ text: 'x', on_speaking_action: 'inject' },
			'on_speaking_action',
		],
		['metadata string', { text: 'x', metadata: 'm' }, 'metadata'],
	])('400 on %s', async (_n, body, field) => {
		const id = await runningAgent(sb, api);
		const r = await api.post(agentPath(sb, `/agents/${id}/think`), body);
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain(field);
	});
});

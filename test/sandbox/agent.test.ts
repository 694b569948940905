import type { AxiosInstance } from 'axios';
import { startSandbox } from './index';
import type { Sandbox } from './index';
import { agentPath, client, playersPath, sleep, startBody, uniq, waitFor } from './helpers';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 20, stopDelayMs: 20 });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

async function start(over: Parameters<typeof startBody>[0] = {}): Promise<string> {
	const r = await api.post(agentPath(sb, '/join'), startBody(over));
	expect(r.status).toBe(200);
	return r.data.agent_id as string;
}

async function running(id: string): Promise<void> {
	await waitFor(() => sb.agents().find((a) => a.agentId === id)?.status === 'RUNNING');
}

describe('authentication', () => {
	it('agent API: 401 with the agent body and no X-Request-ID', async () => {
		const r = await client(sb, false).post(agentPath(sb, '/join'), startBody(), { headers: { 'X-Request-ID': 'abc' } });
		expect(r.status).toBe(401);
		expect(r.data).toEqual({ detail: 'Invalid authentication credentials.', reason: 'Unauthorized' });
		expect(r.headers['x-request-id']).toBeUndefined();
	});

	it('agent API: wrong secret is 401', async () => {
		const r = await api.get(agentPath(sb, '/agents'), { auth: { username: sb.customerId, password: 'nope' } });
		expect(r.status).toBe(401);
		expect(r.headers['x-request-id']).toBeUndefined();
	});

	it('media pull: 401 with {message} and no X-Request-ID', async () => {
		const r = await client(sb, false).get(playersPath(sb, 'na').replace('/na', ''));
		expect(r.status).toBe(401);
		expect(r.data).toEqual({ message: 'Invalid authentication credentials.' });
		expect(r.headers['x-request-id']).toBeUndefined();
	});

	it('recorded requests have the Authorization header removed', async () => {
		await api.get(agentPath(sb, '/agents'));
		const rec = sb.requests[sb.requests.length - 1];
		expect(rec.headers.authorization).toBeUndefined();
		expect(rec.status).toBe(200);
		expect(rec.method).toBe('GET');
	});
});

describe('X-Request-ID', () => {
	it('is echoed when sent', async () => {
		const r = await api.get(agentPath(sb, '/agents'), { headers: { 'X-Request-ID': 'my-req-1' } });
		expect(r.headers['x-request-id']).toBe('my-req-1');
		expect(sb.requests[sb.requests.length - 1].requestId).toBe('my-req-1');
	});

	it('is generated (UUID) when not sent, also on errors', async () => {
		const r = await api.get(agentPath(sb, '/agents/NOPE'));
		expect(r.status).toBe(404);
		expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
	});
});

describe('routing', () => {
	it('wrong app id in the path is 404 NotFound', async () => {
		const r = await api.get('/api/conversational-ai-agent/v2/projects/otherapp/agents');
		expect(r.status).toBe(404);
		expect(r.data.reason).toBe('NotFound');
	});
	it('wrong method is 405', async () => {
		const r = await api.get(agentPath(sb, '/join'));
		expect(r.status).toBe(405);
	});
	it('invalid JSON is 400 InvalidRequestBody', async () => {
		const r = await api.post(agentPath(sb, '/join'), '{bad', { headers: { 'Content-Type': 'application/json' } });
		expect(r.status).toBe(400);
		expect(r.data.reason).toBe('InvalidRequestBody');
	});
});

describe('start / query / leave', () => {
	it('start answers {agent_id, create_ts, status: STARTING}, then RUNNING, leave -> STOPPING -> STOPPED', async () => {
		const r = await api.post(agentPath(sb, '/join'), startBody({ name: 'a1' }));
		expect(r.status).toBe(200);
		expect(Object.keys(r.data).sort()).toEqual(['agent_id', 'create_ts', 'status']);
		expect(r.data.status).toBe('STARTING');
		expect(typeof r.data.create_ts).toBe('number');
		const id = r.data.agent_id;

		let q = await api.get(agentPath(sb, `/agents/${id}`));
		expect(q.data.status).toBe('STARTING');
		await running(id);
		q = await api.get(agentPath(sb, `/agents/${id}`));
		expect(q.status).toBe(200);
		expect(Object.keys(q.data).sort()).toEqual(['agent_id', 'message', 'name', 'start_ts', 'status', 'stop_ts']);
		expect(q.data).toMatchObject({ agent_id: id, name: 'a1', status: 'RUNNING', stop_ts: 0 });

		const l = await api.post(agentPath(sb, `/agents/${id}/leave`));
		expect(l.status).toBe(200);
		expect(l.data).toBe('');
		q = await api.get(agentPath(sb, `/agents/${id}`));
		expect(q.data.status).toBe('STOPPING');
		await waitFor(() => sb.agents()[0].status === 'STOPPED');
		q = await api.get(agentPath(sb, `/agents/${id}`));
		expect(q.status).toBe(200);
		expect(q.data.status).toBe('STOPPED');
		expect(q.data.stop_ts).toBeGreaterThan(0);
	});

	it('query of an unknown agent is 404 TaskNotFound', async () => {
		const r = await api.get(agentPath(sb, '/agents/UNKNOWN'));
		expect(r.status).toBe(404);
		expect(r.data).toEqual({ detail: expect.any(String), reason: 'TaskNotFound' });
	});

	it('leave of an unknown or stopped agent is 404', async () => {
		expect((await api.post(agentPath(sb, '/agents/UNKNOWN/leave'))).status).toBe(404);
		const id = await start();
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		await waitFor(() => sb.agents()[0].status === 'STOPPED');
		const r = await api.post(agentPath(sb, `/agents/${id}/leave`));
		expect(r.status).toBe(404);
		expect(r.data.reason).toBe('TaskNotFound');
	});

	it('leave during STARTING never reaches RUNNING', async () => {
		const slow = await startSandbox({ startDelayMs: 1000, stopDelayMs: 10 });
		try {
			const c = client(slow);
			const r = await c.post(agentPath(slow, '/join'), startBody());
			await c.post(agentPath(slow, `/agents/${r.data.agent_id}/leave`));
			await waitFor(() => slow.agents()[0].status === 'STOPPED');
		} finally {
			await slow.close();
		}
	});

	it('409 TaskConflict for a duplicate name among non-stopped agents; the name is free again once STOPPED', async () => {
		const id = await start({ name: 'dup' });
		const r = await api.post(agentPath(sb, '/join'), startBody({ name: 'dup', channel: 'other' }));
		expect(r.status).toBe(409);
		expect(r.data.reason).toBe('TaskConflict');
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		// still STOPPING: conflict
		expect((await api.post(agentPath(sb, '/join'), startBody({ name: 'dup' }))).status).toBe(409);
		await waitFor(() => sb.agents()[0].status === 'STOPPED');
		expect((await api.post(agentPath(sb, '/join'), startBody({ name: 'dup' }))).status).toBe(200);
	});

	it('agentQuota gives 422 ResourceQuotaLimitExceeded', async () => {
		sb.configure({ agentQuota: 1 });
		try {
			await start();
			const r = await api.post(agentPath(sb, '/join'), startBody());
			expect(r.status).toBe(422);
			expect(r.data.reason).toBe('ResourceQuotaLimitExceeded');
		} finally {
			sb.configure({ agentQuota: 0 });
		}
	});

	it('records the start request and labels in the state', async () => {
		const id = await start({ properties: { labels: { team: 'x' } } });
		const a = sb.agents().find((x) => x.agentId === id)!;
		expect(a.labels).toEqual({ team: 'x' });
		expect(a.request.name).toBe(a.name);
		expect(a.channel).toBe('room1');
	});
});

describe('idle timeout after users leave', () => {
	it('stops after idle_timeout seconds', async () => {
		const id = await start({ properties: { idle_timeout: 1 } });
		await running(id);
		sb.userLeft(id);
		await sleep(500);
		expect(sb.agents()[0].status).toBe('RUNNING');
		await waitFor(() => sb.agents()[0].status === 'STOPPED', 3000);
		expect(sb.agents()[0].stopReason).toBe('idle_timeout');
	});

	it('idle_timeout 0 never exits', async () => {
		const id = await start({ properties: { idle_timeout: 0 } });
		await running(id);
		sb.userLeft(id);
		await sleep(300);
		expect(sb.agents()[0].status).toBe('RUNNING');
	});

	it('userLeft over HTTP', async () => {
		const id = await start({ properties: { idle_timeout: 1 } });
		await running(id);
		const r = await api.post(`/_sandbox/agents/${id}/user-left`);
		expect(r.status).toBe(200);
		await waitFor(() => sb.agents()[0].status === 'STOPPED', 3000);
		expect((await api.post('/_sandbox/agents/NOPE/user-left')).status).toBe(404);
	});
});

describe('list', () => {
	it('lists with count, cursor paging, total and status "ok"', async () => {
		const ids: string[] = [];
		for (let i = 0; i < 5; i++) ids.push(await start({ channel: i < 3 ? 'chA' : 'chB' }));
		const r1 = await api.get(agentPath(sb, '/agents'), { params: { limit: 2 } });
		expect(r1.status).toBe(200);
		expect(r1.data.status).toBe('ok');
		expect(r1.data.data.count).toBe(2);
		expect(r1.data.meta.total).toBe(5);
		expect(r1.data.data.list.map((x: { agent_id: string }) => x.agent_id)).toEqual(ids.slice(0, 2));
		expect(Object.keys(r1.data.data.list[0]).sort()).toEqual(['agent_id', 'start_ts', 'status']);
		expect(r1.data.meta.cursor).not.toBe('');
		const r2 = await api.get(agentPath(sb, '/agents'), { params: { limit: 2, cursor: r1.data.meta.cursor } });
		expect(r2.data.data.list.map((x: { agent_id: string }) => x.agent_id)).toEqual(ids.slice(2, 4));
		const r3 = await api.get(agentPath(sb, '/agents'), { params: { limit: 2, cursor: r2.data.meta.cursor } });
		expect(r3.data.data.list.map((x: { agent_id: string }) => x.agent_id)).toEqual(ids.slice(4));
		expect(r3.data.meta.cursor).toBe('');
	});

	it('default limit is 20', async () => {
		for (let i = 0; i < 22; i++) await start();
		const r = await api.get(agentPath(sb, '/agents'));
		expect(r.data.data.count).toBe(20);
		expect(r.data.meta.total).toBe(22);
	});

	it('filters by channel, state code and time', async () => {
		const a = await start({ channel: 'chA' });
		await start({ channel: 'chB' });
		await running(a);
		await api.post(agentPath(sb, `/agents/${a}/leave`));
		await waitFor(() => sb.agents().find((x) => x.agentId === a)?.status === 'STOPPED');
		let r = await api.get(agentPath(sb, '/agents'), { params: { channel: 'chA' } });
		expect(r.data.data.list.map((x: { agent_id: string }) => x.agent_id)).toEqual([a]);
		r = await api.get(agentPath(sb, '/agents'), { params: { state: 4 } });
		expect(r.data.data.list).toEqual([{ agent_id: a, start_ts: expect.any(Number), status: 'STOPPED' }]);
		r = await api.get(agentPath(sb, '/agents'), { params: { state: 2, channel: 'chA' } });
		expect(r.data.data.count).toBe(0);
		const now = Math.floor(Date.now() / 1000);
		r = await api.get(agentPath(sb, '/agents'), { params: { from_time: now + 100 } });
		expect(r.data.meta.total).toBe(0);
		r = await api.get(agentPath(sb, '/agents'), { params: { from_time: now - 100, to_time: now + 100 } });
		expect(r.data.meta.total).toBe(2);
	});

	it.each([
		['state', '9'],
		['state', 'RUNNING'],
		['limit', '0'],
		['from_time', 'yesterday'],
		['cursor', 'garbage!'],
	])('400 on bad query %s=%s', async (k, v) => {
		const r = await api.get(agentPath(sb, '/agents'), { params: { [k]: v } });
		expect(r.status).toBe(400);
		expect(r.data.reason).toBe('InvalidFieldValue');
	});
});

describe('update', () => {
	it('applies token, llm.system_messages and llm.params (params replaced entirely)', async () => {
		const id = await start({ properties: { llm: { url: 'https://x', params: { model: 'a', max_tokens: 5 } } } });
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), {
			properties: { token: 'new', llm: { system_messages: [{ role: 'system', content: 'S2' }], params: { model: 'b' } } },
		});
		expect(r.status).toBe(200);
		expect(Object.keys(r.data).sort()).toEqual(['agent_id', 'create_ts', 'status']);
		const a = sb.agents()[0];
		expect(a.properties.token).toBe('new');
		expect((a.properties.llm as Record<string, unknown>).params).toEqual({ model: 'b' });
		expect((a.properties.llm as Record<string, unknown>).url).toBe('https://x');
		expect(a.updatesApplied).toBe(1);
	});

	it('mllm.params update', async () => {
		const id = await start({
			properties: { llm: undefined, tts: undefined, mllm: { enable: true, api_key: 'k', vendor: 'openai' } },
		});
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), { properties: { mllm: { params: { voice: 'x' } } } });
		expect(r.status).toBe(200);
		expect((sb.agents()[0].properties.mllm as Record<string, unknown>).params).toEqual({ voice: 'x' });
	});

	it.each([
		['unwrapped body', { token: 'x' }],
		['properties not an object', { properties: 'x' }],
		['token not a string', { properties: { token: 5 } }],
		['llm.params not an object', { properties: { llm: { params: [] } } }],
		['system message without content', { properties: { llm: { system_messages: [{ role: 'system' }] } } }],
	])('400 on %s', async (_n, body) => {
		const id = await start();
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), body);
		expect(r.status).toBe(400);
		expect(['InvalidRequestBody', 'InvalidFieldValue', 'MissingRequiredField']).toContain(r.data.reason);
	});

	it('404 TaskNotFound for unknown or stopped agents', async () => {
		expect((await api.post(agentPath(sb, '/agents/NOPE/update'), { properties: {} })).status).toBe(404);
		const id = await start();
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		await waitFor(() => sb.agents()[0].status === 'STOPPED');
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), { properties: { token: 't' } });
		expect(r.status).toBe(404);
		expect(r.data.reason).toBe('TaskNotFound');
	});
});

describe('speak / interrupt / history', () => {
	it('speak answers {agent_id, channel, start_ts} and lands in history as an assistant turn', async () => {
		const id = await start({ channel: 'talk' });
		const r = await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'Attention please', priority: 'APPEND', interruptable: false });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ agent_id: id, channel: 'talk', start_ts: expect.any(Number) });
		const a = sb.agents()[0];
		expect(a.speaks[0]).toMatchObject({ text: 'Attention please', priority: 'APPEND', interruptable: false });
		const h = await api.get(agentPath(sb, `/agents/${id}/history`));
		expect(h.status).toBe(200);
		expect(h.data).toEqual({
			agent_id: id,
			start_ts: expect.any(Number),
			status: expect.any(String),
			contents: [
				{ role: 'system', content: 'You are helpful.' },
				{ role: 'assistant', content: 'Hello there' },
				{ role: 'assistant', content: 'Attention please' },
			],
		});
	});

	it('speak defaults priority INTERRUPT and interruptable true', async () => {
		const id = await start();
		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'hi' });
		expect(sb.agents()[0].speaks[0]).toMatchObject({ priority: 'INTERRUPT', interruptable: true });
	});

	it('speak text limit counts UTF-8 bytes, not characters', async () => {
		const id = await start();
		const ok = 'a'.repeat(512);
		expect((await api.post(agentPath(sb, `/agents/${id}/speak`), { text: ok })).status).toBe(200);
		const tooLong = 'é'.repeat(257); // 257 chars, 514 bytes
		const r = await api.post(agentPath(sb, `/agents/${id}/speak`), { text: tooLong });
		expect(r.status).toBe(400);
		expect(r.data.detail).toMatch(/text/);
		expect((await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'é'.repeat(256) })).status).toBe(200);
	});

	it.each([
		['missing text', {}],
		['empty text', { text: '' }],
		['bad priority', { text: 'x', priority: 'NOW' }],
		['interruptable not boolean', { text: 'x', interruptable: 'yes' }],
	])('speak 400 on %s', async (_n, body) => {
		const id = await start();
		expect((await api.post(agentPath(sb, `/agents/${id}/speak`), body)).status).toBe(400);
	});

	it('speak is not allowed with mllm (400)', async () => {
		const id = await start({ properties: { llm: undefined, tts: undefined, mllm: { enable: true, api_key: 'k' } } });
		const r = await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'hi' });
		expect(r.status).toBe(400);
	});

	it('speak / interrupt on a stopped agent is 404', async () => {
		const id = await start();
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		await waitFor(() => sb.agents()[0].status === 'STOPPED');
		expect((await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'x' })).status).toBe(404);
		expect((await api.post(agentPath(sb, `/agents/${id}/interrupt`), {})).status).toBe(404);
	});

	it('interrupt answers {agent_id, channel, start_ts}', async () => {
		const id = await start({ channel: 'int' });
		const r = await api.post(agentPath(sb, `/agents/${id}/interrupt`), {});
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ agent_id: id, channel: 'int', start_ts: expect.any(Number) });
		expect(sb.agents()[0].interrupts).toBe(1);
	});

	it('history of an unknown agent is 404', async () => {
		expect((await api.get(agentPath(sb, `/agents/${uniq()}/history`))).status).toBe(404);
	});
});

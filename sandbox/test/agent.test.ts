/** The agent API's states and operations, on a manual clock: nothing here waits for wall time. */
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, playersPath, runningAgent, startBody } from '../src/helpers';

const START_MS = 20;
const STOP_MS = 20;
let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: START_MS, stopDelayMs: STOP_MS, clock: 'manual' });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

async function start(over: Parameters<typeof startBody>[0] = {}): Promise<string> {
	const r = await api.post(agentPath(sb, '/join'), startBody(over));
	expect(r.status).toBe(200);
	return r.data.agent_id as string;
}

const status = (id: string): string | undefined =>
	sb.agents().find((a) => a.agentId === id)?.status;

async function stopped(id: string): Promise<void> {
	expect((await api.post(agentPath(sb, `/agents/${id}/leave`))).status).toBe(200);
	sb.clock.advance(STOP_MS);
	expect(status(id)).toBe('STOPPED');
}

describe('authentication', () => {
	it('agent API: 401 with the agent body and no X-Request-ID', async () => {
		const r = await client(sb, false).post(agentPath(sb, '/join'), startBody(), {
			headers: { 'X-Request-ID': 'abc' },
		});
		expect(r.status).toBe(401);
		expect(r.data).toEqual({
			detail: 'Invalid authentication credentials.',
			reason: 'Unauthorized',
		});
		expect(r.headers['x-request-id']).toBeUndefined();
	});

	it('agent API: wrong secret is 401', async () => {
		const r = await api.get(agentPath(sb, '/agents'), {
			auth: { username: sb.customerId, password: 'nope' },
		});
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

describe('X-Request-ID and routing', () => {
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

	it('wrong app id is 404 NotFound, wrong method 405, bad JSON 400 InvalidRequestBody', async () => {
		const other = await api.get('/api/conversational-ai-agent/v2/projects/otherapp/agents');
		expect(other.status).toBe(404);
		expect(other.data.reason).toBe('NotFound');
		expect((await api.get(agentPath(sb, '/join'))).status).toBe(405);
		expect((await api.post(agentPath(sb, '/agents/X/history'))).status).toBe(405);
		expect((await api.get(agentPath(sb, '/agents/X/think'))).status).toBe(405);
		const bad = await api.post(agentPath(sb, '/join'), '{bad', {
			headers: { 'Content-Type': 'application/json' },
		});
		expect(bad.status).toBe(400);
		expect(bad.data.reason).toBe('InvalidRequestBody');
	});
});

describe('start / query / leave', () => {
	it('STARTING until the start delay has passed, RUNNING, then STOPPING -> STOPPED after leave', async () => {
		const r = await api.post(agentPath(sb, '/join'), startBody({ name: 'a1' }));
		expect(r.status).toBe(200);
		expect(Object.keys(r.data).sort()).toEqual(['agent_id', 'create_ts', 'status']);
		expect(r.data).toMatchObject({ status: 'STARTING', create_ts: sb.clock.nowS() });
		const id = r.data.agent_id;
		sb.clock.advance(START_MS - 1);
		expect((await api.get(agentPath(sb, `/agents/${id}`))).data.status).toBe('STARTING');
		sb.clock.advance(1);
		const q = await api.get(agentPath(sb, `/agents/${id}`));
		expect(Object.keys(q.data).sort()).toEqual([
			'agent_id',
			'message',
			'name',
			'start_ts',
			'status',
			'stop_ts',
		]);
		expect(q.data).toMatchObject({ agent_id: id, name: 'a1', status: 'RUNNING', stop_ts: 0 });
		const l = await api.post(agentPath(sb, `/agents/${id}/leave`));
		expect(l.status).toBe(200);
		expect(l.data).toBe('');
		expect((await api.get(agentPath(sb, `/agents/${id}`))).data.status).toBe('STOPPING');
		sb.clock.advance(STOP_MS - 1);
		expect((await api.get(agentPath(sb, `/agents/${id}`))).data.status).toBe('STOPPING');
		sb.clock.advance(1);
		const s = await api.get(agentPath(sb, `/agents/${id}`));
		expect(s.data).toMatchObject({ status: 'STOPPED', stop_ts: sb.clock.nowS() });
	});

	it('query of an unknown agent is 404 TaskNotFound', async () => {
		const r = await api.get(agentPath(sb, '/agents/UNKNOWN'));
		expect(r.status).toBe(404);
		expect(r.data).toEqual({ detail: expect.any(String), reason: 'TaskNotFound' });
	});

	it('leave of an unknown or stopped agent is 404; leave while STOPPING changes nothing', async () => {
		expect((await api.post(agentPath(sb, '/agents/UNKNOWN/leave'))).status).toBe(404);
		const id = await runningAgent(sb, api);
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		expect((await api.post(agentPath(sb, `/agents/${id}/leave`))).status).toBe(200);
		sb.clock.advance(STOP_MS);
		const r = await api.post(agentPath(sb, `/agents/${id}/leave`));
		expect(r.status).toBe(404);
		expect(r.data.reason).toBe('TaskNotFound');
	});

	it('leave during STARTING never reaches RUNNING', async () => {
		const id = await start();
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		sb.clock.advance(START_MS + STOP_MS);
		expect(status(id)).toBe('STOPPED');
		expect(sb.agents()[0].turns).toEqual([]);
	});

	it('409 TaskConflict for a name in use; free again once STOPPED', async () => {
		const id = await start({ name: 'dup' });
		const r = await api.post(agentPath(sb, '/join'), startBody({ name: 'dup', channel: 'other' }));
		expect(r.status).toBe(409);
		expect(r.data.reason).toBe('TaskConflict');
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		expect((await api.post(agentPath(sb, '/join'), startBody({ name: 'dup' }))).status).toBe(409);
		sb.clock.advance(STOP_MS);
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

	it('records the start request, labels and agent uid', async () => {
		const id = await start({ properties: { labels: { team: 'x' } } });
		const a = sb.agents().find((x) => x.agentId === id)!;
		expect(a.labels).toEqual({ team: 'x' });
		expect(a.request.name).toBe(a.name);
		expect(a.channel).toBe('room1');
		expect(a.agentUid).toBe('1001');
	});

	it('a session ends by itself after 72 hours', async () => {
		const id = await runningAgent(sb, api, { properties: { idle_timeout: 0 } });
		sb.clock.advance(259_200_000 - START_MS - 1);
		expect(status(id)).toBe('RUNNING');
		sb.clock.advance(1 + STOP_MS);
		expect(status(id)).toBe('STOPPED');
		expect(sb.agents()[0].stopReason).toBe('max_duration');
	});
});

describe('idle timeout after users leave', () => {
	it('stops idle_timeout seconds after the users left', async () => {
		const id = await runningAgent(sb, api, { properties: { idle_timeout: 5 } });
		sb.userLeft(id);
		sb.clock.advance(4999);
		expect(status(id)).toBe('RUNNING');
		sb.clock.advance(1);
		expect(status(id)).toBe('STOPPING');
		sb.clock.advance(STOP_MS);
		expect(status(id)).toBe('STOPPED');
		expect(sb.agents()[0].stopReason).toBe('idle_timeout');
	});

	it('users leaving during STARTING count from RUNNING; idle_timeout 0 never exits', async () => {
		const a = await start({ properties: { idle_timeout: 1 } });
		const b = await start({ properties: { idle_timeout: 0 } });
		sb.userLeft(a);
		sb.userLeft(b);
		sb.clock.advance(START_MS + 999);
		expect(status(a)).toBe('RUNNING');
		sb.clock.advance(1 + STOP_MS);
		expect(status(a)).toBe('STOPPED');
		sb.clock.advance(86_400_000);
		expect(status(b)).toBe('RUNNING');
	});

	it('userLeft over HTTP', async () => {
		const id = await runningAgent(sb, api, { properties: { idle_timeout: 1 } });
		expect((await api.post(`/_sandbox/agents/${id}/user-left`)).status).toBe(200);
		sb.clock.advance(1000 + STOP_MS);
		expect(status(id)).toBe('STOPPED');
		expect((await api.post('/_sandbox/agents/NOPE/user-left')).status).toBe(404);
	});
});

describe('update', () => {
	it('applies token, llm.system_messages and llm.params (params replaced whole)', async () => {
		const id = await start({
			properties: { llm: { url: 'https://x', params: { model: 'a', max_tokens: 5 } } },
		});
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), {
			properties: {
				token: 'new',
				llm: { system_messages: [{ role: 'system', content: 'S2' }], params: { model: 'b' } },
			},
		});
		expect(r.status).toBe(200);
		expect(Object.keys(r.data).sort()).toEqual(['agent_id', 'create_ts', 'status']);
		const a = sb.agents()[0];
		expect(a.properties.token).toBe('new');
		expect((a.properties.llm as Record<string, unknown>).params).toEqual({ model: 'b' });
		expect((a.properties.llm as Record<string, unknown>).url).toBe('https://x');
		expect(a.updatesApplied).toBe(1);
	});

	it('an empty params object replaces the params set at start', async () => {
		const id = await start({ properties: { llm: { url: 'https://x', params: { model: 'a' } } } });
		await api.post(agentPath(sb, `/agents/${id}/update`), { properties: { llm: { params: {} } } });
		expect((sb.agents()[0].properties.llm as Record<string, unknown>).params).toEqual({});
	});

	it('mllm.params update', async () => {
		const id = await start({
			properties: {
				llm: undefined,
				tts: undefined,
				mllm: { enable: true, api_key: 'k', vendor: 'openai' },
			},
		});
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), {
			properties: { mllm: { params: { voice: 'x' } } },
		});
		expect(r.status).toBe(200);
		expect((sb.agents()[0].properties.mllm as Record<string, unknown>).params).toEqual({
			voice: 'x',
		});
	});

	it.each([
		['unwrapped body', { token: 'x' }, 'token'],
		['properties not an object', { properties: 'x' }, 'properties'],
		['token not a string', { properties: { token: 5 } }, 'properties.token'],
		['llm.params not an object', { properties: { llm: { params: [] } } }, 'properties.llm.params'],
		[
			'system message not an object',
			{ properties: { llm: { system_messages: ['hi'] } } },
			'properties.llm.system_messages[0]',
		],
	])('400 on %s, naming the field', async (_n, body, field) => {
		const id = await start();
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), body);
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain(field);
	});

	it('404 TaskNotFound for unknown or stopped agents', async () => {
		expect((await api.post(agentPath(sb, '/agents/NOPE/update'), { properties: {} })).status).toBe(
			404,
		);
		const id = await runningAgent(sb, api);
		await stopped(id);
		const r = await api.post(agentPath(sb, `/agents/${id}/update`), { properties: { token: 't' } });
		expect(r.status).toBe(404);
		expect(r.data.reason).toBe('TaskNotFound');
	});
});

// China OpenAPI convoai.en.yaml: servers https://api.agora.io/cn/api/conversational-ai-agent.
describe('the China path', () => {
	it('serves the agent API and phone numbers under /cn as well, recording the path as sent', async () => {
		const join = await api.post(`/cn${agentPath(sb, '/join')}`, startBody());
		expect(join.status).toBe(200);
		const id = join.data.agent_id as string;
		const got = await api.get(`/cn${agentPath(sb, `/agents/${id}`)}`);
		expect(got.status).toBe(200);
		expect(got.data.agent_id).toBe(id);
		expect((await api.get('/cn/api/conversational-ai-agent/v2/phone-numbers')).status).toBe(200);
		expect(sb.requests[0].path).toBe(`/cn${agentPath(sb, '/join')}`);
	});
});

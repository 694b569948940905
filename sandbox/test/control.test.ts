/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
import { spawn } from 'child_process';
import * as path from 'path';
import axios from 'axios';
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import {
	agentPath,
	client,
	listPath,
	playerBody,
	playersPath,
	startBody,
	waitFor,
} from '../src/helpers';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 5, stopDelayMs: 5, clock: 'manual' });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

describe('defaults', () => {
	it('binds 127.0.0.1 on a free port with the default credentials', () => {
		expect(sb.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
		expect(sb.customerId).toBe('sandbox-customer');
		expect(sb.customerSecret).toBe('sandbox-secret');
		expect(sb.appId).toBe('0123456789abcdef0123456789abcdef');
		expect(sb.options()).toMatchObject({
			startDelayMs: 5,
			stopDelayMs: 5,
			listDelayMs: 0,
			rateLimits: false,
			playerQuota: 20,
			latencyMs: 0,
		});
	});
});

describe('control API over HTTP (no auth, not recorded)', () => {
	const raw = (): AxiosInstance => axios.create({ baseURL: sb.url, validateStatus: () => true });

	it('GET /_sandbox/requests and DELETE /_sandbox/requests', async () => {
		await api.get(listPath(sb), { headers: { 'X-Request-ID': 'r1' } });
		await api.post(playersPath(sb), playerBody());
		const r = await raw().get('/_sandbox/requests');
		expect(r.status).toBe(200);
		expect(r.data).toHaveLength(2);
		expect(r.data[0]).toEqual({
			method: 'GET',
			path: listPath(sb),
			query: {},
			headers: expect.objectContaining({ 'x-request-id': 'r1' }),
			status: 200,
			requestId: 'r1',
			at: expect.any(Number),
		});
		expect(r.data[0].headers.authorization).toBeUndefined();
		expect(r.data[1].body).toEqual(playerBody());
		expect((await raw().delete('/_sandbox/requests')).status).toBe(200);
		expect((await raw().get('/_sandbox/requests')).data).toEqual([]);
		expect(sb.requests).toHaveLength(0);
	});

	it('records query strings and non-JSON bodies', async () => {
		await api.get(listPath(sb), { params: { pageSize: 5, filter: 'channelName eq a b' } });
		expect(sb.requests[0].query).toEqual({ pageSize: '5', filter: 'channelName eq a b' });
		await api.post(agentPath(sb, '/join'), 'not json', {
			headers: { 'Content-Type': 'text/plain' },
		});
		expect(sb.requests[1].body).toBe('not json');
		expect(sb.requests[1].status).toBe(400);
	});

	it('POST /_sandbox/config changes options, including credentials', async () => {
		const r = await raw().post('/_sandbox/config', {
			listDelayMs: 1234,
			customerSecret: 'changed',
		});
		expect(r.status).toBe(200);
		expect(r.data.listDelayMs).toBe(1234);
		expect(sb.customerSecret).toBe('changed');
		expect((await api.get(listPath(sb))).status).toBe(401);
		await raw().post('/_sandbox/config', { listDelayMs: 0, customerSecret: 'sandbox-secret' });
		expect((await api.get(listPath(sb))).status).toBe(200);
		expect((await raw().get('/_sandbox/config')).data.listDelayMs).toBe(0);
	});

	it('null in a config restores the default; unknown keys and port are ignored', async () => {
		await raw().post('/_sandbox/config', {
			playerQuota: 3,
			playerIdleTimeoutMs: 10,
			port: 1,
			bogus: true,
		});
		expect(sb.options()).toMatchObject({ playerQuota: 3, playerIdleTimeoutMs: 10 });
		expect(sb.options().port).not.toBe(1);
		expect('bogus' in sb.options()).toBe(false);
		await raw().post('/_sandbox/config', { playerQuota: null, playerIdleTimeoutMs: null });
		expect(sb.options().playerQuota).toBe(20);
		expect(sb.options().playerIdleTimeoutMs).toBeUndefined();
	});

	it('POST /_sandbox/faults validates, applies; GET and DELETE list and clear', async () => {
		expect((await raw().post('/_sandbox/faults', { kind: 'explode' })).status).toBe(400);
		expect(
			(
				await raw().post('/_sandbox/faults', {
					kind: '503',
					pathIncludes: '/cloud-player',
					count: 2,
				})
			).status,
		).toBe(200);
		expect((await raw().get('/_sandbox/faults')).data).toEqual([
			{ kind: '503', pathIncludes: '/cloud-player', count: 2 },
		]);
		expect((await api.get(listPath(sb))).status).toBe(503);
		expect((await raw().get('/_sandbox/faults')).data[0].count).toBe(1);
		await raw().delete('/_sandbox/faults');
		expect((await api.get(listPath(sb))).status).toBe(200);
		// an array of faults is accepted too
		expect((await raw().post('/_sandbox/faults', [{ kind: '500' }, { kind: '429' }])).status).toBe(
			200,
		);
		expect(sb.faults()).toHaveLength(2);
	});

	it('GET /_sandbox/state shows agents and players; POST /_sandbox/reset clears', async () => {
		await api.post(agentPath(sb, '/join'), startBody({ name: 'st' }));
		await api.post(playersPath(sb), playerBody({ name: 'pl' }));
		const s = await raw().get('/_sandbox/state');
		expect(s.data.agents).toEqual([
			expect.objectContaining({ name: 'st', status: expect.any(String) }),
		]);
		expect(s.data.players).toEqual([expect.objectContaining({ name: 'pl', status: 'connecting' })]);
		expect(s.data.stats).toEqual(expect.objectContaining({ requests: 2 }));
		expect(s.data.clock).toEqual({ mode: 'manual', nowMs: sb.clock.now() });
		const reqs = sb.requests;
		expect((await raw().post('/_sandbox/reset')).status).toBe(200);
		const s2 = await raw().get('/_sandbox/state');
		expect(s2.data.agents).toEqual([]);
		expect(s2.data.players).toEqual([]);
		expect(sb.requests).toBe(reqs); // same live array
		expect(sb.requests).toHaveLength(0);
	});

	it('GET and POST /_sandbox/clock read, move and switch the clock', async () => {
		await api.post(agentPath(sb, '/join'), startBody({ name: 'ck' }));
		const t0 = sb.clock.now();
		const g = await raw().get('/_sandbox/clock');
		expect(g.data).toEqual({ mode: 'manual', nowMs: t0, pending: 2 });
		const a = await raw().post('/_sandbox/clock', { advanceMs: 5 });
		expect(a.data).toMatchObject({ mode: 'manual', nowMs: t0 + 5 });
		expect(sb.agents()[0].status).toBe('RUNNING');
		const set = await raw().post('/_sandbox/clock', { setMs: 1_575_508_644_000 });
		expect(set.data.nowMs).toBe(1_575_508_644_000);
		expect((await raw().post('/_sandbox/clock', { advanceMs: -1 })).status).toBe(400);
		expect((await raw().post('/_sandbox/clock', { mode: 'fast' })).status).toBe(400);
		const r = await raw().post('/_sandbox/clock', { mode: 'real' });
		expect(r.data.mode).toBe('real');
		expect(sb.clock.mode).toBe('real');
		sb.clock.setMode('manual');
		sb.clock.set(Date.now());
	});

	it('unknown control endpoint is 404, invalid JSON is 400', async () => {
		expect((await raw().get('/_sandbox/nothing')).status).toBe(404);
		expect(
			(
				await raw().post('/_sandbox/config', '{x', {
					headers: { 'Content-Type': 'application/json' },
				})
			).status,
		).toBe(400);
	});
});

describe('request log', () => {
	it('is bounded', async () => {
		const small = await startSandbox({ requestLogLimit: 50 });
		try {
			const c = client(small);
			for (let i = 0; i < 200; i++)
				await c.get(listPath(small), { headers: { 'X-Request-ID': `n${i}` } });
			expect(small.requests.length).toBeLessThanOrEqual(66);
			expect(small.requests.length).toBeGreaterThanOrEqual(50);
			expect(small.requests[small.requests.length - 1].requestId).toBe('n199');
		} finally {
			await small.close();
		}
	});
});

describe('close()', () => {
	it('ends keep-alive sockets and pending timers promptly', async () => {
		// Timers and a held answer of 10 minutes: a close() that waited for any of them would run
		// into the test's time-out, so no wall-clock bound is needed to tell.
		const s = await startSandbox({ startDelayMs: 600_000, stopDelayMs: 600_000 });
		const c = client(s);
		await c.post(agentPath(s, '/join'), startBody());
		s.injectFault({ kind: 'latency', latencyMs: 600_000 });
		const pending = c.get(listPath(s)).catch((e: Error) => e);
		await waitFor(() => s.requests.length === 2);
		expect(s.clock.pending).toBeGreaterThan(0);
		await s.close();
		expect(s.clock.pending).toBe(0);
		expect(await pending).toBeInstanceOf(Error);
	});
});

describe('cli', () => {
	it('prints the JSON line, serves, and stops on SIGTERM', async () => {
		const root = path.resolve(__dirname, '../..');
		const child = spawn(
			process.execPath,
			['-r', 'ts-node/register/transpile-only', 'sandbox/src/cli.ts', '--list-delay-ms', '7'],
			{
				cwd: root,
				env: {
					...process.env,
					SANDBOX_PORT: '0',
					SANDBOX_RATE_LIMITS: '1',
					SANDBOX_NOTIFY_SECRET: 'cli-secret',
				},
				stdio: ['ignore', 'pipe', 'pipe'],
			},
		);
		let out = '';
		child.stdout.on('data', (d: Buffer) => (out += d.toString()));
		const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
		try {
			await waitFor(() => out.includes('\n'), 20000, 50);
			const info = JSON.parse(out.split('\n')[0]);
			expect(info).toEqual({
				url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
				customerId: 'sandbox-customer',
				customerSecret: 'sandbox-secret',
				appId: '0123456789abcdef0123456789abcdef',
				appCertificate: 'fedcba9876543210fedcba9876543210',
				notificationSecret: 'cli-secret',
			});
			const cfg = await axios.get(`${info.url}/_sandbox/config`);
			expect(cfg.data).toMatchObject({ rateLimits: true, listDelayMs: 7 });
			const r = await axios.get(`${info.url}/v1/projects/${info.appId}/cloud-player/players`, {
				auth: { username: info.customerId, password: info.customerSecret },
			});
			expect(r.status).toBe(200);
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
	}, 30000);
});

import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, listPath, playerBody, playersPath, startBody } from '../src/helpers';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 5, stopDelayMs: 5, clock: 'manual' });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

describe('fault injection', () => {
	it("'429' answers 429 with Retry-After (default 1), agent error shape", async () => {
		sb.injectFault({ kind: '429', pathIncludes: '/join' });
		const r = await api.post(agentPath(sb, '/join'), startBody());
		expect(r.status).toBe(429);
		expect(r.headers['retry-after']).toBe('1');
		expect(r.data).toEqual({ detail: expect.any(String), reason: expect.any(String) });
		expect(r.headers['x-request-id']).toBeDefined();
		expect(sb.agents()).toHaveLength(0);
		// consumed: next one succeeds
		expect((await api.post(agentPath(sb, '/join'), startBody())).status).toBe(200);
	});

	it("'429' with retryAfterSeconds and count, media error shape", async () => {
		sb.injectFault({
			kind: '429',
			method: 'get',
			pathIncludes: '/cloud-player/players',
			count: 2,
			retryAfterSeconds: 7,
		});
		for (let i = 0; i < 2; i++) {
			const r = await api.get(listPath(sb));
			expect(r.status).toBe(429);
			expect(r.headers['retry-after']).toBe('7');
			expect(r.data).toEqual({ message: 'Rate limit exceeded.' });
		}
		expect((await api.get(listPath(sb))).status).toBe(200);
		expect(sb.stats().faultsApplied).toBe(2);
	});

	it.each(['500', '503', '504'] as const)(
		"'%s' answers that status with the family's error body and changes nothing",
		async (kind) => {
			sb.injectFault({ kind, method: 'POST' });
			const a = await api.post(agentPath(sb, '/join'), startBody());
			expect(a.status).toBe(Number(kind));
			expect(a.data).toEqual({ detail: expect.any(String), reason: expect.any(String) });
			sb.injectFault({ kind, method: 'POST' });
			const m = await api.post(playersPath(sb), playerBody());
			expect(m.status).toBe(Number(kind));
			expect(m.data).toEqual({ message: expect.any(String) });
			expect(m.headers['x-resource-id']).toBeUndefined();
			expect(sb.agents()).toHaveLength(0);
			expect(sb.players()).toHaveLength(0);
		},
	);

	it("'504-after-commit' performs the operation, then answers 504", async () => {
		sb.injectFault({
			kind: '504-after-commit',
			pathIncludes: '/cloud-player/players',
			method: 'POST',
		});
		const r = await api.post(playersPath(sb), playerBody({ name: 'committed' }));
		expect(r.status).toBe(504);
		expect(r.data).toEqual({ message: 'Gateway timeout.' });
		expect(sb.players()).toHaveLength(1);
		// the client must list to find it; a retry gets 409 with the existing id
		const again = await api.post(playersPath(sb), playerBody({ name: 'committed' }));
		expect(again.status).toBe(409);
		expect(again.headers['x-resource-id']).toBe(sb.players()[0].id);

		sb.injectFault({ kind: '504-after-commit', pathIncludes: '/join' });
		const s = await api.post(agentPath(sb, '/join'), startBody({ name: 'ag' }));
		expect(s.status).toBe(504);
		expect(s.data.reason).toBe('TaskOperationTimeout');
		expect(sb.agents()).toHaveLength(1);
	});

	it("'drop' destroys the socket without an answer (recorded with status 0)", async () => {
		sb.injectFault({ kind: 'drop', pathIncludes: '/agents' });
		await expect(api.get(agentPath(sb, '/agents'))).rejects.toMatchObject({
			code: expect.stringMatching(/ECONNRESET|ERR_BAD_RESPONSE|socket hang up/),
		});
		expect(sb.requests[sb.requests.length - 1].status).toBe(0);
		expect((await api.get(agentPath(sb, '/agents'))).status).toBe(200);
	});

	it("'latency' delays the answer beyond a client time-out (the operation is still performed)", async () => {
		sb.injectFault({
			kind: 'latency',
			latencyMs: 3000,
			pathIncludes: '/cloud-player/players',
			method: 'POST',
		});
		await expect(api.post(playersPath(sb), playerBody(), { timeout: 100 })).rejects.toMatchObject({
			code: 'ETIMEDOUT',
		});
		expect(sb.players()).toHaveLength(1);
		// a patient client gets the answer late
		sb.injectFault({ kind: 'latency', latencyMs: 200 });
		const t1 = Date.now();
		const r = await api.get(listPath(sb));
		expect(r.status).toBe(200);
		expect(Date.now() - t1).toBeGreaterThanOrEqual(190);
	});

	it('matches method and path substring only', async () => {
		sb.injectFault({ kind: '500', method: 'DELETE', pathIncludes: '/cloud-player/' });
		expect((await api.get(listPath(sb))).status).toBe(200);
		expect((await api.post(playersPath(sb), playerBody())).status).toBe(200);
		expect(sb.faults()).toHaveLength(1);
		expect((await api.delete(playersPath(sb, 'na', sb.players()[0].id))).status).toBe(500);
		expect(sb.faults()).toHaveLength(0);
		expect(sb.players()).toHaveLength(1);
	});

	it('401 is answered before faults are consumed', async () => {
		sb.injectFault({ kind: '500' });
		expect((await client(sb, false).get(listPath(sb))).status).toBe(401);
		expect(sb.faults()).toHaveLength(1);
	});

	it('latencyMs option delays every API answer', async () => {
		sb.configure({ latencyMs: 150 });
		try {
			const t0 = Date.now();
			await api.get(listPath(sb));
			expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
		} finally {
			sb.configure({ latencyMs: 0 });
		}
	});

	it('injectFault rejects an unknown kind', () => {
		expect(() => sb.injectFault({ kind: 'boom' as never })).toThrow(/kind/);
	});
});

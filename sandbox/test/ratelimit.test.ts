import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { client, listPath, playerBody, playersPath } from '../src/helpers';
import { RateLimiter } from '../src/ratelimit';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({
		rateLimits: true,
		playerQuota: 10000,
		startDelayMs: 5,
		clock: 'manual',
	});
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

function expect429(r: { status: number; data: unknown; headers: Record<string, unknown> }): void {
	expect(r.status).toBe(429);
	expect(r.data).toEqual({ message: 'Rate limit exceeded.' });
	expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
	expect(r.headers['x-request-id']).toBeDefined();
}

describe('RateLimiter (sliding window)', () => {
	it('allows limit per window and frees slots as the window slides', () => {
		const rl = new RateLimiter();
		const rule = [{ rule: 'r', key: 'k', limit: 2, windowMs: 1000 }];
		expect(rl.take(rule, 0).ok).toBe(true);
		expect(rl.take(rule, 400).ok).toBe(true);
		const no = rl.take(rule, 900);
		expect(no).toEqual({ ok: false, rule: 'r', retryAfterSeconds: 1 });
		expect(rl.take(rule, 1000).ok).toBe(true); // first one slid out
		expect(rl.take(rule, 1300).ok).toBe(false);
		expect(rl.take(rule, 1400).ok).toBe(true);
		expect(rl.rejected).toEqual({ r: 2 });
	});

	it('a request rejected by one rule is not counted in the others', () => {
		const rl = new RateLimiter();
		const rules = [
			{ rule: 'a', key: 'a', limit: 100, windowMs: 1000 },
			{ rule: 'b', key: 'b', limit: 1, windowMs: 1000 },
		];
		expect(rl.take(rules, 0).ok).toBe(true);
		for (let i = 0; i < 200; i++) expect(rl.take(rules, 1).ok).toBe(false);
		expect(rl.take([rules[0]], 2).ok).toBe(true);
	});

	it('Retry-After is the time until a slot frees, rounded up to seconds', () => {
		const rl = new RateLimiter();
		const r = [{ rule: 'm', key: 'm', limit: 1, windowMs: 60000 }];
		rl.take(r, 0);
		expect(rl.take(r, 10000)).toEqual({ ok: false, rule: 'm', retryAfterSeconds: 50 });
	});
});

describe('Media Pull rate limits', () => {
	it('named create: 2 per second per name', async () => {
		// names must be unique among live players: delete between creates to isolate the rate rule
		for (let i = 0; i < 2; i++) {
			const r = await api.post(playersPath(sb), playerBody({ name: 'rl' }));
			expect(r.status).toBe(200);
			await api.delete(playersPath(sb, 'na', r.data.player.id));
		}
		expect429(await api.post(playersPath(sb), playerBody({ name: 'rl' })));
		// another name is not limited
		expect((await api.post(playersPath(sb), playerBody({ name: 'rl2' }))).status).toBe(200);
		expect(sb.stats().rateLimited.byRule['create:name']).toBe(1);
		sb.clock.advance(1050);
		expect((await api.post(playersPath(sb), playerBody({ name: 'rl' }))).status).toBe(200);
	});

	it('create: 50 per second', async () => {
		const rs = await Promise.all(
			Array.from({ length: 60 }, () => api.post(playersPath(sb), playerBody())),
		);
		expect(rs.filter((r) => r.status === 200)).toHaveLength(50);
		const limited = rs.filter((r) => r.status === 429);
		expect(limited).toHaveLength(10);
		expect429(limited[0]);
		expect(sb.stats().rateLimited).toEqual({ total: 10, byRule: { create: 10 } });
	});

	it('delete: 100 per second per project', async () => {
		const rs = await Promise.all(
			Array.from({ length: 105 }, (_, i) =>
				api.delete(playersPath(sb, 'na', `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`)),
			),
		);
		expect(rs.filter((r) => r.status === 404)).toHaveLength(100);
		expect(rs.filter((r) => r.status === 429)).toHaveLength(5);
	});

	it('filtered list: 2 per second per channel', async () => {
		const q = (ch: string) => api.get(listPath(sb), { params: { filter: `channelName eq ${ch}` } });
		expect((await q('a')).status).toBe(200);
		expect((await q('a')).status).toBe(200);
		expect429(await q('a'));
		expect((await q('b')).status).toBe(200);
		expect(sb.stats().rateLimited.byRule['list:filter/s']).toBe(1);
	});

	it('filtered list: 15 per minute per channel', async () => {
		let ok = 0;
		let last429: { status: number; data: unknown; headers: Record<string, unknown> } | undefined;
		for (let i = 0; i < 8; i++) {
			for (let j = 0; j < 2; j++) {
				const r = await api.get(listPath(sb), { params: { filter: 'channelName eq m' } });
				if (r.status === 200) ok++;
				else last429 = r as never;
			}
			if (i < 7) sb.clock.advance(1001);
		}
		expect(ok).toBe(15);
		expect429(last429!);
		expect(Number(last429!.headers['retry-after'])).toBeGreaterThan(40);
		expect(sb.stats().rateLimited.byRule['list:filter/min']).toBe(1);
	});

	it('unfiltered list: 10 per second', async () => {
		const rs = await Promise.all(Array.from({ length: 12 }, () => api.get(listPath(sb))));
		expect(rs.filter((r) => r.status === 200)).toHaveLength(10);
		expect(rs.filter((r) => r.status === 429)).toHaveLength(2);
		expect(sb.stats().rateLimited.byRule['list/s']).toBe(2);
	});

	it('unfiltered list: 20 per minute', async () => {
		let ok = 0;
		for (let i = 0; i < 3; i++) {
			const rs = await Promise.all(Array.from({ length: 10 }, () => api.get(listPath(sb))));
			ok += rs.filter((r) => r.status === 200).length;
			if (i < 2) sb.clock.advance(1001);
		}
		expect(ok).toBe(20);
		expect(sb.stats().rateLimited.byRule['list/min']).toBe(10);
	});

	it('update is not rate limited; limits are off by default', async () => {
		const r = await api.post(playersPath(sb), playerBody());
		const id = r.data.player.id;
		const rs = await Promise.all(
			Array.from({ length: 30 }, (_, i) =>
				api.patch(`${playersPath(sb, 'na', id)}?sequence=${i}`, {
					player: { isPause: i % 2 === 0 },
				}),
			),
		);
		expect(rs.every((x) => x.status === 200)).toBe(true);
		sb.configure({ rateLimits: false });
		try {
			const ls = await Promise.all(Array.from({ length: 30 }, () => api.get(listPath(sb))));
			expect(ls.every((x) => x.status === 200)).toBe(true);
		} finally {
			sb.configure({ rateLimits: true });
		}
	});

	it('reset clears the counters', async () => {
		await Promise.all(Array.from({ length: 12 }, () => api.get(listPath(sb))));
		expect(sb.stats().rateLimited.total).toBe(2);
		sb.reset();
		expect(sb.stats().rateLimited.total).toBe(0);
		expect((await api.get(listPath(sb))).status).toBe(200);
	});
});

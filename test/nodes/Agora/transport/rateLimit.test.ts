/**
 * Pacing keys that do not outlive their window, and 429 as back-pressure: refused requests are sent
 * again while a time budget lasts (n8n's queue mode: several workers share one Agora limit).
 */
import { mediaPullRules } from '../../../../nodes/Agora/api/cloudPlayers';
import { retryTiming } from '../../../../nodes/Agora/transport';
import {
	acquire,
	pacerClock,
	rateLimitKeyCount,
	resetRateLimits,
} from '../../../../nodes/Agora/transport/rateLimit';
import { rateLimitDelay } from '../../../../nodes/Agora/transport/retry';
import type { Sandbox } from '../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

describe('pacer keys', () => {
	const saved = { ...pacerClock };
	let now = 1_000_000;
	beforeEach(() => {
		now = 1_000_000;
		pacerClock.now = () => now;
		pacerClock.sleep = async (ms: number) => {
			now += ms;
		};
		resetRateLimits();
	});
	afterAll(() => {
		Object.assign(pacerClock, saved);
		resetRateLimits();
	});

	test('keys of names never seen again are swept, so the map stays near one window of traffic', async () => {
		for (let i = 0; i < 5000; i++) {
			(await acquire(mediaPullRules.create('app', `name-${i}`)))();
			now += 30;
		}
		// 5000 names over 150 s: at most the 1000 keys of the sweep threshold (plus the shared key).
		expect(rateLimitKeyCount()).toBeLessThanOrEqual(1001);
	});

	test('a key with a booking in flight survives the sweeps and still paces', async () => {
		const rule = { key: 'held', limit: 1, windowMs: 1000 };
		const release = await acquire([rule]);
		now += 60_000;
		for (let i = 0; i < 1100; i++)
			(await acquire([{ key: `other-${i}`, limit: 1, windowMs: 1000 }]))();
		let granted = false;
		const next = acquire([rule]).then((r) => {
			granted = true;
			return r;
		});
		for (let i = 0; i < 20; i++) await Promise.resolve();
		expect(granted).toBe(false);
		release();
		(await next)();
		expect(granted).toBe(true);
	});
});

describe('429 as back-pressure', () => {
	test('Retry-After is honoured with up to half again as jitter; without it, backoff', () => {
		for (let i = 0; i < 50; i++) {
			const d = rateLimitDelay(1000, i);
			expect(d).toBeGreaterThanOrEqual(1000);
			expect(d).toBeLessThanOrEqual(1500);
		}
		expect(rateLimitDelay(0, 3)).toBe(0);
		expect(rateLimitDelay(undefined, 0)).toBeGreaterThan(0);
	});

	let sb: Sandbox;
	let credential: CredentialData;
	const savedBudgetMs = retryTiming.rateLimitBudgetMs;
	useSandbox({ startDelayMs: 0 }, (started) => ({ sb, credential } = started), {
		timing: { retry: { baseMs: 5, maxDelayMs: 20 } },
	});
	beforeEach(() => (retryTiming.rateLimitBudgetMs = savedBudgetMs));
	const remove = (extra: Record<string, unknown> = {}) =>
		agoraWorkflow({
			resource: 'cloudPlayer',
			operation: 'delete',
			playerId: 'p-1',
			region: 'na',
			options: { notFoundIsDeleted: true },
			...extra,
		});
	const deletes = () => sb.requests.filter((r) => r.method === 'DELETE');

	test('refusals do not count against Max Retries: six 429s, then the delete goes through', async () => {
		sb.injectFault({
			method: 'DELETE',
			pathIncludes: '/players/',
			kind: '429',
			count: 6,
			retryAfterSeconds: 0,
		});
		const result = await runWorkflow(remove({ requestOptions: { maxRetries: 1 } }), credential);
		expect(result.error('Agora')).toBeUndefined();
		expect(deletes().map((r) => r.status)).toEqual([429, 429, 429, 429, 429, 429, 404]);
	});

	test('once the time budget is spent, the 429 reaches the item with Agora’s answer', async () => {
		retryTiming.rateLimitBudgetMs = 40;
		sb.injectFault({ method: 'DELETE', pathIncludes: '/players/', kind: '429', count: 1000 });
		const result = await runWorkflow(remove(), credential);
		expect(result.error('Agora')!.message).toMatch(/429/);
		// Retry-After 1 s (the sandbox's default) does not fit in a 40 ms budget: refused once.
		expect(deletes()).toHaveLength(1);
	});

	test('Max Retries 0 sends a refused request only once', async () => {
		sb.injectFault({
			method: 'DELETE',
			pathIncludes: '/players/',
			kind: '429',
			count: 5,
			retryAfterSeconds: 0,
		});
		const result = await runWorkflow(remove({ requestOptions: { maxRetries: 0 } }), credential);
		expect(result.error('Agora')!.message).toMatch(/429/);
		expect(deletes()).toHaveLength(1);
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
import http from 'http';
import type { AddressInfo } from 'net';

import { CredentialTestContext } from 'n8n-core';

import { agoraApiCredentialTest } from '../../../../nodes/shared/credentialTest';
import {
	buildUrl,
	collectSecrets,
	redact,
	resetRateLimits,
	retryTiming,
} from '../../../../nodes/Agora/transport';
import { backoffDelay, parseRetryAfter } from '../../../../nodes/Agora/transport/retry';
import { acquire } from '../../../../nodes/Agora/transport/rateLimit';
import { startFaultProxy } from '../../../lib/faultProxy';
import type { Sandbox } from '../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { sandboxCredential, seedAgent, useSandbox } from '../../../lib/sandbox';

const ctx = {
	baseUrl: 'https://api.agora.io',
	appId: 'app id/1',
	appCertificate: '',
	authentication: 'basic' as const,
	secrets: [],
	timeoutMs: 1000,
	maxRetries: 3,
};

describe('URL building', () => {
	test('agent paths sit under the v2 project prefix', () => {
		expect(buildUrl(ctx, { api: 'agent', path: '/join' })).toBe(
			'https://api.agora.io/api/conversational-ai-agent/v2/projects/app%20id%2F1/join',
		);
	});
	test('Media Pull paths carry the region, the list path has none', () => {
		expect(buildUrl(ctx, { api: 'mediaPull', path: '/players/p1', region: 'eu' })).toBe(
			'https://api.agora.io/eu/v1/projects/app%20id%2F1/cloud-player/players/p1',
		);
		expect(buildUrl(ctx, { api: 'mediaPull', path: '/players' })).toBe(
			'https://api.agora.io/v1/projects/app%20id%2F1/cloud-player/players',
		);
	});
});

describe('retry timing', () => {
	test('Retry-After as seconds and as an HTTP date, capped', () => {
		expect(parseRetryAfter('2')).toBe(2000);
		expect(parseRetryAfter(new Date(Date.now() + 3000).toUTCString())).toBeGreaterThan(1000);
		expect(parseRetryAfter('99999')).toBe(retryTiming.maxRetryAfterMs);
		expect(parseRetryAfter('soon')).toBeUndefined();
		expect(parseRetryAfter(undefined)).toBeUndefined();
	});
	test('backoff grows and stays capped', () => {
		const saved = { ...retryTiming };
		Object.assign(retryTiming, { baseMs: 1000, factor: 2.5, maxDelayMs: 10000 });
		expect(backoffDelay(0)).toBeGreaterThanOrEqual(750);
		expect(backoffDelay(0)).toBeLessThanOrEqual(1250);
		expect(backoffDelay(2)).toBeGreaterThanOrEqual(4687);
		expect(backoffDelay(10)).toBeLessThanOrEqual(12500);
		Object.assign(retryTiming, saved);
	});
});

describe('redaction', () => {
	test('collects secrets from keys that name them and from header maps', () => {
		const secrets = collectSecrets({
			properties: {
				token: 'tok-123456',
				llm: { api_key: 'sk-abcdef', headers: { 'X-Custom': 'hdr-value-1' }, url: 'https://llm' },
				rtc: { encryption_key: 'enc-key-1', encryption_salt: 'c2FsdA==' },
			},
			player: { encryptKey: 'pk-998877', encryptKdfSalt: 'salt-0001' },
		});
		expect([...secrets].sort()).toEqual(
			[
				'c2FsdA==',
				'enc-key-1',
				'hdr-value-1',
				'pk-998877',
				'salt-0001',
				'sk-abcdef',
				'tok-123456',
			].sort(),
		);
	});
	test('masks every secret and any Basic/Bearer credential', () => {
		expect(redact('key sk-abcdef in Basic c2FuZGJveDpzZWNyZXQ= and sk-abcdef', ['sk-abcdef'])).toBe(
			'key *** in Basic *** and ***',
		);
	});
	test('masks an Agora REST token header, quoted or not', () => {
		expect(
			redact('sent Authorization: agora token=007eJxTYBA and agora token="007eJxTYBB"', []),
		).toBe('sent Authorization: agora token=*** and agora token=***');
	});
});

describe('pacing', () => {
	// On jest's clock: the pacer reads Date.now() and waits with setTimeout, and the test moves both,
	// so the windows are exact however busy the machine is.
	beforeEach(() => {
		resetRateLimits();
		jest.useFakeTimers({
			now: 1_000_000,
			doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate'],
		});
	});
	afterEach(() => jest.useRealTimers());

	test('never lets more than the limit into one window, and no more than that waits', async () => {
		const rule = { key: 'test:pace', limit: 5, windowMs: 200 };
		const started = Date.now();
		const times: number[] = [];
		const all = Promise.all(
			Array.from({ length: 12 }, async () => {
				const release = await acquire([rule]);
				times.push(Date.now() - started);
				release();
			}),
		);
		await jest.advanceTimersByTimeAsync(5000);
		await all;
		times.sort((a, b) => a - b);
		expect(times.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
		for (let i = 5; i < times.length; i++)
			expect(times[i] - times[i - 5]).toBeGreaterThanOrEqual(200);
		// Twelve at five per 200 ms: the last go in the third window, not later.
		expect(times[11]).toBeLessThan(3 * 200);
	});
	test('a booking is held while its request is in flight', async () => {
		const rule = { key: 'test:inflight', limit: 1, windowMs: 50 };
		const release = await acquire([rule]);
		let second: number | undefined;
		const next = acquire([rule]).then((r) => {
			second = Date.now();
			return r;
		});
		await jest.advanceTimersByTimeAsync(1000);
		expect(second).toBeUndefined();
		release();
		const releasedAt = Date.now();
		await jest.advanceTimersByTimeAsync(1000);
		(await next)();
		// Released at t, then one window must pass before the next request may go.
		expect(second! - releasedAt).toBeGreaterThanOrEqual(50);
		expect(second! - releasedAt).toBeLessThan(100);
	});
});

describe('transport through the engine, against the sandbox', () => {
	let sb: Sandbox;
	let credential: CredentialData;
	let agentId: string;
	useSandbox({ startDelayMs: 0 }, (started) => ({ sb, credential } = started), {
		timing: { retry: { baseMs: 5, maxDelayMs: 20 } },
	});
	beforeEach(async () => {
		agentId = await seedAgent(sb, { name: 'a1' });
		sb.requests.length = 0;
	});
	const get = (extra: Record<string, unknown> = {}) =>
		agoraWorkflow({ resource: 'agent', operation: 'get', agentId: '={{$json.id}}', ...extra }, [
			{ id: agentId },
		]);

	test('sends a fresh X-Request-ID and Basic auth on every request', async () => {
		const result = await runWorkflow(get(), credential);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0].agent_id).toBe(agentId);
		const [request] = sb.requests;
		expect(request.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
	});

	test.each(['429', '503'] as const)(
		'%s is retried (Retry-After honoured) and succeeds',
		async (kind) => {
			sb.injectFault({ pathIncludes: '/agents/', kind, count: 2, retryAfterSeconds: 0 });
			const result = await runWorkflow(get(), credential);
			expect(result.error('Agora')).toBeUndefined();
			expect(sb.requests).toHaveLength(3);
			expect(new Set(sb.requests.map((r) => r.headers['x-request-id'])).size).toBe(3);
		},
	);

	test('a safe request is retried after 500 and 504 and a dropped connection', async () => {
		sb.injectFault({ pathIncludes: '/agents/', kind: '500' });
		sb.injectFault({ pathIncludes: '/agents/', kind: '504' });
		sb.injectFault({ pathIncludes: '/agents/', kind: 'drop' });
		const result = await runWorkflow(get(), credential);
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.requests).toHaveLength(4);
	});

	test('gives up after Max Retries with status, reason and request id', async () => {
		sb.injectFault({ pathIncludes: '/agents/', kind: '503', count: 10, retryAfterSeconds: 0 });
		const result = await runWorkflow(get({ requestOptions: { maxRetries: 2 } }), credential);
		const error = result.error('Agora')!;
		expect(error.message).toMatch(/503/);
		expect(String(error.description)).toMatch(/Request id: [0-9a-f-]{36}/);
		expect(sb.requests).toHaveLength(3);
	});

	test('4xx is not retried and carries Agora’s reason and request id', async () => {
		const result = await runWorkflow(
			agoraWorkflow({ resource: 'agent', operation: 'get', agentId: 'missing' }),
			credential,
		);
		const error = result.error('Agora')!;
		expect(error.message).toMatch(/404 TaskNotFound/);
		expect(String(error.description)).toContain(sb.requests[0].requestId);
		expect(sb.requests).toHaveLength(1);
	});

	test('401 says the credentials are wrong and never shows the secret', async () => {
		const result = await runWorkflow(get(), {
			...credential,
			customerSecret: 'wrong-secret-value',
		});
		const error = result.error('Agora')!;
		expect(error.message).toMatch(/401/);
		expect(JSON.stringify(result.run)).not.toContain('wrong-secret-value');
		expect(JSON.stringify(result.run)).not.toContain(
			Buffer.from(`${sb.customerId}:wrong-secret-value`).toString('base64'),
		);
	});

	test('a time-out is reported with the request id', async () => {
		sb.injectFault({ pathIncludes: '/agents/', kind: 'latency', latencyMs: 3000, count: 5 });
		const result = await runWorkflow(
			get({ requestOptions: { timeoutMs: 1000, maxRetries: 0 } }),
			credential,
		);
		expect(result.error('Agora')!.message).toMatch(/no answer within 1000 ms/);
	});

	test('continueOnFail gives a paired error item and the run goes on', async () => {
		const result = await runWorkflow(
			agoraWorkflow(
				{ resource: 'agent', operation: 'get', agentId: '={{$json.id}}' },
				[{ id: 'missing' }, { id: agentId }],
				{ continueOnFail: true },
			),
			credential,
		);
		const out = result.output('Agora');
		expect(out[0]).toMatchObject({ httpCode: 404, reason: 'TaskNotFound' });
		expect(out[0].requestId).toMatch(/^[0-9a-f-]{36}$/);
		expect(out[1].agent_id).toBe(agentId);
		const paired = result.run.data.resultData.runData.Agora[0].data!.main[0]!.map(
			(i) => i.pairedItem,
		);
		expect(paired).toEqual([{ item: 0 }, { item: 1 }]);
	});

	test('items run concurrently and keep input order', async () => {
		// A gate in front of the sandbox holds every request until all 20 wait together (Concurrency
		// defaults to 50), so concurrency shows as a count, not as a time. One at a time would leave
		// a single request waiting; the gate then opens after 10 s so the test fails, not hangs.
		const items = Array.from({ length: 20 }, (_, index) => ({ id: agentId, index }));
		let waiting = 0;
		let peak = 0;
		let open: () => void = () => {};
		const opened = new Promise<void>((resolve) => (open = resolve));
		const ceiling = setTimeout(() => open(), 10_000);
		const gate = await startFaultProxy({
			target: sb.url,
			onRequest: async () => {
				peak = Math.max(peak, ++waiting);
				if (waiting === items.length) open();
				await opened;
				waiting--;
			},
		});
		try {
			const result = await runWorkflow(
				agoraWorkflow({ resource: 'agent', operation: 'get', agentId: '={{$json.id}}' }, items),
				{
					...credential,
					customBaseUrl: gate.url,
				},
			);
			expect(peak).toBe(items.length);
			expect(result.output('Agora')).toHaveLength(20);
			const paired = result.run.data.resultData.runData.Agora[0].data!.main[0]!.map(
				(i) => i.pairedItem,
			);
			expect(paired).toEqual(items.map((_, item) => ({ item })));
		} finally {
			clearTimeout(ceiling);
			await gate.close();
		}
	});
});

describe('credential test', () => {
	let sb: Sandbox;
	useSandbox({}, (started) => ({ sb } = started));
	const run = (data: CredentialData) =>
		agoraApiCredentialTest.call(new CredentialTestContext(), {
			id: '1',
			name: 'Agora',
			type: 'agoraApi',
			data,
		});

	test('good credentials pass', async () => {
		const result = await run(sandboxCredential(sb));
		expect(result.status).toBe('OK');
	});
	test('a wrong secret fails with a clear message', async () => {
		const result = await run(sandboxCredential(sb, { customerSecret: 'nope' }));
		expect(result.status).toBe('Error');
		expect(result.message).toMatch(/Customer ID or Customer Secret/);
	});
	test('a product not enabled (403) passes with a note', async () => {
		const server = http.createServer((req, res) => {
			res.statusCode = req.url!.includes('cloud-player') ? 200 : 403;
			res.setHeader('content-type', 'application/json');
			res.end(
				req.url!.includes('cloud-player')
					? '{"players":[],"totalSize":0,"nextPageToken":""}'
					: '{"detail":"forbidden","reason":"Forbidden"}',
			);
		});
		await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
		try {
			const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
			const result = await run({
				customerId: 'a',
				customerSecret: 'b',
				appId: 'c',
				host: 'custom',
				customBaseUrl: url,
			});
			expect(result.status).toBe('OK');
			expect(result.message).toMatch(/Not enabled.*Conversational AI \(403\)/);
		} finally {
			server.close();
		}
	});
	test('an unreachable host fails', async () => {
		const result = await run({
			customerId: 'a',
			customerSecret: 'b',
			appId: 'c',
			host: 'custom',
			customBaseUrl: 'http://127.0.0.1:1',
		});
		expect(result.status).toBe('Error');
	});
});

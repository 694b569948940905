/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The Agora Trigger behind a real HTTP server, driven through n8n-core's WebhookContext and
 * WorkflowExecute (see triggerHarness.ts), fed by the sandbox's signed notification sender.
 */
import { createHmac } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';

import axios from 'axios';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startSandbox } from '../../../sandbox/src';
import type { Sandbox } from '../../../sandbox/src';
import { agentPath, client, playerBody, playersPath, startBody, waitFor } from '../../../sandbox/src/helpers';
import { startTriggerServer } from '../../lib/triggerHarness';
import type { TriggerServer } from '../../lib/triggerHarness';

const SECRET = 'n0tify-s3cret-value';
const credential = (notificationSecret = SECRET) => ({
	customerId: 'cid',
	customerSecret: 'customer-secret-xyz',
	appId: 'app',
	host: 'custom',
	customBaseUrl: 'http://127.0.0.1:1',
	notificationSecret,
});

const servers: TriggerServer[] = [];
const sandboxes: Sandbox[] = [];
afterEach(async () => {
	for (const sb of sandboxes.splice(0)) await sb.close();
	for (const s of servers.splice(0)) await s.close();
});

async function setup(
	parameters: INodeParameters = {},
	opts: { secret?: string; sandboxSecret?: string; notifyUrl?: (trigger: TriggerServer) => string; credentialLatencyMs?: number } = {},
): Promise<{ trigger: TriggerServer; sb: Sandbox }> {
	const trigger = await startTriggerServer({
		parameters: { product: 'both', ...parameters },
		credential: credential(opts.secret ?? SECRET),
		credentialLatencyMs: opts.credentialLatencyMs,
	});
	servers.push(trigger);
	const sb = await startSandbox({
		startDelayMs: 10,
		stopDelayMs: 10,
		notify: {
			url: opts.notifyUrl ? opts.notifyUrl(trigger) : trigger.url,
			secret: opts.sandboxSecret ?? SECRET,
			retryDelayMs: 20,
			// A generous wait for each answer: a slow answer on a busy machine must not count as lost.
			timeoutMs: 15000,
		},
	});
	sandboxes.push(sb);
	return { trigger, sb };
}

function sign(body: string, secret = SECRET): Record<string, string> {
	return {
		'Agora-Signature': createHmac('sha1', secret).update(body).digest('hex'),
		'Agora-Signature-V2': createHmac('sha256', secret).update(body).digest('hex'),
	};
}

async function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
	return await axios.post(url, body, {
		headers: { 'Content-Type': 'application/json', ...headers },
		validateStatus: () => true,
		transformRequest: [(d: unknown) => d],
		maxBodyLength: Infinity,
	});
}

function envelope(over: IDataObject = {}): IDataObject {
	return {
		noticeId: `n-${Math.random().toString(36).slice(2)}`,
		productId: 17,
		eventType: 101,
		notifyMs: 1_700_000_000_000,
		sid: 'sid-1',
		payload: { agent_id: 'A1', name: 'agent', start_ts: 1, channel: 'room1', labels: { customer: 'acme' } },
		...over,
	};
}

const agentLeft = (labels?: IDataObject) => ({
	productId: 17,
	eventType: 102,
	payload: { agent_id: 'A2', name: 'a', start_ts: 1, stop_ts: 2, channel: 'room1', status: 'STOPPED', message: 'ok', ...(labels ? { labels } : {}) },
});

describe('accepted notifications', () => {
	it('a signed event starts the workflow once with the documented item, answered 200 JSON at once', async () => {
		const { trigger, sb } = await setup();
		const r = await sb.sendNotification({ ...agentLeft({ customer: 'acme', tier: 'gold' }), noticeId: 'notice-1', sid: 'sid-9' });
		expect(r).toEqual({ status: 200, attempts: 1 });
		await trigger.settle();
		expect(trigger.answers).toEqual([{ status: 200, body: '{"status":"ok"}', json: { status: 'ok' } }]);
		expect(trigger.started()).toHaveLength(1);
		const [item] = trigger.started()[0];
		expect(item).toEqual({
			noticeId: 'notice-1',
			productId: 17,
			product: 'conversational_ai',
			eventType: 102,
			event: 'agent_left',
			notifyMs: expect.any(Number),
			sid: 'sid-9',
			labels: { customer: 'acme', tier: 'gold' },
			payload: agentLeft({ customer: 'acme', tier: 'gold' }).payload,
			healthCheck: false,
			verified: true,
		});
		expect(trigger.runs[0].status).toBe('success');
	});

	it('events the sandbox emits on its own (agent start/stop, player create/delete) each start one run', async () => {
		const { trigger, sb } = await setup();
		const api = client(sb);
		const started = await api.post(
			agentPath(sb, '/join'),
			startBody({ name: 'with-labels', channel: 'chL', properties: { labels: { customer: 'acme' } } }),
		);
		expect(started.status).toBe(200);
		await waitFor(() => sb.notifications().some((n) => n.eventType === 101 && n.status === 200));
		expect((await api.post(agentPath(sb, `/agents/${started.data.agent_id}/leave`))).status).toBe(200);
		await waitFor(() => sb.notifications().filter((n) => n.productId === 17 && n.status === 200).length === 3);
		const created = await api.post(playersPath(sb), playerBody({ name: 'p1' }));
		expect(created.status).toBe(200);
		await api.delete(playersPath(sb, 'na', created.data.player.id));
		await waitFor(() => sb.notifications().some((n) => n.productId === 4 && n.eventType === 3 && n.status === 200));
		await trigger.settle();
		const events = trigger.started().map((items) => `${items[0].product}:${items[0].event}`);
		expect(events).toEqual(
			expect.arrayContaining([
				'conversational_ai:agent_joined',
				'conversational_ai:agent_left',
				'conversational_ai:agent_history',
				'media_pull:player_created',
				'media_pull:player_destroyed',
			]),
		);
		expect(trigger.started().length).toBe(sb.notifications().length);
		const joined = trigger.started().find((items) => items[0].event === 'agent_joined')![0];
		expect(joined.labels).toEqual({ customer: 'acme' });
		expect((joined.payload as IDataObject).agent_id).toBe(started.data.agent_id);
	});

	it('a notification signed with SHA-1 only is accepted; a wrong SHA-1 is 401', async () => {
		const { trigger } = await setup();
		const body = JSON.stringify(envelope());
		const { 'Agora-Signature': sha1 } = sign(body);
		expect((await post(trigger.url, body, { 'Agora-Signature': sha1 })).status).toBe(200);
		const other = JSON.stringify(envelope());
		expect((await post(trigger.url, other, { 'Agora-Signature': sha1 })).status).toBe(401);
		await trigger.settle();
		expect(trigger.started()).toHaveLength(1);
	});

	it('"application/json; charset=utf-8" and non-ASCII bodies verify on the raw bytes', async () => {
		const { trigger } = await setup();
		const body = JSON.stringify(envelope({ payload: { channel: 'salle-été', labels: { ville: 'Zürich 東京' } } }));
		const r = await post(trigger.url, Buffer.from(body, 'utf8'), { ...sign(body), 'Content-Type': 'application/json; charset=utf-8' });
		expect(r.status).toBe(200);
		await trigger.settle();
		expect(trigger.started()[0][0].labels).toEqual({ ville: 'Zürich 東京' });
	});
});

describe('resends (dedupe on noticeId)', () => {
	it('the same noticeId sent twice starts the workflow once; the resend is answered 200', async () => {
		const { trigger, sb } = await setup();
		const first = await sb.sendNotification({ ...agentLeft(), noticeId: 'dup-1' });
		const second = await sb.sendNotification({ ...agentLeft(), noticeId: 'dup-1' });
		expect(first.status).toBe(200);
		expect(second).toEqual({ status: 200, attempts: 1 });
		await trigger.settle();
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.answers.map((a) => a.json)).toEqual([{ status: 'ok' }, { status: 'ok', ignored: 'duplicate' }]);
		expect(trigger.staticData()['node:Agora Trigger']).toMatchObject({ seenNotices: [['dup-1', expect.any(Number)]] });
	});

	it('when the first 200 is lost on the way back, Agora resends and the workflow still runs once', async () => {
		// A proxy that forwards to n8n but drops the connection instead of returning the first answer.
		let forwarded = 0;
		const proxy = http.createServer((req, res) => {
			const chunks: Buffer[] = [];
			req.on('data', (c: Buffer) => chunks.push(c));
			req.on('end', () => {
				forwarded++;
				const n = forwarded;
				const target = new URL(proxyTarget);
				const out = http.request(target, { method: 'POST', headers: req.headers }, (up) => {
					const body: Buffer[] = [];
					up.on('data', (c: Buffer) => body.push(c));
					up.on('end', () => {
						if (n === 1) {
							req.socket.destroy();
							return;
						}
						res.writeHead(up.statusCode ?? 502, up.headers);
						res.end(Buffer.concat(body));
					});
				});
				out.end(Buffer.concat(chunks));
			});
		});
		await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
		let proxyTarget = '';
		try {
			const { trigger, sb } = await setup({}, { notifyUrl: () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/` });
			proxyTarget = trigger.url;
			const r = await sb.sendNotification({ ...agentLeft(), noticeId: 'lost-answer' });
			expect(r).toEqual({ status: 200, attempts: 2 });
			await trigger.settle();
			expect(forwarded).toBe(2);
			expect(trigger.runs).toHaveLength(1);
			expect(trigger.answers.map((a) => a.json?.ignored)).toEqual([undefined, 'duplicate']);
		} finally {
			proxy.closeAllConnections();
			await new Promise((r) => proxy.close(r));
		}
	});

	it('the same noticeId arriving concurrently starts at most one run; distinct ids all run', async () => {
		// Credential lookups take 30 ms, so every request loads the stored static data before any
		// saves it: only the per-process record can catch the duplicates.
		const { trigger } = await setup({}, { credentialLatencyMs: 30 });
		const dup = JSON.stringify(envelope({ noticeId: 'burst' }));
		const distinct = Array.from({ length: 20 }, (_, i) => JSON.stringify(envelope({ noticeId: `d-${i}` })));
		const answers = await Promise.all([
			...Array.from({ length: 5 }, async () => await post(trigger.url, dup, sign(dup))),
			...distinct.map(async (b) => await post(trigger.url, b, sign(b))),
		]);
		expect(answers.every((a) => a.status === 200)).toBe(true);
		await trigger.settle();
		const ids = trigger.started().map((items) => items[0].noticeId);
		expect(ids.filter((id) => id === 'burst')).toHaveLength(1);
		expect(new Set(ids).size).toBe(21);
	});

	it('"Ignore Resends" off lets a repeated noticeId start again', async () => {
		const { trigger, sb } = await setup({ options: { ignoreResends: false } });
		await sb.sendNotification({ ...agentLeft(), noticeId: 'again' });
		await sb.sendNotification({ ...agentLeft(), noticeId: 'again' });
		await trigger.settle();
		expect(trigger.runs).toHaveLength(2);
	});

	it('the record lives in the stored static data: another process (no shared memory) still ignores the id', async () => {
		const { trigger } = await setup();
		const body = JSON.stringify(envelope({ noticeId: 'persisted' }));
		expect((await post(trigger.url, body, sign(body))).status).toBe(200);
		// A different workflow id gives the second server its own in-process scope, so only the
		// static data handed over (as n8n would load it from the database) can recognise the id.
		const other = await startTriggerServer({
			parameters: { product: 'both' },
			credential: credential(),
			staticData: trigger.staticData(),
		});
		servers.push(other);
		const resend = await post(other.url, body, sign(body));
		expect(resend.data).toEqual({ status: 'ok', ignored: 'duplicate' });
		const fresh = await startTriggerServer({ parameters: { product: 'both' }, credential: credential() });
		servers.push(fresh);
		expect((await post(fresh.url, body, sign(body))).data).toEqual({ status: 'ok' });
		await Promise.all([trigger.settle(), other.settle(), fresh.settle()]);
		expect([trigger.runs.length, other.runs.length, fresh.runs.length]).toEqual([1, 0, 1]);
	});
});

describe('rejected requests start nothing', () => {
	it('a forged signature is 401 (Agora retries, every attempt refused)', async () => {
		const { trigger, sb } = await setup();
		const r = await sb.sendNotification(agentLeft(), { badSignature: true });
		expect(r).toEqual({ status: 401, attempts: 4 });
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
		expect(trigger.answers[0]).toMatchObject({ status: 401, json: { status: 'error', message: 'Signature does not match the notification secret' } });
	});

	it('missing signature headers are 401 when a secret is set', async () => {
		const { trigger } = await setup();
		const r = await post(trigger.url, JSON.stringify(envelope()));
		expect(r.status).toBe(401);
		expect(r.data.message).toMatch(/Missing Agora-Signature-V2/);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('a valid SHA-1 next to a wrong SHA-256 is 401 (V2 is the one checked)', async () => {
		const { trigger } = await setup();
		const body = JSON.stringify(envelope());
		const r = await post(trigger.url, body, { ...sign(body), 'Agora-Signature-V2': sign(body, 'other')['Agora-Signature-V2'] });
		expect(r.status).toBe(401);
		expect(trigger.runs).toHaveLength(0);
	});

	it('a body changed after signing (even only re-serialised) is 401', async () => {
		const { trigger } = await setup();
		const original = JSON.stringify(envelope(), null, 2);
		const reserialised = JSON.stringify(JSON.parse(original));
		expect((await post(trigger.url, reserialised, sign(original))).status).toBe(401);
		expect((await post(trigger.url, original, sign(original))).status).toBe(200);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(1);
	});

	it('malformed JSON is 400, even when correctly signed', async () => {
		const { trigger } = await setup();
		const body = '{"noticeId": "x", "productId": 17,';
		const r = await post(trigger.url, body, sign(body));
		expect(r.status).toBe(400);
		expect(r.data).toEqual({ status: 'error', message: 'Body is not valid JSON' });
		expect(trigger.runs).toHaveLength(0);
	});

	it('a body without the envelope fields is 400 naming the field', async () => {
		const { trigger } = await setup();
		const cases: Array<[unknown, RegExp]> = [
			[{ productId: 17, eventType: 101, payload: {} }, /noticeId/],
			[{ noticeId: 'a', eventType: 101, payload: {} }, /productId/],
			[{ noticeId: 'a', productId: 17, payload: {} }, /eventType/],
			[{ noticeId: 'a', productId: 17, eventType: 101 }, /payload/],
			[{ noticeId: 'a', productId: '17', eventType: 101, payload: {} }, /productId/],
			[[envelope()], /JSON object/],
		];
		for (const [value, message] of cases) {
			const body = JSON.stringify(value);
			const r = await post(trigger.url, body, sign(body));
			expect(r.status).toBe(400);
			expect(r.data.message).toMatch(message);
		}
		expect(trigger.runs).toHaveLength(0);
	});

	it('a content type other than application/json is 415', async () => {
		const { trigger } = await setup();
		const body = JSON.stringify(envelope());
		for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonp']) {
			const r = await post(trigger.url, body, { ...sign(body), 'Content-Type': type });
			expect(r.status).toBe(415);
		}
		const none = await axios.post(trigger.url, Buffer.from(body), { headers: { ...sign(body), 'Content-Type': '' }, validateStatus: () => true });
		expect(none.status).toBe(415);
		expect(trigger.runs).toHaveLength(0);
	});

	it('a body over the size limit is 413 (default n8n\u2019s own 16 MB, so a long 103 history fits; the option lowers it)', async () => {
		const { trigger } = await setup();
		const history = { agent_id: 'A', channel: 'c', contents: Array.from({ length: 4000 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'a long turn '.repeat(20) })) };
		const long = JSON.stringify(envelope({ eventType: 103, payload: history }));
		expect(long.length).toBeGreaterThan(600 * 1024);
		expect((await post(trigger.url, long, sign(long))).status).toBe(200);
		trigger.update({ parameters: { product: 'both', options: { maxBodySizeKb: 256 } } });
		expect((await post(trigger.url, long, sign(long))).status).toBe(413);
		trigger.update({ parameters: { product: 'both', options: { maxBodySizeKb: 1 } } });
		const small = JSON.stringify(envelope({ payload: { channel: 'c', filler: 'x'.repeat(2048) } }));
		const r = await post(trigger.url, small, sign(small));
		expect(r.status).toBe(413);
		expect(r.data.message).toBe('Body is larger than 1 kB');
		await trigger.settle();
		expect(trigger.runs).toHaveLength(1);
	});

	it('without n8n’s raw body the call fails loudly (500, error recorded) instead of verifying a re-serialised body', async () => {
		const { trigger, sb } = await setup();
		trigger.rawBodyMode = 'missing';
		const r = await sb.sendNotification(agentLeft());
		expect(r.status).toBe(500);
		expect(trigger.runs).toHaveLength(0);
		expect(trigger.errors[0].message).toMatch(/raw request body is not available/);
	});
});

describe('raw body read on demand', () => {
	it('reads the body through req.readRawBody() when n8n has not read it yet', async () => {
		const { trigger, sb } = await setup();
		trigger.rawBodyMode = 'lazy';
		expect(await sb.sendNotification({ ...agentLeft(), noticeId: 'lazy' })).toEqual({ status: 200, attempts: 1 });
		const forged = await sb.sendNotification(agentLeft(), { badSignature: true });
		expect(forged.status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].noticeId)).toEqual(['lazy']);
	});

	it('answers 413 when n8n’s own reader refuses the body as too large', async () => {
		const trigger = await startTriggerServer({
			parameters: { product: 'both' },
			credential: credential(),
			payloadMaxBytes: 512,
		});
		servers.push(trigger);
		trigger.rawBodyMode = 'lazy';
		// No Content-Length (chunked), so only the reader can notice the size.
		const body = JSON.stringify(envelope({ payload: { channel: 'c', filler: 'x'.repeat(2048) } }));
		const r = await new Promise<number>((resolve, reject) => {
			const req = http.request(trigger.url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...sign(body) } }, (res) => {
				res.resume();
				resolve(res.statusCode ?? 0);
			});
			req.on('error', reject);
			req.write(body.slice(0, 1000));
			req.end(body.slice(1000));
		});
		expect(r).toBe(413);
		expect(trigger.runs).toHaveLength(0);
		expect(trigger.errors).toEqual([]);
	});
});

describe('the console health check when a notification secret is set', () => {
	// Agora's docs: the console's check sends test callbacks whose channel is test_webhook; they do
	// not say whether those are signed.
	const check = (over: IDataObject = {}) =>
		envelope({ eventType: 101, payload: { channelName: 'test_webhook', uid: 12121212, channel: 'test_webhook' }, ...over });

	it('an unsigned check is answered 200 and starts nothing, even with "Start on Console Health Check"', async () => {
		const { trigger } = await setup({ options: { startOnHealthCheck: true } });
		const r = await post(trigger.url, JSON.stringify(check()));
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ status: 'ok', ignored: 'health_check_unsigned' });
		const media = await post(trigger.url, JSON.stringify(check({ productId: 4, payload: { player: { channelName: 'test_webhook' } } })));
		expect(media.status).toBe(200);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('a signed check is verified as usual: it starts the workflow only when the option says so', async () => {
		const { trigger } = await setup({ options: { startOnHealthCheck: true } });
		const body = JSON.stringify(check());
		expect((await post(trigger.url, body, sign(body))).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()).toHaveLength(1);
		expect(trigger.started()[0][0]).toMatchObject({ healthCheck: true, verified: true });
	});

	it('a check with a wrong signature is 401 (the secret in n8n is not the console\'s)', async () => {
		const { trigger } = await setup({ options: { startOnHealthCheck: true } });
		const body = JSON.stringify(check());
		const r = await post(trigger.url, body, sign(body, 'another-secret'));
		expect(r.status).toBe(401);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('any other unsigned notification stays refused, also one that only mentions test_webhook elsewhere', async () => {
		const { trigger } = await setup();
		for (const body of [envelope(), envelope({ payload: { agent_id: 'A1', labels: { channel: 'test_webhook' } } })]) {
			const r = await post(trigger.url, JSON.stringify(body));
			expect(r.status).toBe(401);
		}
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('an unsigned body that is not a notification is still 401, not 400 (nothing is told before verification)', async () => {
		const { trigger } = await setup();
		const r = await post(trigger.url, '{"payload": {"channel": "test_webhook"}}');
		expect(r.status).toBe(401);
	});
});

describe('filters', () => {
	it('the console health check is answered 200 and starts nothing by default; the option lets it through', async () => {
		const { trigger, sb } = await setup({ product: 'mediaPull' });
		const health = { productId: 17, eventType: 101, payload: { channel: 'test_webhook', agent_id: 'x' } };
		expect((await sb.sendNotification(health)).status).toBe(200);
		expect(trigger.answers[0].json).toEqual({ status: 'ok', ignored: 'health_check' });
		trigger.update({ parameters: { product: 'mediaPull', options: { startOnHealthCheck: true } } });
		expect((await sb.sendNotification(health)).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()).toHaveLength(1);
		expect(trigger.started()[0][0]).toMatchObject({ healthCheck: true, productId: 17 });
	});

	it('unselected events and other products are answered 200 and start nothing', async () => {
		const { trigger, sb } = await setup({ product: 'conversationalAi', conversationalAiEvents: ['agent_left', 'agent_error'] });
		const results = [
			await sb.sendNotification({ productId: 17, eventType: 101, payload: { channel: 'c' } }),
			await sb.sendNotification(agentLeft()),
			await sb.sendNotification({ productId: 17, eventType: 110, payload: { channel: 'c', errors: [] } }),
			await sb.sendNotification({ productId: 4, eventType: 1, payload: { player: { channelName: 'c', id: 'p' } } }),
			await sb.sendNotification({ productId: 1, eventType: 101, payload: { channelName: 'c' } }),
		];
		expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].event)).toEqual(['agent_left', 'agent_error']);
		expect(trigger.answers.map((a) => a.json?.ignored)).toEqual([
			'event_not_selected:agent_joined',
			undefined,
			undefined,
			'product_not_selected',
			'product_not_selected',
		]);
	});

	it('Media Pull with "All" passes every player event, also unknown new event types', async () => {
		const { trigger, sb } = await setup({ product: 'mediaPull', mediaPullEvents: ['*'] });
		for (const eventType of [1, 3, 4, 9]) {
			await sb.sendNotification({ productId: 4, eventType, payload: { player: { channelName: 'c', id: 'p', status: 'running' } } });
		}
		await sb.sendNotification(agentLeft());
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].event)).toEqual([
			'player_created',
			'player_destroyed',
			'player_status_changed',
			'event_9',
		]);
	});

	it('an empty event selection means all events of the product', async () => {
		const { trigger, sb } = await setup({ product: 'conversationalAi', conversationalAiEvents: [] });
		await sb.sendNotification({ productId: 17, eventType: 112, payload: { agent_id: 'a', turns: [] } });
		await sb.sendNotification({ productId: 17, eventType: 201, payload: { state: 'ringing', report_ms: 1 } });
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].event)).toEqual(['turns_finished', 'inbound_call_state']);
		expect(trigger.started()[1][0].labels).toEqual({});
	});

	it('the label filter keeps only notifications whose labels match every pair', async () => {
		const { trigger, sb } = await setup({
			options: { labelFilter: { labels: [{ name: 'customer', value: 'acme' }, { name: 'tier', value: '1' }] } },
		});
		await sb.sendNotification({ ...agentLeft({ customer: 'acme', tier: '1', extra: 'x' }), noticeId: 'match' });
		await sb.sendNotification({ ...agentLeft({ customer: 'acme', tier: 1 }), noticeId: 'match-number' });
		await sb.sendNotification({ ...agentLeft({ customer: 'acme' }), noticeId: 'partial' });
		await sb.sendNotification({ ...agentLeft({ customer: 'other', tier: '1' }), noticeId: 'other' });
		await sb.sendNotification({ ...agentLeft(), noticeId: 'none' });
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].noticeId)).toEqual(['match', 'match-number']);
		expect(trigger.answers.filter((a) => a.json?.ignored === 'labels_not_matched')).toHaveLength(3);
		expect(trigger.answers.every((a) => a.status === 200)).toBe(true);
	});
});

describe('without a notification secret', () => {
	it('accepts unsigned (and wrongly signed) notifications, marked verified: false', async () => {
		const { trigger, sb } = await setup({}, { secret: '' });
		expect((await post(trigger.url, JSON.stringify(envelope({ noticeId: 'unsigned' })))).status).toBe(200);
		expect((await sb.sendNotification(agentLeft(), { badSignature: true })).status).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([false, false]);
	});
});

describe('the notification secret kept in memory', () => {
	const signedPost = (trigger: TriggerServer, noticeId: string, secret = SECRET) => {
		const body = JSON.stringify(envelope({ noticeId }));
		return post(trigger.url, body, sign(body, secret));
	};

	it('a burst of notifications reads the credential once, every one verified', async () => {
		const { trigger } = await setup({}, { secret: 'burst-secret-1' });
		// Another test of this file may have left a different secret under the same credential id.
		await signedPost(trigger, 'warm', 'burst-secret-1');
		const before = trigger.credentialLoads();
		const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => signedPost(trigger, `n${i}`, 'burst-secret-1')));
		expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
		expect(trigger.credentialLoads() - before).toBe(0);
		await trigger.settle();
		expect(trigger.started().every((items) => items[0].verified === true)).toBe(true);
		expect(trigger.started()).toHaveLength(21);
	});

	it('a new secret is used at once, and the old one is refused after the change is seen', async () => {
		const { trigger } = await setup({}, { secret: 'rotate-old' });
		expect((await signedPost(trigger, 'a', 'rotate-old')).status).toBe(200);
		trigger.update({ credential: credential('rotate-new') });
		expect((await signedPost(trigger, 'b', 'rotate-new')).status).toBe(200);
		expect((await signedPost(trigger, 'c', 'rotate-old')).status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].noticeId)).toEqual(['a', 'b']);
	});

	it('removing the secret lets unsigned notifications in at once, marked verified: false', async () => {
		const { trigger } = await setup({}, { secret: 'remove-me' });
		expect((await signedPost(trigger, 'signed', 'remove-me')).status).toBe(200);
		trigger.update({ credential: credential('') });
		expect((await post(trigger.url, JSON.stringify(envelope({ noticeId: 'unsigned' })))).status).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => [items[0].noticeId, items[0].verified])).toEqual([
			['signed', true],
			['unsigned', false],
		]);
	});

	it('"no secret" is never kept: a secret added later is enforced on the next notification', async () => {
		const { trigger } = await setup({}, { secret: '' });
		expect((await post(trigger.url, JSON.stringify(envelope({ noticeId: 'open' })))).status).toBe(200);
		trigger.update({ credential: credential('added-later') });
		expect((await post(trigger.url, JSON.stringify(envelope({ noticeId: 'unsigned' })))).status).toBe(401);
		expect((await signedPost(trigger, 'signed', 'added-later')).status).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => [items[0].noticeId, items[0].verified])).toEqual([
			['open', false],
			['signed', true],
		]);
	});
});

describe('webhook lifecycle (activation)', () => {
	it('create records the URL, checkExists acknowledges it, delete clears it', async () => {
		const trigger = await startTriggerServer({ parameters: { product: 'both' }, credential: credential() });
		servers.push(trigger);
		expect(await trigger.activate()).toEqual({ existed: false, created: true });
		const data = trigger.staticData()['node:Agora Trigger'] as IDataObject;
		expect(data.webhookUrl).toBe(trigger.url);
		expect(Date.parse(data.webhookRegisteredAt as string)).toBeGreaterThan(Date.now() - 60_000);
		expect(await trigger.activate()).toEqual({ existed: true });
		expect(await trigger.deactivate()).toBe(true);
		expect(trigger.staticData()['node:Agora Trigger']).toEqual({});
		expect(await trigger.checkExists()).toBe(false);
	});
});

describe('secrets', () => {
	it('never appear in answers, items, errors or static data', async () => {
		const { trigger, sb } = await setup();
		await sb.sendNotification(agentLeft());
		await sb.sendNotification(agentLeft(), { badSignature: true });
		const body = '{oops';
		await post(trigger.url, body, sign(body));
		trigger.rawBodyMode = 'missing';
		await sb.sendNotification(agentLeft());
		await trigger.settle();
		const everything = JSON.stringify({
			answers: trigger.answers,
			items: trigger.started(),
			errors: trigger.errors.map((e) => ({ message: e.message, description: (e as { description?: string }).description })),
			stored: trigger.staticData(),
		});
		expect(trigger.started()).toHaveLength(1);
		expect(everything).not.toContain(SECRET);
		expect(everything).not.toContain('customer-secret-xyz');
	});
});

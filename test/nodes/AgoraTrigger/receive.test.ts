/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The Agora Trigger behind a real HTTP server (triggerHarness.ts), fed by the sandbox's signed sender:
 * what it accepts, what it refuses, how it reads the body, the console's health check.
 */
import * as http from 'http';

import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { agentPath, client, playerBody, playersPath, waitFor } from '../../../sandbox/src/helpers';
import { seedAgent } from '../../lib/sandbox';
import {
	agentLeft,
	agoraApiCredential,
	envelope,
	healthCheck,
	post,
	setup,
	sign,
	startTrigger,
} from './setup';

describe('accepted notifications', () => {
	it('a signed event starts the workflow once with the documented item, answered 200 JSON at once', async () => {
		const { trigger, sb } = await setup();
		const r = await sb.sendNotification({
			...agentLeft({ customer: 'acme', tier: 'gold' }),
			noticeId: 'notice-1',
			sid: 'sid-9',
		});
		expect(r).toEqual({ status: 200, attempts: 1 });
		await trigger.settle();
		expect(trigger.answers).toEqual([
			{ status: 200, body: '{"status":"ok"}', json: { status: 'ok' } },
		]);
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
		const agentId = await seedAgent(sb, {
			name: 'with-labels',
			channel: 'chL',
			properties: { labels: { customer: 'acme' } },
		});
		await waitFor(() => sb.notifications().some((n) => n.eventType === 101 && n.status === 200));
		expect((await api.post(agentPath(sb, `/agents/${agentId}/leave`))).status).toBe(200);
		await waitFor(
			() => sb.notifications().filter((n) => n.productId === 17 && n.status === 200).length === 3,
		);
		const created = await api.post(playersPath(sb), playerBody({ name: 'p1' }));
		expect(created.status).toBe(200);
		await api.delete(playersPath(sb, 'na', created.data.player.id));
		await waitFor(() =>
			sb.notifications().some((n) => n.productId === 4 && n.eventType === 3 && n.status === 200),
		);
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
		expect((joined.payload as IDataObject).agent_id).toBe(agentId);
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
		const body = JSON.stringify(
			envelope({ payload: { channel: 'salle-été', labels: { ville: 'Zürich 東京' } } }),
		);
		const r = await post(trigger.url, Buffer.from(body, 'utf8'), {
			...sign(body),
			'Content-Type': 'application/json; charset=utf-8',
		});
		expect(r.status).toBe(200);
		await trigger.settle();
		expect(trigger.started()[0][0].labels).toEqual({ ville: 'Zürich 東京' });
	});
});

describe('rejected requests start nothing', () => {
	it('a forged signature is 401 (Agora retries, every attempt refused)', async () => {
		const { trigger, sb } = await setup();
		const r = await sb.sendNotification(agentLeft(), { badSignature: true });
		expect(r).toEqual({ status: 401, attempts: 4 });
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
		expect(trigger.answers[0]).toMatchObject({
			status: 401,
			json: { status: 'error', message: 'Signature does not match the notification secret' },
		});
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
		const r = await post(trigger.url, body, {
			...sign(body),
			'Agora-Signature-V2': sign(body, 'other')['Agora-Signature-V2'],
		});
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
		const none = await axios.post(trigger.url, Buffer.from(body), {
			headers: { ...sign(body), 'Content-Type': '' },
			validateStatus: () => true,
		});
		expect(none.status).toBe(415);
		expect(trigger.runs).toHaveLength(0);
	});

	it('a body over the size limit is 413 (default n8n\u2019s own 16 MB, so a long 103 history fits; the option lowers it)', async () => {
		const { trigger } = await setup();
		const history = {
			agent_id: 'A',
			channel: 'c',
			contents: Array.from({ length: 4000 }, (_, i) => ({
				role: i % 2 ? 'assistant' : 'user',
				content: 'a long turn '.repeat(20),
			})),
		};
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
		expect(await sb.sendNotification({ ...agentLeft(), noticeId: 'lazy' })).toEqual({
			status: 200,
			attempts: 1,
		});
		const forged = await sb.sendNotification(agentLeft(), { badSignature: true });
		expect(forged.status).toBe(401);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].noticeId)).toEqual(['lazy']);
	});

	it('answers 413 when n8n’s own reader refuses the body as too large', async () => {
		const trigger = await startTrigger({
			parameters: { product: 'both' },
			credential: agoraApiCredential(),
			payloadMaxBytes: 512,
		});
		trigger.rawBodyMode = 'lazy';
		// No Content-Length (chunked), so only the reader can notice the size.
		const body = JSON.stringify(envelope({ payload: { channel: 'c', filler: 'x'.repeat(2048) } }));
		const r = await new Promise<number>((resolve, reject) => {
			const req = http.request(
				trigger.url,
				{ method: 'POST', headers: { 'Content-Type': 'application/json', ...sign(body) } },
				(res) => {
					res.resume();
					resolve(res.statusCode ?? 0);
				},
			);
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

	it('an unsigned check is answered 200 and starts nothing, even with "Start on Console Health Check"', async () => {
		const { trigger } = await setup({ options: { startOnHealthCheck: true } });
		const r = await post(trigger.url, JSON.stringify(healthCheck()));
		expect(r.status).toBe(200);
		expect(r.data).toEqual({ status: 'ok', ignored: 'health_check_unsigned' });
		const media = await post(
			trigger.url,
			JSON.stringify(
				healthCheck({ productId: 4, payload: { player: { channelName: 'test_webhook' } } }),
			),
		);
		expect(media.status).toBe(200);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('a signed check is verified as usual: it starts the workflow only when the option says so', async () => {
		const { trigger } = await setup({ options: { startOnHealthCheck: true } });
		const body = JSON.stringify(healthCheck());
		expect((await post(trigger.url, body, sign(body))).status).toBe(200);
		await trigger.settle();
		expect(trigger.started()).toHaveLength(1);
		expect(trigger.started()[0][0]).toMatchObject({ healthCheck: true, verified: true });
	});

	it("a check with a wrong signature is 401 (the secret in n8n is not the console's)", async () => {
		const { trigger } = await setup({ options: { startOnHealthCheck: true } });
		const body = JSON.stringify(healthCheck());
		const r = await post(trigger.url, body, sign(body, 'another-secret'));
		expect(r.status).toBe(401);
		await trigger.settle();
		expect(trigger.runs).toHaveLength(0);
	});

	it('any other unsigned notification stays refused, also one that only mentions test_webhook elsewhere', async () => {
		const { trigger } = await setup();
		for (const body of [
			envelope(),
			envelope({ payload: { agent_id: 'A1', labels: { channel: 'test_webhook' } } }),
		]) {
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

describe('without a notification secret', () => {
	it('accepts unsigned (and wrongly signed) notifications, marked verified: false', async () => {
		const { trigger, sb } = await setup({}, { secret: '' });
		expect(
			(await post(trigger.url, JSON.stringify(envelope({ noticeId: 'unsigned' })))).status,
		).toBe(200);
		expect((await sb.sendNotification(agentLeft(), { badSignature: true })).status).toBe(200);
		await trigger.settle();
		expect(trigger.started().map((items) => items[0].verified)).toEqual([false, false]);
	});
});

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
import { createHmac } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, playerBody, playersPath, startBody, waitFor } from '../src/helpers';

const SECRET = 'notify-secret-123';

interface Received {
	raw: string;
	body: {
		noticeId: string;
		productId: number;
		eventType: number;
		notifyMs: number;
		sid: string;
		payload: Record<string, unknown>;
	};
	headers: http.IncomingHttpHeaders;
	at: number;
}

let receiver: http.Server;
let receiverUrl: string;
let received: Received[] = [];
/** Statuses to answer, consumed in order; 200 when empty. 0 = never answer (time-out). */
let script: number[] = [];
let answerDelayMs = 0;

beforeAll(async () => {
	receiver = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const raw = Buffer.concat(chunks).toString('utf8');
			received.push({ raw, body: JSON.parse(raw), headers: req.headers, at: Date.now() });
			const status = script.length ? script.shift()! : 200;
			if (status === 0) return; // hang: the sender times out
			setTimeout(() => {
				res.writeHead(status, { 'Content-Type': 'application/json' });
				res.end('{}');
			}, answerDelayMs);
		});
	});
	await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
	receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhook`;
});
afterAll(async () => {
	receiver.closeAllConnections();
	await new Promise((r) => receiver.close(r));
});

let sb: Sandbox;
let api: AxiosInstance;
beforeEach(async () => {
	received = [];
	script = [];
	answerDelayMs = 0;
	// A generous wait for each answer: on a busy machine a slow 200 must not count as a time-out.
	sb = await startSandbox({
		startDelayMs: 10,
		stopDelayMs: 10,
		clock: 'manual',
		notify: { url: receiverUrl, secret: SECRET, retryDelayMs: 20, timeoutMs: 10_000 },
	});
	api = client(sb);
});
afterEach(() => sb.close());

function verify(r: Received, secret = SECRET): boolean {
	const v1 = createHmac('sha1', secret).update(r.raw).digest('hex');
	const v2 = createHmac('sha256', secret).update(r.raw).digest('hex');
	return r.headers['agora-signature'] === v1 && r.headers['agora-signature-v2'] === v2;
}

function events(productId: number, eventType: number): Received[] {
	return received.filter((r) => r.body.productId === productId && r.body.eventType === eventType);
}

describe('automatic agent notifications', () => {
	it('101 when RUNNING; 102 and 103 when STOPPED; signed; labels present', async () => {
		const body = startBody({
			name: 'notif',
			channel: 'chN',
			properties: { labels: { customer: 'acme', tier: 'gold' } },
		});
		const r = await api.post(agentPath(sb, '/join'), body);
		const id = r.data.agent_id;
		expect(events(17, 101)).toHaveLength(0);
		sb.clock.advance(10);
		await waitFor(() => events(17, 101).length === 1);
		const joined = events(17, 101)[0];
		expect(joined.headers['content-type']).toMatch(/^application\/json/);
		expect(verify(joined)).toBe(true);
		expect(Object.keys(joined.body).sort()).toEqual([
			'eventType',
			'noticeId',
			'notifyMs',
			'payload',
			'productId',
			'sid',
		]);
		expect(joined.body.payload).toEqual({
			agent_id: id,
			name: 'notif',
			start_ts: expect.any(Number),
			channel: 'chN',
			labels: { customer: 'acme', tier: 'gold' },
		});

		await api.post(agentPath(sb, `/agents/${id}/speak`), { text: 'bye now' });
		await api.post(agentPath(sb, `/agents/${id}/leave`));
		sb.clock.advance(10);
		await waitFor(() => events(17, 102).length === 1 && events(17, 103).length === 1);
		const left = events(17, 102)[0];
		expect(verify(left)).toBe(true);
		expect(left.body.payload).toEqual({
			agent_id: id,
			name: 'notif',
			start_ts: expect.any(Number),
			stop_ts: expect.any(Number),
			channel: 'chN',
			status: 'STOPPED',
			message: expect.any(String),
			labels: { customer: 'acme', tier: 'gold' },
		});
		const hist = events(17, 103)[0];
		expect(hist.body.payload).toMatchObject({
			agent_id: id,
			channel: 'chN',
			labels: { customer: 'acme', tier: 'gold' },
			contents: [
				{ role: 'assistant', content: 'Hello there' },
				{ role: 'assistant', content: 'bye now' },
			],
		});
		expect(new Set(received.map((x) => x.body.noticeId)).size).toBe(3);
	});

	it('labels default to {}', async () => {
		await api.post(agentPath(sb, '/join'), startBody());
		sb.clock.advance(10);
		await waitFor(() => events(17, 101).length === 1);
		expect(events(17, 101)[0].body.payload.labels).toEqual({});
	});
});

describe('automatic Media Pull notifications', () => {
	it('4/1 created, 4/4 status changed, 4/3 destroyed (Delete Request)', async () => {
		const r = await api.post(
			playersPath(sb),
			playerBody({ name: 'np', channelName: 'chP', uid: 42 }),
			{ headers: { 'X-Request-ID': 'rq-n' } },
		);
		const id = r.data.player.id;
		sb.clock.advance(10);
		await waitFor(() => events(4, 1).length === 1 && events(4, 4).length === 1);
		const created = events(4, 1)[0];
		expect(verify(created)).toBe(true);
		expect(created.body.payload).toEqual({
			lts: expect.any(Number),
			player: {
				channelName: 'chP',
				createTs: expect.any(Number),
				id,
				idleTimeout: 300,
				name: 'np',
				status: 'connecting',
				streamUrl: expect.any(String),
				uid: 42,
			},
			xRequestId: 'rq-n',
		});
		expect((events(4, 4)[0].body.payload.player as Record<string, unknown>).status).toBe('running');
		await api.delete(playersPath(sb, 'na', id));
		await waitFor(() => events(4, 3).length === 1);
		expect(events(4, 3)[0].body.payload).toEqual({
			destroyReason: 'Delete Request',
			fields: 'channelName,id,name',
			lts: expect.any(Number),
			player: { channelName: 'chP', id, name: 'np' },
		});
	});

	it('failed then Idle Timeout destroy', async () => {
		await api.post(
			playersPath(sb),
			playerBody({ streamUrl: 'rtmp://unreachable.invalid/app/s', idleTimeout: 5 }),
		);
		sb.clock.advance(10 + 5000);
		await waitFor(() => events(4, 3).length === 1);
		expect((events(4, 4)[0].body.payload.player as Record<string, unknown>).status).toBe('failed');
		expect(events(4, 3)[0].body.payload.destroyReason).toBe('Idle Timeout');
	});

	it('sending never blocks the API answer', async () => {
		script = [0]; // the receiver never answers the first notification
		const r = await api.post(playersPath(sb), playerBody());
		expect(r.status).toBe(200);
		expect(sb.notifications()).toHaveLength(0); // still being sent
	});
});

describe('resending', () => {
	it('resends on non-200 with the same noticeId and a new notifyMs until 200', async () => {
		script = [500, 404];
		const out = await sb.sendNotification(
			{ productId: 17, eventType: 110, payload: { agent_id: 'x' }, noticeId: 'n-1' },
			{ tries: true },
		);
		expect(out).toMatchObject({ status: 200, attempts: 3 });
		expect(out.tries!.map((t) => t.status)).toEqual([500, 404, 200]);
		expect(out.tries!.every((t) => t.error === undefined && t.ms >= 0)).toBe(true);
		expect(received).toHaveLength(3);
		expect(received.every((r) => r.body.noticeId === 'n-1')).toBe(true);
		expect(received.every((r) => verify(r))).toBe(true);
		expect(new Set(received.map((r) => r.body.sid)).size).toBe(1);
		expect(received[2].body.notifyMs).toBeGreaterThan(received[0].body.notifyMs);
	});

	it('gives up after 3 resends (4 attempts)', async () => {
		script = [503, 503, 503, 503, 503];
		const out = await sb.sendNotification({ productId: 4, eventType: 1, payload: {} });
		expect(out).toEqual({ status: 503, attempts: 4 });
		expect(sb.notifications()[0].tries.map((t) => t.status)).toEqual([503, 503, 503, 503]);
		expect(received).toHaveLength(4);
		expect(sb.stats().notifications).toMatchObject({ sent: 1, failed: 1, attempts: 4 });
	});

	it('a time-out counts as a failure and is resent', async () => {
		sb.configure({
			notify: { url: receiverUrl, secret: SECRET, retryDelayMs: 20, timeoutMs: 3000 },
		});
		script = [0];
		const out = await sb.sendNotification(
			{ productId: 4, eventType: 1, payload: {} },
			{ tries: true },
		);
		expect(out).toMatchObject({ status: 200, attempts: 2 });
		expect(out.tries![0]).toMatchObject({ status: 0, error: 'timeout' });
		expect(out.tries![1].status).toBe(200);
		expect(received[0].body.noticeId).toBe(received[1].body.noticeId);
	});

	it('automatic notifications are resent too', async () => {
		script = [500];
		await api.post(playersPath(sb), playerBody());
		await waitFor(() => events(4, 1).length === 2);
		const [a, b] = events(4, 1);
		expect(a.body.noticeId).toBe(b.body.noticeId);
		await waitFor(() =>
			sb.notifications().some((n) => n.eventType === 1 && n.attempts === 2 && n.status === 200),
		);
	});

	it('an unreachable target gives status 0 after 4 attempts', async () => {
		sb.configure({
			notify: { url: 'http://127.0.0.1:1/nothing', secret: SECRET, retryDelayMs: 5 },
		});
		const out = await sb.sendNotification(
			{ productId: 4, eventType: 1, payload: {} },
			{ tries: true },
		);
		expect(out).toMatchObject({ status: 0, attempts: 4 });
		expect(out.tries!.map((t) => `${t.status} ${t.error}`)).toEqual(
			Array(4).fill('0 ECONNREFUSED'),
		);
	});
});

describe('manual notifications', () => {
	it('badSignature signs with a wrong secret', async () => {
		await sb.sendNotification(
			{ productId: 17, eventType: 101, payload: { a: 1 } },
			{ badSignature: true },
		);
		expect(received).toHaveLength(1);
		expect(verify(received[0])).toBe(false);
		expect(received[0].headers['agora-signature']).toMatch(/^[0-9a-f]{40}$/);
		expect(received[0].headers['agora-signature-v2']).toMatch(/^[0-9a-f]{64}$/);
	});

	it('over HTTP: POST /_sandbox/notify answers {status, attempts, tries}', async () => {
		script = [500];
		const r = await api.post('/_sandbox/notify', {
			productId: 17,
			eventType: 111,
			payload: { agent_id: 'z', labels: { k: 'v' } },
			noticeId: 'manual-1',
		});
		expect(r.status).toBe(200);
		expect(r.data).toMatchObject({ status: 200, attempts: 2 });
		expect(r.data.tries.map((t: { status: number }) => t.status)).toEqual([500, 200]);
		expect(received.map((x) => x.body.noticeId)).toEqual(['manual-1', 'manual-1']);
		expect(received[0].body.payload).toEqual({ agent_id: 'z', labels: { k: 'v' } });
		const bad = await api.post('/_sandbox/notify', {
			productId: 17,
			eventType: 101,
			payload: {},
			badSignature: true,
		});
		expect(bad.data.status).toBe(200);
		expect(verify(received[received.length - 1])).toBe(false);
		// not recorded as API requests
		expect(sb.requests.some((x) => x.path.startsWith('/_sandbox'))).toBe(false);
	});

	it("url: one notification goes to a URL given with it (the talk page's Test URL), signed alike", async () => {
		const r = await api.post('/_sandbox/notify', {
			productId: 17,
			eventType: 102,
			payload: { agent_id: 'x' },
			url: `${receiverUrl}-test`,
		});
		expect(r.data).toMatchObject({ status: 200, attempts: 1 });
		expect(received).toHaveLength(1);
		expect(received[0].body).toMatchObject({
			productId: 17,
			eventType: 102,
			payload: { agent_id: 'x' },
		});
		expect(verify(received[0])).toBe(true);
		expect(
			(
				await api.post('/_sandbox/notify', {
					productId: 17,
					eventType: 102,
					payload: {},
					url: 'ftp://x',
				})
			).status,
		).toBe(400);
	});

	it('without a target: sendNotification rejects and the control call is 400', async () => {
		sb.configure({ notify: null });
		await expect(
			sb.sendNotification({ productId: 17, eventType: 101, payload: {} }),
		).rejects.toThrow(/target/);
		expect(
			(await api.post('/_sandbox/notify', { productId: 17, eventType: 101, payload: {} })).status,
		).toBe(400);
		// and no automatic notifications
		await api.post(playersPath(sb), playerBody());
		// A notification is counted the moment it is started, so none was.
		expect(sb.stats().notifications).toMatchObject({ sent: 0, attempts: 0 });
		expect(received).toHaveLength(0);
	});
});

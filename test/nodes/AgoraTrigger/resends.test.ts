/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/** Resends: Agora repeats a notification until it gets a 200; each noticeId starts the workflow once. */
import * as http from 'http';
import type { AddressInfo } from 'net';

import { agentLeft, agoraApiCredential, envelope, post, setup, sign, startTrigger } from './setup';

describe('resends (dedupe on noticeId)', () => {
	it('the same noticeId sent twice starts the workflow once; the resend is answered 200', async () => {
		const { trigger, sb } = await setup();
		const first = await sb.sendNotification({ ...agentLeft(), noticeId: 'dup-1' });
		const second = await sb.sendNotification({ ...agentLeft(), noticeId: 'dup-1' });
		expect(first.status).toBe(200);
		expect(second).toEqual({ status: 200, attempts: 1 });
		await trigger.settle();
		expect(trigger.runs).toHaveLength(1);
		expect(trigger.answers.map((a) => a.json)).toEqual([
			{ status: 'ok' },
			{ status: 'ok', ignored: 'duplicate' },
		]);
		expect(trigger.staticData()['node:Agora Trigger']).toMatchObject({
			seenNotices: [['dup-1', expect.any(Number)]],
		});
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
			const { trigger, sb } = await setup(
				{},
				{ notifyUrl: () => `http://127.0.0.1:${(proxy.address() as AddressInfo).port}/` },
			);
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
		const distinct = Array.from({ length: 20 }, (_, i) =>
			JSON.stringify(envelope({ noticeId: `d-${i}` })),
		);
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
		const other = await startTrigger({
			parameters: { product: 'both' },
			credential: agoraApiCredential(),
			staticData: trigger.staticData(),
		});
		const resend = await post(other.url, body, sign(body));
		expect(resend.data).toEqual({ status: 'ok', ignored: 'duplicate' });
		const fresh = await startTrigger({
			parameters: { product: 'both' },
			credential: agoraApiCredential(),
		});
		expect((await post(fresh.url, body, sign(body))).data).toEqual({ status: 'ok' });
		await Promise.all([trigger.settle(), other.settle(), fresh.settle()]);
		expect([trigger.runs.length, other.runs.length, fresh.runs.length]).toEqual([1, 0, 1]);
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Hostile webhooks against the Agora Trigger behind a real HTTP server (triggerHarness.ts): nothing
 * hostile starts a workflow, every valid notification starts exactly one, also in a burst.
 */
import { createHmac, randomUUID } from 'crypto';
import * as http from 'http';

import axios from 'axios';
import type { IDataObject } from 'n8n-workflow';

import { startTriggerServer, type TriggerServer } from '../lib/triggerHarness';
import { table } from './lib/common';

const SECRET = 'hostile-suite-notification-secret';

let trigger: TriggerServer;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const outcomes: string[][] = [['request', 'expected', 'answer', 'executions started', 'result']];

beforeAll(async () => {
	trigger = await startTriggerServer({
		parameters: { product: 'both' },
		credential: {
			customerId: 'cid',
			customerSecret: 'customer-secret',
			appId: 'app',
			host: 'custom',
			customBaseUrl: 'http://127.0.0.1:1',
			notificationSecret: SECRET,
		},
	});
	await trigger.activate();
});

afterAll(async () => {
	await trigger.close();
	agent.destroy();
	const passed = outcomes.slice(1).filter((row) => row[4] === 'ok').length;
	console.log(
		`Hostile webhooks\n${table(outcomes)}\n\nHostile webhooks: ${passed}/${outcomes.length - 1} cases as expected`,
	);
});

function envelope(over: IDataObject = {}): IDataObject {
	return {
		noticeId: randomUUID(),
		productId: 17,
		eventType: 101,
		notifyMs: Date.now(),
		sid: 'sid-1',
		payload: { agent_id: 'A1', name: 'agent', start_ts: 1, channel: 'room1', labels: {} },
		...over,
	};
}

function sign(body: string | Buffer, secret = SECRET): Record<string, string> {
	return {
		'Agora-Signature': createHmac('sha1', secret).update(body).digest('hex'),
		'Agora-Signature-V2': createHmac('sha256', secret).update(body).digest('hex'),
	};
}

async function post(body: string | Buffer, headers: Record<string, string>) {
	return await axios.post(trigger.url, body, {
		headers,
		httpAgent: agent,
		validateStatus: () => true,
		transformRequest: [(data: unknown) => data],
		maxBodyLength: Infinity,
		timeout: 15000,
	});
}

const json = { 'Content-Type': 'application/json' };

/** Items of every execution so far, by noticeId. */
function startedByNotice(): Map<string, number> {
	const counts = new Map<string, number>();
	for (const items of trigger.started()) {
		for (const item of items)
			counts.set(String(item.noticeId), (counts.get(String(item.noticeId)) ?? 0) + 1);
	}
	return counts;
}

/** Sends one request and checks the answer status and that no execution started (or one did). */
async function expectCase(
	label: string,
	send: () => Promise<{ status: number }>,
	status: number,
	starts: number,
) {
	const before = trigger.runs.length;
	const response = await send();
	await trigger.settle();
	const started = trigger.runs.length - before;
	outcomes.push([
		label,
		`${status}, ${starts} run`,
		String(response.status),
		String(started),
		response.status === status && started === starts ? 'ok' : 'FAIL',
	]);
	expect(response.status).toBe(status);
	expect(started).toBe(starts);
}

describe('hostile requests start nothing', () => {
	test('no signature: 401', async () => {
		const body = JSON.stringify(envelope());
		await expectCase('no signature', () => post(body, json), 401, 0);
	});

	test('a wrong signature (another secret): 401', async () => {
		const body = JSON.stringify(envelope());
		await expectCase(
			'wrong signature',
			() => post(body, { ...json, ...sign(body, 'not-the-secret') }),
			401,
			0,
		);
	});

	test('a garbage signature header: 401', async () => {
		const body = JSON.stringify(envelope());
		await expectCase(
			'garbage signature',
			() => post(body, { ...json, 'Agora-Signature-V2': 'zz' + 'a'.repeat(62) }),
			401,
			0,
		);
	});

	test('a valid signature of another body: 401', async () => {
		const signed = JSON.stringify(envelope());
		const sent = JSON.stringify(envelope({ eventType: 102 }));
		await expectCase(
			'signature for another body',
			() => post(sent, { ...json, ...sign(signed) }),
			401,
			0,
		);
	});

	test('a valid V1 signature next to a wrong V2 one: 401 (V2 decides)', async () => {
		const body = JSON.stringify(envelope());
		const headers = {
			...json,
			'Agora-Signature': sign(body)['Agora-Signature'],
			'Agora-Signature-V2': sign(body, 'x')['Agora-Signature-V2'],
		};
		await expectCase('valid V1, wrong V2', () => post(body, headers), 401, 0);
	});

	test('malformed JSON, unsigned: 401; signed: 400', async () => {
		const body = '{"noticeId": "x", "productId": 17,';
		await expectCase('malformed JSON, unsigned', () => post(body, json), 401, 0);
		await expectCase(
			'malformed JSON, signed',
			() => post(body, { ...json, ...sign(body) }),
			400,
			0,
		);
	});

	test('valid JSON that is not a notification (signed): 400', async () => {
		const body = JSON.stringify([1, 2, 3]);
		await expectCase('JSON array, signed', () => post(body, { ...json, ...sign(body) }), 400, 0);
		const noPayload = JSON.stringify({ noticeId: 'n', productId: 17, eventType: 101 });
		await expectCase(
			'envelope without payload, signed',
			() => post(noPayload, { ...json, ...sign(noPayload) }),
			400,
			0,
		);
	});

	test('a non-JSON content type (signed): 415', async () => {
		const body = JSON.stringify(envelope());
		await expectCase(
			'text/plain, signed',
			() => post(body, { 'Content-Type': 'text/plain', ...sign(body) }),
			415,
			0,
		);
		await expectCase(
			'form-urlencoded, signed',
			() => post(body, { 'Content-Type': 'application/x-www-form-urlencoded', ...sign(body) }),
			415,
			0,
		);
	});

	test('a body over n8n\u2019s 16 MB limit (signed, valid JSON): 413', async () => {
		const body = JSON.stringify(envelope({ payload: { pad: 'x'.repeat(16 * 1024 * 1024) } }));
		await expectCase('17 MB body, signed', () => post(body, { ...json, ...sign(body) }), 413, 0);
	});

	test('a resend of a delivered noticeId: 200, starts nothing', async () => {
		const body = JSON.stringify(envelope());
		await expectCase('first delivery', () => post(body, { ...json, ...sign(body) }), 200, 1);
		await expectCase('resend (same body)', () => post(body, { ...json, ...sign(body) }), 200, 0);
		const parsed = JSON.parse(body) as IDataObject;
		const changed = JSON.stringify({
			...parsed,
			notifyMs: Date.now() + 10000,
			payload: { ...(parsed.payload as IDataObject), name: 'other' },
		});
		await expectCase(
			'resend (same noticeId, new notifyMs and payload)',
			() => post(changed, { ...json, ...sign(changed) }),
			200,
			0,
		);
	});
});

describe('valid notifications under load', () => {
	test('500 valid notifications from 20 concurrent senders: each starts exactly one execution', async () => {
		const runsBefore = trigger.runs.length;
		const ids = Array.from({ length: 500 }, () => randomUUID());
		const statuses: number[] = [];
		const started = Date.now();
		await Promise.all(
			Array.from({ length: 20 }, async (_, sender) => {
				for (let i = sender; i < ids.length; i += 20) {
					const body = JSON.stringify(
						envelope({
							noticeId: ids[i],
							payload: { agent_id: `A${i}`, channel: 'room1', labels: { n: i } },
						}),
					);
					statuses.push((await post(body, { ...json, ...sign(body) })).status);
				}
			}),
		);
		await trigger.settle();
		const elapsed = Date.now() - started;
		const counts = startedByNotice();
		const exactlyOnce = ids.filter((id) => counts.get(id) === 1).length;
		const okAnswers = statuses.filter((s) => s === 200).length;
		const newRuns = trigger.runs.length - runsBefore;
		outcomes.push([
			'burst: 500 valid, 20 senders',
			'500 x 200, 500 runs',
			`${okAnswers} x 200 in ${elapsed} ms`,
			String(newRuns),
			okAnswers === 500 && exactlyOnce === 500 && newRuns === 500 ? 'ok' : 'FAIL',
		]);
		expect(okAnswers).toBe(500);
		expect(exactlyOnce).toBe(500);
		expect(newRuns).toBe(500);
		expect(trigger.runs.slice(runsBefore).every((run) => run.status === 'success')).toBe(true);
	}, 120000);

	test('a mixed burst with slow credential loads: 300 valid, each also resent concurrently, plus 100 forged: 300 runs', async () => {
		// A second server whose credential lookups take 20 ms, so concurrent deliveries all read the
		// stored static data before any of them saves it (the in-process dedupe must hold).
		const slow = await startTriggerServer({
			parameters: { product: 'both' },
			credential: {
				customerId: 'c',
				customerSecret: 's',
				appId: 'a',
				host: 'custom',
				customBaseUrl: 'http://127.0.0.1:1',
				notificationSecret: SECRET,
			},
			credentialLatencyMs: 20,
		});
		try {
			const ids = Array.from({ length: 300 }, () => randomUUID());
			type Job = { body: string; headers: Record<string, string>; kind: 'valid' | 'forged' };
			const jobs: Job[] = [];
			for (const id of ids) {
				const body = JSON.stringify(envelope({ noticeId: id }));
				jobs.push(
					{ body, headers: { ...json, ...sign(body) }, kind: 'valid' },
					{ body, headers: { ...json, ...sign(body) }, kind: 'valid' },
				);
			}
			for (let i = 0; i < 100; i++) {
				const body = JSON.stringify(envelope());
				jobs.push({
					body,
					headers: i % 2 ? json : { ...json, ...sign(body, 'forged') },
					kind: 'forged',
				});
			}
			// Interleave so that both copies of a notice and the forged ones arrive together.
			jobs.sort(() => Math.random() - 0.5);
			const answers: Array<{ kind: string; status: number }> = [];
			let next = 0;
			await Promise.all(
				Array.from({ length: 20 }, async () => {
					while (next < jobs.length) {
						const job = jobs[next++];
						const response = await axios.post(slow.url, job.body, {
							headers: job.headers,
							httpAgent: agent,
							validateStatus: () => true,
							transformRequest: [(data: unknown) => data],
						});
						answers.push({ kind: job.kind, status: response.status });
					}
				}),
			);
			await slow.settle();
			const counts = new Map<string, number>();
			for (const items of slow.started())
				for (const item of items)
					counts.set(String(item.noticeId), (counts.get(String(item.noticeId)) ?? 0) + 1);
			const exactlyOnce = ids.filter((id) => counts.get(id) === 1).length;
			const forged401 = answers.filter((a) => a.kind === 'forged' && a.status === 401).length;
			const valid200 = answers.filter((a) => a.kind === 'valid' && a.status === 200).length;
			const good =
				exactlyOnce === 300 && slow.runs.length === 300 && forged401 === 100 && valid200 === 600;
			outcomes.push([
				'mixed burst: 300 valid x2 + 100 forged',
				'600 x 200, 100 x 401, 300 runs',
				`${valid200} x 200, ${forged401} x 401`,
				String(slow.runs.length),
				good ? 'ok' : 'FAIL',
			]);
			expect(valid200).toBe(600);
			expect(forged401).toBe(100);
			expect(exactlyOnce).toBe(300);
			expect(slow.runs).toHaveLength(300);
			expect(slow.errors).toEqual([]);
		} finally {
			await slow.close();
		}
	}, 120000);

	test('the server stays healthy: a valid notification afterwards starts one execution; nothing threw', async () => {
		const body = JSON.stringify(envelope());
		await expectCase('valid one afterwards', () => post(body, { ...json, ...sign(body) }), 200, 1);
		expect(trigger.errors).toEqual([]);
		// Every answer was JSON, as Agora requires.
		expect(trigger.answers.every((answer) => answer.json !== undefined)).toBe(true);
	});
});

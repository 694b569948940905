/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * 5. Notifications through a real n8n: the Agora Trigger (signature check on) against n8n's own
 * Webhook node (POST, respond immediately), both in active workflows of the same `n8n start`.
 */
import { randomBytes, randomUUID } from 'crypto';
import http from 'http';

import { signatures } from '../../../sandbox/src';
import { NOTIFY_WORKFLOWS } from '../lib/n8nFixture';
import type { Row } from '../lib/report';
import { ratioRuns, spread } from '../lib/stats';
import type { Bench } from '../lib/types';

const WARM_UP = 20;

interface Mode {
	label: string;
	senders: number;
	requests: number;
}

function modes(smoke: boolean): Mode[] {
	return [
		{ label: 'sequential', senders: 1, requests: smoke ? 20 : 200 },
		{ label: '10 concurrent senders', senders: 10, requests: smoke ? 40 : 400 },
	];
}

/** A signed Conversational AI "agent joined" (17/101) notification, as the sandbox sends them. */
function notification(secret: string): { body: string; headers: Record<string, string> } {
	const body = JSON.stringify({
		noticeId: randomUUID(),
		productId: 17,
		eventType: 101,
		notifyMs: Date.now(),
		sid: randomBytes(16).toString('hex'),
		payload: {
			agent_id: randomBytes(16).toString('hex').toUpperCase(),
			name: 'bench-agent',
			start_ts: Math.floor(Date.now() / 1000),
			channel: 'bench',
			labels: {},
		},
	});
	const sig = signatures(body, secret);
	return {
		body,
		headers: {
			'Content-Type': 'application/json',
			'Content-Length': String(Buffer.byteLength(body)),
			'Agora-Signature': sig.sha1,
			'Agora-Signature-V2': sig.sha256,
		},
	};
}

function post(
	url: URL,
	agent: http.Agent,
	n: { body: string; headers: Record<string, string> },
): Promise<number> {
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{ method: 'POST', agent, headers: n.headers, timeout: 30000 },
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('timeout', () => req.destroy(new Error('timed out')));
		req.on('error', reject);
		req.end(n.body);
	});
}

/** Sends `requests` notifications from `senders` loops; returns requests/s answered 200. */
export async function blast(
	url: URL,
	secret: string,
	mode: Mode,
	count = mode.requests,
): Promise<{ rate: number; ok: number; other: Record<number, number> }> {
	// Signed bodies are made before the clock starts: the figure is n8n's, not the sender's.
	const bodies = Array.from({ length: count }, () => notification(secret));
	const agent = new http.Agent({ keepAlive: true, maxSockets: mode.senders });
	let next = 0;
	let ok = 0;
	const other: Record<number, number> = {};
	const t0 = process.hrtime.bigint();
	await Promise.all(
		Array.from({ length: mode.senders }, async () => {
			while (next < count) {
				const status = await post(url, agent, bodies[next++]).catch(() => 0);
				if (status === 200) ok++;
				else other[status] = (other[status] ?? 0) + 1;
			}
		}),
	);
	const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
	agent.destroy();
	return { rate: ok / seconds, ok, other };
}

export const triggerBench: Bench = {
	id: 5,
	title: 'Agora Trigger against the Webhook node in a real n8n',
	method: (smoke) =>
		`**5** — Same \`n8n start\` as 2. Two active workflows with a single node each: the Agora Trigger (Conversational AI, all events, default options: resends ignored by noticeId; the credential has a notification secret, so every Agora-Signature-V2 is checked) and n8n's Webhook node 2 (POST, respond immediately). Bodies: signed 17/101 envelopes as the sandbox sends them (HMAC-SHA256 and HMAC-SHA1 hex of the raw body, \`signatures\` from sandbox/src), unique noticeIds, made before the clock starts. Senders use a keep-alive agent. Rate = requests answered 200 / wall seconds; figure = Agora Trigger rate / Webhook node rate; ${modes(
			smoke,
		)
			.map((m) => `${m.requests} requests ${m.label}`)
			.join(
				', ',
			)}. Every answer must be 200. After each run the bench waits until n8n has finished every execution the run started (read from n8n's database), so runs do not overlap. One untimed warm-up (${WARM_UP} requests) each; runs alternate which goes first.`,
	async run(ctx) {
		const fx = await ctx.n8n();
		const secret = fx.sandbox.notificationSecret;
		const targets = {
			trigger: {
				url: new URL(fx.webhookUrl(`${NOTIFY_WORKFLOWS.trigger.webhookId}/webhook`)),
				id: NOTIFY_WORKFLOWS.trigger.id,
				sent: 0,
			},
			webhook: {
				url: new URL(fx.webhookUrl(NOTIFY_WORKFLOWS.webhook.path)),
				id: NOTIFY_WORKFLOWS.webhook.id,
				sent: 0,
			},
		};
		const once = async (
			kind: 'trigger' | 'webhook',
			mode: Mode,
			count?: number,
		): Promise<number> => {
			const t = targets[kind];
			const r = await blast(t.url, secret, mode, count);
			t.sent += r.ok;
			if (Object.keys(r.other).length) {
				throw new Error(
					`${kind}: answers other than 200: ${JSON.stringify(r.other)}${kind === 'trigger' ? `\n${fx.host.serverLog.slice(-2000)}` : ''}`,
				);
			}
			await fx.drain(t.id, t.sent);
			return r.rate;
		};

		const rows: Row[] = [];
		for (const mode of modes(ctx.smoke)) {
			await once('trigger', mode, WARM_UP);
			await once('webhook', mode, WARM_UP);
			const r = await ratioRuns(
				ctx.runs,
				() => once('trigger', mode),
				() => once('webhook', mode),
			);
			rows.push({
				bench: 5,
				name: `Notifications: Agora Trigger / Webhook node rate, ${mode.requests} requests, ${mode.label}`,
				values: r.ratios,
				unit: '',
				target: { op: '>=', value: 0.9 },
				detail: `Agora Trigger ${spread(r.a, 0, ' req/s')}, Webhook node ${spread(r.b, 0, ' req/s')}`,
			});
		}
		const counts = await fx.statusCounts(targets.trigger.id);
		if ((counts.success ?? 0) !== targets.trigger.sent) {
			throw new Error(
				`Agora Trigger executions by status ${JSON.stringify(counts)}, expected ${targets.trigger.sent} successes`,
			);
		}
		return rows;
	},
};

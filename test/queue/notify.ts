/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Signed Agora notifications delivered to chosen n8n processes: the body and both signatures are
 * made the way the sandbox's notifier (Agora's stand-in) makes them, so that one notification can
 * be delivered to two processes at the same moment, or resent to another process later.
 */
import { randomBytes, randomUUID } from 'crypto';
import http from 'http';

import { signatures } from '../../sandbox/src/notifier';

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export interface Notice {
	noticeId: string;
	sid: string;
	agentId: string;
}

export function newNotice(): Notice {
	return {
		noticeId: randomUUID(),
		sid: randomBytes(16).toString('hex'),
		agentId: randomBytes(16).toString('hex').toUpperCase(),
	};
}

/** The envelope Agora sends for "agent joined" (17/101); a resend differs only in notifyMs. */
export function envelope(notice: Notice): string {
	return JSON.stringify({
		noticeId: notice.noticeId,
		productId: 17,
		eventType: 101,
		notifyMs: Date.now(),
		sid: notice.sid,
		payload: {
			agent_id: notice.agentId,
			start_ts: Math.floor(Date.now() / 1000),
			channel: 'queue-room',
			labels: {},
		},
	});
}

/** POSTs one delivery; resolves with the HTTP status (0 when the connection failed). */
export function deliver(
	baseUrl: string,
	path: string,
	body: string,
	secret: string,
): Promise<number> {
	const sig = signatures(body, secret);
	return new Promise((resolve) => {
		const req = http.request(
			`${baseUrl}${path}`,
			{
				method: 'POST',
				agent,
				headers: {
					'Content-Type': 'application/json',
					'Content-Length': Buffer.byteLength(body),
					'Agora-Signature': sig.sha1,
					'Agora-Signature-V2': sig.sha256,
				},
				timeout: 30000,
			},
			(res) => {
				res.resume();
				res.on('end', () => resolve(res.statusCode ?? 0));
			},
		);
		req.on('timeout', () => req.destroy());
		req.on('error', () => resolve(0));
		req.end(body);
	});
}

/** Runs `work(i)` for i in 0..count-1 with at most `concurrency` at once. */
export async function inParallel(
	count: number,
	concurrency: number,
	work: (index: number) => Promise<void>,
): Promise<void> {
	let next = 0;
	const lane = async (): Promise<void> => {
		while (next < count) await work(next++);
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}

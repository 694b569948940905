/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Sends Agora-style message notifications: JSON envelopes signed with Agora-Signature
 * (hex HMAC-SHA1 of the raw body) and Agora-Signature-V2 (hex HMAC-SHA256). A non-200 answer
 * or a time-out makes it resend up to 3 more times with the same noticeId and a new notifyMs.
 */
import { createHmac, randomBytes, randomUUID } from 'crypto';
import * as http from 'http';
import * as https from 'https';
import type {
	NotificationAttempt,
	NotificationInput,
	NotificationOutcome,
	NotificationRecord,
	NotifyOptions,
} from './types';
import { pushBounded } from './util';

export const MAX_ATTEMPTS = 4;

export function signatures(rawBody: string, secret: string): { sha1: string; sha256: string } {
	return {
		sha1: createHmac('sha1', secret).update(rawBody, 'utf8').digest('hex'),
		sha256: createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex'),
	};
}

export function newNoticeId(): string {
	return randomUUID();
}

export class Notifier {
	readonly log: NotificationRecord[] = [];
	sent = 0;
	delivered = 0;
	failed = 0;
	attempts = 0;
	private closed = false;
	private readonly inflight = new Set<http.ClientRequest>();
	private readonly sleepers = new Set<{ t: NodeJS.Timeout; resolve: () => void }>();
	private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
	private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });

	/** now: the sandbox clock (notifyMs and the log use it). */
	constructor(
		private readonly target: () => NotifyOptions | null,
		private readonly now: () => number = Date.now,
	) {}

	/** Fire-and-forget automatic notification; no-op when no target is configured. */
	emit(productId: number, eventType: number, payload: object, sid?: string): void {
		if (!this.target() || this.closed) return;
		this.send({ productId, eventType, payload, sid }).catch(() => undefined);
	}

	/** opts.url: this one goes there instead (the talk page's Test or Production URL), signed alike. */
	async send(
		n: NotificationInput,
		opts: { badSignature?: boolean; url?: string } = {},
	): Promise<Required<NotificationOutcome>> {
		const configured = this.target();
		if (!configured)
			throw new Error('no notification target configured (notify.url / notify.secret)');
		const target = opts.url ? { ...configured, url: opts.url } : configured;
		const noticeId = n.noticeId ?? newNoticeId();
		const sid = n.sid ?? randomBytes(16).toString('hex');
		const secret = opts.badSignature ? `${target.secret}-wrong` : target.secret;
		this.sent++;
		let status = 0;
		let attempts = 0;
		const tries: NotificationAttempt[] = [];
		// notifyMs: sandbox time of the first attempt plus the wall time spent resending, so a
		// resend carries a later notifyMs on a manual clock too
		const baseMs = this.now();
		const baseWall = Date.now();
		while (attempts < MAX_ATTEMPTS && !this.closed) {
			if (attempts > 0) await this.sleep(target.retryDelayMs ?? 200);
			if (this.closed) break;
			attempts++;
			this.attempts++;
			const body = JSON.stringify({
				noticeId,
				productId: n.productId,
				eventType: n.eventType,
				notifyMs: baseMs + (Date.now() - baseWall),
				sid,
				payload: n.payload,
			});
			const attempt = await this.post(target, body, secret);
			tries.push(attempt);
			status = attempt.status;
			if (status === 200) break;
		}
		if (status === 200) this.delivered++;
		else this.failed++;
		pushBounded(
			this.log,
			{
				noticeId,
				productId: n.productId,
				eventType: n.eventType,
				payload: n.payload,
				status,
				attempts,
				at: this.now(),
				tries,
			},
			1000,
		);
		return { status, attempts, tries };
	}

	private post(target: NotifyOptions, body: string, secret: string): Promise<NotificationAttempt> {
		const began = Date.now();
		return new Promise<NotificationAttempt>((resolve) => {
			let url: URL;
			try {
				url = new URL(target.url);
			} catch {
				resolve({ status: 0, ms: 0, error: 'bad url' });
				return;
			}
			const sig = signatures(body, secret);
			const isHttps = url.protocol === 'https:';
			const mod = isHttps ? https : http;
			let done = false;
			const finish = (status: number, error?: string): void => {
				if (done) return;
				done = true;
				clearTimeout(timer);
				this.inflight.delete(req);
				resolve({ status, ms: Date.now() - began, ...(error === undefined ? {} : { error }) });
			};
			const req = mod.request(
				url,
				{
					method: 'POST',
					agent: isHttps ? this.httpsAgent : this.httpAgent,
					headers: {
						'Content-Type': 'application/json',
						'Content-Length': Buffer.byteLength(body),
						'Agora-Signature': sig.sha1,
						'Agora-Signature-V2': sig.sha256,
					},
				},
				(res) => {
					res.resume();
					res.on('end', () => finish(res.statusCode ?? 0));
					res.on('error', (e: NodeJS.ErrnoException) =>
						finish(0, `response ${e.code ?? e.message}`),
					);
				},
			);
			const timer = setTimeout(() => {
				req.destroy();
				finish(0, 'timeout');
			}, target.timeoutMs ?? 10000);
			timer.unref();
			this.inflight.add(req);
			req.on('error', (e: NodeJS.ErrnoException) => finish(0, e.code ?? e.message));
			req.end(body);
		});
	}

	private sleep(ms: number): Promise<void> {
		return new Promise<void>((resolve) => {
			const s = {
				t: setTimeout(() => {
					this.sleepers.delete(s);
					resolve();
				}, ms),
				resolve,
			};
			s.t.unref();
			this.sleepers.add(s);
		});
	}

	resetLog(): void {
		this.log.length = 0;
		this.sent = 0;
		this.delivered = 0;
		this.failed = 0;
		this.attempts = 0;
	}

	close(): void {
		this.closed = true;
		for (const s of this.sleepers) {
			clearTimeout(s.t);
			s.resolve();
		}
		this.sleepers.clear();
		for (const r of this.inflight) r.destroy();
		this.inflight.clear();
		this.httpAgent.destroy();
		this.httpsAgent.destroy();
	}
}

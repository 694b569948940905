/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The sandbox HTTP server on 127.0.0.1: the plumbing (body, auth, faults, request log) and the public
 * object; the APIs live in routes-*.ts, the control API in control*.ts.
 */
import { randomUUID } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { AgentStore, StoreCtx } from './agents';
import { Caller } from './caller';
import { CallStore } from './calls';
import { authenticate } from './auth';
import { Clock } from './clock';
import { control, ControlExtension } from './control';
import { callerControl } from './control-caller';
import { joinControl } from './control-join';
import { DEFAULT_FAILOVER_MS, recordingControl } from './control-recording';
import { telephonyControl } from './control-telephony';
import { Faults } from './faults';
import { Notifier } from './notifier';
import { PhoneNumberStore } from './numbers';
import { PlayerStore } from './players';
import type { RecordingRecord } from './recording-files';
import { RecordingStore } from './recordings';
import { RateLimiter } from './ratelimit';
import { resolve } from './options';
import {
	agentErr,
	errorReply,
	Family,
	faultReply,
	mediaErr,
	Reply,
	unauthorizedBody,
} from './reply';
import { AGENT_ROOT, agentApi } from './routes-agents';
import { mediaApi, PlayerApiCtx } from './routes-players';
import { isRecordingPath, recordingApi, type RecordingApiCtx } from './routes-recording';
import { isTelephonyPath, telephonyApi, TelephonyCtx } from './routes-telephony';
import { NCS_IP_PATH, ncsIpReply } from './ncs';
import type {
	AgentRecord,
	CalleeScript,
	CallRecord,
	DestroyedPlayer,
	FaultSpec,
	NotificationInput,
	NotificationOutcome,
	NotificationRecord,
	PhoneNumberRecord,
	PlayerRecord,
	RecordedRequest,
	ResolvedOptions,
	Sandbox,
	SandboxOptions,
	SandboxStats,
} from './types';
import { outlastClientKeepAlive, pushBounded, Timers } from './util';

export { AGENT_PREFIX } from './routes-agents';

/** The path prefix of Agora's China OpenAPI before /api/conversational-ai-agent. */
const CHINA_PREFIX = '/cn';

const MAX_BODY = 5 * 1024 * 1024;
/** Visible Latin-1 and tab/space only: what Node lets a response header carry. */
const HEADER_VALUE_RE = /^[\t\x20-\x7e\x80-\xff]*$/;

function parseQuery(qs: string): Record<string, string> {
	const out: Record<string, string> = {};
	if (!qs) return out;
	for (const [k, v] of new URLSearchParams(qs)) out[k] = v;
	return out;
}

interface Incoming {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	jsonOk: boolean;
	tooLarge: boolean;
}

export class SandboxImpl implements Sandbox {
	url = '';
	readonly requests: RecordedRequest[] = [];
	readonly clock: Clock;
	protected readonly opts: ResolvedOptions;
	/** Answer delays (wall time: they are about the network, not about sandbox time). */
	private readonly replyTimers = new Timers();
	protected readonly notifier: Notifier;
	protected readonly agentStore: AgentStore;
	private readonly playerStore: PlayerStore;
	private readonly faultList = new Faults();
	private readonly playerCtx: PlayerApiCtx;
	private readonly telephony: TelephonyCtx;
	private readonly caller: Caller;
	private readonly recordingStore: RecordingStore;
	private readonly recordingCtx: RecordingApiCtx;
	private requestCount = 0;
	private readonly server: http.Server;
	private readonly controlExtensions: ControlExtension[];

	constructor(o: SandboxOptions) {
		this.opts = resolve(o);
		this.clock = new Clock(o.clock ?? 'real', o.clockStartMs);
		this.notifier = new Notifier(
			() => this.opts.notify,
			() => this.clock.now(),
		);
		const ctx: StoreCtx = { opts: this.opts, clock: this.clock, notifier: this.notifier };
		this.agentStore = new AgentStore(ctx);
		this.playerStore = new PlayerStore(ctx);
		this.playerCtx = {
			opts: this.opts,
			clock: this.clock,
			players: this.playerStore,
			rate: new RateLimiter(),
			quotaRejected: 0,
		};
		this.caller = new Caller(ctx, this.agentStore);
		this.telephony = {
			opts: this.opts,
			clock: this.clock,
			calls: new CallStore(ctx, this.agentStore, this.caller),
			numbers: new PhoneNumberStore(),
		};
		this.recordingStore = new RecordingStore({
			...ctx,
			agents: () => this.agentStore.all(),
			calls: () => this.telephony.calls.all(),
		});
		this.recordingCtx = {
			opts: this.opts,
			clock: this.clock,
			recordings: this.recordingStore,
			rate: this.playerCtx.rate,
		};
		// the recorder's idle count (maxIdleTime) follows who is in its channel
		const changed = (a: AgentRecord): void => this.recordingStore.channelChanged(a.channel);
		this.agentStore.startListeners.push(changed);
		this.agentStore.stopListeners.push(changed);
		this.controlExtensions = [
			recordingControl(this.recordingStore),
			telephonyControl(this.telephony.calls, this.telephony.numbers),
			callerControl(this.agentStore, this.telephony.calls, this.caller),
			joinControl(this.agentStore, this.clock, () => this.opts),
		];
		this.server = http.createServer((req, res) => this.onRequest(req, res));
		outlastClientKeepAlive(this.server);
	}

	get customerId(): string {
		return this.opts.customerId;
	}
	get customerSecret(): string {
		return this.opts.customerSecret;
	}
	get appId(): string {
		return this.opts.appId;
	}
	get appCertificate(): string {
		return this.opts.appCertificate;
	}

	listen(): Promise<void> {
		return new Promise((res, rej) => {
			this.server.once('error', rej);
			this.server.listen(this.opts.port, '127.0.0.1', () => {
				this.server.off('error', rej);
				const a = this.server.address() as AddressInfo;
				this.opts.port = a.port;
				this.url = `http://127.0.0.1:${a.port}`;
				res();
			});
		});
	}

	// ---------------------------------------------------------------- public API

	async close(): Promise<void> {
		this.notifier.close();
		this.replyTimers.clearAll();
		this.clock.clearAll();
		this.reset();
		await new Promise<void>((res) => {
			this.server.close(() => res());
			this.server.closeAllConnections();
		});
	}

	reset(): void {
		this.caller.reset();
		this.telephony.calls.reset();
		this.telephony.numbers.reset();
		this.agentStore.reset();
		this.playerStore.reset();
		this.recordingStore.reset();
		this.requests.length = 0;
		this.faultList.reset();
		this.playerCtx.rate.reset();
		this.playerCtx.quotaRejected = 0;
		this.requestCount = 0;
		this.notifier.resetLog();
	}

	configure(p: Partial<SandboxOptions>): void {
		const o = this.opts as unknown as Record<string, unknown>;
		const defaults = resolve({}) as unknown as Record<string, unknown>;
		for (const [k, v] of Object.entries(p)) {
			if (k === 'port' || !(k in defaults)) continue;
			if (v === undefined && k !== 'playerIdleTimeoutMs' && k !== 'recordingStorageEndpoint')
				continue;
			// null (the only "unset" JSON can carry) restores the default
			o[k] = v === null ? defaults[k] : v;
		}
	}

	injectFault(f: FaultSpec): void {
		this.faultList.add(f);
	}

	clearFaults(): void {
		this.faultList.clear();
	}

	agents(): AgentRecord[] {
		return this.agentStore.all();
	}

	players(): PlayerRecord[] {
		return this.playerStore.all();
	}

	destroyedPlayers(): DestroyedPlayer[] {
		return this.playerStore.destroyed.slice();
	}

	notifications(): NotificationRecord[] {
		return this.notifier.log.slice();
	}

	faults(): FaultSpec[] {
		return this.faultList.list();
	}

	options(): Readonly<ResolvedOptions> {
		return { ...this.opts };
	}

	recordings(): RecordingRecord[] {
		return this.recordingStore.all();
	}

	calls(): CallRecord[] {
		return this.telephony.calls.all();
	}

	phoneNumbers(): PhoneNumberRecord[] {
		return this.telephony.numbers.all();
	}

	setCallee(number: string, script: CalleeScript): void {
		this.telephony.calls.setScript(number, script);
	}

	state(): Record<string, unknown> {
		return {
			agents: this.agents(),
			players: this.players(),
			destroyedPlayers: this.destroyedPlayers(),
			stats: this.stats(),
			faults: this.faults(),
			calls: this.calls(),
			phoneNumbers: this.phoneNumbers(),
			recordings: this.recordings().length,
			clock: { mode: this.clock.mode, nowMs: this.clock.now() },
		};
	}

	userLeft(agentId: string): void {
		this.agentStore.userLeft(agentId);
	}

	async sendNotification(
		n: NotificationInput,
		opts: { badSignature?: boolean; tries?: boolean; url?: string } = {},
	): Promise<NotificationOutcome> {
		const { status, attempts, tries } = await this.notifier.send(n, opts);
		return opts.tries ? { status, attempts, tries } : { status, attempts };
	}

	stats(): SandboxStats {
		const rate = this.playerCtx.rate;
		return {
			rateLimited: { total: rate.rejectedTotal, byRule: { ...rate.rejected } },
			quotaRejected: this.playerCtx.quotaRejected,
			faultsApplied: this.faultList.applied,
			notifications: {
				sent: this.notifier.sent,
				delivered: this.notifier.delivered,
				failed: this.notifier.failed,
				attempts: this.notifier.attempts,
			},
			requests: this.requestCount,
		};
	}

	// ---------------------------------------------------------------- HTTP plumbing

	private onRequest(req: http.IncomingMessage, res: http.ServerResponse): void {
		const chunks: Buffer[] = [];
		let size = 0;
		req.on('data', (c: Buffer) => {
			size += c.length;
			if (size <= MAX_BODY) chunks.push(c);
		});
		req.on('end', () => {
			const raw = chunks.length === 0 ? '' : Buffer.concat(chunks).toString('utf8');
			try {
				this.dispatch(req, res, this.incoming(req, raw, size > MAX_BODY));
			} catch (e) {
				if (!res.headersSent) {
					res.writeHead(500, { 'Content-Type': 'application/json' });
					res.end(JSON.stringify({ message: `sandbox error: ${(e as Error).message}` }));
				}
			}
		});
		req.on('error', () => undefined);
	}

	private incoming(req: http.IncomingMessage, raw: string, tooLarge: boolean): Incoming {
		const url = req.url ?? '/';
		const qi = url.indexOf('?');
		let body: unknown = undefined;
		let jsonOk = true;
		if (raw.length > 0) {
			try {
				body = JSON.parse(raw);
			} catch {
				body = raw;
				jsonOk = false;
			}
		}
		return {
			method: (req.method ?? 'GET').toUpperCase(),
			path: qi < 0 ? url : url.slice(0, qi),
			query: parseQuery(qi < 0 ? '' : url.slice(qi + 1)),
			body,
			jsonOk,
			tooLarge,
		};
	}

	private controlRequest(inc: Incoming, res: http.ServerResponse): void {
		const send = (status: number, body: unknown, contentType?: string): void => {
			const payload = contentType ? String(body) : JSON.stringify(body);
			res.writeHead(status, {
				'Content-Type': contentType ?? 'application/json',
				'Content-Length': Buffer.byteLength(payload),
			});
			res.end(payload);
		};
		if (!inc.jsonOk) return send(400, { error: 'body is not valid JSON' });
		control(this, inc.method, inc.path, inc.body, this.controlExtensions).then(
			(a) => send(a.status, a.body, a.contentType),
			(e: Error) => send(500, { error: e.message }),
		);
	}

	private dispatch(req: http.IncomingMessage, res: http.ServerResponse, received: Incoming): void {
		if (received.path === '/_sandbox' || received.path.startsWith('/_sandbox/'))
			return this.controlRequest(received, res);
		this.requestCount++;
		// Agora's China OpenAPI (convoai.en.yaml) serves the same agent API under /cn: routed alike, recorded as sent.
		const china = received.path.startsWith(`${CHINA_PREFIX}${AGENT_ROOT}`);
		const inc = china ? { ...received, path: received.path.slice(CHINA_PREFIX.length) } : received;
		const family: Family = inc.path.startsWith(AGENT_ROOT)
			? 'agent'
			: isRecordingPath(inc.path)
				? 'recording'
				: 'media';
		const headers: Record<string, string> = {};
		for (const [k, v] of Object.entries(req.headers)) {
			if (k === 'authorization' || v === undefined) continue;
			headers[k] = Array.isArray(v) ? v.join(', ') : v;
		}
		const rec: RecordedRequest = {
			method: inc.method,
			path: received.path,
			query: inc.query,
			headers,
			body: inc.body,
			status: 0,
			at: Date.now(),
		};
		// Telephony and phone-number pages: "This endpoint requires Basic Auth" (no token there).
		const tokenAllowed =
			family === 'agent' && !isTelephonyPath(inc.path) && inc.path !== NCS_IP_PATH;
		const auth = authenticate(req.headers.authorization, tokenAllowed, this.opts, this.clock);
		if (!auth.ok) {
			const body = unauthorizedBody(family, auth.why, Boolean(req.headers.authorization));
			return this.finish(res, rec, { status: 401, body }, undefined, 0);
		}
		const sent = req.headers['x-request-id'];
		const requestId = typeof sent === 'string' && sent.length > 0 ? sent : randomUUID();
		rec.requestId = requestId;
		const fault = this.faultList.take(inc.method, inc.path);
		if (fault?.kind === 'drop') {
			pushBounded(this.requests, rec, this.opts.requestLogLimit);
			req.socket.destroy();
			return;
		}
		const faulted = fault && faultReply(family, fault);
		let reply: Reply | Promise<Reply>;
		if (faulted) reply = faulted;
		else if (inc.tooLarge)
			reply =
				family === 'agent'
					? agentErr(413, 'InvalidRequestBody', 'Request body too large.')
					: mediaErr(413, 'Request body too large.');
		else if (inc.path === NCS_IP_PATH) reply = ncsIpReply(inc.method);
		else if (family === 'recording')
			reply = recordingApi(this.recordingCtx, {
				...inc,
				contentType: req.headers['content-type'],
				failoverMs:
					fault?.kind === 'failover' ? (fault.durationMs ?? DEFAULT_FAILOVER_MS) : undefined,
			});
		else if (family === 'agent' && isTelephonyPath(inc.path))
			reply = telephonyApi(this.telephony, { ...inc, auth });
		else if (family === 'agent')
			reply = agentApi(
				{ appId: this.opts.appId, clock: this.clock, agents: this.agentStore },
				{ ...inc, auth },
			);
		else
			reply = mediaApi(
				this.playerCtx,
				inc.method,
				inc.path,
				inc.query,
				inc.body,
				inc.jsonOk,
				requestId,
			);
		const delay = fault?.kind === 'latency' ? (fault.latencyMs ?? 30000) : 0;
		Promise.resolve(reply).then(
			(answer) => {
				if (fault?.kind === 'drop-after-commit') {
					pushBounded(this.requests, rec, this.opts.requestLogLimit);
					req.socket.destroy();
					return;
				}
				const sent = fault?.kind === '504-after-commit' ? errorReply(family, 504) : answer;
				this.finish(res, rec, sent, requestId, delay);
			},
			(e: Error) =>
				this.finish(res, rec, mediaErr(500, `sandbox error: ${e.message}`), requestId, 0),
		);
	}

	private finish(
		res: http.ServerResponse,
		rec: RecordedRequest,
		reply: Reply,
		requestId: string | undefined,
		extraDelay: number,
	): void {
		rec.status = reply.status;
		pushBounded(this.requests, rec, this.opts.requestLogLimit);
		const headers: Record<string, string | number> = {};
		// An id echoed from the path may hold characters a header cannot carry: such a header is left out.
		for (const [name, value] of Object.entries(reply.headers ?? {}))
			if (HEADER_VALUE_RE.test(value)) headers[name] = value;
		if (requestId !== undefined && reply.status !== 401) headers['X-Request-ID'] = requestId;
		let payload = '';
		if (reply.body !== undefined) {
			payload = JSON.stringify(reply.body);
			headers['Content-Type'] = 'application/json';
		}
		headers['Content-Length'] = Buffer.byteLength(payload);
		const write = (): void => {
			if (res.destroyed || res.writableEnded) return;
			res.writeHead(reply.status, headers);
			res.end(payload);
		};
		const delay = this.opts.latencyMs + extraDelay;
		if (delay > 0) this.replyTimers.after(delay, write);
		else write();
	}
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
	const s = new SandboxImpl(opts);
	await s.listen();
	return s;
}

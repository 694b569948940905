/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The sandbox HTTP server: a local fake of Agora's Conversational AI agent API (v2) and Media
 * Pull (cloud player) API, with a control API under /_sandbox/ and a signed notification sender.
 * Node's http module only; binds 127.0.0.1.
 */
import { randomUUID } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { AgentError, AgentListQuery, AgentStore, StoreCtx } from './agents';
import { FieldError } from './check';
import { faultSpecError, Faults } from './faults';
import { Notifier } from './notifier';
import { PlayerError, PlayerStore } from './players';
import { RateLimiter, RateRule } from './ratelimit';
import type {
	AgentRecord,
	DestroyedPlayer,
	FaultSpec,
	NotificationInput,
	NotificationRecord,
	PlayerRecord,
	RecordedRequest,
	Region,
	ResolvedOptions,
	Sandbox,
	SandboxOptions,
	SandboxStats,
} from './types';
import { isObj, Json, pushBounded, Timers } from './util';
import { validateSpeak, validateStart, validateUpdate } from './validate-agent';
import { CHANNEL_RE, isIPv4, parseSequence, REGIONS, validateCreatePlayer, validateUpdatePlayer } from './validate-player';

export const AGENT_ROOT = '/api/conversational-ai-agent/';
export const AGENT_PREFIX = '/api/conversational-ai-agent/v2/projects/';
const MAX_BODY = 5 * 1024 * 1024;
const PLAYER_FIELDS = 'name,streamUrl,channelName,uid,account,id,createTs,status';
/** Visible Latin-1 and tab/space only: what Node lets a response header carry. */
const HEADER_VALUE_RE = /^[\t\x20-\x7e\x80-\xff]*$/;

type Family = 'agent' | 'media';

interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

const AGENT_401 = { detail: 'Invalid authentication credentials.', reason: 'Unauthorized' };
const MEDIA_401 = { message: 'Invalid authentication credentials.' };

const AGENT_ERR: Record<number, [string, string]> = {
	429: ['Too many requests, please retry later.', 'TooManyRequests'],
	500: ['Internal server error.', 'InternalServerError'],
	503: ['Service unavailable.', 'ServiceUnavailable'],
	504: ['The operation timed out.', 'TaskOperationTimeout'],
};
const MEDIA_ERR: Record<number, string> = {
	429: 'Rate limit exceeded.',
	500: 'Some internal error happened.',
	503: 'Service unavailable.',
	504: 'Gateway timeout.',
};

function errorReply(family: Family, status: number): Reply {
	if (family === 'agent') {
		const [detail, reason] = AGENT_ERR[status] ?? ['Error.', 'Error'];
		return { status, body: { detail, reason } };
	}
	return { status, body: { message: MEDIA_ERR[status] ?? 'Error.' } };
}

function agentErr(status: number, reason: string, detail: string): Reply {
	return { status, body: { detail, reason } };
}

function mediaErr(status: number, message: string, headers?: Record<string, string>): Reply {
	return { status, body: { message }, headers };
}

function resolve(o: SandboxOptions): ResolvedOptions {
	return {
		port: o.port ?? 0,
		customerId: o.customerId ?? 'sandbox-customer',
		customerSecret: o.customerSecret ?? 'sandbox-secret',
		appId: o.appId ?? '0123456789abcdef0123456789abcdef',
		startDelayMs: o.startDelayMs ?? 50,
		stopDelayMs: o.stopDelayMs ?? 50,
		listDelayMs: o.listDelayMs ?? 0,
		rateLimits: o.rateLimits ?? false,
		playerQuota: o.playerQuota ?? 20,
		agentQuota: o.agentQuota ?? 0,
		latencyMs: o.latencyMs ?? 0,
		notify: o.notify ?? null,
		playerIdleTimeoutMs: o.playerIdleTimeoutMs,
		requestLogLimit: o.requestLogLimit ?? 5000,
	};
}

function parseQuery(qs: string): Record<string, string> {
	const out: Record<string, string> = {};
	if (!qs) return out;
	for (const [k, v] of new URLSearchParams(qs)) out[k] = v;
	return out;
}

function safeDecode(s: string): string | undefined {
	try {
		return decodeURIComponent(s);
	} catch {
		return undefined;
	}
}

const DIGITS = /^\d{1,15}$/;

class SandboxImpl implements Sandbox {
	url = '';
	readonly requests: RecordedRequest[] = [];
	private readonly opts: ResolvedOptions;
	private readonly timers = new Timers();
	private readonly notifier: Notifier;
	private readonly agentStore: AgentStore;
	private readonly playerStore: PlayerStore;
	private readonly faultList = new Faults();
	private readonly rate = new RateLimiter();
	private quotaRejected = 0;
	private requestCount = 0;
	private authHeader = '';
	private readonly server: http.Server;

	constructor(o: SandboxOptions) {
		this.opts = resolve(o);
		this.notifier = new Notifier(() => this.opts.notify);
		const ctx: StoreCtx = { opts: this.opts, timers: this.timers, notifier: this.notifier };
		this.agentStore = new AgentStore(ctx);
		this.playerStore = new PlayerStore(ctx);
		this.updateAuth();
		this.server = http.createServer((req, res) => this.onRequest(req, res));
		this.server.keepAliveTimeout = 5000;
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

	private updateAuth(): void {
		this.authHeader = 'Basic ' + Buffer.from(`${this.opts.customerId}:${this.opts.customerSecret}`).toString('base64');
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
		this.timers.clearAll();
		this.agentStore.reset();
		this.playerStore.reset();
		await new Promise<void>((res) => {
			this.server.close(() => res());
			this.server.closeAllConnections();
		});
	}

	reset(): void {
		this.agentStore.reset();
		this.playerStore.reset();
		this.requests.length = 0;
		this.faultList.reset();
		this.rate.reset();
		this.quotaRejected = 0;
		this.requestCount = 0;
		this.notifier.resetLog();
	}

	configure(p: Partial<SandboxOptions>): void {
		const o = this.opts as unknown as Record<string, unknown>;
		const defaults = resolve({}) as unknown as Record<string, unknown>;
		for (const [k, v] of Object.entries(p)) {
			if (k === 'port' || !(k in defaults)) continue;
			if (v === undefined && k !== 'playerIdleTimeoutMs') continue;
			// null (the only "unset" JSON can carry) restores the default
			o[k] = v === null ? defaults[k] : v;
		}
		this.updateAuth();
	}

	injectFault(f: FaultSpec): void {
		this.faultList.add(f);
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

	userLeft(agentId: string): void {
		this.agentStore.userLeft(agentId);
	}

	sendNotification(n: NotificationInput, opts?: { badSignature?: boolean }): Promise<{ status: number; attempts: number }> {
		return this.notifier.send(n, opts);
	}

	stats(): SandboxStats {
		return {
			rateLimited: { total: this.rate.rejectedTotal, byRule: { ...this.rate.rejected } },
			quotaRejected: this.quotaRejected,
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
			const raw = chunks.length === 0 ? '' : chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8');
			try {
				this.dispatch(req, res, raw, size > MAX_BODY);
			} catch (e) {
				if (!res.headersSent) {
					res.writeHead(500, { 'Content-Type': 'application/json' });
					res.end(JSON.stringify({ message: `sandbox error: ${(e as Error).message}` }));
				}
			}
		});
		req.on('error', () => undefined);
	}

	private dispatch(req: http.IncomingMessage, res: http.ServerResponse, raw: string, tooLarge: boolean): void {
		const url = req.url ?? '/';
		const qi = url.indexOf('?');
		const path = qi < 0 ? url : url.slice(0, qi);
		const query = parseQuery(qi < 0 ? '' : url.slice(qi + 1));
		const method = (req.method ?? 'GET').toUpperCase();
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
		if (path === '/_sandbox' || path.startsWith('/_sandbox/')) {
			this.control(method, path, body, jsonOk, res);
			return;
		}
		this.requestCount++;
		const family: Family = path.startsWith(AGENT_ROOT) ? 'agent' : 'media';
		const headers: Record<string, string> = {};
		for (const [k, v] of Object.entries(req.headers)) {
			if (k === 'authorization' || v === undefined) continue;
			headers[k] = Array.isArray(v) ? v.join(', ') : v;
		}
		const rec: RecordedRequest = { method, path, query, headers, body, status: 0, at: Date.now() };

		if (req.headers.authorization !== this.authHeader) {
			this.finish(res, rec, { status: 401, body: family === 'agent' ? AGENT_401 : MEDIA_401 }, undefined, 0);
			return;
		}
		const sent = req.headers['x-request-id'];
		const requestId = typeof sent === 'string' && sent.length > 0 ? sent : randomUUID();
		rec.requestId = requestId;

		let extraDelay = 0;
		let after504 = false;
		let reply: Reply | undefined;
		const fault = this.faultList.take(method, path);
		if (fault) {
			switch (fault.kind) {
				case 'drop':
					pushBounded(this.requests, rec, this.opts.requestLogLimit);
					req.socket.destroy();
					return;
				case 'latency':
					extraDelay = fault.latencyMs ?? 30000;
					break;
				case '504-after-commit':
					after504 = true;
					break;
				case '429':
					reply = errorReply(family, 429);
					reply.headers = { 'Retry-After': String(fault.retryAfterSeconds ?? 1) };
					break;
				default:
					reply = errorReply(family, Number(fault.kind));
			}
		}
		if (!reply) {
			if (tooLarge) reply = family === 'agent' ? agentErr(413, 'InvalidRequestBody', 'Request body too large.') : mediaErr(413, 'Request body too large.');
			else if (family === 'agent') reply = this.agentApi(method, path, query, body, jsonOk);
			else reply = this.mediaApi(method, path, query, body, jsonOk, requestId);
		}
		if (after504) reply = errorReply(family, 504);
		this.finish(res, rec, reply, requestId, extraDelay);
	}

	private finish(res: http.ServerResponse, rec: RecordedRequest, reply: Reply, requestId: string | undefined, extraDelay: number): void {
		rec.status = reply.status;
		pushBounded(this.requests, rec, this.opts.requestLogLimit);
		const headers: Record<string, string | number> = {};
		// An id echoed from the path may hold characters a header cannot carry: such a header is left out.
		for (const [name, value] of Object.entries(reply.headers ?? {})) if (HEADER_VALUE_RE.test(value)) headers[name] = value;
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
		if (delay > 0) this.timers.after(delay, write);
		else write();
	}

	private sendJson(res: http.ServerResponse, status: number, body: unknown): void {
		const payload = JSON.stringify(body);
		res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
		res.end(payload);
	}

	// ---------------------------------------------------------------- control API

	private control(method: string, path: string, body: unknown, jsonOk: boolean, res: http.ServerResponse): void {
		const r = path.replace(/\/+$/, '');
		const bad = (msg: string, status = 400): void => this.sendJson(res, status, { error: msg });
		if (!jsonOk) return bad('body is not valid JSON');
		const key = `${method} ${r}`;
		switch (key) {
			case 'GET /_sandbox/health':
				return this.sendJson(res, 200, { ok: true });
			case 'POST /_sandbox/reset':
				this.reset();
				return this.sendJson(res, 200, { ok: true });
			case 'GET /_sandbox/requests':
				return this.sendJson(res, 200, this.requests);
			case 'DELETE /_sandbox/requests':
				this.requests.length = 0;
				return this.sendJson(res, 200, { ok: true });
			case 'GET /_sandbox/config':
				return this.sendJson(res, 200, this.options());
			case 'POST /_sandbox/config':
				if (!isObj(body)) return bad('config must be a JSON object');
				this.configure(body as Partial<SandboxOptions>);
				return this.sendJson(res, 200, this.options());
			case 'GET /_sandbox/faults':
				return this.sendJson(res, 200, this.faults());
			case 'DELETE /_sandbox/faults':
				this.faultList.clear();
				return this.sendJson(res, 200, { ok: true });
			case 'POST /_sandbox/faults': {
				const list = Array.isArray(body) ? body : [body];
				for (const f of list) {
					const err = faultSpecError(f);
					if (err) return bad(err);
				}
				for (const f of list) this.injectFault(f as FaultSpec);
				return this.sendJson(res, 200, { ok: true, pending: this.faults() });
			}
			case 'GET /_sandbox/state':
				return this.sendJson(res, 200, {
					agents: this.agents(),
					players: this.players(),
					destroyedPlayers: this.destroyedPlayers(),
					stats: this.stats(),
					faults: this.faults(),
				});
			case 'GET /_sandbox/stats':
				return this.sendJson(res, 200, this.stats());
			case 'GET /_sandbox/notifications':
				return this.sendJson(res, 200, this.notifications());
			case 'POST /_sandbox/notify': {
				if (!isObj(body)) return bad('body must be a JSON object');
				if (typeof body.productId !== 'number' || typeof body.eventType !== 'number' || !isObj(body.payload)) {
					return bad('productId (number), eventType (number) and payload (object) are required');
				}
				if (!this.opts.notify) return bad('no notification target configured (POST /_sandbox/config {"notify":{"url","secret"}})');
				const n: NotificationInput = { productId: body.productId, eventType: body.eventType, payload: body.payload };
				if (typeof body.noticeId === 'string') n.noticeId = body.noticeId;
				if (typeof body.sid === 'string') n.sid = body.sid;
				this.notifier.send(n, { badSignature: body.badSignature === true }).then(
					(out) => this.sendJson(res, 200, out),
					(e: Error) => bad(e.message, 500),
				);
				return;
			}
		}
		const m = /^\/_sandbox\/agents\/([^/]+)\/user-left$/.exec(r);
		if (m && method === 'POST') {
			try {
				this.userLeft(safeDecode(m[1]) ?? m[1]);
				return this.sendJson(res, 200, { ok: true });
			} catch (e) {
				return bad((e as Error).message, 404);
			}
		}
		return bad(`unknown control endpoint ${method} ${path}`, 404);
	}

	// ---------------------------------------------------------------- agent API

	private agentApi(method: string, path: string, query: Record<string, string>, body: unknown, jsonOk: boolean): Reply {
		if (!path.startsWith(AGENT_PREFIX)) return agentErr(404, 'NotFound', `No such endpoint: ${path}`);
		const segs = path.slice(AGENT_PREFIX.length).split('/');
		if (segs[0] !== this.opts.appId) {
			return agentErr(404, 'NotFound', `Project ${segs[0]} is not found for these credentials.`);
		}
		const op = segs.slice(1);
		const notAllowed = (): Reply => agentErr(405, 'MethodNotAllowed', `${method} is not allowed on ${path}`);
		if (!jsonOk) return agentErr(400, 'InvalidRequestBody', 'Request body is not valid JSON.');
		try {
			if (op.length === 1 && op[0] === 'join') {
				if (method !== 'POST') return notAllowed();
				const v = validateStart(body);
				const a = this.agentStore.start(v, body as Json);
				return { status: 200, body: { agent_id: a.agentId, create_ts: a.createTs, status: a.status } };
			}
			if (op[0] !== 'agents' || op.length > 3) return agentErr(404, 'NotFound', `No such endpoint: ${path}`);
			if (op.length === 1) {
				if (method !== 'GET') return notAllowed();
				return this.listAgents(query);
			}
			const id = safeDecode(op[1]);
			if (!id) return agentErr(404, 'TaskNotFound', 'Agent is not found.');
			const action = op[2];
			if (action === undefined) {
				if (method !== 'GET') return notAllowed();
				const a = this.agentStore.known(id);
				return {
					status: 200,
					body: { message: a.message, start_ts: a.startTs, stop_ts: a.stopTs, name: a.name, status: a.status, agent_id: a.agentId },
				};
			}
			if (action === 'history') {
				if (method !== 'GET') return notAllowed();
				const a = this.agentStore.known(id);
				return { status: 200, body: { agent_id: a.agentId, start_ts: a.startTs, status: a.status, contents: a.history } };
			}
			if (method !== 'POST') {
				return ['leave', 'update', 'speak', 'interrupt'].includes(action) ? notAllowed() : agentErr(404, 'NotFound', `No such endpoint: ${path}`);
			}
			switch (action) {
				case 'leave':
					this.agentStore.leave(id);
					return { status: 200 };
				case 'update': {
					const u = validateUpdate(body);
					const a = this.agentStore.update(id, u);
					return { status: 200, body: { agent_id: a.agentId, create_ts: a.createTs, status: a.status } };
				}
				case 'speak': {
					const s = validateSpeak(body);
					const a = this.agentStore.speak(id, s);
					return { status: 200, body: { agent_id: a.agentId, channel: a.channel, start_ts: a.startTs } };
				}
				case 'interrupt': {
					const a = this.agentStore.interrupt(id);
					return { status: 200, body: { agent_id: a.agentId, channel: a.channel, start_ts: a.startTs } };
				}
				default:
					return agentErr(404, 'NotFound', `No such endpoint: ${path}`);
			}
		} catch (e) {
			if (e instanceof FieldError) return agentErr(400, e.reason, e.message);
			if (e instanceof AgentError) return agentErr(e.status, e.reason, e.message);
			throw e;
		}
	}

	private listAgents(query: Record<string, string>): Reply {
		const q: AgentListQuery = { limit: 20 };
		const int = (k: string, min: number, max: number): number | undefined => {
			const v = query[k];
			if (v === undefined || v === '') return undefined;
			if (!DIGITS.test(v) || Number(v) < min || Number(v) > max) {
				throw new FieldError('InvalidFieldValue', k, `${k} must be an integer in [${min}, ${max}]`);
			}
			return Number(v);
		};
		if (query.channel !== undefined && query.channel !== '') q.channel = query.channel;
		q.fromTime = int('from_time', 0, Number.MAX_SAFE_INTEGER);
		q.toTime = int('to_time', 0, Number.MAX_SAFE_INTEGER);
		q.state = int('state', 0, 6);
		q.limit = int('limit', 1, 1000) ?? 20;
		if (query.cursor) q.cursor = query.cursor;
		const r = this.agentStore.list(q);
		return {
			status: 200,
			body: {
				data: { count: r.list.length, list: r.list.map((a) => ({ agent_id: a.agentId, start_ts: a.startTs, status: a.status })) },
				meta: { cursor: r.cursor, total: r.total },
				status: 'ok',
			},
		};
	}

	// ---------------------------------------------------------------- Media Pull API

	private mediaApi(method: string, path: string, query: Record<string, string>, body: unknown, jsonOk: boolean, requestId: string): Reply {
		const s = path.split('/');
		const notFound = (): Reply => mediaErr(404, `Not found: ${path}`);
		let region: Region | undefined;
		let base: number;
		if (s[1] === 'v1') base = 1;
		else if ((REGIONS as readonly string[]).includes(s[1]) && s[2] === 'v1') {
			region = s[1] as Region;
			base = 2;
		} else return notFound();
		if (s[base + 1] !== 'projects' || s[base + 3] !== 'cloud-player' || s[base + 4] !== 'players') return notFound();
		const rest = s.length - (base + 5);
		if (rest < 0 || rest > 1) return notFound();
		if (s[base + 2] !== this.opts.appId) return mediaErr(403, 'Forbidden: the App ID in the path does not belong to these credentials.');
		const id = rest === 1 ? safeDecode(s[base + 5]) : undefined;
		if (rest === 1 && !id) return notFound();
		const rl = this.opts.rateLimits;
		const limited = (rules: RateRule[]): Reply | undefined => {
			if (!rl) return undefined;
			const r = this.rate.take(rules);
			if (r.ok) return undefined;
			return mediaErr(429, 'Rate limit exceeded.', { 'Retry-After': String(r.retryAfterSeconds) });
		};
		try {
			if (!region) {
				if (rest !== 0) return notFound();
				if (method !== 'GET') return mediaErr(405, 'Method not allowed.');
				return this.listPlayers(query, limited);
			}
			if (rest === 0) {
				if (method !== 'POST') return mediaErr(405, 'Method not allowed.');
				const name = isObj(body) && isObj(body.player) && typeof body.player.name === 'string' ? body.player.name : undefined;
				const rules: RateRule[] = [{ rule: 'create', key: 'create', limit: 50, windowMs: 1000 }];
				if (name !== undefined) rules.push({ rule: 'create:name', key: `create:name:${name}`, limit: 2, windowMs: 1000 });
				const lim = limited(rules);
				if (lim) return lim;
				if (!jsonOk) return mediaErr(400, 'Request body is not valid JSON.');
				const streamIp = query.streamIp;
				if (streamIp !== undefined && !isIPv4(streamIp)) return mediaErr(400, 'streamIp must be a valid IPv4 address.');
				const v = validateCreatePlayer(body);
				let p: PlayerRecord;
				try {
					p = this.playerStore.create(v, region, streamIp, requestId);
				} catch (e) {
					if (e instanceof PlayerError && e.status === 429) this.quotaRejected++;
					throw e;
				}
				const player: Record<string, unknown> = { uid: p.uid };
				if (p.account !== undefined) player.account = p.account;
				Object.assign(player, { id: p.id, createTs: p.createTs, status: p.status });
				return {
					status: 200,
					body: { player, fields: p.account !== undefined ? 'uid,account,id,createTs,status' : 'uid,id,createTs,status' },
					headers: { 'X-Resource-ID': p.id },
				};
			}
			const pid = id as string;
			if (method === 'DELETE') {
				const lim = limited([{ rule: 'delete', key: 'delete', limit: 100, windowMs: 1000 }]);
				if (lim) return lim;
				this.playerStore.delete(pid, region);
				return { status: 200, headers: { 'X-Resource-ID': pid } };
			}
			if (method === 'PATCH') {
				if (!jsonOk) return mediaErr(400, 'Request body is not valid JSON.');
				const seq = parseSequence(query.sequence);
				const u = validateUpdatePlayer(body);
				this.playerStore.update(pid, region, seq, u);
				return { status: 200, headers: { 'X-Resource-ID': pid } };
			}
			return mediaErr(405, 'Method not allowed.');
		} catch (e) {
			if (e instanceof FieldError) return mediaErr(400, e.message);
			if (e instanceof PlayerError) {
				const h: Record<string, string> = {};
				if (e.resourceId) h['X-Resource-ID'] = e.resourceId;
				else if (e.status === 404 && id) h['X-Resource-ID'] = id;
				return mediaErr(e.status, e.message, h);
			}
			throw e;
		}
	}

	private listPlayers(query: Record<string, string>, limited: (rules: RateRule[]) => Reply | undefined): Reply {
		let channel: string | undefined;
		const f = query.filter;
		if (f !== undefined) {
			const m = /^channelName eq (.+)$/.exec(f);
			if (!m || !CHANNEL_RE.test(m[1])) {
				return mediaErr(400, 'filter must have the form "channelName eq <channel_name>".');
			}
			channel = m[1];
		}
		const lim =
			channel !== undefined
				? limited([
						{ rule: 'list:filter/s', key: `lf:${channel}`, limit: 2, windowMs: 1000 },
						{ rule: 'list:filter/min', key: `lf:${channel}`, limit: 15, windowMs: 60000 },
					])
				: limited([
						{ rule: 'list/s', key: 'list', limit: 10, windowMs: 1000 },
						{ rule: 'list/min', key: 'list', limit: 20, windowMs: 60000 },
					]);
		if (lim) return lim;
		let pageSize = 200;
		if (query.pageSize !== undefined) {
			const v = query.pageSize;
			if (!DIGITS.test(v) || Number(v) < 1 || Number(v) > 500) return mediaErr(400, 'pageSize must be an integer in [1, 500].');
			pageSize = Number(v);
		}
		const r = this.playerStore.list(channel, pageSize, query.pageToken || undefined);
		return {
			status: 200,
			body: {
				totalSize: r.totalSize,
				players: r.players.map((p) => ({
					name: p.name ?? '',
					streamUrl: p.streamUrl,
					channelName: p.channelName,
					uid: p.uid,
					account: p.account ?? '',
					id: p.id,
					createTs: p.createTs,
					status: p.status,
				})),
				fields: PLAYER_FIELDS,
				nextPageToken: r.nextPageToken,
			},
		};
	}
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
	const s = new SandboxImpl(opts);
	await s.listen();
	return s;
}

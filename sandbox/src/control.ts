/**
 * The control API under /_sandbox/ (no authentication, not recorded): what tests, the e2e suite,
 * the bench and `npm run dev` use to inspect and steer the sandbox.
 */
import type { ClockMode } from './clock';
import { faultSpecError } from './faults';
import { safeDecode } from './reply';
import type { FaultSpec, NotificationInput, Sandbox, SandboxOptions } from './types';
import { isObj } from './util';

export interface ControlAnswer {
	status: number;
	body: unknown;
	/** A body sent as is (the talk page); JSON otherwise. */
	contentType?: string;
}

/** Extra control routes (telephony adds its own); undefined when the route is not theirs. */
export type ControlExtension = (
	method: string,
	path: string,
	body: unknown,
) => ControlAnswer | Promise<ControlAnswer> | undefined;

const done = (body: unknown = { ok: true }): ControlAnswer => ({ status: 200, body });
const bad = (error: string, status = 400): ControlAnswer => ({ status, body: { error } });

function clockAnswer(sb: Sandbox): ControlAnswer {
	return done({ mode: sb.clock.mode, nowMs: sb.clock.now(), pending: sb.clock.pending });
}

// POST /_sandbox/clock {mode?: 'real'|'manual', setMs?, advanceMs?} (applied in that order)
function moveClock(sb: Sandbox, body: unknown): ControlAnswer {
	if (!isObj(body)) return bad('body must be a JSON object');
	const { mode, setMs, advanceMs } = body;
	if (mode !== undefined && mode !== 'real' && mode !== 'manual')
		return bad('mode must be "real" or "manual"');
	if (setMs !== undefined && (typeof setMs !== 'number' || !Number.isFinite(setMs)))
		return bad('setMs must be a number (ms since the epoch)');
	if (advanceMs !== undefined && (typeof advanceMs !== 'number' || !(advanceMs >= 0)))
		return bad('advanceMs must be a number >= 0');
	if (mode !== undefined) sb.clock.setMode(mode as ClockMode);
	if (setMs !== undefined) sb.clock.set(setMs as number);
	if (advanceMs !== undefined) sb.clock.advance(advanceMs as number);
	return clockAnswer(sb);
}

function addFaults(sb: Sandbox, body: unknown): ControlAnswer {
	const list = Array.isArray(body) ? body : [body];
	for (const f of list) {
		const err = faultSpecError(f);
		if (err) return bad(err);
	}
	for (const f of list) sb.injectFault(f as FaultSpec);
	return done({ ok: true, pending: sb.faults() });
}

async function notify(sb: Sandbox, body: unknown): Promise<ControlAnswer> {
	if (!isObj(body)) return bad('body must be a JSON object');
	if (
		typeof body.productId !== 'number' ||
		typeof body.eventType !== 'number' ||
		!isObj(body.payload)
	) {
		return bad('productId (number), eventType (number) and payload (object) are required');
	}
	if (!sb.options().notify)
		return bad(
			'no notification target configured (POST /_sandbox/config {"notify":{"url","secret"}})',
		);
	const n: NotificationInput = {
		productId: body.productId,
		eventType: body.eventType,
		payload: body.payload,
	};
	if (typeof body.noticeId === 'string') n.noticeId = body.noticeId;
	if (typeof body.sid === 'string') n.sid = body.sid;
	try {
		const url =
			typeof body.url === 'string' && body.url.trim() !== '' ? body.url.trim() : undefined;
		if (url && !/^https?:\/\/\S+$/.test(url)) return bad('url must be an http(s) URL');
		return done(
			await sb.sendNotification(n, { badSignature: body.badSignature === true, tries: true, url }),
		);
	} catch (e) {
		return bad((e as Error).message, 500);
	}
}

function simple(sb: Sandbox, key: string, body: unknown): ControlAnswer | undefined {
	switch (key) {
		case 'GET /_sandbox/health':
			return done();
		case 'POST /_sandbox/reset':
			sb.reset();
			return done();
		case 'GET /_sandbox/requests':
			return done(sb.requests);
		case 'DELETE /_sandbox/requests':
			sb.requests.length = 0;
			return done();
		case 'GET /_sandbox/config':
			return done(sb.options());
		case 'POST /_sandbox/config':
			if (!isObj(body)) return bad('config must be a JSON object');
			sb.configure(body as Partial<SandboxOptions>);
			return done(sb.options());
		case 'GET /_sandbox/faults':
			return done(sb.faults());
		case 'DELETE /_sandbox/faults':
			sb.clearFaults();
			return done();
		case 'POST /_sandbox/faults':
			return addFaults(sb, body);
		case 'GET /_sandbox/state':
			return done(sb.state());
		case 'GET /_sandbox/stats':
			return done(sb.stats());
		case 'GET /_sandbox/notifications':
			return done(sb.notifications());
		case 'GET /_sandbox/clock':
			return clockAnswer(sb);
		case 'POST /_sandbox/clock':
			return moveClock(sb, body);
	}
	return undefined;
}

export async function control(
	sb: Sandbox,
	method: string,
	path: string,
	body: unknown,
	extensions: ControlExtension[],
): Promise<ControlAnswer> {
	const r = path.replace(/\/+$/, '');
	const key = `${method} ${r}`;
	if (key === 'POST /_sandbox/notify') return notify(sb, body);
	const s = simple(sb, key, body);
	if (s) return s;
	const m = /^\/_sandbox\/agents\/([^/]+)\/user-left$/.exec(r);
	if (m && method === 'POST') {
		try {
			sb.userLeft(safeDecode(m[1]) ?? m[1]);
			return done();
		} catch (e) {
			return bad((e as Error).message, 404);
		}
	}
	for (const ext of extensions) {
		const a = ext(method, r, body);
		if (a) return a;
	}
	return bad(`unknown control endpoint ${method} ${path}`, 404);
}

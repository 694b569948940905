/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Telephony and phone number routes, as Agora's server SDK calls them; errors have the agent API's
 * shape {detail, reason}. The routes: sandbox/README.md, Telephony.
 */
import { AgentError } from './agents';
import { callView, CallStore } from './calls';
import { FieldError, invalid } from './check';
import type { Clock } from './clock';
import { numberView, PhoneNumberStore } from './numbers';
import { agentErr, ok, Reply, safeDecode } from './reply';
import { AGENT_PREFIX, ApiRequest } from './routes-agents';
import type { ResolvedOptions } from './types';
import {
	parseCallListQuery,
	validateAddNumber,
	validateCall,
	validateUpdateNumber,
} from './validate-telephony';

export const PHONE_NUMBERS_PATH = '/api/conversational-ai-agent/v2/phone-numbers';

export interface TelephonyCtx {
	opts: ResolvedOptions;
	clock: Clock;
	calls: CallStore;
	numbers: PhoneNumberStore;
}

/** Whether a path belongs to telephony or phone numbers (the rest of /api/conversational-ai-agent is the agent API). */
export function isTelephonyPath(path: string): boolean {
	if (path === PHONE_NUMBERS_PATH || path.startsWith(`${PHONE_NUMBERS_PATH}/`)) return true;
	if (!path.startsWith(AGENT_PREFIX)) return false;
	const op = path.slice(AGENT_PREFIX.length).split('/')[1];
	return op === 'call' || op === 'calls';
}

function placeCall(ctx: TelephonyCtx, req: ApiRequest): Reply {
	const v = validateCall(req.body);
	if (ctx.opts.requireImportedNumbers) {
		const n = ctx.numbers.get(v.sip.fromNumber);
		if (!n || !n.outbound)
			throw invalid(
				'sip.from_number',
				'must be an imported phone number with outbound calls enabled',
			);
	}
	const call = ctx.calls.call(v, req.body as Record<string, unknown>);
	return ok({ agent_id: call.agentId });
}

function projectRoute(ctx: TelephonyCtx, req: ApiRequest): Reply {
	const { method, path } = req;
	const segs = path.slice(AGENT_PREFIX.length).split('/');
	if (segs[0] !== ctx.opts.appId)
		return agentErr(404, 'NotFound', `Project ${segs[0]} is not found for these credentials.`);
	const op = segs.slice(1);
	const notAllowed = (): Reply =>
		agentErr(405, 'MethodNotAllowed', `${method} is not allowed on ${path}`);
	if (op.length === 1) {
		if (method === 'POST') return placeCall(ctx, req);
		if (method !== 'GET') return notAllowed();
		const r = ctx.calls.list(parseCallListQuery(req.query, ctx.clock.nowS()));
		return ok({
			data: { count: r.list.length, list: r.list.map((c) => callView(c, false)) },
			meta: { cursor: r.cursor, total: r.total },
			status: 'ok',
		});
	}
	const id = op[0] === 'calls' ? safeDecode(op[1] ?? '') : undefined;
	if (!id || op.length > 3 || (op.length === 3 && op[2] !== 'hangup'))
		return agentErr(404, 'NotFound', `No such endpoint: ${path}`);
	if (op.length === 2)
		return method === 'GET' ? ok(callView(ctx.calls.known(id), true)) : notAllowed();
	if (method !== 'POST') return notAllowed();
	ctx.calls.hangup(id);
	return ok({});
}

function numbersRoute(ctx: TelephonyCtx, req: ApiRequest): Reply {
	const { method, path } = req;
	const rest = path.slice(PHONE_NUMBERS_PATH.length).split('/').filter(Boolean);
	const notAllowed = (): Reply =>
		agentErr(405, 'MethodNotAllowed', `${method} is not allowed on ${path}`);
	if (rest.length === 0) {
		if (method === 'GET') return ok(ctx.numbers.all().map(numberView));
		if (method !== 'POST') return notAllowed();
		const n = ctx.numbers.add(validateAddNumber(req.body));
		const { provider, phone_number, label, inbound, outbound, associated_pipeline } = numberView(n);
		return ok({ phone_number, label, provider, inbound, outbound, associated_pipeline });
	}
	const number = safeDecode(rest[0]);
	if (!number || rest.length > 1) return agentErr(404, 'NotFound', `No such endpoint: ${path}`);
	switch (method) {
		case 'GET':
			return ok(numberView(ctx.numbers.known(number)));
		case 'PATCH':
			return ok(numberView(ctx.numbers.update(number, validateUpdateNumber(req.body))));
		case 'DELETE':
			ctx.numbers.delete(number);
			return ok();
		default:
			return notAllowed();
	}
}

export function telephonyApi(ctx: TelephonyCtx, req: ApiRequest): Reply {
	if (!req.jsonOk) return agentErr(400, 'InvalidRequestBody', 'Request body is not valid JSON.');
	try {
		return req.path.startsWith(PHONE_NUMBERS_PATH)
			? numbersRoute(ctx, req)
			: projectRoute(ctx, req);
	} catch (e) {
		if (e instanceof FieldError) return agentErr(400, e.reason, e.message);
		if (e instanceof AgentError) return agentErr(e.status, e.reason, e.message);
		throw e;
	}
}

/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The Conversational AI agent API under /api/conversational-ai-agent/v2/projects/{appid}: join,
 * leave, update, query, list, speak, interrupt, think, history, turns (reference paths of
 * rest-api.en.yaml).
 */
import { AgentError, AgentStore } from './agents';
import { AuthResult, tokenMismatch } from './auth';
import { FieldError } from './check';
import type { Clock } from './clock';
import { agentErr, ok, Reply, safeDecode } from './reply';
import type { AgentRecord } from './types';
import {
	parseListQuery,
	parseTurnsQuery,
	validateSpeak,
	validateThink,
	validateUpdate,
} from './validate-agent';
import { validateStart } from './validate-start';

export const AGENT_ROOT = '/api/conversational-ai-agent/';
export const AGENT_PREFIX = '/api/conversational-ai-agent/v2/projects/';

export interface AgentApiCtx {
	appId: string;
	clock: Clock;
	agents: AgentStore;
}

export interface ApiRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	jsonOk: boolean;
	auth: AuthResult & { ok: true };
}

const POST_ACTIONS = ['leave', 'update', 'speak', 'interrupt', 'think'];
const GET_ACTIONS = ['history', 'turns'];

function inChannel(a: AgentRecord): Record<string, unknown> {
	return { agent_id: a.agentId, channel: a.channel, start_ts: a.startTs };
}

function join(ctx: AgentApiCtx, req: ApiRequest): Reply {
	const v = validateStart(req.body);
	if (req.auth.kind === 'token') {
		const why = tokenMismatch(req.auth.rtc, v.channel, v.agentUid);
		if (why) return agentErr(401, 'Unauthorized', `Invalid authentication credentials: ${why}.`);
	}
	const a = ctx.agents.start(v, req.body as Record<string, unknown>);
	return ok({ agent_id: a.agentId, create_ts: a.createTs, status: a.status });
}

function listAgents(ctx: AgentApiCtx, query: Record<string, string>): Reply {
	const r = ctx.agents.list(parseListQuery(query, ctx.clock.nowS()));
	return ok({
		data: {
			count: r.list.length,
			list: r.list.map((a) => ({ agent_id: a.agentId, start_ts: a.startTs, status: a.status })),
		},
		meta: { cursor: r.cursor, total: r.total },
		status: 'ok',
	});
}

function getAction(
	ctx: AgentApiCtx,
	id: string,
	action: string | undefined,
	query: Record<string, string>,
): Reply {
	if (action === undefined) {
		const a = ctx.agents.known(id);
		return ok({
			message: a.message,
			start_ts: a.startTs,
			stop_ts: a.stopTs,
			name: a.name,
			status: a.status,
			agent_id: a.agentId,
		});
	}
	if (action === 'history') {
		const a = ctx.agents.history(id);
		return ok({ agent_id: a.agentId, start_ts: a.startTs, status: a.status, contents: a.history });
	}
	const { pageIndex, pageSize } = parseTurnsQuery(query);
	const t = ctx.agents.turns(id, pageIndex, pageSize);
	return ok({
		agent_id: t.agent.agentId,
		name: t.agent.name,
		channel: t.agent.channel,
		total_turn_count: t.total,
		pagination: { page_index: pageIndex, total_pages: t.pages, is_last_page: pageIndex >= t.pages },
		turns: t.turns.map((x) => ({ agent_id: t.agent.agentId, channel: t.agent.channel, ...x })),
	});
}

function postAction(ctx: AgentApiCtx, id: string, action: string, body: unknown): Reply {
	switch (action) {
		case 'leave':
			ctx.agents.leave(id);
			return ok();
		case 'update': {
			const a = ctx.agents.update(id, validateUpdate(body));
			return ok({ agent_id: a.agentId, create_ts: a.createTs, status: a.status });
		}
		case 'speak':
			return ok(inChannel(ctx.agents.speak(id, validateSpeak(body))));
		case 'think':
			return ok(inChannel(ctx.agents.think(id, validateThink(body))));
		default:
			return ok(inChannel(ctx.agents.interrupt(id)));
	}
}

function route(ctx: AgentApiCtx, req: ApiRequest): Reply {
	const { method, path } = req;
	const notFound = (): Reply => agentErr(404, 'NotFound', `No such endpoint: ${path}`);
	const notAllowed = (): Reply =>
		agentErr(405, 'MethodNotAllowed', `${method} is not allowed on ${path}`);
	const op = path.slice(AGENT_PREFIX.length).split('/').slice(1);
	if (op.length === 1 && op[0] === 'join') return method === 'POST' ? join(ctx, req) : notAllowed();
	if (op[0] !== 'agents' || op.length > 3) return notFound();
	if (op.length === 1) return method === 'GET' ? listAgents(ctx, req.query) : notAllowed();
	const id = safeDecode(op[1]);
	if (!id) return agentErr(404, 'TaskNotFound', 'Agent is not found.');
	const action = op[2];
	if (action === undefined || GET_ACTIONS.includes(action))
		return method === 'GET' ? getAction(ctx, id, action, req.query) : notAllowed();
	if (!POST_ACTIONS.includes(action)) return notFound();
	return method === 'POST' ? postAction(ctx, id, action, req.body) : notAllowed();
}

export function agentApi(ctx: AgentApiCtx, req: ApiRequest): Reply {
	if (!req.path.startsWith(AGENT_PREFIX))
		return agentErr(404, 'NotFound', `No such endpoint: ${req.path}`);
	const appId = req.path.slice(AGENT_PREFIX.length).split('/')[0];
	if (appId !== ctx.appId)
		return agentErr(404, 'NotFound', `Project ${appId} is not found for these credentials.`);
	if (!req.jsonOk) return agentErr(400, 'InvalidRequestBody', 'Request body is not valid JSON.');
	try {
		return route(ctx, req);
	} catch (e) {
		if (e instanceof FieldError) return agentErr(400, e.reason, e.message);
		if (e instanceof AgentError) return agentErr(e.status, e.reason, e.message);
		throw e;
	}
}

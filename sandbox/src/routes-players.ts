/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The Media Pull API (media-pull/index.md): create, delete and update under
 * /{region}/v1/projects/{appId}/cloud-player/players[/{id}], list under
 * /v1/projects/{appId}/cloud-player/players, with the page's rate limits.
 */
import { FieldError } from './check';
import type { Clock } from './clock';
import { PlayerError, PlayerStore } from './players';
import * as R from './reference';
import { RateLimiter, RateRule } from './ratelimit';
import { mediaErr, ok, Reply, safeDecode } from './reply';
import type { PlayerRecord, Region, ResolvedOptions } from './types';
import { isObj } from './util';
import {
	CHANNEL_RE,
	isIPv4,
	parseSequence,
	validateCreatePlayer,
	validateUpdatePlayer,
} from './validate-player';

const PLAYER_FIELDS = 'name,streamUrl,channelName,uid,account,id,createTs,status';
const DIGITS = /^\d{1,15}$/;

export interface PlayerApiCtx {
	opts: ResolvedOptions;
	clock: Clock;
	players: PlayerStore;
	rate: RateLimiter;
	/** Creates refused for the concurrent player quota. */
	quotaRejected: number;
}

interface Target {
	region?: Region;
	id?: string;
}

type Limit = (rules: RateRule[]) => Reply | undefined;

/** Splits the path; a Reply when it is not a player path of this project. */
function target(path: string, appId: string): Target | Reply {
	const s = path.split('/');
	const notFound = mediaErr(404, `Not found: ${path}`);
	let region: Region | undefined;
	let base: number;
	if (s[1] === 'v1') base = 1;
	else if ((R.REGIONS as readonly string[]).includes(s[1]) && s[2] === 'v1') {
		region = s[1] as Region;
		base = 2;
	} else return notFound;
	if (s[base + 1] !== 'projects' || s[base + 3] !== 'cloud-player' || s[base + 4] !== 'players')
		return notFound;
	const rest = s.length - (base + 5);
	if (rest < 0 || rest > 1 || (!region && rest !== 0)) return notFound;
	if (s[base + 2] !== appId)
		return mediaErr(403, 'Forbidden: the App ID in the path does not belong to these credentials.');
	if (rest === 0) return { region };
	const id = safeDecode(s[base + 5]);
	return id ? { region, id } : notFound;
}

function created(p: PlayerRecord): Reply {
	const player: Record<string, unknown> = { uid: p.uid };
	if (p.account !== undefined) player.account = p.account;
	Object.assign(player, { id: p.id, createTs: p.createTs, status: p.status });
	const fields =
		p.account !== undefined ? 'uid,account,id,createTs,status' : 'uid,id,createTs,status';
	return ok({ player, fields }, { 'X-Resource-ID': p.id });
}

// Rate limits: create 50/s per project and 2/s per name; checked before the body
function create(
	ctx: PlayerApiCtx,
	region: Region,
	query: Record<string, string>,
	body: unknown,
	jsonOk: boolean,
	requestId: string,
	limit: Limit,
): Reply {
	const name =
		isObj(body) && isObj(body.player) && typeof body.player.name === 'string'
			? body.player.name
			: undefined;
	const rules: RateRule[] = [{ rule: 'create', key: 'create', limit: 50, windowMs: 1000 }];
	if (name !== undefined)
		rules.push({ rule: 'create:name', key: `create:name:${name}`, limit: 2, windowMs: 1000 });
	const limited = limit(rules);
	if (limited) return limited;
	if (!jsonOk) return mediaErr(400, 'Request body is not valid JSON.');
	if (query.streamIp !== undefined && !isIPv4(query.streamIp))
		return mediaErr(400, 'streamIp must be a valid IPv4 address.');
	const v = validateCreatePlayer(body, ctx.clock.nowS());
	try {
		return created(ctx.players.create(v, region, query.streamIp, requestId));
	} catch (e) {
		if (e instanceof PlayerError && e.status === 429) ctx.quotaRejected++;
		throw e;
	}
}

function listItem(p: PlayerRecord): Record<string, unknown> {
	return {
		name: p.name ?? '',
		streamUrl: p.streamUrl,
		channelName: p.channelName,
		uid: p.uid,
		account: p.account ?? '',
		id: p.id,
		createTs: p.createTs,
		status: p.status,
	};
}

// Rate limits: with a filter 2/s and 15/min per channel; without 10/s and 20/min
function list(ctx: PlayerApiCtx, query: Record<string, string>, limit: Limit): Reply {
	let channel: string | undefined;
	if (query.filter !== undefined) {
		const m = /^channelName eq (.+)$/.exec(query.filter);
		if (!m || !CHANNEL_RE.test(m[1]))
			return mediaErr(400, 'filter must have the form "channelName eq <channel_name>".');
		channel = m[1];
	}
	const limited =
		channel !== undefined
			? limit([
					{ rule: 'list:filter/s', key: `lf:${channel}`, limit: 2, windowMs: 1000 },
					{ rule: 'list:filter/min', key: `lf:${channel}`, limit: 15, windowMs: 60000 },
				])
			: limit([
					{ rule: 'list/s', key: 'list', limit: 10, windowMs: 1000 },
					{ rule: 'list/min', key: 'list', limit: 20, windowMs: 60000 },
				]);
	if (limited) return limited;
	let pageSize: number = R.PAGE_SIZE_RANGE.default;
	if (query.pageSize !== undefined) {
		const v = query.pageSize;
		if (!DIGITS.test(v) || Number(v) < R.PAGE_SIZE_RANGE.min || Number(v) > R.PAGE_SIZE_RANGE.max)
			return mediaErr(400, 'pageSize must be an integer in [1, 500].');
		pageSize = Number(v);
	}
	const r = ctx.players.list(channel, pageSize, query.pageToken || undefined);
	return ok({
		totalSize: r.totalSize,
		players: r.players.map(listItem),
		fields: PLAYER_FIELDS,
		nextPageToken: r.nextPageToken,
	});
}

function onPlayer(
	ctx: PlayerApiCtx,
	method: string,
	t: Required<Target>,
	query: Record<string, string>,
	body: unknown,
	jsonOk: boolean,
	limit: Limit,
): Reply {
	if (method === 'DELETE') {
		// Rate limit: delete 100/s per project
		const limited = limit([{ rule: 'delete', key: 'delete', limit: 100, windowMs: 1000 }]);
		if (limited) return limited;
		ctx.players.delete(t.id, t.region);
		return ok(undefined, { 'X-Resource-ID': t.id });
	}
	if (method !== 'PATCH') return mediaErr(405, 'Method not allowed.');
	if (!jsonOk) return mediaErr(400, 'Request body is not valid JSON.');
	const seq = parseSequence(query.sequence);
	ctx.players.update(t.id, t.region, seq, validateUpdatePlayer(body));
	return ok(undefined, { 'X-Resource-ID': t.id });
}

export function mediaApi(
	ctx: PlayerApiCtx,
	method: string,
	path: string,
	query: Record<string, string>,
	body: unknown,
	jsonOk: boolean,
	requestId: string,
): Reply {
	const t = target(path, ctx.opts.appId);
	if ('status' in t) return t;
	const limit: Limit = (rules) => {
		if (!ctx.opts.rateLimits) return undefined;
		const r = ctx.rate.take(rules, ctx.clock.now());
		return r.ok
			? undefined
			: mediaErr(429, 'Rate limit exceeded.', { 'Retry-After': String(r.retryAfterSeconds) });
	};
	try {
		if (!t.region)
			return method === 'GET' ? list(ctx, query, limit) : mediaErr(405, 'Method not allowed.');
		if (t.id === undefined)
			return method === 'POST'
				? create(ctx, t.region, query, body, jsonOk, requestId, limit)
				: mediaErr(405, 'Method not allowed.');
		return onPlayer(ctx, method, { region: t.region, id: t.id }, query, body, jsonOk, limit);
	} catch (e) {
		if (e instanceof FieldError) return mediaErr(400, e.message);
		if (e instanceof PlayerError) {
			const h: Record<string, string> = {};
			if (e.resourceId) h['X-Resource-ID'] = e.resourceId;
			else if (e.status === 404 && t.id) h['X-Resource-ID'] = t.id;
			return mediaErr(e.status, e.message, h);
		}
		throw e;
	}
}

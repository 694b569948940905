import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { ExpiringMap } from '../../shared/expiringMap';
import { isPlainObject } from '../../shared/values';
import { PAGE_SIZE_MAX } from '../schemas/mediaPull';
import { agoraRequest, type AgoraContext, type RateRule } from '../transport';
import { cursorPages, type Page } from './pages';

// The pacer widens each window for the time requests spend in transit (transport/rateLimit.ts).
const SECOND = 1000;
const MINUTE = 60000;

/**
 * Agora's published Media Pull rate limits, paced on the client so concurrent items never collect 429s.
 * Keys carry the App ID: the limits are per project.
 */
export const mediaPullRules = {
	create(appId: string, name?: string): RateRule[] {
		const rules: RateRule[] = [
			{ key: `agora:${appId}:mediaPull:create`, limit: 50, windowMs: SECOND },
		];
		if (name !== undefined)
			rules.push({
				key: `agora:${appId}:mediaPull:create:name:${name}`,
				limit: 2,
				windowMs: SECOND,
			});
		return rules;
	},
	delete(appId: string): RateRule[] {
		return [{ key: `agora:${appId}:mediaPull:delete`, limit: 100, windowMs: SECOND }];
	},
	list(appId: string, channelName?: string): RateRule[] {
		if (channelName === undefined) {
			const key = `agora:${appId}:mediaPull:list`;
			return [
				{ key: `${key}/s`, limit: 10, windowMs: SECOND },
				{ key: `${key}/min`, limit: 20, windowMs: MINUTE },
			];
		}
		const key = `agora:${appId}:mediaPull:list:channel:${channelName}`;
		return [
			{ key: `${key}/s`, limit: 2, windowMs: SECOND },
			{ key: `${key}/min`, limit: 15, windowMs: MINUTE },
		];
	},
};

/** The player fields a create answer carries; nothing else (never the token or encryption key). */
function pickPlayer(player: IDataObject): IDataObject {
	const out: IDataObject = {};
	for (const key of ['id', 'uid', 'account', 'createTs', 'status']) {
		const value = player[key];
		// Lists carry account "" for uid players: leave it out rather than claim an empty account.
		if (value === undefined || value === null || (key === 'account' && value === '')) continue;
		out[key] = value;
	}
	return out;
}

/** One page of the list (filtered by channel when given). Items pass through as Agora sent them. */
async function listPlayersPage(
	this: IExecuteFunctions | ILoadOptionsFunctions,
	ctx: AgoraContext,
	args: { channelName?: string; pageSize?: number; pageToken?: string },
	itemIndex: number,
): Promise<Page> {
	const qs: IDataObject = {};
	// The transport's query encoding turns the spaces around "eq" into %20, as Agora asks.
	if (args.channelName !== undefined) qs.filter = `channelName eq ${args.channelName}`;
	if (args.pageSize !== undefined) qs.pageSize = args.pageSize;
	if (args.pageToken) qs.pageToken = args.pageToken;
	const response = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'GET',
			api: 'mediaPull',
			path: '/players',
			qs,
			idempotent: true,
			rateRules: mediaPullRules.list(ctx.appId, args.channelName),
			action: 'list cloud players',
		},
		itemIndex,
	);
	const body = response.body;
	// An empty nextPageToken: no more players (an empty page with a token goes on).
	return {
		items: Array.isArray(body.players) ? (body.players as unknown[]).filter(isPlainObject) : [],
		next:
			typeof body.nextPageToken === 'string' && body.nextPageToken ? body.nextPageToken : undefined,
		requestId: response.requestId,
	};
}

/** The pages of the player list from `from` (the first page when undefined); the caller may stop early. */
export function playerPages(
	this: IExecuteFunctions | ILoadOptionsFunctions,
	ctx: AgoraContext,
	args: { channelName?: string; pageSize?: number },
	options: { itemIndex?: number; from?: string } = {},
): AsyncGenerator<Page> {
	return cursorPages(
		this,
		'cloud players',
		async (pageToken) =>
			await listPlayersPage.call(this, ctx, { ...args, pageToken }, options.itemIndex ?? 0),
		options,
	);
}

/**
 * Player IDs this process created or reconciled recently. A reconciliation by list must never
 * adopt a player that another item of ours already owns. It only looks at players created after
 * its own attempt began, so an hour covers any reconciliation that can still meet the id.
 */
const ownedIds = new ExpiringMap<string, true>({ maxEntries: 5000, ttlMs: 60 * 60 * 1000 });

export function rememberOwnedPlayer(id: string): void {
	ownedIds.set(id, true);
}

export function isOwnedPlayer(id: string): boolean {
	return ownedIds.has(id);
}

/** What the create request asked for, to fill the output where Agora's answer says nothing. */
export interface PlayerWhere {
	region: string;
	channelName: string;
	name?: string;
	uid?: number;
	account?: string;
}

/**
 * Create's output, the same fields whichever path produced it (created, existing, recovered; listed
 * in docs/fields.md). What neither Agora nor the request tells is null; never the token or the key.
 */
export function playerOutput(
	found: IDataObject,
	where: PlayerWhere,
	marks: { existing?: boolean; reconciled?: boolean; requestId?: string },
): IDataObject {
	const player = pickPlayer(found);
	// uid 0 asks Agora to assign one: only Agora's answer knows it then.
	const askedUid = where.uid !== undefined && where.uid !== 0 ? where.uid : null;
	const out: IDataObject = {
		id: player.id ?? null,
		uid: player.uid ?? (marks.existing ? null : askedUid),
		createTs: player.createTs ?? null,
		status: player.status ?? null,
		region: where.region,
		channelName:
			(found.channelName as string | undefined) ?? (marks.existing ? null : where.channelName),
		name: (found.name as string | undefined) || where.name || null,
	};
	if (where.account !== undefined)
		out.account = player.account ?? (marks.existing ? null : where.account);
	return {
		...out,
		existing: marks.existing === true,
		reconciled: marks.reconciled === true,
		requestId: marks.requestId ?? null,
	};
}

/**
 * A player of the project by id, from the list: first the given channel's, then, when `anywhere`
 * is set, the whole project's. Undefined when it does not show (Agora lists a new player about
 * 10 s after creating it).
 */
export async function findPlayerById(
	this: IExecuteFunctions,
	ctx: AgoraContext,
	args: { id: string; channelName: string; anywhere?: boolean },
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const scopes = args.anywhere ? [args.channelName, undefined] : [args.channelName];
	for (const channelName of scopes) {
		for await (const page of playerPages.call(
			this,
			ctx,
			{ channelName, pageSize: PAGE_SIZE_MAX },
			{ itemIndex },
		)) {
			const found = page.items.find((player) => player.id === args.id);
			if (found) return found;
		}
	}
	return undefined;
}

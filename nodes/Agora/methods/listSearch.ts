/**
 * The "From List" searches of the resource locators, over the same list endpoints and transport as
 * the operations (pacing, retries, redaction included). Each call returns one page of results and
 * a pagination token for the next, which n8n's editor asks for when the user scrolls.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import {
	ALL_LISTED_STATES,
	agentListPage,
	agentPages,
	LIVE_STATES,
	LIVE_WINDOW_S,
	nowSeconds,
	type AgentListQuery,
} from '../api/agentLookup';
import { agentPath } from '../api/agents';
import { playerPages } from '../api/cloudPlayers';
import type { Page } from '../api/pages';
import { runConcurrently } from '../run/pool';
import { settle } from '../../shared/values';
import { agoraRequest, resolveAgoraContext, type AgoraContext } from '../transport';

/** Agents per page: each needs a second request for its name. */
const AGENT_PAGE = 20;
const PLAYER_PAGE = 100;
/** Pages read in one call while a search text has matched nothing yet. */
const MAX_PAGES = 3;
/** Operations that read an agent's record or history: a stopped agent is a valid choice for them. */
const READS_PAST_AGENTS = new Set(['get', 'getHistory', 'getTurns']);

/** The editor waits for the list: a shorter time-out and one retry, not the node's defaults. */
export async function editorContext(fn: ILoadOptionsFunctions): Promise<AgoraContext> {
	return await resolveAgoraContext.call(fn, { timeoutMs: 15000, maxRetries: 1 });
}

/** "RUNNING" -> "Running". */
export function titleCase(value: unknown): string {
	const text = String(value ?? '').toLowerCase();
	return text.charAt(0).toUpperCase() + text.slice(1);
}

export function utcMinute(seconds: unknown): string | undefined {
	const value = Number(seconds);
	if (!Number.isFinite(value) || value <= 0) return undefined;
	return `${new Date(value * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * One answer of a list search: the page at n8n's token and, while a search text has matched
 * nothing, the pages after it (MAX_PAGES in all); `next` is the token of the page after the last read.
 */
export async function searchPages(
	pages: AsyncGenerator<Page>,
	describe: (items: IDataObject[]) => INodeListSearchItems[] | Promise<INodeListSearchItems[]>,
	untilMatch: boolean,
): Promise<{ results: INodeListSearchItems[]; next?: string }> {
	const results: INodeListSearchItems[] = [];
	let next: string | undefined;
	let read = 0;
	for await (const page of pages) {
		results.push(...(await describe(page.items)));
		next = page.next;
		if (!untilMatch || results.length > 0 || ++read >= MAX_PAGES) break;
	}
	return { results, next };
}

/** A token n8n hands back: the string a search gave it, or undefined for the first page. */
export function tokenOf(paginationToken: unknown): string | undefined {
	return typeof paginationToken === 'string' && paginationToken !== ''
		? paginationToken
		: undefined;
}

export function matches(item: INodeListSearchItems, text: string): boolean {
	const needle = text.toLowerCase();
	return (
		item.name.toLowerCase().includes(needle) || String(item.value).toLowerCase().includes(needle)
	);
}

/**
 * The list of agents gives IDs, states and start times only; each agent's name comes from its
 * record (5 lookups at a time; a failed lookup leaves the ID as the name). The channel is known
 * only when the list was filtered by it.
 */
async function describeAgents(
	fn: ILoadOptionsFunctions,
	ctx: AgoraContext,
	agents: IDataObject[],
	channel?: string,
): Promise<INodeListSearchItems[]> {
	const sorted = [...agents].sort((a, b) => Number(b.start_ts ?? 0) - Number(a.start_ts ?? 0));
	const { results: names } = await runConcurrently(sorted.length, 5, async (index) => {
		const id = String(sorted[index].agent_id ?? '');
		const record = await settle(
			agoraRequest.call(fn, ctx, {
				method: 'GET',
				api: 'agent',
				path: agentPath(id),
				idempotent: true,
				passStatuses: [404],
				action: 'get agent',
			}),
		);
		const name = record.ok && record.value.status === 200 ? record.value.body.name : undefined;
		return typeof name === 'string' && name !== '' ? name : undefined;
	});
	return sorted.map((agent, index) => {
		const id = String(agent.agent_id ?? '');
		const where =
			channel ?? (utcMinute(agent.start_ts) ? `started ${utcMinute(agent.start_ts)}` : undefined);
		const parts = [names[index] ?? id, where, titleCase(agent.status)].filter(Boolean);
		return { name: parts.join(' · '), value: id, description: `Agent ID ${id}` };
	});
}

/** Pagination tokens say which list continues: the one filtered by channel, or all agents. */
type AgentToken = { list: 'channel' | 'all'; cursor: string };

function readAgentToken(token: unknown): AgentToken | undefined {
	if (typeof token !== 'string') return undefined;
	const [list, ...rest] = token.split(':');
	const cursor = rest.join(':');
	return (list === 'channel' || list === 'all') && cursor !== '' ? { list, cursor } : undefined;
}

/**
 * Agents of the project (live ones; for Get, Get History and Get Turns stopped ones too) of the
 * last 72 hours, newest first. A search text is first tried as a channel name, which Agora's list
 * filters by; when no agent is in such a channel, it filters the names and IDs of all agents.
 */
export async function searchAgents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const ctx = await editorContext(this);
	const operation = String(this.getCurrentNodeParameter('operation') ?? '');
	const base: AgentListQuery = {
		states: READS_PAST_AGENTS.has(operation) ? ALL_LISTED_STATES : LIVE_STATES,
		from_time: nowSeconds() - LIVE_WINDOW_S,
	};
	const text = (filter ?? '').trim();
	const token = readAgentToken(paginationToken);

	if (text !== '' && token?.list !== 'all') {
		const page = await agentListPage(
			this,
			ctx,
			{ ...base, channel: text },
			AGENT_PAGE,
			token?.cursor,
		);
		if (page.items.length > 0 || token !== undefined) {
			return {
				results: await describeAgents(this, ctx, page.items, text),
				paginationToken: page.next ? `channel:${page.next}` : undefined,
			};
		}
	}

	const { results, next } = await searchPages(
		agentPages(this, ctx, base, () => AGENT_PAGE, {
			from: token?.list === 'all' ? token.cursor : undefined,
		}),
		async (agents) => {
			const described = await describeAgents(this, ctx, agents);
			return text === '' ? described : described.filter((item) => matches(item, text));
		},
		text !== '',
	);
	return { results, paginationToken: next ? `all:${next}` : undefined };
}

/**
 * Cloud players of the project with their channel and status, as Agora lists them (a new player
 * shows about 10 s after it was created). A search text filters names, channels and IDs.
 */
export async function searchCloudPlayers(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const ctx = await editorContext(this);
	const text = (filter ?? '').trim();
	const { results, next } = await searchPages(
		playerPages.call(this, ctx, { pageSize: PLAYER_PAGE }, { from: tokenOf(paginationToken) }),
		(players) =>
			players
				.filter((player) => String(player.id ?? '') !== '')
				.map(describePlayer)
				.filter((item) => text === '' || matches(item, text)),
		text !== '',
	);
	return { results, paginationToken: next };
}

function describePlayer(player: IDataObject): INodeListSearchItems {
	const id = String(player.id);
	const label = typeof player.name === 'string' && player.name !== '' ? player.name : id;
	const parts = [
		label,
		player.channelName as string | undefined,
		player.status ? titleCase(player.status) : undefined,
	];
	return { name: parts.filter(Boolean).join(' · '), value: id, description: `Player ID ${id}` };
}

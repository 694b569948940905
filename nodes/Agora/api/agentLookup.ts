/**
 * Agent list paging and the name lookup that Start uses ("Return Existing", reconciliation after
 * an ambiguous failure). Agora's list returns only RUNNING agents of the last 2 hours unless
 * `state` and `from_time` are given, so every list request here gives both.
 */
import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { AGENT_STATUS_CODES } from '../schemas/agent';
import { agoraRequest, type AgoraContext } from '../transport';
import { agentPath, withAgentId } from './agents';
import { cursorPages, dataListPage, firstItems, type Page } from './pages';

export interface AgentListQuery {
	channel?: string;
	/** Status codes, sent as Agora's comma list (`state=0,1,2`). */
	states: number[];
	/** Unix seconds. */
	from_time: number;
	to_time?: number;
}

/** Every state a list filter takes: the newest SDKs (agora-agents) list 0-4 and 6, RECOVERING 5 no longer. */
export const ALL_LISTED_STATES = [
	'IDLE',
	'STARTING',
	'RUNNING',
	'STOPPING',
	'STOPPED',
	'FAILED',
].map((name) => AGENT_STATUS_CODES[name as keyof typeof AGENT_STATUS_CODES]);

/** States of an agent that still holds its name. */
export const LIVE_STATES = [
	AGENT_STATUS_CODES.IDLE,
	AGENT_STATUS_CODES.STARTING,
	AGENT_STATUS_CODES.RUNNING,
];

/** An agent runs 72 hours at most: a window of 73 hours holds every agent still alive. */
export const LIVE_WINDOW_S = 73 * 3600;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** One page of the list: its agents and the cursor of the next page (undefined at the end). */
export async function agentListPage(
	fn: IExecuteFunctions | ILoadOptionsFunctions,
	ctx: AgoraContext,
	query: AgentListQuery,
	limit: number,
	cursor: string | undefined,
	itemIndex = 0,
): Promise<Page> {
	const { states, ...rest } = query;
	const qs: IDataObject = { ...rest, state: states.join(','), limit };
	if (cursor) qs.cursor = cursor;
	const response = await agoraRequest.call(
		fn,
		ctx,
		{ method: 'GET', api: 'agent', path: '/agents', qs, idempotent: true, action: 'list agents' },
		itemIndex,
	);
	return dataListPage(response.body, response.requestId);
}

/** The pages of the agent list from `from` (the first page when undefined), `pageSize` agents asked each. */
export function agentPages(
	fn: IExecuteFunctions | ILoadOptionsFunctions,
	ctx: AgoraContext,
	query: AgentListQuery,
	pageSize: (fetched: number) => number,
	options: { itemIndex?: number; from?: string } = {},
): AsyncGenerator<Page> {
	return cursorPages(
		fn,
		'agents',
		async (cursor, fetched) =>
			await agentListPage(fn, ctx, query, pageSize(fetched), cursor, options.itemIndex),
		options,
	);
}

const GONE = new Set(['STOPPING', 'STOPPED', 'FAILED']);

/**
 * The live agent of that name in the channel, if any: starting agents and agents started up to
 * 72 hours ago included. The list gives ids and states only, so the newest candidates are
 * queried one by one to compare `name`.
 */
export async function findAgentByName(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	channel: string,
	name: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const listed = await firstItems(
		agentPages(
			fn,
			ctx,
			{ channel, states: LIVE_STATES, from_time: nowSeconds() - LIVE_WINDOW_S },
			() => 100,
			{ itemIndex },
		),
		Infinity,
	);
	const candidates = listed.filter((agent) => !GONE.has(String(agent.status)));
	candidates.sort((a, b) => Number(b.start_ts ?? 0) - Number(a.start_ts ?? 0));
	for (const candidate of candidates) {
		const id = String(candidate.agent_id ?? '');
		if (!id) continue;
		const response = await agoraRequest.call(
			fn,
			ctx,
			{
				method: 'GET',
				api: 'agent',
				path: agentPath(id),
				idempotent: true,
				passStatuses: [404],
				action: 'get agent',
			},
			itemIndex,
		);
		if (
			response.status === 200 &&
			response.body.name === name &&
			!GONE.has(String(response.body.status))
		) {
			return withAgentId(response.body, id);
		}
	}
	return undefined;
}

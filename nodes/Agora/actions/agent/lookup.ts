/** Agent list paging and the name lookup that Start uses to reconcile after an ambiguous failure. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../../transport';
import { agentPath, withAgentId } from './fields';

export interface AgentListQuery {
	channel?: string;
	state?: number;
	from_time?: number;
	to_time?: number;
}

/**
 * Follows `meta.cursor` page by page. `onPage` returns false to stop early (a Limit reached, a
 * match found). A cursor seen twice ends the walk, so a misbehaving server cannot loop it forever.
 */
export async function walkAgentList(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	query: AgentListQuery,
	pageSize: (fetched: number) => number,
	onPage: (agents: IDataObject[]) => boolean | Promise<boolean>,
	itemIndex: number,
): Promise<void> {
	const seen = new Set<string>();
	let cursor: string | undefined;
	let fetched = 0;
	for (;;) {
		const qs: IDataObject = { ...query, limit: pageSize(fetched) };
		if (cursor) qs.cursor = cursor;
		const response = await agoraRequest.call(
			fn,
			ctx,
			{ method: 'GET', api: 'agent', path: '/agents', qs, idempotent: true, action: 'list agents' },
			itemIndex,
		);
		const data = (response.body.data ?? {}) as IDataObject;
		const list = Array.isArray(data.list) ? (data.list as IDataObject[]) : [];
		fetched += list.length;
		if ((await onPage(list)) === false) return;
		const next = (response.body.meta as IDataObject | undefined)?.cursor;
		if (typeof next !== 'string' || next === '' || list.length === 0 || seen.has(next)) return;
		seen.add(next);
		cursor = next;
	}
}

const GONE = new Set(['STOPPING', 'STOPPED', 'FAILED']);

/**
 * The live agent of that name in the channel, if any. The list gives ids and states only, so the
 * newest candidates are queried one by one to compare `name`.
 */
export async function findAgentByName(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	channel: string,
	name: string,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const candidates: IDataObject[] = [];
	await walkAgentList(
		fn,
		ctx,
		{ channel },
		() => 100,
		(agents) => {
			for (const agent of agents) if (!GONE.has(String(agent.status))) candidates.push(agent);
			return true;
		},
		itemIndex,
	);
	candidates.sort((a, b) => Number(b.start_ts ?? 0) - Number(a.start_ts ?? 0));
	for (const candidate of candidates) {
		const id = String(candidate.agent_id ?? '');
		if (!id) continue;
		const response = await agoraRequest.call(
			fn,
			ctx,
			{ method: 'GET', api: 'agent', path: agentPath(id), idempotent: true, passStatuses: [404], action: 'get agent' },
			itemIndex,
		);
		if (response.status === 200 && response.body.name === name && !GONE.has(String(response.body.status))) {
			return withAgentId(response.body, id);
		}
	}
	return undefined;
}

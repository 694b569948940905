/**
 * Call records (GET /v2/projects/{appid}/call): paging, and the lookup that tells whether a Call
 * left without an answer has placed its call.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../../transport';
import { findAgentByName } from '../../api/agentLookup';
import { CALLS_PATH } from '../../api/calls';

export interface CallRecordsQuery {
	number?: string;
	type?: string;
	from_time?: number;
	to_time?: number;
}

/**
 * Follows `meta.cursor` (the agent_id the next page starts at) page by page. `onPage` returns
 * false to stop early. A cursor seen twice, an empty page or no cursor ends the walk.
 */
export async function walkCallRecords(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	query: CallRecordsQuery,
	pageSize: (fetched: number) => number,
	onPage: (records: IDataObject[]) => boolean,
	itemIndex: number,
): Promise<void> {
	const seen = new Set<string>();
	let cursor: string | undefined;
	let fetched = 0;
	for (;;) {
		const qs: IDataObject = { ...query, limit: pageSize(fetched), ...(cursor ? { cursor } : {}) };
		const response = await agoraRequest.call(
			fn,
			ctx,
			{
				method: 'GET',
				api: 'agent',
				path: CALLS_PATH,
				qs,
				idempotent: true,
				action: 'list call records',
			},
			itemIndex,
		);
		const data = (response.body.data ?? {}) as IDataObject;
		const records = Array.isArray(data.list) ? (data.list as IDataObject[]) : [];
		fetched += records.length;
		if (!onPage(records)) return;
		const next = (response.body.meta as IDataObject | undefined)?.cursor;
		if (typeof next !== 'string' || next === '' || records.length === 0 || seen.has(next)) return;
		seen.add(next);
		cursor = next;
	}
}

/** Numbers compared by their digits: a record that wrote one without "+" still matches. */
const sameNumber = (a: unknown, b: unknown) =>
	String(a ?? '').replace(/\D/g, '') === String(b ?? '').replace(/\D/g, '');

/** How far before the first attempt a record may be dated: clocks of client and Agora differ. */
const CLOCK_SLACK_S = 300;

/**
 * The call a Call request placed although no answer said so, as `{agent_id}` or undefined: first the
 * outbound records to that number, then the live agent of the call's name (docs/design.md, Phone calls).
 */
export async function findPlacedCall(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	body: IDataObject,
	firstAttemptMs: number,
	itemIndex: number,
): Promise<IDataObject | undefined> {
	const sip = body.sip as IDataObject;
	const channel = String((body.properties as IDataObject).channel);
	let found: IDataObject | undefined;
	await walkCallRecords(
		fn,
		ctx,
		{
			number: String(sip.to_number),
			type: 'outbound',
			from_time: Math.floor(firstAttemptMs / 1000) - CLOCK_SLACK_S,
		},
		() => 100,
		(records) => {
			found = records.find(
				(r) =>
					r.channel === channel &&
					sameNumber(r.to_number, sip.to_number) &&
					sameNumber(r.from_number, sip.from_number) &&
					!!r.agent_id,
			);
			return found === undefined;
		},
		itemIndex,
	);
	if (found) return { agent_id: found.agent_id };
	const agent = await findAgentByName(fn, ctx, channel, String(body.name), itemIndex);
	return agent ? { agent_id: agent.agent_id } : undefined;
}

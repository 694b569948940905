/** What the phone call operations share: the telephony paths, the call records, when a call has ended. */
import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../transport';
import { cursorPages, dataListPage, type Page } from './pages';

/** Paths below the project: the calls collection, one call, an action on one call. */
export const CALLS_PATH = '/call';

export function callPath(agentId: string, action?: string): string {
	return `/calls/${encodeURIComponent(agentId)}${action ? `/${action}` : ''}`;
}

/**
 * Whether a call record or status says the call is over: `state` hangup, a stop time, or a reason
 * for the end (Agora gives stop_ts 0 or null while the call goes on; an empty reason is none).
 */
export function callHasEnded(call: IDataObject): boolean {
	const stop = Number(call.stop_ts ?? 0);
	return (
		call.state === 'hangup' ||
		(Number.isFinite(stop) && stop > 0) ||
		(typeof call.reason === 'string' && call.reason !== '')
	);
}

/** The filters of the call records (GET /v2/projects/{appid}/call). */
export interface CallRecordsQuery {
	number?: string;
	type?: string;
	from_time?: number;
	to_time?: number;
}

/**
 * The pages of the call records, newest first, from `from` (the first page when undefined);
 * `meta.cursor` names the agent_id the next page starts at.
 */
export function callRecordPages(
	fn: IExecuteFunctions | ILoadOptionsFunctions,
	ctx: AgoraContext,
	query: CallRecordsQuery,
	pageSize: (fetched: number) => number,
	options: { itemIndex?: number; from?: string } = {},
): AsyncGenerator<Page> {
	return cursorPages(
		fn,
		'call records',
		async (cursor, fetched) => {
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
				options.itemIndex,
			);
			return dataListPage(response.body, response.requestId);
		},
		options,
	);
}

/** Get Turns: each conversation turn of a session, with its start, end and latency metrics. */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { FormReader } from '../../form/reader';
import { validateOrThrow } from '../../../shared/validate';
import { isPlainObject } from '../../../shared/values';
import { turnsQuerySchema } from '../../schemas/agent';
import { agoraRequest, type AgoraContext } from '../../transport';
import { getManyFields, type PageSizeRule } from '../../form/getMany';
import { cursorPages, getManyItems, type Page } from '../../api/pages';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath } from '../../api/agents';

const PAGES: PageSizeRule = {
	default: 50,
	description: 'Turns per request (page_size); Agora’s default is 50',
};

const properties: INodeProperties[] = [
	{
		...agentIdField,
		description: 'The agent_id of a session of the last 7 days (Agora keeps turns that long)',
	},
	...getManyFields(PAGES),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['getTurns'] } },
	properties,
);

/** `segmented_latency_ms` as a map: {asr_ttlw: 120, llm_ttft: 310, …}. */
function latencies(turn: IDataObject): IDataObject {
	const segments = (turn.metrics as IDataObject | undefined)?.segmented_latency_ms;
	const out: IDataObject = {};
	if (Array.isArray(segments)) {
		for (const segment of segments)
			if (isPlainObject(segment) && typeof segment.name === 'string')
				out[segment.name] = segment.latency;
	}
	return out;
}

/**
 * One page of turns, each with the session's fields and its latencies; the next page's index is
 * its cursor (undefined after the last page).
 */
async function fetchPage(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	agentId: string,
	query: { page_index: number; page_size: number },
	itemIndex: number,
): Promise<Page> {
	const response = await agoraRequest.call(
		fn,
		ctx,
		{
			method: 'GET',
			api: 'agent',
			path: agentPath(agentId, 'turns'),
			qs: query,
			idempotent: true,
			action: 'get agent turns',
		},
		itemIndex,
	);
	const body = response.body;
	const turns = Array.isArray(body.turns) ? (body.turns as unknown[]).filter(isPlainObject) : [];
	const pagination = (body.pagination ?? {}) as IDataObject;
	const session: IDataObject = {
		agent_id: body.agent_id ?? agentId,
		name: body.name ?? null,
		channel: body.channel ?? null,
		total_turn_count: body.total_turn_count ?? null,
	};
	// A page without the flag ends the walk when it comes back short or empty.
	const last =
		turns.length === 0 ||
		pagination.is_last_page === true ||
		(pagination.is_last_page === undefined && turns.length < query.page_size);
	return {
		items: turns.map((turn) => ({ ...session, ...turn, latencies: latencies(turn) })),
		next: last ? undefined : String(query.page_index + 1),
		requestId: response.requestId,
	};
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const agentId = readAgentId(this, itemIndex);
	const turns = await getManyItems(new FormReader(this, itemIndex), PAGES, ({ pageSize }) => {
		validateOrThrow(this, turnsQuerySchema, { page_size: pageSize }, itemIndex, 'options');
		return cursorPages(
			this,
			'agent turns',
			async (cursor) =>
				await fetchPage(
					this,
					ctx,
					agentId,
					{ page_index: Number(cursor ?? 1), page_size: pageSize },
					itemIndex,
				),
			{ itemIndex },
		);
	});
	return turns.map((json) => ({ json }));
}

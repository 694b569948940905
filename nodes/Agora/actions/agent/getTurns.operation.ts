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
import { pageSizeOptions, returnAllAndLimit } from '../../form/getMany';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath } from '../../api/agents';

const properties: INodeProperties[] = [
	{
		...agentIdField,
		description: 'The agent_id of a session of the last 7 days (Agora keeps turns that long)',
	},
	...returnAllAndLimit,
	pageSizeOptions({
		default: 50,
		description: 'Turns per request (page_size); Agora’s default is 50',
	}),
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

interface TurnsPage {
	turns: IDataObject[];
	session: IDataObject;
	last: boolean;
}

async function fetchPage(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	agentId: string,
	query: IDataObject,
	itemIndex: number,
): Promise<TurnsPage> {
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
		pagination.is_last_page === true ||
		(pagination.is_last_page === undefined && turns.length < Number(query.page_size));
	return { turns, session, last };
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const agentId = readAgentId(this, itemIndex);
	const returnAll = form.get('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : (form.get('limit', 50) as number);
	const pageSize = ((form.get('options', {}) as IDataObject).pageSize as number | undefined) ?? 50;
	validateOrThrow(this, turnsQuerySchema, { page_size: pageSize }, itemIndex, 'options');

	const out: IDataObject[] = [];
	for (let page = 1; out.length < limit; page++) {
		const { turns, session, last } = await fetchPage(
			this,
			ctx,
			agentId,
			{ page_index: page, page_size: pageSize },
			itemIndex,
		);
		for (const turn of turns.slice(0, limit - out.length))
			out.push({ ...session, ...turn, latencies: latencies(turn) });
		if (last || turns.length === 0) break;
	}
	return out.map((json) => ({ json }));
}

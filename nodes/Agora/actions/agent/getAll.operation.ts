import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toUnixSeconds } from '../../form/parameters';
import { FormReader } from '../../form/reader';
import { invalidField } from '../../../shared/validate';
import {
	AGENT_LIST_LIMIT_MAX,
	AGENT_STATUS_CODES,
	type AgentStatusName,
} from '../../schemas/agent';
import type { AgoraContext } from '../../transport';
import {
	agentPages,
	ALL_LISTED_STATES,
	LIVE_WINDOW_S,
	nowSeconds,
	type AgentListQuery,
} from '../../api/agentLookup';
import { getManyItems, pageSizeWithin } from '../../api/pages';
import { getManyFields, type PageSizeRule } from '../../form/getMany';

const ANY = 'any';

const PAGES: PageSizeRule = {
	default: 20,
	max: AGENT_LIST_LIMIT_MAX,
	description: `Agents per request (limit), 1 to ${AGENT_LIST_LIMIT_MAX}; Agora’s default is 20`,
};

const properties: INodeProperties[] = getManyFields(PAGES, [
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Channel Name',
				name: 'channel',
				type: 'string',
				default: '',
				description: 'Only agents of this channel',
			},
			{
				displayName: 'Started After',
				name: 'fromTime',
				type: 'dateTime',
				default: '',
				description:
					'Only agents started at or after this time (from_time), in the workflow’s time zone unless the value carries its own',
				hint: 'Left out: the last 72 hours, the longest an agent runs (Agora alone would list only the last 2 hours)',
			},
			{
				displayName: 'Started Before',
				name: 'toTime',
				type: 'dateTime',
				default: '',
				description:
					'Only agents started at or before this time (to_time), in the workflow’s time zone unless the value carries its own',
			},
			{
				displayName: 'Status',
				name: 'state',
				type: 'options',
				options: [
					{
						name: 'Any',
						value: 'any',
						description: 'Every state (Agora alone would list running agents only)',
					},
					{ name: 'Failed', value: 'FAILED' },
					{ name: 'Idle', value: 'IDLE' },
					{ name: 'Live (Idle, Starting or Running)', value: 'live' },
					{ name: 'Recovering', value: 'RECOVERING' },
					{ name: 'Running', value: 'RUNNING' },
					{ name: 'Starting', value: 'STARTING' },
					{ name: 'Stopped', value: 'STOPPED' },
					{ name: 'Stopping', value: 'STOPPING' },
				],
				default: 'any',
				description: 'Only agents in this state',
			},
		],
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['getAll'] } },
	properties,
);

const LIVE = ['IDLE', 'STARTING', 'RUNNING'];

/** The status filter as codes: "Any" lists every state Agora's reference names. */
function stateCodes(fn: IExecuteFunctions, state: unknown, itemIndex: number): number[] {
	if (state === undefined || state === '' || state === ANY) return ALL_LISTED_STATES;
	const names = state === 'live' ? LIVE : [String(state)];
	return names.map((name) => {
		const code = AGENT_STATUS_CODES[name as AgentStatusName];
		if (code === undefined)
			throw invalidField(
				fn,
				'state',
				`must be one of any, live, ${Object.keys(AGENT_STATUS_CODES).join(', ')}`,
				itemIndex,
			);
		return code;
	});
}

function readQuery(fn: IExecuteFunctions, filters: IDataObject, itemIndex: number): AgentListQuery {
	const timeZone = fn.getTimezone();
	const seconds: Record<'fromTime' | 'toTime', number | undefined> = {
		fromTime: undefined,
		toTime: undefined,
	};
	for (const field of ['fromTime', 'toTime'] as const) {
		const value = toUnixSeconds(filters[field], timeZone);
		if (value !== undefined && (Number.isNaN(value) || value < 0))
			throw invalidField(fn, field, 'must be a valid date and time', itemIndex);
		seconds[field] = value;
	}
	const query: AgentListQuery = {
		states: stateCodes(fn, filters.state, itemIndex),
		from_time: seconds.fromTime ?? nowSeconds() - LIVE_WINDOW_S,
	};
	if (seconds.toTime !== undefined) query.to_time = seconds.toTime;
	const channel = String(filters.channel ?? '').trim();
	if (channel) query.channel = channel;
	return query;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const query = readQuery(this, form.get('filters', {}) as IDataObject, itemIndex);
	const agents = await getManyItems(form, PAGES, (request) =>
		agentPages(this, ctx, query, pageSizeWithin(request), { itemIndex }),
	);
	// The list leaves the channel out of each agent: it is known when the list was filtered by it.
	return agents.map((agent) => ({
		json: query.channel ? { ...agent, channel: query.channel } : agent,
	}));
}

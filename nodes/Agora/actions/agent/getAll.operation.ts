import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { itemParameter } from '../../helpers/parameters';
import { invalidField } from '../../helpers/validate';
import { AGENT_STATUS_CODES, type AgentStatusName } from '../../schemas/agent';
import type { AgoraContext } from '../../transport';
import { walkAgentList, type AgentListQuery } from './lookup';
import { returnAllAndLimit } from '../listFields';

const ANY = 'any';

const properties: INodeProperties[] = [
	...returnAllAndLimit,
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
				description: 'Only agents started at or after this time (from_time)',
			},
			{
				displayName: 'Started Before',
				name: 'toTime',
				type: 'dateTime',
				default: '',
				description: 'Only agents started at or before this time (to_time)',
			},
			{
				displayName: 'Status',
				name: 'state',
				type: 'options',
				options: [
					{ name: 'Any', value: 'any' },
					{ name: 'Failed', value: 'FAILED' },
					{ name: 'Idle', value: 'IDLE' },
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
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Page Size',
				name: 'pageSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 1000, numberPrecision: 0 },
				default: 20,
				description: 'Agents per request (limit), 1 to 1000; Agora’s default is 20',
			},
		],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['getAll'] } }, properties);

/** A date field (ISO text, epoch milliseconds, a Date or a Luxon DateTime) -> Unix seconds. */
export function toUnixSeconds(value: unknown): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let ms: number;
	if (typeof value === 'number') ms = value;
	else if (value instanceof Date) ms = value.getTime();
	else if (typeof (value as { toMillis?: unknown }).toMillis === 'function') ms = (value as { toMillis(): number }).toMillis();
	else ms = Date.parse(String(value));
	return Number.isFinite(ms) ? Math.floor(ms / 1000) : Number.NaN;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const returnAll = itemParameter(this, 'returnAll', itemIndex, false) as boolean;
	const limit = returnAll ? Infinity : (itemParameter(this, 'limit', itemIndex, 50) as number);
	const filters = itemParameter(this, 'filters', itemIndex, {}) as IDataObject;
	const pageSize = ((itemParameter(this, 'options', itemIndex, {}) as IDataObject).pageSize as number) ?? 20;

	const query: AgentListQuery = {};
	const channel = String(filters.channel ?? '').trim();
	if (channel) query.channel = channel;
	if (filters.state && filters.state !== ANY) {
		const code = AGENT_STATUS_CODES[filters.state as AgentStatusName];
		if (code === undefined) throw invalidField(this, 'state', `must be one of ${Object.keys(AGENT_STATUS_CODES).join(', ')}`, itemIndex);
		query.state = code;
	}
	for (const [field, key] of [['fromTime', 'from_time'], ['toTime', 'to_time']] as const) {
		const seconds = toUnixSeconds(filters[field]);
		if (seconds === undefined) continue;
		if (Number.isNaN(seconds) || seconds < 0) throw invalidField(this, field, 'must be a valid date and time', itemIndex);
		query[key] = seconds;
	}
	if (!Number.isInteger(limit) && limit !== Infinity) throw invalidField(this, 'limit', 'must be a whole number', itemIndex);
	if (typeof pageSize !== 'number' || !Number.isInteger(pageSize) || pageSize < 1 || pageSize > 1000) {
		throw invalidField(this, 'options.pageSize', 'must be a whole number from 1 to 1000', itemIndex);
	}

	const agents: IDataObject[] = [];
	await walkAgentList(
		this,
		ctx,
		query,
		(fetched) => Math.max(1, Math.min(pageSize, limit - fetched)),
		(page) => {
			for (const agent of page) {
				if (agents.length >= limit) return false;
				agents.push(channel ? { ...agent, channel } : agent);
			}
			return agents.length < limit;
		},
		itemIndex,
	);
	return agents.map((json) => ({ json }));
}

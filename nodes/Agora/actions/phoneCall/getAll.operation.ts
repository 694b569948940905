import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toUnixSeconds } from '../../form/parameters';
import { FormReader } from '../../form/reader';
import { validateOrThrow } from '../../../shared/validate';
import { callRecordsQuerySchema, withoutSeparators } from '../../schemas/telephony';
import type { AgoraContext } from '../../transport';
import { getManyFields, type PageSizeRule } from '../../form/getMany';
import { callRecordPages, type CallRecordsQuery } from '../../api/calls';
import { getManyItems, pageSizeWithin } from '../../api/pages';

const ANY = 'any';

const PAGES: PageSizeRule = {
	default: 20,
	description: 'Records per request (limit); Agora’s default is 20',
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
				displayName: 'Phone Number',
				name: 'number',
				type: 'string',
				default: '',
				placeholder: 'e.g. +14155550123',
				description:
					'Only calls from or to this number (E.164, as the records hold it; separators are dropped)',
			},
			{
				displayName: 'Type',
				name: 'type',
				type: 'options',
				options: [
					{ name: 'Any', value: ANY },
					{ name: 'Inbound', value: 'inbound' },
					{ name: 'Outbound', value: 'outbound' },
				],
				default: ANY,
				description: 'Only inbound or only outbound calls',
			},
			{
				displayName: 'Created After',
				name: 'fromTime',
				type: 'dateTime',
				default: '',
				description:
					'Only calls created at or after this time (from_time); Agora’s default is 60 days ago',
			},
			{
				displayName: 'Created Before',
				name: 'toTime',
				type: 'dateTime',
				default: '',
				description: 'Only calls created at or before this time (to_time); Agora’s default is now',
			},
		],
	},
]);

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneCall'], operation: ['getAll'] } },
	properties,
);

/** The filters as the records query; dates become Unix seconds, checked with the rest. */
function readQuery(fn: IExecuteFunctions, itemIndex: number): CallRecordsQuery {
	const form = new FormReader(fn, itemIndex);
	const filters = form.get('filters', {}) as IDataObject;
	const query: CallRecordsQuery = {};
	const number = withoutSeparators(String(filters.number ?? ''));
	if (number) query.number = number;
	if (filters.type !== undefined && filters.type !== ANY && filters.type !== '')
		query.type = String(filters.type);
	const from = toUnixSeconds(filters.fromTime);
	if (from !== undefined) query.from_time = from;
	const to = toUnixSeconds(filters.toTime);
	if (to !== undefined) query.to_time = to;
	return query;
}

/** Call records, newest pages first as Agora returns them, following its cursor. */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const query = readQuery(this, itemIndex);
	validateOrThrow(this, callRecordsQuerySchema, query, itemIndex);
	const records = await getManyItems(new FormReader(this, itemIndex), PAGES, (request) =>
		callRecordPages(this, ctx, query, pageSizeWithin(request), { itemIndex }),
	);
	return records.map((json) => ({ json }));
}

/**
 * The "From List" searches of the phone resources: imported numbers (Phone Number › Get, Update,
 * Delete) and call records (Phone Call › Get, Hang Up), through the operations' transport.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';

import { CALLS_PATH } from '../api/calls';
import { numberPath } from '../api/numbers';
import { isPlainObject } from '../../shared/values';
import { withoutSeparators } from '../schemas/telephony';
import { agoraRequest } from '../transport';
import { editorContext, matches, MAX_PAGES, titleCase, utcMinute } from './listSearch';

const CALL_PAGE = 50;
/** What a search text must look like to be sent as the records' number filter. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Every number imported into the account, filtered by number, label or provider. Agora answers
 * them all at once, so there is no next page.
 */
export async function searchPhoneNumbers(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const ctx = await editorContext(this);
	const response = await agoraRequest.call(this, ctx, {
		method: 'GET',
		api: 'agentAccount',
		path: numberPath(),
		idempotent: true,
		action: 'list phone numbers',
	});
	const body: unknown = response.body;
	const text = (filter ?? '').trim();
	const results = (Array.isArray(body) ? body : [])
		.filter(isPlainObject)
		.map((entry: IDataObject): INodeListSearchItems => {
			const number = String(entry.phone_number ?? '');
			const label = typeof entry.label === 'string' && entry.label !== '' ? entry.label : undefined;
			const provider = typeof entry.provider === 'string' ? entry.provider : undefined;
			return { name: [number, label, provider].filter(Boolean).join(' · '), value: number };
		})
		.filter((item) => item.value !== '' && (text === '' || matches(item, text)));
	return { results };
}

function describeCall(record: IDataObject): INodeListSearchItems {
	const id = String(record.agent_id ?? '');
	const direction = record.type === 'inbound' ? 'from' : 'to';
	const other = record.type === 'inbound' ? record.from_number : record.to_number;
	const state = record.state ? titleCase(record.state) : 'In progress';
	const parts = [
		`${titleCase(record.type ?? 'call')} ${direction} ${String(other ?? '?')}`,
		utcMinute(record.create_ts),
		state,
	];
	return { name: parts.filter(Boolean).join(' · '), value: id, description: `Agent ID ${id}` };
}

/**
 * The project's call records, as Agora lists them. A search text in E.164 is sent as Agora's
 * number filter (either side of the call); any other text filters the shown names and IDs.
 */
export async function searchCalls(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: unknown,
): Promise<INodeListSearchResult> {
	const ctx = await editorContext(this);
	const text = (filter ?? '').trim();
	const number = E164.test(withoutSeparators(text)) ? withoutSeparators(text) : undefined;
	const results: INodeListSearchItems[] = [];
	let cursor =
		typeof paginationToken === 'string' && paginationToken !== '' ? paginationToken : undefined;
	for (let pages = 0; pages < MAX_PAGES; pages++) {
		const qs: IDataObject = {
			limit: CALL_PAGE,
			...(number ? { number } : {}),
			...(cursor ? { cursor } : {}),
		};
		const response = await agoraRequest.call(this, ctx, {
			method: 'GET',
			api: 'agent',
			path: CALLS_PATH,
			qs,
			idempotent: true,
			action: 'list call records',
		});
		const data = isPlainObject(response.body.data) ? response.body.data : {};
		const records = (Array.isArray(data.list) ? data.list : [])
			.filter(isPlainObject)
			.filter((r) => !!r.agent_id);
		const described = records.map(describeCall);
		results.push(
			...(text === '' || number ? described : described.filter((item) => matches(item, text))),
		);
		const next = isPlainObject(response.body.meta) ? response.body.meta.cursor : undefined;
		cursor =
			typeof next === 'string' && next !== '' && next !== cursor && records.length > 0
				? next
				: undefined;
		if (cursor === undefined || text === '' || results.length > 0) break;
	}
	return { results, paginationToken: cursor };
}

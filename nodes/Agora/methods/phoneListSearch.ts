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

import { callRecordPages } from '../api/calls';
import { listPhoneNumbers } from '../api/numbers';
import { withoutSeparators } from '../schemas/telephony';
import { editorContext, matches, searchPages, titleCase, tokenOf, utcMinute } from './listSearch';

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
	const numbers = await listPhoneNumbers(this, await editorContext(this));
	const text = (filter ?? '').trim();
	const results = numbers
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
	const { results, next } = await searchPages(
		callRecordPages(this, ctx, number ? { number } : {}, () => CALL_PAGE, {
			from: tokenOf(paginationToken),
		}),
		(records) => {
			const described = records.filter((r) => !!r.agent_id).map(describeCall);
			return text === '' || number ? described : described.filter((item) => matches(item, text));
		},
		text !== '',
	);
	return { results, paginationToken: next };
}

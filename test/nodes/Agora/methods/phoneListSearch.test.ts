/**
 * The phone resources' locators: "From List" of imported numbers and of call records, run in
 * n8n-core's LoadOptionsContext against the sandbox, and Get / Update / Delete / Hang Up reading a
 * locator value or a plain string saved before the locators existed.
 */
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchResult,
	INodeParameters,
} from 'n8n-workflow';

import { Agora } from '../../../../nodes/Agora/Agora.node';
import type { Sandbox } from '../../../../sandbox/src';
import {
	agoraWorkflow,
	loadOptionsContext,
	runWorkflow,
	type CredentialData,
} from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;
const search = new Agora().methods.listSearch;

useSandbox(
	{ startDelayMs: 5, stopDelayMs: 5, callSetupMs: 400, clock: 'manual' },
	(started) => ({ sb, credential } = started),
);

type SearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: unknown,
) => Promise<INodeListSearchResult>;
const listSearch = async (
	method: SearchMethod,
	parameters: INodeParameters,
	filter?: string,
	token?: unknown,
) => await method.call(loadOptionsContext(parameters, credential), filter, token);

const run = async (parameters: IDataObject, items: IDataObject[] = [{}]) =>
	await runWorkflow(agoraWorkflow(parameters as INodeParameters, items), credential);

async function addNumber(phoneNumber: string, label: string): Promise<void> {
	const result = await run({
		resource: 'phoneNumber',
		operation: 'add',
		phoneNumber,
		provider: 'byo',
		label,
	});
	expect(result.error('Agora')).toBeUndefined();
}

/** Places one call per item (to_number from the item), returns the agent_ids in order. */
async function placeCalls(toNumbers: string[]): Promise<string[]> {
	const result = await run(
		{
			resource: 'phoneCall',
			operation: 'call',
			toNumber: '={{ $json.to }}',
			fromNumber: '+14155550100',
			name: '={{ "call-" + $itemIndex }}',
			channel: '={{ "phone-room-" + $itemIndex }}',
			remoteRtcUid: '100',
			agentRtcUid: '111',
			llmUrl: 'https://llm.example.com/v1/chat/completions',
			ttsVendor: 'microsoft',
			ttsParams: '{"voice_name": "en-US-AndrewNeural"}',
		},
		toNumbers.map((to) => ({ to })),
	);
	expect(result.error('Agora')).toBeUndefined();
	return result.output('Agora').map((item) => String(item.agent_id));
}

const listRequests = (suffix: string) =>
	sb.requests.filter((r) => r.method === 'GET' && r.path.endsWith(suffix));

describe('Phone Number "From List"', () => {
	it('lists the account’s numbers with label and provider, valued by the number; a search text filters them', async () => {
		await addNumber('+14155550100', 'Sales Hotline');
		await addNumber('+442071838750', 'London Support');
		const all = await listSearch(search.searchPhoneNumbers, {
			resource: 'phoneNumber',
			operation: 'get',
		});
		expect(all.results).toEqual(
			expect.arrayContaining([
				{ name: '+14155550100 · Sales Hotline · byo', value: '+14155550100' },
				{ name: '+442071838750 · London Support · byo', value: '+442071838750' },
			]),
		);
		expect(all.results).toHaveLength(2);
		expect(all.paginationToken).toBeUndefined();
		const filtered = await listSearch(
			search.searchPhoneNumbers,
			{ resource: 'phoneNumber', operation: 'get' },
			'london',
		);
		expect(filtered.results.map((r) => r.value)).toEqual(['+442071838750']);
		expect(listRequests('/phone-numbers').every((r) => !r.path.includes(sb.appId))).toBe(true);
	});
});

describe('Phone Number locator values', () => {
	it.each([
		[
			'a locator chosen from the list',
			{ __rl: true, mode: 'list', value: '+14155550100', cachedResultName: '+14155550100 · Sales' },
		],
		[
			'a locator typed by ID, with separators',
			{ __rl: true, mode: 'id', value: '+1 (415) 555-0100' },
		],
		['a plain string saved before the locators', '+1 415 555 0100'],
	])('Get reads %s', async (_label, phoneNumber) => {
		await addNumber('+14155550100', 'Sales');
		const result = await run({ resource: 'phoneNumber', operation: 'get', phoneNumber });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({
			phone_number: '+14155550100',
			label: 'Sales',
		});
	});

	it('Update and Delete take a locator; a value that is not E.164 fails naming the field, nothing sent', async () => {
		await addNumber('+14155550100', 'Sales');
		const locator = { __rl: true, mode: 'list', value: '+14155550100' };
		const updated = await run({
			resource: 'phoneNumber',
			operation: 'update',
			phoneNumber: locator,
			inboundChange: 'link',
			inboundPipelineId: 'pl_inbound',
		});
		expect(updated.error('Agora')).toBeUndefined();
		expect(sb.requests.at(-1)).toMatchObject({
			method: 'PATCH',
			path: expect.stringMatching(/\/phone-numbers\/%2B14155550100$/),
		});
		const before = sb.requests.length;
		const wrong = await run({
			resource: 'phoneNumber',
			operation: 'delete',
			phoneNumber: { __rl: true, mode: 'id', value: '4155550100' },
		});
		expect(wrong.error('Agora')?.message).toMatch(/phone_number|Phone Number/);
		expect(sb.requests.length).toBe(before);
		const deleted = await run({
			resource: 'phoneNumber',
			operation: 'delete',
			phoneNumber: locator,
		});
		expect(deleted.error('Agora')).toBeUndefined();
		expect(sb.phoneNumbers()).toHaveLength(0);
	});
});

describe('Phone Call "From List"', () => {
	it('lists the project’s calls by direction, number and state, valued by agent_id', async () => {
		const [id] = await placeCalls(['+14155550123']);
		const result = await listSearch(search.searchCalls, {
			resource: 'phoneCall',
			operation: 'get',
		});
		expect(result.results).toEqual([
			{
				name: expect.stringMatching(
					/^Outbound to \+14155550123 · \d{4}-\d\d-\d\d \d\d:\d\d UTC · In progress$/,
				),
				value: id,
				description: `Agent ID ${id}`,
			},
		]);
		expect(result.paginationToken).toBeUndefined();
	});

	it('a number in E.164 is sent as Agora’s number filter; other text filters names and IDs', async () => {
		const ids = await placeCalls(['+14155550123', '+14155550199']);
		const byNumber = await listSearch(
			search.searchCalls,
			{ resource: 'phoneCall', operation: 'get' },
			'+1 415 555 0199',
		);
		expect(byNumber.results.map((r) => r.value)).toEqual([ids[1]]);
		expect(listRequests('/call').at(-1)?.query).toMatchObject({ number: '+14155550199' });
		const byId = await listSearch(
			search.searchCalls,
			{ resource: 'phoneCall', operation: 'get' },
			ids[0].slice(0, 12),
		);
		expect(byId.results.map((r) => r.value)).toEqual([ids[0]]);
	});

	it('pages: 50 calls per call and a token that gives the rest', async () => {
		const ids = await placeCalls(
			Array.from({ length: 52 }, (_, i) => `+1415555${String(1000 + i)}`),
		);
		const first = await listSearch(search.searchCalls, { resource: 'phoneCall', operation: 'get' });
		expect(first.results).toHaveLength(50);
		expect(typeof first.paginationToken).toBe('string');
		const second = await listSearch(
			search.searchCalls,
			{ resource: 'phoneCall', operation: 'get' },
			undefined,
			first.paginationToken,
		);
		expect(second.paginationToken).toBeUndefined();
		expect(new Set([...first.results, ...second.results].map((r) => r.value))).toEqual(
			new Set(ids),
		);
	});
});

describe('Phone Call locator values', () => {
	it.each([
		['a locator chosen from the list', (id: string) => ({ __rl: true, mode: 'list', value: id })],
		['a plain string saved before the locators', (id: string) => id],
	])('Get and Hang Up read %s', async (_label, value) => {
		const [id] = await placeCalls(['+14155550123']);
		const got = await run({ resource: 'phoneCall', operation: 'get', agentId: value(id) });
		expect(got.error('Agora')).toBeUndefined();
		expect(got.output('Agora')[0]).toMatchObject({ agent_id: id });
		const hung = await run({ resource: 'phoneCall', operation: 'hangUp', agentId: value(id) });
		expect(hung.error('Agora')).toBeUndefined();
		expect(hung.output('Agora')[0]).toMatchObject({ agent_id: id, hung_up: true });
	});
});

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * The resource locators: their "From List" searches run in n8n-core's own LoadOptionsContext (what
 * the editor calls) against the sandbox, and the ID each operation reads, whether the workflow saved
 * a locator ({ __rl, mode, value }) or a plain string from before the locators existed.
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
	agentPath,
	client,
	playerBody,
	playersPath,
	runningAgent,
} from '../../../../sandbox/src/helpers';
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
	{ clock: 'manual', startDelayMs: 50, stopDelayMs: 50 },
	(started) => ({ sb, credential } = started),
);

type SearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	token?: unknown,
) => Promise<INodeListSearchResult>;

async function listSearch(
	method: SearchMethod,
	parameters: INodeParameters,
	filter?: string,
	token?: unknown,
	cred = credential,
) {
	return await method.call(loadOptionsContext(parameters, cred), filter, token);
}

/** Starts agents one simulated second apart (start_ts orders them), RUNNING when this returns. */
async function startAgents(specs: Array<{ name: string; channel: string }>): Promise<string[]> {
	const api = client(sb);
	const ids: string[] = [];
	for (const spec of specs) {
		ids.push(await runningAgent(sb, api, spec));
		sb.clock.advance(1000);
	}
	return ids;
}

describe('Agent "From List"', () => {
	it('lists the live agents newest first, each named by its name and status, valued by its agent_id', async () => {
		const ids = await startAgents([
			{ name: 'support-bot', channel: 'room-a' },
			{ name: 'sales-bot', channel: 'room-b' },
		]);
		const result = await listSearch(search.searchAgents, { resource: 'agent', operation: 'speak' });
		expect(result.results.map((r) => r.value)).toEqual([ids[1], ids[0]]);
		expect(result.results[0].name).toMatch(
			/^sales-bot · started \d{4}-\d\d-\d\d \d\d:\d\d UTC · Running$/,
		);
		expect(result.paginationToken).toBeUndefined();
	});

	it('a search text that is a channel lists that channel’s agents with the channel in their names', async () => {
		const ids = await startAgents([
			{ name: 'support-bot', channel: 'room-a' },
			{ name: 'sales-bot', channel: 'room-b' },
		]);
		const result = await listSearch(
			search.searchAgents,
			{ resource: 'agent', operation: 'stop' },
			'room-b',
		);
		expect(result.results).toEqual([
			{ name: 'sales-bot · room-b · Running', value: ids[1], description: `Agent ID ${ids[1]}` },
		]);
	});

	it('any other search text filters names and IDs', async () => {
		const ids = await startAgents([
			{ name: 'support-bot', channel: 'room-a' },
			{ name: 'sales-bot', channel: 'room-b' },
		]);
		expect(
			(await listSearch(search.searchAgents, { operation: 'get' }, 'SUPPORT')).results.map(
				(r) => r.value,
			),
		).toEqual([ids[0]]);
		expect(
			(
				await listSearch(search.searchAgents, { operation: 'get' }, ids[1].slice(2, 10))
			).results.map((r) => r.value),
		).toEqual([ids[1]]);
		expect(
			(await listSearch(search.searchAgents, { operation: 'get' }, 'no-such-agent')).results,
		).toEqual([]);
	});

	it('stopped agents are offered to Get, Get History and Get Turns, not to the operations that steer an agent', async () => {
		const [stopped, live] = await startAgents([
			{ name: 'gone', channel: 'room-a' },
			{ name: 'here', channel: 'room-a' },
		]);
		expect((await client(sb).post(agentPath(sb, `/agents/${stopped}/leave`))).status).toBe(200);
		sb.clock.advance(1000);
		for (const operation of ['stop', 'speak', 'think', 'interrupt', 'update']) {
			const values = (await listSearch(search.searchAgents, { operation })).results.map(
				(r) => r.value,
			);
			expect(values).toEqual([live]);
		}
		for (const operation of ['get', 'getHistory', 'getTurns']) {
			const result = await listSearch(search.searchAgents, { operation });
			expect(result.results.map((r) => r.value)).toEqual([live, stopped]);
			expect(result.results[1].name).toMatch(/^gone · .* · Stopped$/);
		}
	});

	it('pages: 20 agents per call and a token for the rest, in both lists', async () => {
		const ids = await startAgents(
			Array.from({ length: 23 }, (_, i) => ({
				name: `bot-${i}`,
				channel: i < 21 ? 'big' : 'small',
			})),
		);
		const first = await listSearch(search.searchAgents, { operation: 'get' });
		expect(first.results).toHaveLength(20);
		expect(first.paginationToken).toEqual(expect.stringMatching(/^all:/));
		const second = await listSearch(
			search.searchAgents,
			{ operation: 'get' },
			undefined,
			first.paginationToken,
		);
		expect(second.paginationToken).toBeUndefined();
		expect(new Set([...first.results, ...second.results].map((r) => r.value))).toEqual(
			new Set(ids),
		);

		const channelFirst = await listSearch(search.searchAgents, { operation: 'get' }, 'big');
		expect(channelFirst.results).toHaveLength(20);
		expect(channelFirst.paginationToken).toEqual(expect.stringMatching(/^channel:/));
		const channelSecond = await listSearch(
			search.searchAgents,
			{ operation: 'get' },
			'big',
			channelFirst.paginationToken,
		);
		expect(channelSecond.results.map((r) => r.name)).toEqual([
			expect.stringMatching(/^bot-\d+ · big · Running$/),
		]);
	});

	it('a wrong credential fails with Agora’s reason and without the secret', async () => {
		const wrong = { ...credential, customerSecret: 'wrong-secret-value-123' };
		const failure = listSearch(
			search.searchAgents,
			{ operation: 'get' },
			undefined,
			undefined,
			wrong,
		);
		await expect(failure).rejects.toThrow(/list agents failed with 401/);
		await expect(failure).rejects.not.toThrow(/wrong-secret-value-123/);
	});
});

describe('Cloud player "From List"', () => {
	async function createPlayers(specs: IDataObject[]): Promise<string[]> {
		const ids: string[] = [];
		for (const spec of specs) {
			const response = await client(sb).post(playersPath(sb, 'na'), playerBody(spec));
			expect(response.status).toBe(200);
			ids.push(response.data.player.id as string);
		}
		sb.clock.advance(sb.options().startDelayMs);
		return ids;
	}

	it('lists the players with name, channel and status, and filters by name, channel or ID', async () => {
		const ids = await createPlayers([
			{ name: 'intro-video', channelName: 'lobby', uid: 501 },
			{ name: 'music', channelName: 'stage', uid: 502 },
		]);
		const all = await listSearch(search.searchCloudPlayers, {
			resource: 'cloudPlayer',
			operation: 'get',
		});
		expect(all.results).toEqual(
			expect.arrayContaining([
				{
					name: 'intro-video · lobby · Running',
					value: ids[0],
					description: `Player ID ${ids[0]}`,
				},
				{ name: 'music · stage · Running', value: ids[1], description: `Player ID ${ids[1]}` },
			]),
		);
		expect(
			(await listSearch(search.searchCloudPlayers, {}, 'Stage')).results.map((r) => r.value),
		).toEqual([ids[1]]);
		expect(
			(await listSearch(search.searchCloudPlayers, {}, 'intro')).results.map((r) => r.value),
		).toEqual([ids[0]]);
		expect(
			(await listSearch(search.searchCloudPlayers, {}, ids[1])).results.map((r) => r.value),
		).toEqual([ids[1]]);
	});
});

describe('the ID an operation reads', () => {
	async function speakTo(agentId: unknown, items: IDataObject[] = [{}]) {
		const result = await runWorkflow(
			agoraWorkflow(
				{ resource: 'agent', operation: 'speak', agentId, text: 'Hello there' } as INodeParameters,
				items,
			),
			credential,
		);
		return result;
	}

	it.each([
		[
			'a locator chosen from the list',
			(id: string) => ({ __rl: true, mode: 'list', value: id, cachedResultName: 'support-bot' }),
		],
		['a locator typed by ID', (id: string) => ({ __rl: true, mode: 'id', value: id })],
		[
			'a locator whose ID is an expression',
			() => ({ __rl: true, mode: 'id', value: '={{ $json.agent_id }}' }),
		],
		['a plain string saved before the locator', (id: string) => id],
		['a plain expression saved before the locator', () => '={{ $json.agent_id }}'],
	])('%s', async (_label, parameter) => {
		const [id] = await startAgents([{ name: 'support-bot', channel: 'room-a' }]);
		const result = await speakTo(parameter(id), [{ agent_id: id }]);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id });
	});

	it('an empty ID fails the item naming the field, with nothing sent (n8n itself refuses an empty locator)', async () => {
		await expect(speakTo({ __rl: true, mode: 'list', value: '' })).rejects.toThrow(
			/workflow has issues/,
		);
		const result = await speakTo({ __rl: true, mode: 'id', value: '={{ $json.agent_id }}' }, [
			{ agent_id: '' },
		]);
		expect(result.error('Agora')?.message).toBe('Invalid “Agent”: is required');
		expect(result.error('Agora')?.description).toContain('API field: agentId');
		expect(sb.requests.filter((r) => r.path.includes('/speak'))).toEqual([]);
	});

	it('a cloud player chosen from the list is deleted by its ID', async () => {
		const response = await client(sb).post(
			playersPath(sb, 'na'),
			playerBody({ name: 'to-delete' }),
		);
		const id = response.data.player.id as string;
		const locator = {
			__rl: true,
			mode: 'list',
			value: id,
			cachedResultName: 'to-delete · room1 · Running',
		};
		const result = await runWorkflow(
			agoraWorkflow({
				resource: 'cloudPlayer',
				operation: 'delete',
				playerId: locator,
				region: 'na',
			}),
			credential,
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ deleted: true, id });
	});
});

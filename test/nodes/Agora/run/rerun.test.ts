/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * A repeated execution (a dead worker's job run again) reads "already gone/stopped/taken by our own"
 * as done and creates nothing twice; a first run still treats those answers as errors.
 */
import { DataDeduplicationService } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { callWaitClock } from '../../../../nodes/Agora/actions/phoneCall/callWait';
import type { Sandbox } from '../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

/** n8n's deduplication store, in memory: one set of values per workflow and scope. */
class MemoryDeduplicator {
	private readonly sets = new Map<string, Set<string>>();
	async checkProcessedAndRecord(
		items: unknown[],
		scope: string,
		context: { workflow: { id?: string }; node?: { id: string } },
	) {
		const key = `${context.workflow.id}:${scope === 'node' ? context.node?.id : ''}`;
		const set = this.sets.get(key) ?? new Set<string>();
		this.sets.set(key, set);
		const out = { new: [] as unknown[], processed: [] as unknown[] };
		for (const item of items) {
			(set.has(String(item)) ? out.processed : out.new).push(item);
			set.add(String(item));
		}
		return out;
	}
	async removeProcessed() {}
	async clearAllProcessedItems() {}
	async getProcessedDataCount() {
		return 0;
	}
}

let sb: Sandbox;
let credential: CredentialData;
let execution = 0;

beforeAll(async () => await DataDeduplicationService.init(new MemoryDeduplicator() as never));
useSandbox(
	{ startDelayMs: 5, stopDelayMs: 5, playerQuota: 1000 },
	(started) => ({ sb, credential } = started),
);

/** Runs the workflow as execution `id`: the first call is the original run, a second one the repeat. */
async function runAs(
	id: string,
	parameters: IDataObject,
	items: IDataObject[],
	settings: IDataObject = {},
	others: Parameters<typeof runWorkflow>[2] = {},
) {
	return await runWorkflow(
		agoraWorkflow(parameters as INodeParameters, items, settings),
		credential,
		others,
		{ executionId: id },
	);
}

const newExecution = () => `rerun-${++execution}`;

async function createPlayer(name?: string): Promise<string> {
	const res = await fetch(`${sb.url}/na/v1/projects/${sb.appId}/cloud-player/players`, {
		method: 'POST',
		headers: {
			authorization:
				'Basic ' + Buffer.from(`${sb.customerId}:${sb.customerSecret}`).toString('base64'),
			'content-type': 'application/json',
		},
		body: JSON.stringify({
			player: {
				streamUrl: 'rtmp://media.example.com/live/a',
				channelName: 'rerun-room',
				uid: 7,
				...(name ? { name } : {}),
			},
		}),
	});
	return ((await res.json()) as { player: { id: string } }).player.id;
}

const startParams = (over: IDataObject = {}): IDataObject => ({
	resource: 'agent',
	operation: 'start',
	channel: 'rerun-room',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmApiKey: 'llm-key',
	ttsVendor: 'microsoft',
	ttsParams: '{"key": "tts-key", "voice_name": "en-US-AndrewNeural"}',
	...over,
});

describe('Delete on a re-run', () => {
	const remove = {
		resource: 'cloudPlayer',
		operation: 'delete',
		playerId: '={{ $json.id }}',
		region: 'na',
	};

	test('players the crashed run deleted read as already gone; the rest are deleted', async () => {
		const ids = [await createPlayer(), await createPlayer(), await createPlayer()];
		const id = newExecution();
		// The original run got through the first two before its worker died.
		expect(
			(
				await runAs(
					id,
					remove,
					ids.slice(0, 2).map((p) => ({ id: p })),
				)
			).error('Agora'),
		).toBeUndefined();
		const repeat = await runAs(
			id,
			remove,
			ids.map((p) => ({ id: p })),
		);
		expect(repeat.error('Agora')).toBeUndefined();
		expect(repeat.output('Agora')).toEqual([
			expect.objectContaining({ id: ids[0], deleted: true, alreadyGone: true, rerun: true }),
			expect.objectContaining({ id: ids[1], deleted: true, alreadyGone: true, rerun: true }),
			expect.not.objectContaining({ alreadyGone: true }),
		]);
		expect(sb.players()).toHaveLength(0);
	});

	test('outside a re-run, an unknown id still fails the item', async () => {
		const result = await runAs(newExecution(), remove, [
			{ id: '00000000-0000-4000-8000-000000000000' },
		]);
		expect(result.error('Agora')!.message).toMatch(/404/);
	});
});

describe('Stop on a re-run', () => {
	const stop = { resource: 'agent', operation: 'stop', agentId: '={{ $json.id }}' };

	test('an agent the crashed run stopped reads as already stopped; an id Agora does not know fails', async () => {
		const started = await runAs(newExecution(), startParams({ name: 'to-stop' }), [{}]);
		const agentId = String(started.output('Agora')[0].agent_id);
		const id = newExecution();
		expect((await runAs(id, stop, [{ id: agentId }])).error('Agora')).toBeUndefined();
		await new Promise((r) => setTimeout(r, 50));
		const repeat = await runAs(id, stop, [{ id: agentId }]);
		expect(repeat.error('Agora')).toBeUndefined();
		expect(repeat.output('Agora')[0]).toMatchObject({
			agent_id: agentId,
			stopped: true,
			already_stopped: true,
			rerun: true,
		});

		const unknown = newExecution();
		await runAs(unknown, stop, [{ id: agentId }]).catch(() => undefined);
		const wrong = await runAs(unknown, stop, [{ id: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF' }]);
		expect(wrong.error('Agora')!.message).toMatch(/404/);
	});
});

describe('Start and Create on a re-run', () => {
	test('the default agent name is the same on the repeat, which finds the agent instead of starting a second', async () => {
		const id = newExecution();
		const first = await runAs(id, startParams(), [{}, {}]);
		expect(first.error('Agora')).toBeUndefined();
		const repeat = await runAs(id, startParams(), [{}, {}]);
		expect(repeat.error('Agora')).toBeUndefined();
		expect(sb.agents()).toHaveLength(2);
		const firstIds = first.output('Agora').map((o) => o.agent_id);
		expect(repeat.output('Agora').map((o) => o.agent_id)).toEqual(firstIds);
		expect(repeat.output('Agora').every((o) => o.reconciled === true)).toBe(true);
		expect(new Set(first.output('Agora').map((o) => o.name)).size).toBe(2);
	});

	test('a named player the crashed run created is returned, not created again', async () => {
		const create = {
			resource: 'cloudPlayer',
			operation: 'create',
			region: 'na',
			streamUrl: 'rtmp://media.example.com/live/a',
			channelName: 'rerun-room',
			uid: 9,
			additionalFields: { name: '={{ $json.name }}' },
		};
		const id = newExecution();
		const first = await runAs(id, create, [{ name: 'p-one' }]);
		expect(first.error('Agora')).toBeUndefined();
		const repeat = await runAs(id, create, [{ name: 'p-one' }]);
		expect(repeat.error('Agora')).toBeUndefined();
		expect(repeat.output('Agora')[0]).toMatchObject({
			id: first.output('Agora')[0].id,
			reconciled: true,
		});
		expect(sb.players()).toHaveLength(1);

		// Another execution using a name in use still fails (the default "If a Player With This Name Exists").
		const other = await runAs(newExecution(), create, [{ name: 'p-one' }]);
		expect(other.error('Agora')!.message).toMatch(/409/);
	});
});

describe('Phone Call and Phone Number on a re-run', () => {
	const callParams = (over: IDataObject = {}): IDataObject => ({
		...startParams(),
		resource: 'phoneCall',
		operation: 'call',
		toNumber: '+14155550123',
		fromNumber: '+14155550100',
		remoteRtcUid: '100',
		channel: undefined,
		...over,
	});

	test('Call: the default name and channel are the same on the repeat, which finds the call instead of dialing again', async () => {
		const id = newExecution();
		const first = await runAs(id, callParams(), [{}]);
		expect(first.error('Agora')).toBeUndefined();
		const repeat = await runAs(id, callParams(), [{}]);
		expect(repeat.error('Agora')).toBeUndefined();
		expect(sb.calls()).toHaveLength(1);
		expect(repeat.output('Agora')[0]).toMatchObject({
			agent_id: first.output('Agora')[0].agent_id,
			reconciled: true,
		});
		expect(sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/call'))).toHaveLength(
			1,
		);

		// Another execution dials.
		expect((await runAs(newExecution(), callParams(), [{}])).error('Agora')).toBeUndefined();
		expect(sb.calls()).toHaveLength(2);
	});

	test('Call with the wait: the repeat waits on the call the crashed run placed and returns its end', async () => {
		const saved = { ...callWaitClock };
		callWaitClock.sleep = async () => await new Promise((resolve) => setTimeout(resolve, 10));
		try {
			sb.setCallee('+14155550123', { action: 'reject', afterMs: 0 });
			const id = newExecution();
			// The crashed run: the call was placed, the wait never finished.
			expect((await runAs(id, callParams(), [{}])).error('Agora')).toBeUndefined();
			const repeat = await runAs(id, callParams({ waitForEnd: true }), [{}]);
			expect(repeat.error('Agora')).toBeUndefined();
			expect(repeat.output('Agora')[0]).toMatchObject({
				agent_id: sb.calls()[0].agentId,
				reconciled: true,
				ended: true,
				answered: false,
				reason: 'failed',
			});
			expect(sb.calls()).toHaveLength(1);
		} finally {
			Object.assign(callWaitClock, saved);
		}
	});

	test('Phone Number: Add finds the number the crashed run imported; Delete reads its 404 as already deleted', async () => {
		const add = {
			resource: 'phoneNumber',
			operation: 'add',
			phoneNumber: '+19876543219',
			provider: 'byo',
			label: 'Rerun',
		};
		const remove = { resource: 'phoneNumber', operation: 'delete', phoneNumber: '+19876543219' };
		const id = newExecution();
		expect((await runAs(id, add, [{}])).error('Agora')).toBeUndefined();
		const added = await runAs(id, add, [{}]);
		expect(added.error('Agora')).toBeUndefined();
		expect(added.output('Agora')[0]).toMatchObject({
			phone_number: '+19876543219',
			reconciled: true,
		});
		// Another execution importing a number already there still fails.
		expect((await runAs(newExecution(), add, [{}])).error('Agora')!.message).toMatch(/409/);

		const deleting = newExecution();
		expect((await runAs(deleting, remove, [{}])).error('Agora')).toBeUndefined();
		const repeat = await runAs(deleting, remove, [{}]);
		expect(repeat.output('Agora')).toEqual([
			{ phone_number: '+19876543219', deleted: true, already_deleted: true, rerun: true },
		]);
		expect((await runAs(newExecution(), remove, [{}])).error('Agora')!.message).toMatch(/404/);
	});
});

describe('Agent › Start with Record the Conversation on a re-run', () => {
	test('records once (Agora’s 400 code 53 names the crashed run’s recording) and returns the crashed run’s agent', async () => {
		const id = newExecution();
		const form = {
			resource: 'agent',
			operation: 'start',
			channel: 'rerun-recorded',
			remoteRtcUid: '2002',
			identity: { name: 'rerun-recorded' },
			conversation: { recordConversation: true },
		};
		const storage = {
			agoraRecordingStorageApi: {
				vendor: 'alibabaCloud',
				alibabaCloudRegion: 'CN_Beijing',
				bucket: 'b',
				accessKey: 'a',
				secretKey: 's',
			},
		};
		const first = await runAs(id, form, [{}], { typeVersion: 1.4 }, storage);
		expect(first.error('Agora')).toBeUndefined();
		const repeat = await runAs(id, form, [{}], { typeVersion: 1.4 }, storage);
		expect(repeat.error('Agora')).toBeUndefined();
		const out = repeat.output('Agora')[0];
		expect(out).toMatchObject({ agent_id: first.output('Agora')[0].agent_id, reconciled: true });
		// status-codes.mdx: 400 code 53, this channel and recorder UID record already.
		expect(out.recording).toMatchObject({ cname: 'rerun-recorded', alreadyRecording: true });
		const starts = sb.requests.filter(
			(r) => r.path.includes('/cloud_recording/') && r.path.endsWith('/start'),
		);
		expect(starts.map((r) => r.status)).toEqual([200, 400]);
	});
});

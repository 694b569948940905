/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * A bulk run that fails part-way (item 37 of 100 Starts refused by faultProxy): nothing starts after
 * the failure, items under way finish, and one error lists exactly the agents that now exist.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { startFaultProxy, type FaultProxy } from '../../../lib/faultProxy';
import type { Sandbox } from '../../../../sandbox/src';
import { client, playerBody, playersPath } from '../../../../sandbox/src/helpers';
import { agoraWorkflow, runWorkflow } from '../../../lib/harness';
import { fastTiming, sandboxCredential, useSandbox } from '../../../lib/sandbox';

let sb: Sandbox;
let proxy: FaultProxy;

const FAILING = 37;
const ITEMS = Array.from({ length: 100 }, (_, n) => ({ n }));

const startParams: IDataObject = {
	resource: 'agent',
	operation: 'start',
	name: "={{ 'bulk-' + $json.n }}",
	channel: "={{ 'room-' + $json.n }}",
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmApiKey: 'sk-llm-secret-0123456789',
	ttsVendor: 'microsoft',
	ttsParams: JSON.stringify({
		key: 'tts-secret-abcdef012345',
		region: 'eastus',
		voice_name: 'en-US-AndrewNeural',
	}),
};

useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb } = started));
beforeEach(async () => {
	proxy = await startFaultProxy({
		target: sb.url,
		fails: ({ path, body }) =>
			path.endsWith('/join') && (body as IDataObject | undefined)?.name === `bulk-${FAILING}`,
		holdOthers: true,
		reason: 'InvalidParams',
		detail: 'properties.llm.url is not reachable',
	});
});
afterEach(async () => await proxy.close());

async function run(settings: IDataObject = {}) {
	const credential = sandboxCredential(sb, { customBaseUrl: proxy.url });
	return await runWorkflow(
		agoraWorkflow(startParams as INodeParameters, ITEMS, settings),
		credential,
	);
}

interface Listed {
	itemIndex: number;
	resource: string;
	change: string;
	id: string;
}

test('item 37 refused: one error naming it, listing exactly the agents that exist', async () => {
	const result = await run();
	const error = result.error('Agora') as unknown as {
		message: string;
		description: string;
		context: IDataObject;
	};
	expect(error).toBeDefined();
	expect(proxy.failed()).toBe(1);

	// The failed item and Agora's own reason.
	expect(error.message).toMatch(/start agent failed with 400 InvalidParams/);
	expect(error.message).toContain(`[item ${FAILING}]`);
	expect(error.context.failedItem).toBe(FAILING);

	// Exactly what exists at Agora, by id and by item.
	const listed = error.context.sideEffects as unknown as Listed[];
	const agents = sb.agents();
	expect(new Set(listed.map((e) => e.id))).toEqual(new Set(agents.map((a) => a.agentId)));
	expect(listed).toHaveLength(agents.length);
	const nameOf = new Map(agents.map((a) => [a.agentId, a.name]));
	for (const effect of listed) {
		expect(effect).toMatchObject({ resource: 'agent', change: 'started' });
		expect(nameOf.get(effect.id)).toBe(`bulk-${effect.itemIndex}`);
	}
	expect(listed.some((e) => e.itemIndex === FAILING)).toBe(false);

	// Every item under way when 37 failed (the first 50) finished; the run did not go on to the end.
	const indexes = listed.map((e) => e.itemIndex);
	for (let i = 0; i < 50; i++) if (i !== FAILING) expect(indexes).toContain(i);
	expect(agents.length).toBeLessThan(ITEMS.length - 1);

	// The description says the same, one line per agent, and offers the alternatives.
	for (const effect of listed)
		expect(error.description).toContain(
			`item ${effect.itemIndex}: agent started (ID ${effect.id})`,
		);
	expect(error.description).toContain(`Item ${FAILING} failed`);
	expect(error.description).toMatch(/Continue \(using error output\)/);
	expect(error.description).toMatch(/Concurrency/);
	// (n8n itself keeps the node's parameters next to the error; what the node wrote holds no secret.)
	const written = JSON.stringify([error.message, error.description, error.context]);
	expect(written).not.toContain('sk-llm-secret');
	expect(written).not.toContain(sb.customerSecret);
});

test('with Continue On Fail every item runs, the refused one becomes an error item paired to its input', async () => {
	const result = await run({ onError: 'continueRegularOutput' });
	expect(result.error('Agora')).toBeUndefined();
	const out = result.output('Agora');
	expect(out).toHaveLength(ITEMS.length);
	expect(out[FAILING]).toMatchObject({ httpCode: 400, reason: 'InvalidParams' });
	expect(sb.agents()).toHaveLength(ITEMS.length - 1);
	const paired = result.run.data.resultData.runData.Agora[0].data!.main[0]!.map(
		(entry) => entry.pairedItem,
	);
	expect(paired[FAILING]).toEqual({ item: FAILING });
});

test('a single item keeps its plain error (no bulk report)', async () => {
	const credential = sandboxCredential(sb, { customBaseUrl: proxy.url });
	const result = await runWorkflow(
		agoraWorkflow(startParams as INodeParameters, [{ n: FAILING }]),
		credential,
	);
	const error = result.error('Agora') as unknown as { message: string; context: IDataObject };
	expect(error.message).not.toContain('[item');
	expect(error.context.sideEffects).toBeUndefined();
});

test('the same report for cloud players: deletes done before a refused one are listed as deleted', async () => {
	const http = client(sb);
	const ids: string[] = [];
	for (let i = 0; i < 8; i++) {
		const created = await http.post(
			playersPath(sb),
			playerBody({ channelName: `room-${i}`, uid: 100 + i }),
		);
		expect(created.status).toBe(200);
		ids.push(created.data.player.id);
	}
	await proxy.close();
	proxy = await startFaultProxy({
		target: sb.url,
		fails: ({ method, path }) => method === 'DELETE' && path.endsWith(`/players/${ids[3]}`),
		holdOthers: true,
	});
	const credential = sandboxCredential(sb, { customBaseUrl: proxy.url });
	const params = {
		resource: 'cloudPlayer',
		operation: 'delete',
		region: 'na',
		playerId: '={{ $json.id }}',
	};
	const result = await runWorkflow(
		agoraWorkflow(
			params as INodeParameters,
			ids.map((id) => ({ id })),
		),
		credential,
	);
	const error = result.error('Agora') as unknown as { message: string; context: IDataObject };
	expect(error.context.failedItem).toBe(3);
	const listed = error.context.sideEffects as unknown as Listed[];
	const gone = new Set(sb.destroyedPlayers().map((p) => p.id));
	expect(new Set(listed.map((e) => e.id))).toEqual(gone);
	expect(listed.map((e) => e.itemIndex)).toEqual([0, 1, 2, 4, 5, 6, 7]);
	for (const effect of listed)
		expect(effect).toMatchObject({
			resource: 'cloudPlayer',
			change: 'deleted',
			id: ids[effect.itemIndex],
		});
	expect(sb.players().map((p) => p.id)).toEqual([ids[3]]);
});

test('a Start whose connection drops is named as failed with its outcome unknown', async () => {
	await proxy.close();
	proxy = await startFaultProxy({
		target: sb.url,
		fails: ({ path, body }) =>
			path.endsWith('/join') && (body as IDataObject | undefined)?.name === 'bulk-3',
		mode: 'drop',
	});
	const restoreTiming = fastTiming({ retry: { baseMs: 5, maxDelayMs: 20 } });
	try {
		const credential = sandboxCredential(sb, { customBaseUrl: proxy.url });
		const items = Array.from({ length: 6 }, (_, n) => ({ n }));
		const result = await runWorkflow(
			agoraWorkflow(startParams as INodeParameters, items),
			credential,
		);
		const error = result.error('Agora') as unknown as {
			message: string;
			description: string;
			context: IDataObject;
		};
		expect(error.context).toMatchObject({ failedItem: 3, failedItemOutcomeUnknown: true });
		expect(error.description).toContain('Item 3 failed');
		expect(error.description).toContain('Whether it took effect at Agora is unknown.');
		// It was looked up by name and tried again before giving up; no agent of item 3 exists.
		expect(proxy.failed()).toBeGreaterThan(1);
		expect(sb.agents().some((a) => a.name === 'bulk-3')).toBe(false);
		expect(new Set((error.context.sideEffects as unknown as Listed[]).map((e) => e.id))).toEqual(
			new Set(sb.agents().map((a) => a.agentId)),
		);
	} finally {
		restoreTiming();
	}
});

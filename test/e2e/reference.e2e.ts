/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Fields Agora's current reference added, renamed or tightened, in a real n8n: workflows built as a
 * user builds them, run with `n8n execute` against the sandbox process.
 */
import { decodeAccessToken2 } from '../../sandbox/src/accessToken2Decoder';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e, type N8nE2e } from '../lib/n8nE2e';
import { mllm, start, workflow, type Json } from './referenceWorkflows';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';
const HOUR = 3600_000;

let host: N8nHost;
let sandbox: SandboxProcess;
let e2e: N8nE2e;

const requests = async () =>
	(await sandbox.control('requests')) as Array<{
		method: string;
		path: string;
		status: number;
		body: any;
		query: Record<string, string>;
	}>;
const joins = async () => (await requests()).filter((r) => r.path.endsWith('/join'));
const bodyOf = async (channel: string) =>
	(await joins()).find((r) => r.body?.properties?.channel === channel)!;

async function execute(definition: Json) {
	const { run, raw } = await host.executeDefinition(definition);
	if (run.status !== 'success')
		throw new Error(
			`${definition.name} ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {})}\n${raw.stderr.slice(-2000)}`,
		);
	return run.data;
}

useN8nE2e({ name: 'ref-e2e' }, async (started) => {
	({ host, sandbox } = e2e = started);
	await e2e.importAgoraCredential({ appCertificate: APP_CERTIFICATE });
});

beforeEach(async () => {
	await sandbox.control('reset', {});
	await sandbox.control('clock', { setMs: Date.now() });
});

test('Agent › Start: MLLM turn modes, manual turns, Azure audio, HeyGen, asr/llm/tts beside an mllm, idle timeout bounds', async () => {
	const data = await execute(
		workflow('agoraRefStart001', [
			{
				name: 'MLLM Agora VAD',
				parameters: mllm('r-vad', 'c-vad', {
					mllmVendor: 'azure',
					mllmOptions: { outputModalities: 'audio' },
					mllmTurnDetectionMode: 'agora_vad',
					mllmPlatformVadConfig: { threshold: 0.4 },
				}),
			},
			{
				name: 'MLLM Saved platform_vad',
				parameters: mllm('r-pvad', 'c-pvad', { mllmTurnDetectionMode: 'platform_vad' }),
			},
			{
				name: 'Deprecated Type',
				parameters: start('r-type', 'c-type', {
					options: { additionalBody: '{"properties": {"turn_detection": {"type": "server_vad"}}}' },
				}),
			},
			{
				name: 'Manual End of Speech',
				parameters: start('r-manual', 'c-manual', {
					configureTurnDetection: true,
					endOfSpeechMode: 'manual',
				}),
			},
			{
				name: 'HeyGen Avatar',
				parameters: start('r-heygen', 'c-heygen', {
					enableAvatar: true,
					avatarVendor: 'heygen',
					avatarParams: '{"avatar_id": "a"}',
				}),
			},
			{
				name: 'MLLM With Cascade Parts',
				parameters: mllm('r-extra', 'c-extra', {
					options: {
						additionalBody:
							'{"properties": {"asr": {"language": "en-US"}, "llm": {"url": "https://llm.example.com"}}}',
					},
				}),
			},
			{ name: 'Idle 72 Hours', parameters: start('r-idle', 'c-idle', { idleTimeout: 259200 }) },
			{
				name: 'Idle Too Long',
				parameters: start('r-idle2', 'c-idle2', { idleTimeout: 259201 }),
				continueOnFail: true,
			},
			{
				name: 'Manual On Data Stream',
				parameters: start('r-ds', 'c-ds', {
					configureTurnDetection: true,
					startOfSpeechMode: 'manual',
					agentParameters: { dataChannel: 'datastream' },
				}),
				continueOnFail: true,
			},
		]),
	);
	expect((await bodyOf('c-vad')).body.properties.mllm).toMatchObject({
		vendor: 'azure',
		output_modalities: ['audio'],
		turn_detection: { mode: 'agora_vad', agora_vad_config: { threshold: 0.4 } },
	});
	expect((await bodyOf('c-pvad')).body.properties.mllm.turn_detection).toEqual({
		mode: 'agora_vad',
	});
	expect((await bodyOf('c-type')).body.properties.turn_detection).toEqual({ type: 'server_vad' });
	const manual = (await bodyOf('c-manual')).body.properties;
	expect(manual).toMatchObject({
		advanced_features: { enable_rtm: true },
		parameters: { data_channel: 'rtm' },
		turn_detection: { config: { end_of_speech: { mode: 'manual' } } },
	});
	expect(decodeAccessToken2(manual.token).services.map((s) => s.type)).toContain(2);
	expect((await bodyOf('c-heygen')).body.properties.avatar).toMatchObject({
		vendor: 'heygen',
		enable: true,
	});
	expect((await bodyOf('c-extra')).body.properties).toMatchObject({
		asr: { language: 'en-US' },
		mllm: { enable: true },
	});
	expect((await bodyOf('c-idle')).body.properties.idle_timeout).toBe(259200);
	for (const channel of ['c-vad', 'c-pvad', 'c-type', 'c-manual', 'c-heygen', 'c-extra', 'c-idle'])
		expect((await bodyOf(channel)).status).toBe(200);
	// The node's own words on every n8n version (whichever zod it ships).
	expect(nodeOutput(data, 'Idle Too Long')[0].error).toBe(
		'Invalid “Idle Timeout (Seconds)”: must be an integer in [0, 259200]',
	);
	expect(String(nodeOutput(data, 'Idle Too Long')[0].description)).toContain(
		'API field: properties.idle_timeout',
	);
	expect(String(nodeOutput(data, 'Manual On Data Stream')[0].description)).toContain(
		'API field: properties.parameters.data_channel',
	);
	expect(
		(await joins()).filter((r) => ['c-idle2', 'c-ds'].includes(r.body?.properties?.channel)),
	).toHaveLength(0);
}, 300000);

/** Starts an agent directly at the sandbox, `hoursAgo` hours back on its clock. */
async function seedAgent(name: string, hoursAgo: number): Promise<string> {
	await sandbox.control('clock', { setMs: Date.now() - hoursAgo * HOUR });
	const auth =
		'Basic ' + Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64');
	const res = await fetch(
		`${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/join`,
		{
			method: 'POST',
			headers: { authorization: auth, 'content-type': 'application/json' },
			body: JSON.stringify({
				name,
				properties: {
					channel: 'lobby',
					token: '',
					agent_rtc_uid: String(100 + hoursAgo),
					remote_rtc_uids: ['2'],
					llm: { url: 'https://llm' },
					tts: { vendor: 'microsoft', params: {} },
				},
			}),
		},
	);
	expect(res.status).toBe(200);
	await sandbox.control('clock', { setMs: Date.now() });
	return ((await res.json()) as { agent_id: string }).agent_id;
}

test('Agent › Get Many "Any" lists starting agents and agents older than 2 hours; Return Existing finds them', async () => {
	const old = await seedAgent('old-agent', 3);
	await sandbox.control('config', { startDelayMs: 600000 });
	const starting = await seedAgent('starting-agent', 0);
	const data = await execute(
		workflow('agoraRefList0001', [
			{
				name: 'Get Many Any',
				parameters: { resource: 'agent', operation: 'getAll', returnAll: true },
			},
			{
				name: 'Existing Starting',
				parameters: start('starting-agent', 'lobby', {
					agentRtcUid: '900',
					options: { ifNameInUse: 'returnExisting' },
				}),
			},
			{
				name: 'Existing Old',
				parameters: start('old-agent', 'lobby', {
					agentRtcUid: '901',
					options: { ifNameInUse: 'returnExisting' },
				}),
			},
		]),
	);
	await sandbox.control('config', { startDelayMs: 20 });
	expect(nodeOutput(data, 'Get Many Any').map((a) => a.agent_id)).toEqual(
		expect.arrayContaining([old, starting]),
	);
	expect(nodeOutput(data, 'Existing Starting')[0]).toMatchObject({
		agent_id: starting,
		existing: true,
		status: 'STARTING',
	});
	expect(nodeOutput(data, 'Existing Old')[0]).toMatchObject({ agent_id: old, existing: true });
	const list = (await requests()).find((r) => r.method === 'GET' && r.path.endsWith('/agents'))!;
	expect(list.query.state).toBe('0,1,2,3,4,6');
}, 300000);

test('Cloud Player: gop, profile and clamped idle timeout; one output shape per path; stale sequences flagged', async () => {
	const player = (name: string, over: Json = {}): Json => ({
		resource: 'cloudPlayer',
		operation: 'create',
		region: 'na',
		streamUrl: 'rtmp://media.example.com/live/s',
		channelName: 'lobby',
		uid: 555,
		...over,
		additionalFields: { name, ...(over.additionalFields ?? {}) },
	});
	const first = await execute(
		workflow('agoraRefPlayer01', [
			{
				name: 'Create',
				parameters: player('p-one', {
					audioOptions: { profile: 1 },
					videoOptions: { codec: 'VP9', gop: 30 },
					additionalFields: { idleTimeout: 4 },
				}),
			},
			{
				name: 'Existing',
				parameters: player('p-one', { uid: 556, options: { onNameConflict: 'returnExisting' } }),
			},
			{
				name: 'Update Automatic',
				parameters: {
					resource: 'cloudPlayer',
					operation: 'update',
					region: 'na',
					playerId: "={{ $('Create').item.json.id }}",
					updateFields: { isPause: true },
				},
			},
			{
				name: 'Update Manual',
				parameters: {
					resource: 'cloudPlayer',
					operation: 'update',
					region: 'na',
					playerId: "={{ $('Create').item.json.id }}",
					updateFields: { isPause: false },
					options: { sequence: 5 },
				},
			},
		]),
	);
	const create = (await requests()).find(
		(r) => r.method === 'POST' && r.path.includes('/players'),
	)!;
	expect(create.body.player).toMatchObject({
		audioOptions: { profile: 1 },
		videoOptions: { codec: 'VP9', gop: 30 },
		idleTimeout: 4,
	});
	const keys = [
		'channelName',
		'createTs',
		'existing',
		'id',
		'name',
		'reconciled',
		'region',
		'requestId',
		'status',
		'uid',
	];
	const created = nodeOutput(first, 'Create')[0];
	expect(Object.keys(created).sort()).toEqual(keys);
	expect(Object.keys(nodeOutput(first, 'Existing')[0]).sort()).toEqual(keys);
	expect(nodeOutput(first, 'Existing')[0]).toMatchObject({
		id: created.id,
		uid: 555,
		existing: true,
	});
	expect(nodeOutput(first, 'Update Automatic')[0]).toMatchObject({ staleSequence: false });
	expect(Number(nodeOutput(first, 'Update Automatic')[0].sequence)).toBeGreaterThan(1.7e12);
	expect(nodeOutput(first, 'Update Manual')[0]).toMatchObject({ sequence: 5, staleSequence: true });

	await sandbox.control('faults', [
		{ method: 'POST', pathIncludes: '/players', kind: '504-after-commit' },
		{ method: 'POST', pathIncludes: '/join', kind: '504-after-commit' },
	]);
	const second = await execute(
		workflow('agoraRefRecover1', [
			{ name: 'Recovered Player', parameters: player('p-two', { uid: 557 }) },
			{ name: 'Recovered Agent', parameters: start('r-recover', 'c-recover') },
		]),
	);
	expect(Object.keys(nodeOutput(second, 'Recovered Player')[0]).sort()).toEqual(keys);
	expect(nodeOutput(second, 'Recovered Player')[0]).toMatchObject({
		uid: 557,
		reconciled: true,
		createTs: expect.any(Number),
	});
	expect(Object.keys(nodeOutput(second, 'Recovered Agent')[0]).sort()).toEqual([
		'agent_id',
		'agent_rtc_uid',
		'channel',
		'create_ts',
		'existing',
		'labels',
		'name',
		'reconciled',
		'status',
	]);
	expect(nodeOutput(second, 'Recovered Agent')[0]).toMatchObject({
		reconciled: true,
		agent_rtc_uid: '1001',
	});
}, 300000);

test('Agent › Update sends what was meant; Think and Get Turns', async () => {
	const agentId = "={{ $('Start Agent').item.json.agent_id }}";
	const data = await execute(
		workflow('agoraRefUpdate01', [
			{
				name: 'Start Agent',
				parameters: start('r-upd', 'c-upd', { llmParams: '{"model": "m1"}' }),
			},
			{
				name: 'Update Token',
				parameters: {
					resource: 'agent',
					operation: 'update',
					agentId,
					updateFields: { token: 'token-2', llmParams: '{}', mllmParams: '{}' },
				},
			},
			{
				name: 'Update Nothing',
				parameters: {
					resource: 'agent',
					operation: 'update',
					agentId,
					updateFields: { llmParams: '{}' },
				},
				continueOnFail: true,
			},
			{
				name: 'Update Empty Token',
				parameters: {
					resource: 'agent',
					operation: 'update',
					agentId,
					updateFields: { token: '={{ "" }}' },
				},
				continueOnFail: true,
			},
			{
				name: 'Think',
				parameters: {
					resource: 'agent',
					operation: 'think',
					agentId,
					text: 'The user clicked buy.',
					onSpeakingAction: 'interrupt',
					metadata: '{"publisher": "n8n"}',
				},
			},
			{
				name: 'Get Turns',
				parameters: { resource: 'agent', operation: 'getTurns', agentId, returnAll: true },
			},
		]),
	);
	const updates = (await requests()).filter((r) => r.path.endsWith('/update'));
	expect(updates.map((r) => r.body)).toEqual([{ properties: { token: 'token-2' } }]);
	expect(String(nodeOutput(data, 'Update Nothing')[0].error)).toContain(
		'needs at least one field to update',
	);
	expect(String(nodeOutput(data, 'Update Empty Token')[0].error)).toContain('Channel Token');
	expect(String(nodeOutput(data, 'Update Empty Token')[0].description)).toContain(
		'API field: properties.token',
	);
	const think = (await requests()).find((r) => r.path.endsWith('/think'))!;
	expect(think).toMatchObject({
		status: 200,
		body: {
			text: 'The user clicked buy.',
			on_speaking_action: 'interrupt',
			metadata: { publisher: 'n8n' },
		},
	});
	expect((await requests()).some((r) => r.path.endsWith('/turns') && r.status === 200)).toBe(true);
	expect(Array.isArray(nodeOutput(data, 'Get Turns'))).toBe(true);
}, 300000);

test('Agent › Get Many: Started After and Before are read in the workflow’s time zone', async () => {
	await execute(
		workflow(
			'agoraRefTimeZon1',
			[
				{
					name: 'Get Many',
					parameters: {
						resource: 'agent',
						operation: 'getAll',
						returnAll: true,
						filters: { fromTime: '2026-01-15T09:30:00', toTime: '2026-01-15T10:30:00' },
					},
				},
			],
			{ timezone: 'Asia/Tokyo' },
		),
	);
	const list = (await requests()).find((r) => r.path.endsWith('/agents'))!;
	const utc = Date.UTC(2026, 0, 15, 9, 30) / 1000 - 9 * 3600;
	expect(list.query).toMatchObject({ from_time: String(utc), to_time: String(utc + 3600) });
}, 300000);

test('Version 1.3: expressions inside the groups are evaluated (Concurrency from another node is kept to), a bad Request Options value named', async () => {
	// $('Start') reads another node, so n8n evaluates it (the manual trigger gives 1 item).
	const one = "$('Start').all().length";
	const { llmUrl, ttsVendor, ttsParams, agentRtcUid, ...top } = start('unused', 'c-grp');
	const run = async (
		requestOptions: Json,
		before: Array<{ name: string; parameters: Json }> = [],
	) => {
		const parameters = {
			...top,
			name: undefined,
			model: { llmUrl },
			voice: { ttsVendor, ttsParams },
			identity: {
				agentRtcUid,
				vendorKeys: 'form',
				name: `={{ 'r-grp-' + ${one} + ($json.agent_id ?? '') }}`,
			},
			options: { requestOptions },
		};
		const definition = workflow('agoraRefGrpExpr', [
			...before,
			{ name: 'Start Agent', typeVersion: 1.3, parameters },
		]);
		return (await host.executeDefinition(definition)).run.data.resultData.error?.message;
	};
	const fine = { concurrency: `={{ ${one} + 1 }}`, maxRetries: `={{ ${one} }}` };
	expect(await run({ ...fine, timeoutMs: `={{ ${one} * 20000 }}` })).toBeUndefined();
	expect((await joins()).map((r) => r.body.name)).toEqual(['r-grp-1']);
	for (const bad of [`={{ ${one} - 1 }}`, `={{ ${one} * 500 }}`, "={{ 'abc' }}"])
		expect(await run({ ...fine, concurrency: bad })).toBe(
			'Invalid “Request Options › Concurrency”: must be a whole number from 1 to 100',
		);
	expect(await joins()).toHaveLength(1);

	// 3 items at Concurrency 1, the first refused (no retry): the bulk run stops before the others start.
	await seedAgent('seed-a', 0);
	await seedAgent('seed-b', 0);
	await sandbox.control('faults', { method: 'POST', pathIncludes: '/join', kind: '500' });
	const list = {
		name: 'Get Many',
		parameters: { resource: 'agent', operation: 'getAll', returnAll: true },
	};
	expect(
		await run({ concurrency: `={{ ${one} }}`, maxRetries: `={{ ${one} - 1 }}` }, [list]),
	).toMatch(/500|item/i);
	// Joins before: r-grp-1 and the 2 seeds.
	expect((await joins()).slice(3).map((r) => r.status)).toEqual([500]);
}, 300000);

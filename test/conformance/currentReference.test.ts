/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Fields of Agora's current reference that older forms got wrong, through n8n's engine against the
 * sandbox: from the form to what arrives at Agora and what the next node gets.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { resetRateLimits } from '../../nodes/Agora/transport';
import { decodeAccessToken2 } from '../lib/accessToken2Decoder';
import type { Sandbox } from '../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../lib/harness';
import { useSandbox } from '../lib/sandbox';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';
const HOUR = 3600_000;

let sb: Sandbox;
let credential: CredentialData;

useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started), { credential: { appCertificate: APP_CERTIFICATE }, resetEach: false });
beforeEach(() => {
	sb.reset();
	sb.clock.set(Date.now());
	sb.configure({ rateLimits: false, listDelayMs: 0, startDelayMs: 5 });
	resetRateLimits();
});

async function run(parameters: IDataObject, settings: IDataObject = {}, workflowSettings?: IDataObject) {
	return await runWorkflow({ ...agoraWorkflow(parameters as INodeParameters, [{}], settings), settings: workflowSettings }, credential);
}

const cascade = (over: IDataObject = {}): IDataObject => ({
	resource: 'agent',
	operation: 'start',
	name: 'ref-agent',
	channel: 'room1',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	ttsVendor: 'microsoft',
	ttsParams: '{"key": "k", "voice_name": "v"}',
	...over,
});

const mllm = (over: IDataObject = {}): IDataObject => ({
	resource: 'agent',
	operation: 'start',
	name: 'ref-mllm',
	channel: 'room1',
	remoteRtcUid: '2002',
	mode: 'mllm',
	mllmApiKey: 'mllm-key-123',
	...over,
});

/** The start request the sandbox accepted; the item must not have failed. */
function started(result: Awaited<ReturnType<typeof run>>): IDataObject {
	expect(result.error('Agora')).toBeUndefined();
	const join = sb.requests.find((r) => r.path.endsWith('/join'));
	expect(join?.status).toBe(200);
	return (join!.body as IDataObject).properties as IDataObject;
}

describe('MLLM turn detection: agora_vad, server_vad, semantic_vad; the deprecated type in both modes', () => {
	test('the form offers and sends agora_vad with agora_vad_config', async () => {
		const p = started(await run(mllm({ mllmTurnDetectionMode: 'agora_vad', mllmPlatformVadConfig: { silence_duration_ms: 500, threshold: 0.4 } })));
		expect((p.mllm as IDataObject).turn_detection).toEqual({ mode: 'agora_vad', agora_vad_config: { silence_duration_ms: 500, threshold: 0.4 } });
	});

	test('a workflow saved with platform_vad (older snapshot) sends agora_vad', async () => {
		const p = started(await run(mllm({ mllmTurnDetectionMode: 'platform_vad', mllmPlatformVadConfig: { interrupt_duration_ms: 200 } })));
		expect((p.mllm as IDataObject).turn_detection).toEqual({ mode: 'agora_vad', agora_vad_config: { interrupt_duration_ms: 200 } });
	});

	test('agora_vad through Additional Body', async () => {
		const body = { properties: { mllm: { turn_detection: { mode: 'agora_vad', agora_vad_config: { prefix_padding_ms: 800 } } } } };
		const p = started(await run(mllm({ options: { additionalBody: JSON.stringify(body) } })));
		expect((p.mllm as IDataObject).turn_detection).toEqual(body.properties.mllm.turn_detection);
	});

	test.each(['agora_vad', 'server_vad', 'semantic_vad'])('the deprecated turn_detection.type %s in cascade mode and in MLLM mode', async (type) => {
		const additionalBody = JSON.stringify({ properties: { turn_detection: { type } } });
		expect(started(await run(cascade({ options: { additionalBody } }))).turn_detection).toEqual({ type });
		sb.reset();
		expect(started(await run(mllm({ options: { additionalBody } }))).turn_detection).toEqual({ type });
	});

	test('the deprecated type platform_vad is sent as agora_vad', async () => {
		const p = started(await run(cascade({ options: { additionalBody: '{"properties": {"turn_detection": {"type": "platform_vad"}}}' } })));
		expect(p.turn_detection).toEqual({ type: 'agora_vad' });
	});
});

describe('manual start and end of speech (push-to-talk) with RTM and the RTM data channel', () => {
	test.each([
		['startOfSpeechMode', 'start_of_speech'],
		['endOfSpeechMode', 'end_of_speech'],
	])('%s manual: RTM and the RTM data channel are switched on; the generated token carries RTM', async (field, key) => {
		const p = started(await run(cascade({ configureTurnDetection: true, [field]: 'manual' })));
		expect(((p.turn_detection as IDataObject).config as IDataObject)[key]).toEqual({ mode: 'manual' });
		expect(p.advanced_features).toEqual({ enable_rtm: true });
		expect(p.parameters).toEqual({ data_channel: 'rtm' });
		const services = decodeAccessToken2(String(p.token)).services.map((s) => s.type);
		expect(services).toContain(2);
	});

	test('manual with the RTC data stream is refused naming the field, nothing sent', async () => {
		const result = await run(cascade({ configureTurnDetection: true, endOfSpeechMode: 'manual', agentParameters: { dataChannel: 'datastream' } }));
		expect(apiField(result.error('Agora'))).toBe('properties.parameters.data_channel');
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Azure MLLM with audio output, HeyGen avatar, asr/llm/tts beside an enabled mllm', () => {
	test('MLLM vendor azure with output modalities ["audio"] from the form', async () => {
		const p = started(await run(mllm({ mllmVendor: 'azure', mllmUrl: 'wss://r.openai.azure.com/openai/v1/realtime', mllmOptions: { outputModalities: 'audio' } })));
		expect(p.mllm).toMatchObject({ enable: true, vendor: 'azure', output_modalities: ['audio'] });
	});

	test('avatar vendor heygen from the form', async () => {
		const p = started(await run(cascade({ enableAvatar: true, avatarVendor: 'heygen', avatarParams: '{"api_key": "h", "avatar_id": "a", "quality": "medium"}' })));
		expect(p.avatar).toEqual({ enable: true, vendor: 'heygen', params: { api_key: 'h', avatar_id: 'a', quality: 'medium' } });
	});

	test('asr, llm and tts next to an enabled mllm are sent (Agora ignores them), not refused', async () => {
		const additionalBody = JSON.stringify({ properties: { asr: { language: 'en-US' }, llm: { url: 'https://llm.example.com' }, tts: { vendor: 'microsoft', params: {} } } });
		const p = started(await run(mllm({ options: { additionalBody } })));
		expect(p).toMatchObject({ asr: { language: 'en-US' }, llm: { url: 'https://llm.example.com' }, mllm: { enable: true } });
	});
});

/** Starts an agent through the sandbox's clock `hoursAgo` hours in the past. */
async function agentStartedAgo(name: string, hoursAgo: number): Promise<string> {
	sb.clock.set(Date.now() - hoursAgo * HOUR);
	const result = await run(cascade({ name, agentRtcUid: String(3000 + hoursAgo) }));
	expect(result.error('Agora')).toBeUndefined();
	sb.clock.set(Date.now());
	return String(result.output('Agora')[0].agent_id);
}

describe('agent list defaults: any state, a start time always sent', () => {
	test('Get Many with Status Any lists agents of every state and older than 2 hours', async () => {
		const old = await agentStartedAgo('old-agent', 3);
		sb.configure({ startDelayMs: 60000 });
		const starting = String((await run(cascade({ name: 'starting-agent', agentRtcUid: '4001' }))).output('Agora')[0].agent_id);
		sb.requests.length = 0;
		const result = await run({ resource: 'agent', operation: 'getAll', returnAll: true });
		const ids = result.output('Agora').map((a) => a.agent_id);
		expect(ids).toEqual(expect.arrayContaining([old, starting]));
		const query = sb.requests[0].query;
		expect(query.state).toBe('0,1,2,3,4,5,6');
		expect(Number(query.from_time)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 72 * 3600);
	});

	test('Return Existing Agent finds an agent still STARTING', async () => {
		sb.configure({ startDelayMs: 60000 });
		const first = await run(cascade({ name: 'dup-starting' }));
		const id = first.output('Agora')[0].agent_id;
		const again = await run(cascade({ name: 'dup-starting', agentRtcUid: '1002', options: { ifNameInUse: 'returnExisting' } }));
		expect(again.error('Agora')).toBeUndefined();
		expect(again.output('Agora')[0]).toMatchObject({ agent_id: id, status: 'STARTING', existing: true });
	});

	test('Return Existing Agent finds an agent started more than 2 hours ago', async () => {
		const id = await agentStartedAgo('dup-old', 5);
		const again = await run(cascade({ name: 'dup-old', agentRtcUid: '1003', options: { ifNameInUse: 'returnExisting' } }));
		expect(again.error('Agora')).toBeUndefined();
		expect(again.output('Agora')[0]).toMatchObject({ agent_id: id, existing: true });
	});

	test('after a 504 the recovery finds the agent while it is still STARTING: started once', async () => {
		sb.configure({ startDelayMs: 60000 });
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '504-after-commit' });
		const result = await run(cascade({ name: 'recover-starting' }));
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()).toHaveLength(1);
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: sb.agents()[0].agentId, reconciled: true, status: 'STARTING' });
	});
});

describe('idle_timeout 0..259200 s', () => {
	test('259200 is sent; 259201 is refused naming the field', async () => {
		expect(started(await run(cascade({ idleTimeout: 259200 }))).idle_timeout).toBe(259200);
		sb.reset();
		const result = await run(cascade({ idleTimeout: 259201 }));
		expect(result.error('Agora')?.message).toContain(': must be an integer in [0, 259200]');
		expect(apiField(result.error('Agora'))).toBe('properties.idle_timeout');
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Media Pull create: gop, lower-case profile, idle timeout clamped by Agora', () => {
	const create = (over: IDataObject) => ({ resource: 'cloudPlayer', operation: 'create', region: 'na', streamUrl: 'rtmp://media.example.com/live/s', channelName: 'room1', uid: 101, ...over });

	test('GOP and a lower-case profile are sent as Agora’s own example writes them', async () => {
		const result = await run(create({ audioOptions: { profile: 1 }, videoOptions: { codec: 'VP9', gop: 30, fillMode: 'fill' } }));
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.requests[0].status).toBe(200);
		expect((sb.requests[0].body as IDataObject).player).toMatchObject({ audioOptions: { profile: 1 }, videoOptions: { codec: 'VP9', gop: 30, fillMode: 'fill' } });
	});

	test.each([4, 601])('idle timeout %i is passed on (Agora moves it into 5..600)', async (idleTimeout) => {
		const result = await run(create({ additionalFields: { idleTimeout } }));
		expect(result.error('Agora')).toBeUndefined();
		expect((sb.requests[0].body as { player: IDataObject }).player.idleTimeout).toBe(idleTimeout);
	});
});

describe('Update sends only what the user meant', () => {
	async function agent(): Promise<string> {
		const result = await run(cascade({ name: 'upd', llmParams: '{"model": "m1", "max_tokens": 10}' }));
		sb.requests.length = 0;
		return String(result.output('Agora')[0].agent_id);
	}

	test('an untouched {} params is not sent, so the params set at start stay', async () => {
		const id = await agent();
		const result = await run({ resource: 'agent', operation: 'update', agentId: id, updateFields: { llmParams: '{}', mllmParams: '{}', token: 'new-token-1' } });
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.requests[0].body).toEqual({ properties: { token: 'new-token-1' } });
	});

	test('{} alone is not a field to update: refused, nothing sent', async () => {
		const id = await agent();
		const result = await run({ resource: 'agent', operation: 'update', agentId: id, updateFields: { llmParams: '{}' } });
		expect(result.error('Agora')?.message).toContain(': needs at least one field to update');
		expect(apiField(result.error('Agora'))).toBe('properties');
		expect(sb.requests).toHaveLength(0);
	});

	test.each([
		['typed', ''],
		['from an expression', '={{ $json.missing ?? "" }}'],
	])('an empty Channel Token (%s) is refused naming the field', async (_how, token) => {
		const id = await agent();
		const result = await run({ resource: 'agent', operation: 'update', agentId: id, updateFields: { token } });
		expect(result.error('Agora')?.message).toContain(': must not be empty');
		expect(apiField(result.error('Agora'))).toBe('properties.token');
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Get Many reads Started After / Before in the workflow’s time zone', () => {
	test.each([
		['Asia/Tokyo', 9],
		['America/New_York', -5],
		['UTC', 0],
	])('%s', async (timezone, offsetHours) => {
		const result = await run(
			{ resource: 'agent', operation: 'getAll', returnAll: true, filters: { fromTime: '2026-01-15T09:30:00', toTime: '2026-01-15T10:30:00' } },
			{},
			{ timezone },
		);
		expect(result.error('Agora')).toBeUndefined();
		const utc = Date.UTC(2026, 0, 15, 9, 30) / 1000 - offsetHours * 3600;
		expect(sb.requests[0].query).toMatchObject({ from_time: String(utc), to_time: String(utc + 3600) });
	});
});

describe('one output shape per operation, whatever path produced it', () => {
	const AGENT_KEYS = ['agent_id', 'agent_rtc_uid', 'channel', 'create_ts', 'existing', 'labels', 'name', 'reconciled', 'status'];

	test('a started, an existing and a recovered agent have the same fields', async () => {
		const fresh = await run(cascade({ name: 'shape-1', labels: { entries: [{ name: 'team', value: 'a' }] } }));
		const existing = await run(cascade({ name: 'shape-1', agentRtcUid: '1009', options: { ifNameInUse: 'returnExisting' } }));
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '504-after-commit' });
		const recovered = await run(cascade({ name: 'shape-2' }));
		for (const result of [fresh, existing, recovered]) {
			expect(result.error('Agora')).toBeUndefined();
			expect(Object.keys(result.output('Agora')[0]).sort()).toEqual(AGENT_KEYS);
		}
		expect(fresh.output('Agora')[0]).toMatchObject({ labels: { team: 'a' }, existing: false, reconciled: false });
		expect(existing.output('Agora')[0]).toMatchObject({ agent_id: fresh.output('Agora')[0].agent_id, existing: true, agent_rtc_uid: null, labels: null });
		expect(recovered.output('Agora')[0]).toMatchObject({ reconciled: true, agent_rtc_uid: '1001', status: expect.any(String), create_ts: expect.any(Number) });
	});

	test('a created, an existing and a recovered cloud player have the same fields, uid included', async () => {
		const create = (over: IDataObject) => ({ resource: 'cloudPlayer', operation: 'create', region: 'na', streamUrl: 'rtmp://media.example.com/live/s', channelName: 'room1', uid: 555, ...over });
		const created = await run(create({ additionalFields: { name: 'shape-p' } }));
		const existing = await run(create({ uid: 556, additionalFields: { name: 'shape-p' }, options: { onNameConflict: 'returnExisting' } }));
		sb.injectFault({ method: 'POST', pathIncludes: '/players', kind: '504-after-commit' });
		const recovered = await run(create({ uid: 557, additionalFields: { name: 'shape-q' } }));
		const keys = ['channelName', 'createTs', 'existing', 'id', 'name', 'reconciled', 'region', 'requestId', 'status', 'uid'];
		for (const result of [created, existing, recovered]) {
			expect(result.error('Agora')).toBeUndefined();
			expect(Object.keys(result.output('Agora')[0]).sort()).toEqual(keys);
		}
		expect(existing.output('Agora')[0]).toMatchObject({ id: created.output('Agora')[0].id, uid: 555, createTs: expect.any(Number), existing: true });
		expect(recovered.output('Agora')[0]).toMatchObject({ uid: 557, createTs: expect.any(Number), status: expect.any(String), reconciled: true });
	});
});

describe('Update sequence: automatic and manual numbers', () => {
	test('the automatic sequence is the millisecond clock; a lower manual one afterwards is flagged stale', async () => {
		const created = await run({ resource: 'cloudPlayer', operation: 'create', region: 'na', streamUrl: 'rtmp://media.example.com/live/s', channelName: 'room1', uid: 700 });
		const id = created.output('Agora')[0].id;
		const update = (options: IDataObject) => run({ resource: 'cloudPlayer', operation: 'update', region: 'na', playerId: id, updateFields: { isPause: true }, options });
		const automatic = (await update({})).output('Agora')[0];
		expect(automatic.sequence).toBeGreaterThan(1.7e12);
		expect(automatic.staleSequence).toBe(false);
		const manual = (await update({ sequence: 5 })).output('Agora')[0];
		expect(manual).toMatchObject({ sequence: 5, staleSequence: true, updated: true });
	});
});

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Agent operations other than Start's validation rules, run through n8n's engine against the
 * sandbox: start in its three modes, stop, update, speak, interrupt, get, get many, get history,
 * and continueOnFail error items.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { resetRateLimits, retryTiming } from '../../../../../nodes/Agora/transport';
import { startSandbox, type Sandbox } from '../../../../../sandbox/src';
import { client, agentPath as sandboxAgentPath, startBody } from '../../../../../sandbox/src/helpers';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../../../../lib/harness';

let sb: Sandbox;
let credential: CredentialData;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 5, stopDelayMs: 5 });
	credential = { customerId: sb.customerId, customerSecret: sb.customerSecret, appId: sb.appId, host: 'custom', customBaseUrl: sb.url };
	retryTiming.baseMs = 5;
});
afterAll(async () => {
	retryTiming.baseMs = 1000;
	await sb.close();
});
beforeEach(() => {
	sb.reset();
	resetRateLimits();
});

const LLM_KEY = 'sk-llm-secret-0123456789';
const TTS_KEY = 'tts-secret-abcdef012345';

function cascadeParams(over: IDataObject = {}): IDataObject {
	return {
		resource: 'agent',
		operation: 'start',
		channel: 'room1',
		remoteRtcUid: '2002',
		agentRtcUid: '1001',
		llmUrl: 'https://llm.example.com/v1/chat/completions',
		llmApiKey: LLM_KEY,
		llmSystemMessages: { messages: [{ role: 'system', content: 'You are helpful.' }] },
		ttsVendor: 'microsoft',
		ttsParams: JSON.stringify({ key: TTS_KEY, region: 'eastus', voice_name: 'en-US-AndrewNeural' }),
		...over,
	};
}

async function run(parameters: IDataObject, items: IDataObject[] = [{}], settings = {}) {
	return await runWorkflow(agoraWorkflow(parameters as INodeParameters, items, settings), credential);
}

/**
 * Starts agents straight through the sandbox API (no node), for the read and steer tests. The
 * sandbox clock is then moved past the start delay, so they are RUNNING however slow the machine.
 */
async function seed(count: number, over: (i: number) => Parameters<typeof startBody>[0] = () => ({})): Promise<string[]> {
	const http = client(sb);
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const response = await http.post(sandboxAgentPath(sb, '/join'), startBody(over(i)));
		expect(response.status).toBe(200);
		ids.push(response.data.agent_id);
	}
	sb.clock.advance(sb.options().startDelayMs);
	return ids;
}

const joins = () => sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/join'));

describe('Start', () => {
	test('cascade mode sends ASR, LLM and TTS, and outputs what a next node needs without secrets', async () => {
		const result = await run(
			cascadeParams({
				labels: { entries: [{ name: 'ticket', value: 'T-1' }] },
				asr: { language: 'en-US', vendor: 'deepgram' },
			}),
			[{ n: 1 }, { n: 2 }],
		);
		expect(result.error('Agora')).toBeUndefined();
		const out = result.output('Agora');
		expect(out).toHaveLength(2);
		const agents = sb.agents();
		expect(agents).toHaveLength(2);
		// The default name expression gives each item of one run its own name.
		expect(new Set(agents.map((a) => a.name)).size).toBe(2);
		// It reads in a list: a prefix, the execution ID and a short hash of node, run and item.
		for (const agent of agents) expect(agent.name).toMatch(/^agent-[\w]+-[0-9a-f]{10}$/);
		for (const item of out) {
			const agent = agents.find((a) => a.agentId === item.agent_id)!;
			expect(item).toMatchObject({ name: agent.name, channel: 'room1', agent_rtc_uid: '1001', labels: { ticket: 'T-1' } });
			expect(item.status).toBe('STARTING');
			expect(typeof item.create_ts).toBe('number');
		}
		const sent = agents[0].request as IDataObject;
		const p = sent.properties as IDataObject;
		expect(p).toMatchObject({
			channel: 'room1',
			token: '',
			agent_rtc_uid: '1001',
			remote_rtc_uids: ['2002'],
			idle_timeout: 30,
			asr: { language: 'en-US', vendor: 'deepgram' },
			llm: { url: 'https://llm.example.com/v1/chat/completions', api_key: LLM_KEY, system_messages: [{ role: 'system', content: 'You are helpful.' }] },
			tts: { vendor: 'microsoft', params: { key: TTS_KEY } },
			labels: { ticket: 'T-1' },
		});
		// Groups left off are not sent.
		for (const key of ['mllm', 'turn_detection', 'interruption', 'sal', 'avatar', 'geofence', 'rtc', 'filler_words', 'parameters', 'advanced_features', 'enable_string_uid']) {
			expect(p).not.toHaveProperty(key);
		}
		expect(sent).not.toHaveProperty('pipeline_id');
		const text = JSON.stringify(out);
		expect(text).not.toContain(LLM_KEY);
		expect(text).not.toContain(TTS_KEY);
		expect(text).not.toContain('token');
	});

	test('MLLM mode sends mllm.enable and no ASR, LLM or TTS', async () => {
		const result = await run({
			resource: 'agent',
			operation: 'start',
			name: 'mllm-agent',
			channel: 'room2',
			remoteRtcUid: '7',
			mode: 'mllm',
			mllmVendor: 'openai',
			mllmUrl: 'wss://api.openai.com/v1/realtime',
			mllmApiKey: 'mllm-secret-key-123',
			mllmParams: '{"model": "gpt-4o-realtime-preview", "voice": "alloy"}',
			mllmOptions: { greetingMessage: 'Hi', inputModalities: 'audio,text', messages: '[{"role": "user", "content": "x"}]' },
			mllmTurnDetectionMode: 'semantic_vad',
			mllmSemanticEagerness: 'high',
			// Fields of other modes are hidden, so ignored even when present in the parameters.
			llmUrl: 'https://ignored.example.com',
		});
		expect(result.error('Agora')).toBeUndefined();
		const [agent] = sb.agents();
		expect(agent.mllm).toBe(true);
		const p = agent.request.properties as IDataObject;
		expect(p.mllm).toEqual({
			enable: true,
			vendor: 'openai',
			url: 'wss://api.openai.com/v1/realtime',
			api_key: 'mllm-secret-key-123',
			params: { model: 'gpt-4o-realtime-preview', voice: 'alloy' },
			messages: [{ role: 'user', content: 'x' }],
			input_modalities: ['audio', 'text'],
			greeting_message: 'Hi',
			turn_detection: { mode: 'semantic_vad', semantic_vad_config: { eagerness: 'high' } },
		});
		for (const key of ['asr', 'llm', 'tts', 'turn_detection']) expect(p).not.toHaveProperty(key);
		expect(JSON.stringify(result.output('Agora'))).not.toContain('mllm-secret-key-123');
	});

	test('saved pipeline mode sends pipeline_id, with LLM only when overridden', async () => {
		let result = await run({ resource: 'agent', operation: 'start', name: 'pipe-1', channel: 'room3', remoteRtcUid: '9', mode: 'pipeline', pipelineId: 'pl_123' });
		expect(result.error('Agora')).toBeUndefined();
		let sent = sb.agents()[0].request as IDataObject;
		expect(sent.pipeline_id).toBe('pl_123');
		expect(sent.properties).not.toHaveProperty('llm');
		expect(sent.properties).not.toHaveProperty('tts');

		result = await run({
			...cascadeParams({ name: 'pipe-2', mode: 'pipeline', pipelineId: 'pl_123', overrideLlm: true }),
			llmUrl: '',
			llmParams: '{"model": "gpt-4o"}',
		});
		expect(result.error('Agora')).toBeUndefined();
		sent = sb.agents()[1].request as IDataObject;
		expect((sent.properties as IDataObject).llm).toMatchObject({ params: { model: 'gpt-4o' } });
		expect(sent.properties).not.toHaveProperty('tts');
	});

	test('an empty token is generated from the App Certificate, with RTM when Enable RTM is on', async () => {
		const { decodeAccessToken2, SERVICE_TYPE } = await import('../../../../lib/accessToken2Decoder');
		const withCert = { ...credential, appCertificate: '0123456789abcdef0123456789abcdef' };
		const result = await runWorkflow(
			agoraWorkflow(cascadeParams({ name: 'tok', enableStringUid: true, agentRtcUid: 'agent-a', remoteRtcUid: 'user-b', advancedFeatures: { enableRtm: true } }) as INodeParameters),
			withCert,
		);
		expect(result.error('Agora')?.message).toBeUndefined();
		const p = sb.agents()[0].request.properties as IDataObject;
		expect(p.advanced_features).toEqual({ enable_rtm: true });
		const decoded = decodeAccessToken2(String(p.token));
		expect(decoded.appId).toBe(sb.appId);
		const rtc = decoded.services.find((s) => s.type === SERVICE_TYPE.rtc);
		expect(rtc).toMatchObject({ channelName: 'room1', uid: 'agent-a' });
		expect(decoded.services.some((s) => s.type === SERVICE_TYPE.rtm)).toBe(true);
		expect(JSON.stringify(result.output('Agora'))).not.toContain(String(p.token));
	});
});

describe('Stop', () => {
	test('stops a running agent; a second stop is a 404 unless Succeed If Already Stopped', async () => {
		const [id] = await seed(1);
		let result = await run({ resource: 'agent', operation: 'stop', agentId: id });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([{ agent_id: id, stopped: true }]);
		expect(['STOPPING', 'STOPPED']).toContain(sb.agents()[0].status);
		sb.clock.advance(sb.options().stopDelayMs);
		expect(sb.agents()[0].status).toBe('STOPPED');

		result = await run({ resource: 'agent', operation: 'stop', agentId: id });
		expect(result.error('Agora')?.message).toMatch(/404/);

		result = await run({ resource: 'agent', operation: 'stop', agentId: id, options: { ignoreNotFound: true } });
		expect(result.output('Agora')).toEqual([{ agent_id: id, stopped: true, already_stopped: true }]);
	});

	test('after an unclear failure the stop is repeated, and a 404 then means it worked', async () => {
		const [id] = await seed(1);
		sb.injectFault({ method: 'POST', pathIncludes: '/leave', kind: '504-after-commit' });
		const result = await run({ resource: 'agent', operation: 'stop', agentId: id });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id, stopped: true });
		expect(sb.requests.filter((r) => r.path.endsWith('/leave')).length).toBeGreaterThanOrEqual(2);
	});
});

describe('Update, Speak, Interrupt', () => {
	test('update wraps the fields in properties and replaces llm.params', async () => {
		const [id] = await seed(1);
		const result = await run({
			resource: 'agent',
			operation: 'update',
			agentId: id,
			updateFields: {
				token: 'new-token-value-123',
				llmParams: '{"model": "gpt-4o", "max_tokens": 200}',
				systemMessages: { messages: [{ role: 'system', content: 'Be brief.' }] },
			},
		});
		expect(result.error('Agora')).toBeUndefined();
		const sent = sb.requests.find((r) => r.path.endsWith('/update'))!.body;
		expect(sent).toEqual({
			properties: {
				token: 'new-token-value-123',
				llm: { system_messages: [{ role: 'system', content: 'Be brief.' }], params: { model: 'gpt-4o', max_tokens: 200 } },
			},
		});
		expect((sb.agents()[0].properties.llm as IDataObject).params).toEqual({ model: 'gpt-4o', max_tokens: 200 });
		const out = result.output('Agora')[0];
		expect(out).toMatchObject({ agent_id: id, updated: ['token', 'llm'] });
		expect(JSON.stringify(out)).not.toContain('new-token-value-123');
	});

	test('speak sends text, priority and interruptable; interrupt sends {}', async () => {
		const [id] = await seed(1);
		let result = await run({ resource: 'agent', operation: 'speak', agentId: id, text: 'Your order has shipped.', priority: 'APPEND', interruptable: false });
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()[0].speaks).toMatchObject([{ text: 'Your order has shipped.', priority: 'APPEND', interruptable: false }]);
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id, channel: 'room1' });

		result = await run({ resource: 'agent', operation: 'interrupt', agentId: id });
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()[0].interrupts).toBe(1);
		expect(sb.requests.find((r) => r.path.endsWith('/interrupt'))!.body).toEqual({});
	});

	test('speak of more than 512 UTF-8 bytes fails before sending', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		// 200 characters, 600 bytes.
		const result = await run({ resource: 'agent', operation: 'speak', agentId: id, text: '日本語'.repeat(67).slice(0, 200) });
		expect(result.error('Agora')?.message).toMatch(/: must be at most 512 bytes/);
		expect(apiField(result.error('Agora'))).toBe('text');
		expect(sb.requests).toHaveLength(0);
		// The same count of ASCII characters is fine.
		const ok = await run({ resource: 'agent', operation: 'speak', agentId: id, text: 'a'.repeat(512) });
		expect(ok.error('Agora')).toBeUndefined();
	});
});

describe('Get, Get Many, Get History', () => {
	test('get returns the status resource', async () => {
		const [id] = await seed(1, () => ({ name: 'getme' }));
		const result = await run({ resource: 'agent', operation: 'get', agentId: id });
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id, name: 'getme' });
	});

	test('Return All follows the cursor across pages; Limit stops early', async () => {
		await seed(25, (i) => ({ channel: i < 23 ? 'big' : 'other' }));
		sb.requests.length = 0;
		let result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, options: { pageSize: 10 } });
		expect(result.error('Agora')).toBeUndefined();
		const all = result.output('Agora');
		expect(all).toHaveLength(25);
		expect(new Set(all.map((a) => a.agent_id)).size).toBe(25);
		const lists = sb.requests.filter((r) => r.path.endsWith('/agents'));
		expect(lists).toHaveLength(3);
		expect(lists.map((r) => r.query.limit)).toEqual(['10', '10', '10']);

		sb.requests.length = 0;
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: false, limit: 12, options: { pageSize: 10 } });
		expect(result.output('Agora')).toHaveLength(12);
		expect(sb.requests.map((r) => r.query.limit)).toEqual(['10', '2']);

		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { channel: 'big' } });
		expect(result.output('Agora')).toHaveLength(23);
		expect(result.output('Agora')[0]).toMatchObject({ channel: 'big' });

		// Default limit 50 with 25 agents: everything, in one page of Agora's default size 20 plus one.
		result = await run({ resource: 'agent', operation: 'getAll' });
		expect(result.output('Agora')).toHaveLength(25);
	});

	test('filters: status name becomes its code, dates become Unix seconds', async () => {
		const [a] = await seed(2);
		sb.requests.length = 0;
		let result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { state: 'RUNNING' } });
		expect(result.output('Agora')).toHaveLength(2);
		expect(sb.requests[0].query.state).toBe('2');

		await run({ resource: 'agent', operation: 'stop', agentId: a });
		sb.clock.advance(sb.options().stopDelayMs);
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { state: 'STOPPED' } });
		expect(result.output('Agora').map((x) => x.agent_id)).toEqual([a]);

		sb.requests.length = 0;
		const future = new Date(Date.now() + 3600_000).toISOString();
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { fromTime: future } });
		expect(result.output('Agora')).toHaveLength(0);
		expect(sb.requests[0].query.from_time).toBe(String(Math.floor(Date.parse(future) / 1000)));

		const past = new Date(Date.now() - 3600_000).toISOString();
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { fromTime: past, toTime: future } });
		expect(result.output('Agora')).toHaveLength(2);
	});

	test('history as one item or one item per message', async () => {
		const [id] = await seed(1);
		await run({ resource: 'agent', operation: 'speak', agentId: id, text: 'Spoken once.' });
		let result = await run({ resource: 'agent', operation: 'getHistory', agentId: id });
		const whole = result.output('Agora');
		expect(whole).toHaveLength(1);
		expect(whole[0].agent_id).toBe(id);
		const contents = whole[0].contents as IDataObject[];
		expect(contents.map((m) => m.content)).toEqual(expect.arrayContaining(['Hello there', 'Spoken once.']));

		result = await run({ resource: 'agent', operation: 'getHistory', agentId: id, output: 'split' });
		expect(result.output('Agora')).toEqual(contents.map((message, index) => ({ agent_id: id, index, ...message })));
	});
});

describe('continueOnFail', () => {
	test('a failed item becomes a paired error item with status, reason and request id; the rest go on', async () => {
		const [id] = await seed(1);
		const result = await run({ resource: 'agent', operation: 'get', agentId: '={{ $json.id }}' }, [{ id: 'UNKNOWN' }, { id }], { continueOnFail: true });
		expect(result.error('Agora')).toBeUndefined();
		const items = result.run.data.resultData.runData.Agora[0].data!.main[0]!;
		expect(items).toHaveLength(2);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ httpCode: 404, reason: 'TaskNotFound' });
		expect(String(items[0].json.requestId)).toMatch(/^[0-9a-f-]{36}$/);
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[1].json.agent_id).toBe(id);
	});

	test('an invalid start item becomes an error item naming the field; valid items still start', async () => {
		const result = await run(cascadeParams({ name: '={{ $json.name }}', remoteRtcUid: '={{ $json.uid }}' }), [
			{ name: 'ok-1', uid: '5' },
			{ name: 'bad-1', uid: 'abc' },
		], { continueOnFail: true });
		const out = result.output('Agora');
		expect(out[0].agent_id).toBeDefined();
		expect(out[1].error).toContain('User UID');
		expect(out[1].description).toContain('API field: properties.remote_rtc_uids[0]');
		expect(joins()).toHaveLength(1);
	});
});

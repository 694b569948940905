/**
 * Configurations from Agora's guides in a real n8n: a Vertex AI agent, an LLM with audio output and no
 * TTS, Get IP Addresses, and a signed 103 history over 600 kB taken by the trigger's defaults.
 */
import { createHmac } from 'crypto';

import { EXAMPLE_CREDENTIAL, NOTIFICATIONS_CREDENTIAL } from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e } from '../lib/n8nE2e';

const WEBHOOK_ID = '0b7f3a52-6c1e-4d8a-9f2b-3e4d5c6b7a81';
const TRIGGER_ID = 'agoraDocTrigger1';
const ACTIONS_ID = 'agoraDocActions1';

let host: N8nHost;
let sandbox: SandboxProcess;
let webhookUrl: string;
let serve: (ids: string[]) => Promise<void>;

const agoraApi = { agoraApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };
const identity = {
	resource: 'agent',
	operation: 'start',
	channel: 'channel_name',
	agentRtcUid: '1001',
	remoteRtcUid: '1002',
};

const workflow = (id: string, nodes: object[], connections: object) => ({
	id,
	name: id,
	active: false,
	settings: { executionOrder: 'v1' },
	nodes,
	connections,
});

useN8nE2e({ name: 'docs-e2e' }, async (e2e) => {
	({ host, sandbox } = e2e);
	serve = (ids) => e2e.serve(ids);
	webhookUrl = e2e.webhookUrl(`${WEBHOOK_ID}/webhook`);
	await e2e.importAgoraCredential();
	const manual = {
		id: 'm',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const agora = (name: string, parameters: object, y: number) => ({
		id: name,
		name,
		type: 'n8n-nodes-agora.agora',
		typeVersion: 1,
		position: [240, y],
		parameters,
		credentials: agoraApi,
	});
	const actions = [
		agora(
			'Vertex Agent',
			{
				...identity,
				name: 'vertex-agent',
				mode: 'mllm',
				mllmVendor: 'vertexai',
				mllmAdcCredentials: '<GOOGLE_APPLICATION_CREDENTIALS_STRING>',
				mllmProjectId: '<GOOGLE_CLOUD_PROJECT_ID>',
				mllmLocation: '<GOOGLE_CLOUD_REGION>',
				mllmParams: '{"model": "gemini-live-2.5-flash-native-audio", "voice": "Aoede"}',
			},
			0,
		),
		agora(
			'Audio LLM Agent',
			{
				...identity,
				name: 'audio-agent',
				channel: 'audio_room',
				llmUrl: 'https://llm.example.com/v1/chat/completions',
				llmApiKey: 'k',
				llmParams:
					'{"model": "gpt-4o-audio-preview", "modalities": ["audio"], "audio": {"voice": "alloy", "format": "wav"}}',
				llmOptions: { outputModalities: 'audio' },
			},
			200,
		),
		agora('Notification IPs', { resource: 'notificationServer', operation: 'getIps' }, 400),
	];
	const toAll = {
		Start: { main: [actions.map((a) => ({ node: a.name, type: 'main', index: 0 }))] },
	};
	await e2e.importWorkflows([workflow(ACTIONS_ID, [manual, ...actions], toAll)]);
	const trigger = {
		id: 't',
		name: 'Agora Trigger',
		type: 'n8n-nodes-agora.agoraTrigger',
		typeVersion: 2,
		position: [0, 0],
		parameters: { product: 'conversationalAi' },
		credentials: { agoraNotificationsApi: NOTIFICATIONS_CREDENTIAL },
		webhookId: WEBHOOK_ID,
	};
	await e2e.importWorkflows([workflow(TRIGGER_ID, [trigger], {})]);
});

test('Vertex AI agent, an LLM that speaks without TTS, and the notification servers’ IPs', async () => {
	const { run, raw } = await host.execute(ACTIONS_ID);
	if (run.data.resultData.error)
		throw new Error(`${JSON.stringify(run.data.resultData.error)}\n${raw.stderr.slice(-2000)}`);
	const log = (await sandbox.control('requests')) as Array<{
		method: string;
		path: string;
		body: { name?: string; properties?: Record<string, Record<string, unknown>> };
	}>;
	const joins = log.filter((r) => r.path.endsWith('/join'));
	const vertex = joins.find((r) => r.body.name === 'vertex-agent')!.body.properties!;
	expect(vertex.mllm).toMatchObject({
		vendor: 'vertexai',
		adc_credentials_string: '<GOOGLE_APPLICATION_CREDENTIALS_STRING>',
		project_id: '<GOOGLE_CLOUD_PROJECT_ID>',
		location: '<GOOGLE_CLOUD_REGION>',
	});
	expect(vertex.mllm).not.toHaveProperty('api_key');
	const audio = joins.find((r) => r.body.name === 'audio-agent')!.body.properties!;
	expect(audio.llm.output_modalities).toEqual(['audio']);
	expect(audio).not.toHaveProperty('tts');
	expect(nodeOutput(run.data, 'Notification IPs')).toEqual([
		expect.objectContaining({ ips: ['127.0.0.1', '::1'] }),
	]);
}, 240000);

describe('the Agora Trigger in a running n8n', () => {
	beforeAll(async () => {
		await serve([TRIGGER_ID]);
	}, 180000);

	test('a signed 103 history over 600 kB starts the workflow with the default options', async () => {
		const contents = Array.from({ length: 3000 }, (_, i) => ({
			role: i % 2 ? 'assistant' : 'user',
			content: `turn ${i} `.repeat(30),
		}));
		const body = JSON.stringify({
			noticeId: `n-${Date.now()}`,
			productId: 17,
			eventType: 103,
			notifyMs: Date.now(),
			payload: {
				agent_id: 'A-long',
				name: 'long',
				start_ts: 1,
				stop_ts: 2,
				channel: 'room',
				contents,
				labels: {},
			},
		});
		expect(body.length).toBeGreaterThan(600 * 1024);
		const signature = createHmac('sha256', sandbox.notificationSecret).update(body).digest('hex');
		const res = await fetch(webhookUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'Agora-Signature-V2': signature },
			body,
		});
		expect(res.status).toBe(200);
		const list = await host.settledExecutions(TRIGGER_ID, (runs) =>
			runs.some((e) => e.status === 'success'),
		);
		expect(list.filter((e) => e.status === 'success')).toHaveLength(1);
	}, 120000);
});

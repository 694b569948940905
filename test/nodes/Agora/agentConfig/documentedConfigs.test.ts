/**
 * Agent › Start builds the configurations Agora's guides and server SDKs document beyond the
 * OpenAPI file, run through n8n's engine against the sandbox. Each test names its document.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox/src';
import {
	agoraWorkflow,
	runWorkflow,
	type CredentialData,
	type OtherCredentials,
	apiField,
} from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;

useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started));

const identity = {
	resource: 'agent',
	operation: 'start',
	name: 'documented',
	channel: 'channel_name',
	agentRtcUid: '1001',
	remoteRtcUid: '1002',
};
const cascade = {
	llmUrl: 'https://api.openai.com/v1/chat/completions',
	llmApiKey: '<your_llm_key>',
	ttsVendor: 'microsoft',
	ttsParams:
		'{"key": "<your_tts_api_key>", "region": "eastus", "voice_name": "en-US-AndrewMultilingualNeural"}',
};

async function start(parameters: IDataObject, others: OtherCredentials = {}) {
	const result = await runWorkflow(
		agoraWorkflow({ ...identity, ...parameters } as INodeParameters),
		credential,
		others,
	);
	const join = sb.requests.find((r) => r.path.endsWith('/join'));
	return {
		result,
		properties: (join?.body as { properties?: IDataObject } | undefined)?.properties,
	};
}

describe('Gemini Live on Vertex AI (Agora\u2019s "Google Gemini Live (Vertex AI)" page, REST API tab)', () => {
	const vertex = {
		mode: 'mllm',
		mllmVendor: 'vertexai',
		mllmProjectId: '<GOOGLE_CLOUD_PROJECT_ID>',
		mllmLocation: '<GOOGLE_CLOUD_REGION>',
		mllmParams:
			'{"model": "gemini-live-2.5-flash-native-audio", "voice": "Aoede", "transcribe_agent": true, "transcribe_user": true}',
	};

	test('sends adc_credentials_string, project_id and location and no api_key', async () => {
		const { result, properties } = await start({
			...vertex,
			mllmAdcCredentials: '<GOOGLE_APPLICATION_CREDENTIALS_STRING>',
			mllmApiKey: 'left-over-key',
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(properties?.mllm).toMatchObject({
			enable: true,
			vendor: 'vertexai',
			adc_credentials_string: '<GOOGLE_APPLICATION_CREDENTIALS_STRING>',
			project_id: '<GOOGLE_CLOUD_PROJECT_ID>',
			location: '<GOOGLE_CLOUD_REGION>',
		});
		expect(properties?.mllm).not.toHaveProperty('api_key');
	});

	test('the ADC credentials come from the Vendor Keys credential and never reach the output', async () => {
		const adc = 'eyJ0eXBlIjoic2VydmljZV9hY2NvdW50In0-secret';
		const { result, properties } = await start(
			{ ...vertex, vendorKeys: 'credential' },
			{ agoraVendorKeysApi: { mllmAdcSecret: adc, mllmApiKey: 'not-for-vertex' } },
		);
		expect(result.error('Agora')).toBeUndefined();
		expect((properties?.mllm as IDataObject).adc_credentials_string).toBe(adc);
		expect(properties?.mllm).not.toHaveProperty('api_key');
		expect(JSON.stringify(result.output('Agora'))).not.toContain(adc);
	});

	test('without the project the item is refused before sending, naming the field', async () => {
		const { result } = await start({ ...vertex, mllmProjectId: '', mllmAdcCredentials: 'adc' });
		expect(apiField(result.error('Agora'))).toBe('properties.mllm.project_id');
		expect(sb.requests.filter((r) => r.path.endsWith('/join'))).toHaveLength(0);
	});

	test('without the ADC credentials the refusal names that field, not the vendor', async () => {
		const { result } = await start({ ...vertex, mllmAdcCredentials: '' });
		expect(apiField(result.error('Agora'))).toBe('properties.mllm.adc_credentials_string');
		expect(result.error('Agora')?.message).toContain('“ADC Credentials”');
		expect(result.error('Agora')?.message).not.toContain('MLLM Vendor');
	});

	// agent-server-sdk-ts src/agentkit/vendors/mllm.ts VertexAI.toConfig: project_id, location and adc_credentials_string under params.
	test('the SDK shape, with the three under MLLM Params, is sent as given', async () => {
		const params = {
			model: 'gemini-live-2.5-flash-native-audio',
			project_id: 'proj-1',
			location: 'us-central1',
			adc_credentials_string: 'adc-b64',
		};
		const { result, properties } = await start({
			...vertex,
			mllmProjectId: '',
			mllmLocation: '',
			mllmParams: JSON.stringify(params),
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(properties?.mllm).toMatchObject({ vendor: 'vertexai', params });
		expect(properties?.mllm).not.toHaveProperty('project_id');
	});
});

test('remote_rtc_uids ["*"] with integer UIDs (Go SDK README RemoteUIDs []string{"*"})', async () => {
	const { result, properties } = await start({
		...cascade,
		agentRtcUid: '123456',
		remoteRtcUid: '*',
	});
	expect(result.error('Agora')).toBeUndefined();
	expect(properties?.remote_rtc_uids).toEqual(['*']);
	expect(properties?.enable_string_uid).toBeUndefined();
});

test('an LLM with output ["audio"] sends no tts (audio output guide: "you don\u2019t need to set up a TTS module")', async () => {
	const { result, properties } = await start({
		...cascade,
		llmOptions: { outputModalities: 'audio' },
	});
	expect(result.error('Agora')).toBeUndefined();
	expect((properties?.llm as IDataObject).output_modalities).toEqual(['audio']);
	expect(properties).not.toHaveProperty('tts');
});

test('end_of_speech {mode: "semantic"} without semantic_config goes through (agents SDK EndOfSpeech mode)', async () => {
	const additionalBody = JSON.stringify({
		properties: { turn_detection: { config: { end_of_speech: { mode: 'semantic' } } } },
	});
	const { result, properties } = await start({ ...cascade, options: { additionalBody } });
	expect(result.error('Agora')).toBeUndefined();
	expect((properties?.turn_detection as IDataObject).config).toEqual({
		end_of_speech: { mode: 'semantic' },
	});
});

describe('a saved pipeline gets only what the user set (server SDK CallTelephonyRequest: "Using pipeline ID: Simply pass in channel, token, agent_rtc_uid, and remote_rtc_uids")', () => {
	const joinOrCall = () =>
		sb.requests.find((r) => r.path.endsWith('/join') || r.path.endsWith('/call'))
			?.body as IDataObject;

	test('Agent › Start: no idle_timeout from the form’s default', async () => {
		const { result } = await start({ mode: 'pipeline', pipelineId: 'pipe_1' });
		expect(result.error('Agora')).toBeUndefined();
		expect(joinOrCall()).toEqual({
			name: 'documented',
			pipeline_id: 'pipe_1',
			properties: {
				channel: 'channel_name',
				token: '',
				agent_rtc_uid: '1001',
				remote_rtc_uids: ['1002'],
			},
		});
	});

	test('Agent › Start: an idle timeout the user changed is sent', async () => {
		await start({ mode: 'pipeline', pipelineId: 'pipe_1', idleTimeout: 120 });
		expect((joinOrCall().properties as IDataObject).idle_timeout).toBe(120);
	});

	test('Phone Call › Call: the call’s properties hold the four fields only', async () => {
		const parameters = {
			resource: 'phoneCall',
			operation: 'call',
			mode: 'pipeline',
			pipelineId: 'pipe_1',
			name: 'call-1',
			channel: 'c1',
			agentRtcUid: '111',
			toNumber: '+14155550123',
			fromNumber: '+14155550100',
		};
		const result = await runWorkflow(agoraWorkflow(parameters as INodeParameters), credential);
		expect(result.error('Agora')).toBeUndefined();
		expect(Object.keys(joinOrCall().properties as IDataObject).sort()).toEqual([
			'agent_rtc_uid',
			'channel',
			'remote_rtc_uids',
			'token',
		]);
	});
});

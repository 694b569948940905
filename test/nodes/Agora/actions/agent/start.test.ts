/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Agent › Start through n8n's engine against the sandbox: automatic tokens, behaviour around
 * failures (reconciliation after ambiguous answers, 409 choices).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { agoraWorkflow, runWorkflow } from '../../../../lib/harness';
import { cascadeParams, credential, LLM_KEY, run as runItems, sb, TTS_KEY } from './setup';

describe('Start', () => {
	test('cascade mode sends ASR, LLM and TTS, and outputs what a next node needs without secrets', async () => {
		const result = await runItems(
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
		for (const item of out) {
			const agent = agents.find((a) => a.agentId === item.agent_id)!;
			expect(item).toMatchObject({
				name: agent.name,
				channel: 'room1',
				agent_rtc_uid: '1001',
				labels: { ticket: 'T-1' },
			});
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
			llm: {
				url: 'https://llm.example.com/v1/chat/completions',
				api_key: LLM_KEY,
				system_messages: [{ role: 'system', content: 'You are helpful.' }],
			},
			tts: { vendor: 'microsoft', params: { key: TTS_KEY } },
			labels: { ticket: 'T-1' },
		});
		// Groups left off are not sent.
		for (const key of [
			'mllm',
			'turn_detection',
			'interruption',
			'sal',
			'avatar',
			'geofence',
			'rtc',
			'filler_words',
			'parameters',
			'advanced_features',
			'enable_string_uid',
		]) {
			expect(p).not.toHaveProperty(key);
		}
		expect(sent).not.toHaveProperty('pipeline_id');
		const text = JSON.stringify(out);
		expect(text).not.toContain(LLM_KEY);
		expect(text).not.toContain(TTS_KEY);
		expect(text).not.toContain('token');
	});

	test('MLLM mode sends mllm.enable and no ASR, LLM or TTS', async () => {
		const result = await runItems({
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
			mllmOptions: {
				greetingMessage: 'Hi',
				inputModalities: 'audio,text',
				messages: '[{"role": "user", "content": "x"}]',
			},
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
		let result = await runItems({
			resource: 'agent',
			operation: 'start',
			name: 'pipe-1',
			channel: 'room3',
			remoteRtcUid: '9',
			mode: 'pipeline',
			pipelineId: 'pl_123',
		});
		expect(result.error('Agora')).toBeUndefined();
		let sent = sb.agents()[0].request as IDataObject;
		expect(sent.pipeline_id).toBe('pl_123');
		expect(sent.properties).not.toHaveProperty('llm');
		expect(sent.properties).not.toHaveProperty('tts');

		result = await runItems({
			...cascadeParams({
				name: 'pipe-2',
				mode: 'pipeline',
				pipelineId: 'pl_123',
				overrideLlm: true,
			}),
			llmUrl: '',
			llmParams: '{"model": "gpt-4o"}',
		});
		expect(result.error('Agora')).toBeUndefined();
		sent = sb.agents()[1].request as IDataObject;
		expect((sent.properties as IDataObject).llm).toMatchObject({ params: { model: 'gpt-4o' } });
		expect(sent.properties).not.toHaveProperty('tts');
	});

	test('an empty token is generated from the App Certificate, with RTM when Enable RTM is on', async () => {
		const { decodeAccessToken2, SERVICE_TYPE } = await import(
			'../../../../../sandbox/src/accessToken2Decoder'
		);
		const withCert = { ...credential, appCertificate: '0123456789abcdef0123456789abcdef' };
		const result = await runWorkflow(
			agoraWorkflow(
				cascadeParams({
					name: 'tok',
					enableStringUid: true,
					agentRtcUid: 'agent-a',
					remoteRtcUid: 'user-b',
					advancedFeatures: { enableRtm: true },
				}) as INodeParameters,
			),
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

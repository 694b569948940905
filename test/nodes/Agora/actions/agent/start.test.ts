/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Agent › Start through n8n's engine against the sandbox: what each mode sends, automatic tokens,
 * behaviour around failures (reconciliation after ambiguous answers, 409 choices), rules checked
 * before sending.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, runWorkflow, apiField } from '../../../../lib/harness';
import { cascadeParams, credential, LLM_KEY, run as runItems, sb, TTS_KEY } from './setup';

function params(over: IDataObject = {}): IDataObject {
	return {
		resource: 'agent',
		operation: 'start',
		name: 'agent-x',
		channel: 'room1',
		remoteRtcUid: '2002',
		agentRtcUid: '1001',
		llmUrl: 'https://llm.example.com/v1/chat/completions',
		llmApiKey: LLM_KEY,
		ttsVendor: 'microsoft',
		ttsParams: '{"key": "tts-secret-abcdef012345", "voice_name": "en-US-AndrewNeural"}',
		...over,
	};
}

async function run(parameters: IDataObject, settings: IDataObject = {}) {
	return await runWorkflow(
		agoraWorkflow(parameters as INodeParameters, [{}], settings),
		credential,
	);
}

describe('the whole form', () => {
	test('every group maps to the spec’s fields and the sandbox accepts it', async () => {
		const salt = Buffer.alloc(32, 7).toString('base64');
		const result = await run(
			params({
				enableStringUid: true,
				agentRtcUid: 'agent-1',
				remoteRtcUid: 'user-1',
				idleTimeout: 0,
				preset: 'p1',
				asr: { language: 'en-US', vendor: 'ares', params: '{"x": 1}' },
				llmSystemMessages: { messages: [{ role: 'system', content: 'Hi {{customer}}' }] },
				llmParams: '{"model": "gpt-4o-mini"}',
				llmOptions: {
					maxHistory: 64,
					inputModalities: 'text,image',
					outputModalities: 'text',
					greetingMessage: 'Hello',
					greetingMode: 'single_first',
					greetingDelayMs: 500,
					greetingInterruptable: false,
					failureMessage: 'Sorry',
					vendor: 'custom',
					style: 'anthropic',
					templateVariables: { entries: [{ name: 'customer', value: 'Ann' }] },
					headers: { entries: [{ name: 'X-Tenant', value: 'header-secret-value' }] },
					mcpServers: {
						servers: [
							{
								name: 'weather',
								endpoint: 'http://127.0.0.1:9/mcp',
								transport: 'streamable_http',
								headers: '{"Authorization": "Bearer mcp-secret-123"}',
								allowedToolsMode: 'list',
								allowedTools: 'a, b',
								timeoutMs: 5000,
							},
							{ name: 'all', endpoint: 'https://mcp2.example.com', allowedToolsMode: 'all' },
						],
					},
				},
				ttsSkipPatterns: ['3', '1'],
				configureTurnDetection: true,
				speechThreshold: 0.6,
				startOfSpeechMode: 'keywords',
				startOfSpeechKeywords: 'stop, wait',
				startOfSpeechKeywordsConfig: { interrupt_duration_ms: 200 },
				endOfSpeechMode: 'semantic',
				endOfSpeechSemantic: { max_wait_ms: -1, pause_state_enabled: false },
				configureInterruption: true,
				interruptionEnable: false,
				interruptionDisabledStrategy: 'ignore',
				enableFillerWords: true,
				fillerResponseWaitMs: 800,
				fillerPhrases: { phrases: [{ text: 'Hmm…' }, { text: 'Let me see.' }] },
				fillerSelectionRule: 'round_robin',
				enableSal: true,
				salMode: 'recognition',
				salSampleName: 'alice',
				salSampleUrl: 'https://example.com/alice.pcm',
				enableAvatar: true,
				avatarVendor: 'anam',
				avatarParams: '{"avatar_id": "a1"}',
				geofenceArea: 'GLOBAL',
				geofenceExcludeArea: 'EUROPE',
				encryptionMode: '8',
				encryptionKey: 'enc-key-secret-0001',
				encryptionSalt: salt,
				advancedFeatures: { enableRtm: true, enableTools: true },
				agentParameters: {
					silenceTimeoutMs: 10000,
					silenceAction: 'think',
					silenceContent: 'Still there?',
					gracefulEnabled: true,
					gracefulTimeoutSeconds: 60,
					dataChannel: 'rtm',
					enableMetrics: true,
					enableErrorMessage: true,
					audioScenario: 'chorus',
				},
				labels: { entries: [{ name: 'team', value: 'support' }] },
			}),
		);
		expect(result.error('Agora')).toBeUndefined();
		const sent = sb.agents()[0].request as IDataObject;
		expect(sent.preset).toBe('p1');
		const p = sent.properties as IDataObject;
		expect(p).toMatchObject({
			enable_string_uid: true,
			agent_rtc_uid: 'agent-1',
			remote_rtc_uids: ['user-1'],
			idle_timeout: 0,
			asr: { language: 'en-US', vendor: 'ares', params: { x: 1 } },
			llm: {
				params: { model: 'gpt-4o-mini' },
				max_history: 64,
				input_modalities: ['text', 'image'],
				output_modalities: ['text'],
				greeting_message: 'Hello',
				greeting_configs: { mode: 'single_first', delay_ms: 500, interruptable: false },
				failure_message: 'Sorry',
				vendor: 'custom',
				style: 'anthropic',
				template_variables: { customer: 'Ann' },
				headers: { 'X-Tenant': 'header-secret-value' },
				mcp_servers: [
					{
						name: 'weather',
						endpoint: 'http://127.0.0.1:9/mcp',
						transport: 'streamable_http',
						headers: { Authorization: 'Bearer mcp-secret-123' },
						allowed_tools: ['a', 'b'],
						timeout_ms: 5000,
					},
					{ name: 'all', endpoint: 'https://mcp2.example.com', transport: 'streamable_http' },
				],
			},
			tts: { vendor: 'microsoft', skip_patterns: [1, 3] },
			turn_detection: {
				mode: 'default',
				config: {
					speech_threshold: 0.6,
					start_of_speech: {
						mode: 'keywords',
						keywords_config: { interrupt_duration_ms: 200, triggered_keywords: ['stop', 'wait'] },
					},
					end_of_speech: {
						mode: 'semantic',
						semantic_config: { max_wait_ms: -1, pause_state_enabled: false },
					},
				},
			},
			interruption: { enable: false, disabled_config: { strategy: 'ignore' } },
			filler_words: {
				enable: true,
				trigger: { mode: 'fixed_time', fixed_time_config: { response_wait_ms: 800 } },
				content: {
					mode: 'static',
					static_config: { phrases: ['Hmm…', 'Let me see.'], selection_rule: 'round_robin' },
				},
			},
			advanced_features: { enable_rtm: true, enable_tools: true, enable_sal: true },
			sal: { sal_mode: 'recognition', sample_urls: { alice: 'https://example.com/alice.pcm' } },
			avatar: { enable: true, vendor: 'anam', params: { avatar_id: 'a1' } },
			geofence: { area: 'GLOBAL', exclude_area: 'EUROPE' },
			rtc: { encryption_mode: 8, encryption_key: 'enc-key-secret-0001', encryption_salt: salt },
			parameters: {
				silence_config: { timeout_ms: 10000, action: 'think', content: 'Still there?' },
				farewell_config: { graceful_enabled: true, graceful_timeout_seconds: 60 },
				data_channel: 'rtm',
				enable_metrics: true,
				enable_error_message: true,
				audio_scenario: 'chorus',
			},
			labels: { team: 'support' },
		});
		// Only the config of the chosen mode is sent.
		const td = (p.turn_detection as IDataObject).config as IDataObject;
		expect(Object.keys(td.start_of_speech as IDataObject).sort()).toEqual([
			'keywords_config',
			'mode',
		]);
		expect(p.interruption).not.toHaveProperty('mode');
		const text = JSON.stringify(result.output('Agora'));
		for (const secret of [
			LLM_KEY,
			'header-secret-value',
			'mcp-secret-123',
			'enc-key-secret-0001',
			salt,
		])
			expect(text).not.toContain(secret);
	});

	test('Additional Body is deep-merged last (deprecated turn_detection form with mllm)', async () => {
		const result = await run({
			resource: 'agent',
			operation: 'start',
			name: 'merge',
			channel: 'room1',
			remoteRtcUid: '1',
			mode: 'mllm',
			mllmApiKey: 'k-123456',
			options: {
				additionalBody:
					'{"properties": {"turn_detection": {"type": "server_vad", "interrupt_mode": "interrupt"}, "mllm": {"vendor": "gemini"}}}',
			},
		});
		expect(result.error('Agora')).toBeUndefined();
		const p = sb.agents()[0].request.properties as IDataObject;
		expect(p.turn_detection).toEqual({ type: 'server_vad', interrupt_mode: 'interrupt' });
		expect(p.mllm).toMatchObject({ enable: true, vendor: 'gemini', api_key: 'k-123456' });
	});
});

/** One broken rule per case: the item fails naming the field path, and nothing is sent. */
const RULES: Array<[string, IDataObject, string | RegExp]> = [
	[
		'remote uid must be digits without string uids',
		{ remoteRtcUid: 'bob' },
		'properties.remote_rtc_uids[0]',
	],
	// Blamed on the field typed, not on the token generated from it; the allowed characters survive n8n's toast.
	[
		'channel name in Agora’s characters',
		{ channel: 'room/1' },
		/^Invalid “Channel Name”: may only contain a-z, A-Z, 0-9, the space and .* ~ > <$/,
	],
	[
		'channel name at most 64 bytes',
		{ channel: 'c'.repeat(65) },
		/^Invalid “Channel Name”: must be at most 64 bytes$/,
	],
	[
		'agent uid must be digits without string uids',
		{ agentRtcUid: 'agent' },
		'properties.agent_rtc_uid',
	],
	[
		'one remote uid only',
		{ options: { additionalBody: '{"properties": {"remote_rtc_uids": ["1", "2"]}}' } },
		'properties.remote_rtc_uids',
	],
	[
		'idle_timeout at most 259200 s',
		{ idleTimeout: 259201 },
		/^Invalid “Idle Timeout \(Seconds\)”: must be an integer in \[0, 259200\]/,
	],
	[
		'max_history an integer',
		{ options: { additionalBody: '{"properties": {"llm": {"max_history": 1.5}}}' } },
		'properties.llm.max_history',
	],
	[
		'a greeting recording needs the greeting message',
		{ llmOptions: { greetingAudioUrl: 'https://cdn.example.com/hi.mp3' } },
		'properties.llm.greeting_message',
	],
	[
		'greeting audio download timeout within [200, 10000]',
		{ llmOptions: { greetingAudioTimeoutMs: 100 } },
		'properties.llm.greeting_configs.audio_download_timeout_ms',
	],
	[
		'MCP server name letters and digits, at most 48',
		{ llmOptions: { mcpServers: { servers: [{ name: 'my-server', endpoint: 'https://m' }] } } },
		'properties.llm.mcp_servers[0].name',
	],
	['llm.url required without preset or pipeline', { llmUrl: '' }, 'properties.llm.url'],
	['tts.params required without preset', { ttsParams: '' }, 'properties.tts.params'],
	[
		'credential_mode managed or byok',
		{ options: { additionalBody: '{"properties": {"asr": {"credential_mode": "shared"}}}' } },
		'properties.asr.credential_mode',
	],
	[
		'speech threshold strictly between 0 and 1',
		{ configureTurnDetection: true, speechThreshold: 1 },
		'properties.turn_detection.config.speech_threshold',
	],
	[
		'manual turns need the RTM data channel',
		{
			configureTurnDetection: true,
			endOfSpeechMode: 'manual',
			agentParameters: { dataChannel: 'datastream' },
		},
		'properties.parameters.data_channel',
	],
	[
		'manual turns need RTM',
		{
			configureTurnDetection: true,
			startOfSpeechMode: 'manual',
			advancedFeatures: { enableRtm: false },
		},
		'properties.advanced_features.enable_rtm',
	],
	[
		'semantic max_wait_ms -1 or more',
		{
			configureTurnDetection: true,
			endOfSpeechMode: 'semantic',
			endOfSpeechSemantic: { max_wait_ms: -2 },
		},
		'properties.turn_detection.config.end_of_speech.semantic_config.max_wait_ms',
	],
	[
		'turn detection config must match its mode',
		{
			options: {
				additionalBody:
					'{"properties": {"turn_detection": {"config": {"start_of_speech": {"mode": "vad", "keywords_config": {}}}}}}',
			},
		},
		'properties.turn_detection.config.start_of_speech.keywords_config',
	],
	[
		'only one mode config',
		{
			options: {
				additionalBody:
					'{"properties": {"turn_detection": {"config": {"end_of_speech": {"mode": "vad", "vad_config": {}, "semantic_config": {}}}}}}',
			},
		},
		'properties.turn_detection.config.end_of_speech.semantic_config',
	],
	[
		'interruption keywords at most 128',
		{
			configureInterruption: true,
			interruptionMode: 'keywords',
			interruptionKeywords: Array.from({ length: 129 }, (_, i) => `k${i}`).join(','),
		},
		'properties.interruption.keywords_config.trigger_keywords',
	],
	[
		'filler phrases: at least one when on',
		{ enableFillerWords: true },
		'properties.filler_words.content.static_config.phrases',
	],
	[
		'filler phrases at most 100',
		{
			enableFillerWords: true,
			fillerPhrases: { phrases: Array.from({ length: 101 }, () => ({ text: 'um' })) },
		},
		'properties.filler_words.content.static_config.phrases',
	],
	[
		'filler phrase at most 50 words',
		{ enableFillerWords: true, fillerPhrases: { phrases: [{ text: 'word '.repeat(51) }] } },
		'properties.filler_words.content.static_config.phrases[0]',
	],
	[
		'geofence exclude_area only with GLOBAL',
		{
			options: {
				additionalBody: '{"properties": {"geofence": {"area": "EUROPE", "exclude_area": "ASIA"}}}',
			},
		},
		'properties.geofence.exclude_area',
	],
	[
		'encryption mode 7 needs a salt',
		{ encryptionMode: '7', encryptionKey: 'k' },
		'properties.rtc.encryption_salt',
	],
	[
		'silence timeout within [0, 60000]',
		{ agentParameters: { silenceTimeoutMs: 70000, silenceContent: 'x' } },
		'properties.parameters.silence_config.timeout_ms',
	],
	[
		'silence content required above 0',
		{ agentParameters: { silenceTimeoutMs: 5000 } },
		'properties.parameters.silence_config.content',
	],
	[
		'sal voiceprint name "unknown" is reserved',
		{ enableSal: true, salSampleName: 'unknown', salSampleUrl: 'https://x/a.pcm' },
		'properties.sal.sample_urls',
	],
	[
		'sal sample_urls has one entry at most',
		{
			options: {
				additionalBody: '{"properties": {"sal": {"sample_urls": {"a": "u1", "b": "u2"}}}}',
			},
		},
		'properties.sal.sample_urls',
	],
	[
		'avatar enable needs params',
		{ enableAvatar: true, avatarParams: '{}' },
		'properties.avatar.params',
	],
	[
		'tts and llm required without pipeline or mllm',
		{ options: { additionalBody: '{"properties": {"tts": null}}' } },
		'properties.tts',
	],
	[
		'a vendor is a string',
		{ options: { additionalBody: '{"properties": {"llm": {"vendor": 5}}}' } },
		'properties.llm.vendor',
	],
	[
		'deprecated interrupt_mode: only interrupt with an mllm',
		{
			mode: 'mllm',
			mllmApiKey: 'k',
			options: {
				additionalBody: '{"properties": {"turn_detection": {"interrupt_mode": "append"}}}',
			},
		},
		'properties.turn_detection.interrupt_mode',
	],
];

describe('rules checked before sending', () => {
	test.each(RULES)('%s', async (_rule, over, field) => {
		const result = await run(params(over));
		const message = result.error('Agora')?.message ?? '';
		if (typeof field === 'string') expect(apiField(result.error('Agora'))).toBe(field);
		else expect(message).toMatch(field);
		expect(sb.requests).toHaveLength(0);
		expect(message).not.toContain(LLM_KEY);
	});

	test('MLLM mode needs the API key unless a preset gives it', async () => {
		const base = {
			resource: 'agent',
			operation: 'start',
			name: 'm',
			channel: 'c',
			remoteRtcUid: '1',
			mode: 'mllm',
		};
		let result = await run(base);
		expect(apiField(result.error('Agora'))).toBe('properties.mllm.api_key');
		expect(sb.requests).toHaveLength(0);
		result = await run({ ...base, preset: 'realtime_preset' });
		expect(result.error('Agora')).toBeUndefined();
	});

	test('a broken JSON field names the API field', async () => {
		const result = await run(params({ llmParams: '{"model": ' }));
		expect(apiField(result.error('Agora'))).toBe('properties.llm.params');
		expect(sb.requests).toHaveLength(0);
	});
});

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

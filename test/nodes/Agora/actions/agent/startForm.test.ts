/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/** Agent › Start through n8n's engine: what the whole form, in each mode, sends. */
import type { IDataObject } from 'n8n-workflow';
import { LLM_KEY, sb, startParams as params, runWithSettings as run } from './setup';

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
			// Preset p1 (not on Agora's list) may provide the TTS: the untouched default vendor is not sent.
			tts: { skip_patterns: [1, 3] },
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

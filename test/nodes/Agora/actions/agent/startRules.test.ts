/** Agent › Start: the rules checked before sending (the item fails naming the field, nothing is sent). */
import type { IDataObject } from 'n8n-workflow';
import { apiField } from '../../../../lib/harness';
import { LLM_KEY, sb, startParams as params, runWithSettings as run } from './setup';

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

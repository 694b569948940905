/** Start form -> request body: unset fields are left out, each group maps to the spec's shape. */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { buildStartBody, toCurrentForm } from '../../../../nodes/Agora/agentConfig/startBody';
import { toUnixSeconds } from '../../../../nodes/Agora/form/parameters';
import { readKeyValues, splitList } from '../../../../nodes/Agora/form/commonFields';

/** The parameters n8n would hand over (hidden ones absent), read with their fallbacks. */
function fakeFn(params: IDataObject): Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter'> {
	return {
		getNode: () => ({ name: 'Agora', type: 'agora', typeVersion: 1 }) as INode,
		getNodeParameter: ((name: string, _item: number, fallback?: unknown) =>
			name in params ? params[name] : fallback) as IExecuteFunctions['getNodeParameter'],
	};
}

const build = (params: IDataObject) => buildStartBody(fakeFn(params), 0);

const core = {
	name: ' a1 ',
	channel: ' room ',
	remoteRtcUid: '42',
	agentRtcUid: '0',
	idleTimeout: 30,
};

test('minimal cascade form: only the required parts and the given values', () => {
	expect(
		build({
			...core,
			mode: 'cascade',
			llmUrl: 'https://llm',
			ttsVendor: 'microsoft',
			ttsParams: '{"voice_name": "v"}',
		}),
	).toEqual({
		name: 'a1',
		properties: {
			channel: 'room',
			token: '',
			agent_rtc_uid: '0',
			remote_rtc_uids: ['42'],
			idle_timeout: 30,
			llm: { url: 'https://llm' },
			tts: { vendor: 'microsoft', params: { voice_name: 'v' } },
		},
	});
});

test('empty JSON and collections are not sent; {} counts as empty', () => {
	const body = build({
		...core,
		llmUrl: 'u',
		llmParams: '{}',
		llmOptions: {},
		asr: { params: '{}' },
		ttsParams: '',
		agentParameters: {},
		labels: { entries: [{ name: ' ', value: 'x' }] },
	});
	const p = body.properties as IDataObject;
	expect(p.llm).toEqual({ url: 'u' });
	expect(p.tts).toEqual({});
	for (const key of ['asr', 'parameters', 'labels']) expect(p).not.toHaveProperty(key);
});

test('MLLM mode: mllm.enable and nothing of the cascade', () => {
	const body = build({
		...core,
		mode: 'mllm',
		mllmVendor: 'xai',
		mllmApiKey: 'k',
		mllmTurnDetectionMode: 'agora_vad',
		mllmPlatformVadConfig: { threshold: 0.4 },
		llmUrl: 'ignored',
		configureTurnDetection: true,
		enableFillerWords: true,
	});
	const p = body.properties as IDataObject;
	expect(p.mllm).toEqual({
		enable: true,
		vendor: 'xai',
		api_key: 'k',
		turn_detection: { mode: 'agora_vad', agora_vad_config: { threshold: 0.4 } },
	});
	for (const key of ['asr', 'llm', 'tts', 'turn_detection', 'filler_words'])
		expect(p).not.toHaveProperty(key);
});

test('MLLM: a workflow saved with the older platform_vad sends agora_vad; Azure with audio output', () => {
	const p = build({
		...core,
		mode: 'mllm',
		mllmVendor: 'azure',
		mllmApiKey: 'k',
		mllmOptions: { outputModalities: 'audio' },
		mllmTurnDetectionMode: 'platform_vad',
		mllmPlatformVadConfig: { silence_duration_ms: 500 },
	}).properties as IDataObject;
	expect(p.mllm).toEqual({
		enable: true,
		vendor: 'azure',
		api_key: 'k',
		output_modalities: ['audio'],
		turn_detection: { mode: 'agora_vad', agora_vad_config: { silence_duration_ms: 500 } },
	});
});

test('Additional Body in the snapshot’s form is sent in the current one, without touching the item', () => {
	const item = {
		properties: {
			mllm: { turn_detection: { mode: 'platform_vad', platform_vad_config: { threshold: 0.3 } } },
			turn_detection: { type: 'platform_vad' },
		},
	};
	const copy = JSON.parse(JSON.stringify(item));
	const current = toCurrentForm(item);
	expect(current.properties).toEqual({
		mllm: { turn_detection: { mode: 'agora_vad', agora_vad_config: { threshold: 0.3 } } },
		turn_detection: { type: 'agora_vad' },
	});
	expect(item).toEqual(copy);
});

test('manual start or end of speech switches RTM and the RTM data channel on, unless the form set them', () => {
	const manual = { ...core, llmUrl: 'u', configureTurnDetection: true, endOfSpeechMode: 'manual' };
	const p = build(manual).properties as IDataObject;
	expect((p.turn_detection as IDataObject).config).toEqual({
		speech_threshold: 0.5,
		end_of_speech: { mode: 'manual' },
	});
	expect(p.advanced_features).toEqual({ enable_rtm: true });
	expect(p.parameters).toEqual({ data_channel: 'rtm' });
	const q = build({
		...manual,
		startOfSpeechMode: 'manual',
		advancedFeatures: { enableRtm: false },
		agentParameters: { dataChannel: 'datastream' },
	}).properties as IDataObject;
	expect(q.advanced_features).toBeUndefined();
	expect(q.parameters).toEqual({ data_channel: 'datastream' });
});

test('greeting recording, credential modes, RTM UID, HeyGen avatar, data retention opt-out', () => {
	const p = build({
		...core,
		llmUrl: 'u',
		llmOptions: {
			credentialMode: 'managed',
			greetingMessage: 'Hi',
			greetingAudioUrl: ' https://cdn.example.com/hi.mp3 ',
			greetingAudioTimeoutMs: 2000,
			greetingAudioPcmSampleRate: 24000,
			greetingMode: 'single_first',
		},
		ttsVendor: 'minimax',
		ttsParams: '{"voice_setting": {"voice_id": "v"}}',
		ttsCredentialMode: 'managed',
		asr: { credentialMode: 'managed', vendor: 'deepgram' },
		advancedFeatures: { enableRtm: true, agentRtmUid: ' rtm-7 ' },
		enableAvatar: true,
		avatarVendor: 'heygen',
		avatarParams: '{"avatar_id": "a"}',
		agentParameters: { optOut: true },
	}).properties as IDataObject;
	expect(p.llm).toEqual({
		url: 'u',
		credential_mode: 'managed',
		greeting_message: 'Hi',
		greeting_audio_url: 'https://cdn.example.com/hi.mp3',
		greeting_configs: {
			mode: 'single_first',
			audio_download_timeout_ms: 2000,
			audio_pcm_sample_rate: 24000,
		},
	});
	expect(p.tts).toEqual({
		vendor: 'minimax',
		params: { voice_setting: { voice_id: 'v' } },
		credential_mode: 'managed',
	});
	expect(p.asr).toEqual({ credential_mode: 'managed', vendor: 'deepgram' });
	expect(p.agent_rtm_uid).toBe('rtm-7');
	expect(p.avatar).toEqual({ enable: true, vendor: 'heygen', params: { avatar_id: 'a' } });
	expect(p.parameters).toEqual({ opt_out: true });
});

test('filler words switched on without a phrase fail naming the field', () => {
	expect(() => build({ ...core, llmUrl: 'u', enableFillerWords: true })).toThrow(
		'Invalid parameter "properties.filler_words.content.static_config.phrases"',
	);
});

test('pipeline mode: pipeline_id, and LLM/TTS only when overridden', () => {
	expect(build({ ...core, mode: 'pipeline', pipelineId: ' pl ' })).toMatchObject({
		pipeline_id: 'pl',
	});
	expect(build({ ...core, mode: 'pipeline', pipelineId: 'pl' }).properties).not.toHaveProperty(
		'llm',
	);
	const p = build({
		...core,
		mode: 'pipeline',
		pipelineId: 'pl',
		overrideTts: true,
		ttsVendor: 'rime',
		ttsParams: '{"a": 1}',
	}).properties as IDataObject;
	expect(p.tts).toEqual({ vendor: 'rime', params: { a: 1 } });
	expect(p).not.toHaveProperty('llm');
});

test('turn detection sends only the chosen modes and their configs (required config sent even when empty)', () => {
	const p = build({
		...core,
		llmUrl: 'u',
		configureTurnDetection: true,
		speechThreshold: 0.3,
		startOfSpeechMode: 'vad',
		startOfSpeechVad: {},
		endOfSpeechMode: 'notSet',
		startOfSpeechKeywords: 'ignored',
	}).properties as IDataObject;
	expect(p.turn_detection).toEqual({
		mode: 'default',
		config: { speech_threshold: 0.3, start_of_speech: { mode: 'vad', vad_config: {} } },
	});
	const q = build({
		...core,
		llmUrl: 'u',
		configureTurnDetection: true,
		startOfSpeechMode: 'disabled',
		startOfSpeechDisabledStrategy: 'ignore',
		endOfSpeechMode: 'vad',
		endOfSpeechVad: { silence_duration_ms: 500 },
	}).properties as IDataObject;
	expect(q.turn_detection).toEqual({
		mode: 'default',
		config: {
			speech_threshold: 0.5,
			start_of_speech: { mode: 'disabled', disabled_config: { strategy: 'ignore' } },
			end_of_speech: { mode: 'vad', vad_config: { silence_duration_ms: 500 } },
		},
	});
});

test('interruption, encryption, geofence and SAL', () => {
	const p = build({
		...core,
		llmUrl: 'u',
		configureInterruption: true,
		interruptionEnable: true,
		interruptionMode: 'keywords',
		interruptionKeywords: 'stop,\nwait',
		encryptionMode: '5',
		encryptionKey: 'key',
		encryptionSalt: 'ignored for mode 5',
		geofenceArea: 'EUROPE',
		geofenceExcludeArea: 'ASIA',
		enableSal: true,
		salMode: 'locking',
	}).properties as IDataObject;
	expect(p.interruption).toEqual({
		enable: true,
		mode: 'keywords',
		keywords_config: { trigger_keywords: ['stop', 'wait'] },
	});
	expect(p.rtc).toEqual({ encryption_mode: 5, encryption_key: 'key' });
	expect(p.geofence).toEqual({ area: 'EUROPE' });
	expect(p.sal).toEqual({ sal_mode: 'locking' });
	expect(p.advanced_features).toEqual({ enable_sal: true });
});

test('SAL URL without a name, or an MCP list without names, fails naming the field', () => {
	expect(() => build({ ...core, enableSal: true, salSampleUrl: 'https://x' })).toThrow(
		'Invalid parameter "properties.sal.sample_urls"',
	);
	expect(() =>
		build({
			...core,
			llmUrl: 'u',
			llmOptions: {
				mcpServers: {
					servers: [
						{
							name: 'a',
							endpoint: 'https://mcp.example.com/mcp',
							allowedToolsMode: 'list',
							allowedTools: ' , ',
						},
					],
				},
			},
		}),
	).toThrow(
		'Invalid parameter "properties.llm.mcp_servers[0].allowed_tools": Server 1 › Tool Names or IDs needs at least one tool name',
	);
	expect(() =>
		build({ ...core, mode: 'mllm', mllmOptions: { messages: '{"not": "an array"}' } }),
	).toThrow('Invalid parameter "properties.mllm.messages"');
});

test('helpers', () => {
	expect(splitList(' a, b ,,\nc ')).toEqual(['a', 'b', 'c']);
	expect(splitList(['x', ' y '])).toEqual(['x', 'y']);
	expect(readKeyValues({ entries: [{ name: 'k', value: 1 }] })).toEqual({ k: '1' });
	expect(readKeyValues({})).toBeUndefined();
	expect(toUnixSeconds('2026-01-01T00:00:01.900Z')).toBe(Date.UTC(2026, 0, 1) / 1000 + 1);
	expect(toUnixSeconds('')).toBeUndefined();
	expect(toUnixSeconds('not a date')).toBeNaN();
	expect(toUnixSeconds({ toMillis: () => 5000 })).toBe(5);
	expect(toUnixSeconds(1_700_000_000_123)).toBe(1_700_000_000);
});

test('dates without an offset are read in the workflow’s time zone; an offset or Z wins', () => {
	const utc = Date.UTC(2026, 0, 15, 9, 30) / 1000;
	expect(toUnixSeconds('2026-01-15T09:30:00', 'UTC')).toBe(utc);
	expect(toUnixSeconds('2026-01-15T09:30:00', 'Asia/Tokyo')).toBe(utc - 9 * 3600);
	expect(toUnixSeconds('2026-01-15T09:30:00', 'America/New_York')).toBe(utc + 5 * 3600);
	expect(toUnixSeconds('2026-01-15T09:30:00Z', 'Asia/Tokyo')).toBe(utc);
	expect(toUnixSeconds('2026-01-15T09:30:00+01:00', 'America/New_York')).toBe(utc - 3600);
});

/**
 * The agent request schemas against Agora's current reference: what it calls invalid is refused
 * with the field path and the rule, what it documents is accepted. Run under zod 3 and zod 4
 * (jest project "zod4"): every message below must read the same under both.
 */
import type { ZodType } from 'zod';

import { describeZodError } from '../../../../nodes/shared/validate';
import {
	speakRequestSchema,
	startRequestSchema,
	thinkRequestSchema,
	turnsQuerySchema,
	updateRequestSchema,
} from '../../../../nodes/Agora/schemas/agent';

type Body = Record<string, unknown>;

const BARE = { channel: 'room', token: '', agent_rtc_uid: '0', remote_rtc_uids: ['42'] };

function cascade(properties: Body = {}, top: Body = {}): Body {
	return {
		name: 'a1',
		...top,
		properties: {
			...BARE,
			llm: { url: 'https://llm' },
			tts: { vendor: 'microsoft', params: {} },
			...properties,
		},
	};
}

function mllm(properties: Body = {}, mllmFields: Body = {}): Body {
	return {
		name: 'a1',
		properties: { ...BARE, mllm: { enable: true, api_key: 'k', ...mllmFields }, ...properties },
	};
}

/** "field: rule" of the first problem, or undefined when valid. */
function problem(schema: ZodType, body: unknown): string | undefined {
	const result = schema.safeParse(body);
	if (result.success) return undefined;
	const { field, rule } = describeZodError(result.error);
	return `${field}: ${rule}`;
}

const start = (body: unknown) => problem(startRequestSchema, body);
const field = (body: unknown) => start(body)?.split(': ')[0];

describe('start: identity', () => {
	test('a minimal cascade body is valid; the token may be empty', () => {
		expect(start(cascade())).toBeUndefined();
	});

	test('required members, with one message per kind of problem', () => {
		expect(start({ properties: BARE })).toBe('name: is required');
		expect(start({ name: 7, properties: BARE })).toBe('name: must be a string');
		expect(start({ name: '', properties: BARE })).toBe('name: is required and must not be empty');
		expect(start({ name: 'a' })).toBe('properties: is required');
		expect(start({ name: 'a', properties: [] })).toBe('properties: must be an object');
		expect(start(cascade({ channel: undefined }))).toBe('properties.channel: is required');
		expect(start(cascade({ token: null }))).toBe('properties.token: must be a string');
		expect(start('x')).toBe('(body): must be an object');
	});

	test('UIDs are digits unless string UIDs are on; exactly one remote UID', () => {
		const rule = 'must be an integer UID (digits only) unless properties.enable_string_uid is true';
		expect(start(cascade({ agent_rtc_uid: 'a' }))).toBe(`properties.agent_rtc_uid: ${rule}`);
		expect(
			start(cascade({ agent_rtc_uid: 'friday', remote_rtc_uids: ['b'], enable_string_uid: true })),
		).toBeUndefined();
		expect(start(cascade({ remote_rtc_uids: [] }))).toBe(
			'properties.remote_rtc_uids: must contain exactly one user ID (Agora supports one subscribed user)',
		);
		expect(field(cascade({ remote_rtc_uids: ['1', '2'] }))).toBe('properties.remote_rtc_uids');
		expect(start(cascade({ remote_rtc_uids: [1] }))).toBe(
			'properties.remote_rtc_uids[0]: must be a string',
		);
		expect(start(cascade({ agent_rtm_uid: 'agent-rtm-7' }))).toBeUndefined();
	});

	test('idle_timeout: 0 to 259200 seconds', () => {
		expect(start(cascade({ idle_timeout: 0 }))).toBeUndefined();
		expect(start(cascade({ idle_timeout: 259200 }))).toBeUndefined();
		expect(start(cascade({ idle_timeout: 259201 }))).toBe(
			'properties.idle_timeout: must be an integer in [0, 259200]',
		);
		expect(start(cascade({ idle_timeout: -1 }))).toBe(
			'properties.idle_timeout: must be an integer in [0, 259200]',
		);
		expect(start(cascade({ idle_timeout: 1.5 }))).toBe(
			'properties.idle_timeout: must be an integer in [0, 259200]',
		);
	});
});

describe('start: what each mode needs', () => {
	test('cascade needs llm (with url) and tts (vendor, params), unless a preset or a pipeline gives them', () => {
		expect(start({ name: 'a', properties: BARE })).toBe(
			'properties.llm: is required: enter the LLM’s URL, or set it in the Agora Vendor Keys credential with Vendor Keys: From Credential (or use Multimodal mode, a saved pipeline or an LLM preset)',
		);
		expect(start({ name: 'a', pipeline_id: 'p', properties: BARE })).toBeUndefined();
		expect(
			start({
				name: 'a',
				pipeline_id: 'p',
				properties: { ...BARE, tts: { params: { voice: 'v' } } },
			}),
		).toBeUndefined();
		expect(
			start({ name: 'a', preset: 'p', properties: { ...BARE, llm: {}, tts: {} } }),
		).toBeUndefined();
		expect(
			field({ name: 'a', properties: { ...BARE, llm: {}, tts: { vendor: 'x', params: {} } } }),
		).toBe('properties.llm.url');
		expect(
			field({ name: 'a', properties: { ...BARE, llm: { url: 'u' }, tts: { params: {} } } }),
		).toBe('properties.tts.vendor');
	});

	// docs.agora.io "Use presets": one preset per category (ASR, LLM, TTS); a category's preset makes its URL and key needless.
	test('a preset covers exactly its categories', () => {
		const all = 'deepgram_nova_3,openai_gpt_4o_mini,minimax_speech_2_6_turbo';
		expect(start({ name: 'a', preset: all, properties: BARE })).toBeUndefined();
		expect(
			start({
				name: 'a',
				preset: 'openai_gpt_4o_mini, openai_tts_1',
				properties: {
					...BARE,
					llm: { system_messages: [{ role: 'system', content: 'Be brief.' }] },
				},
			}),
		).toBeUndefined();
		// An ASR preset alone covers neither the LLM nor the TTS.
		expect(
			field({
				name: 'a',
				preset: 'deepgram_nova_3',
				properties: { ...BARE, llm: {}, tts: { vendor: 'x', params: {} } },
			}),
		).toBe('properties.llm.url');
		expect(
			field({
				name: 'a',
				preset: 'openai_gpt_4o_mini',
				properties: { ...BARE, tts: { params: {} } },
			}),
		).toBe('properties.tts.vendor');
		expect(field({ name: 'a', preset: 'minimax_speech_2_8_turbo', properties: BARE })).toBe(
			'properties.llm',
		);
		// A preset the page does not list (a newer one) may cover anything: nothing is required.
		expect(start({ name: 'a', preset: 'vendor_future_model', properties: BARE })).toBeUndefined();
	});

	test('an enabled mllm needs its api_key; asr, llm and tts beside it are ignored by Agora, not invalid', () => {
		expect(start(mllm())).toBeUndefined();
		expect(start({ name: 'a', properties: { ...BARE, mllm: { enable: true } } })).toBe(
			'properties.mllm.api_key: is required in Multimodal mode: enter the realtime model’s API key (or give a preset or a saved pipeline that provides it)',
		);
		expect(
			start(
				mllm({ llm: { url: 'u' }, tts: { vendor: 'v', params: {} }, asr: { language: 'en-US' } }),
			),
		).toBeUndefined();
		expect(
			start({
				name: 'a',
				properties: {
					...BARE,
					advanced_features: { enable_mllm: true },
					mllm: { api_key: 'k' },
					asr: {},
				},
			}),
		).toBeUndefined();
	});

	test('mllm vendors grow with Agora (any string); modalities are the listed combinations, in any order', () => {
		expect(start(mllm({}, { vendor: 'azure', output_modalities: ['audio'] }))).toBeUndefined();
		expect(
			start(
				mllm(
					{},
					{
						vendor: 'a-future-vendor',
						input_modalities: ['text', 'audio'],
						output_modalities: ['text', 'audio'],
					},
				),
			),
		).toBeUndefined();
		expect(start(mllm({}, { vendor: 7 }))).toBe('properties.mllm.vendor: must be a string');
		expect(start(mllm({}, { input_modalities: ['text'] }))).toBe(
			'properties.mllm.input_modalities: must be one of ["audio"], ["audio","text"]',
		);
		expect(start(mllm({}, { output_modalities: 'audio' }))).toBe(
			'properties.mllm.output_modalities: must be one of ["text","audio"], ["audio"]',
		);
	});

	test('mllm turn detection: agora_vad, server_vad, semantic_vad (and the older platform_vad); config matches mode', () => {
		const td = (turn: Body) => start(mllm({}, { turn_detection: turn }));
		expect(
			td({ mode: 'agora_vad', agora_vad_config: { interrupt_duration_ms: 160, threshold: 0.5 } }),
		).toBeUndefined();
		expect(
			td({ mode: 'platform_vad', platform_vad_config: { silence_duration_ms: 640 } }),
		).toBeUndefined();
		expect(
			td({
				mode: 'server_vad',
				server_vad_config: { start_of_speech_sensitivity: 'START_SENSITIVITY_LOW' },
			}),
		).toBeUndefined();
		expect(
			td({ mode: 'semantic_vad', semantic_vad_config: { eagerness: 'medium' } }),
		).toBeUndefined();
		expect(td({ mode: 'server_vad', semantic_vad_config: {} })).toBe(
			'properties.mllm.turn_detection.semantic_vad_config: does not match mode "server_vad" (expected server_vad_config)',
		);
		expect(
			field(
				mllm(
					{},
					{ turn_detection: { mode: 'semantic_vad', semantic_vad_config: { eagerness: 'eager' } } },
				),
			),
		).toBe('properties.mllm.turn_detection.semantic_vad_config.eagerness');
		expect(td({ agora_vad_config: {} })).toBe(
			'properties.mllm.turn_detection.agora_vad_config: needs mode to be set to match it',
		);
		expect(td({ mode: 'agora_vad', agora_vad_config: { interrupt_duration_ms: 'soon' } })).toBe(
			'properties.mllm.turn_detection.agora_vad_config.interrupt_duration_ms: must be an integer',
		);
	});
});

describe('start: llm, asr, tts, avatar', () => {
	test.each([
		[{ max_history: 1 }, undefined],
		[{ max_history: 4096 }, undefined],
		[{ max_history: 1.5 }, 'properties.llm.max_history: must be an integer'],
		[{ credential_mode: 'managed' }, undefined],
		[{ credential_mode: 'shared' }, 'properties.llm.credential_mode: must be one of managed, byok'],
		[{ vendor: 'xai', style: 'a-new-style' }, undefined],
		[
			{ greeting_configs: { mode: 'single_first', delay_ms: 8000, interruptable: false } },
			undefined,
		],
		[
			{ greeting_configs: { audio_download_timeout_ms: 200, audio_pcm_sample_rate: 24000 } },
			undefined,
		],
		[
			{ greeting_configs: { audio_download_timeout_ms: 199 } },
			'properties.llm.greeting_configs.audio_download_timeout_ms: must be an integer in [200, 10000]',
		],
		[{ greeting_audio_url: 'https://cdn.example.com/hi.mp3', greeting_message: 'Hi' }, undefined],
		[
			{ greeting_audio_url: 'https://cdn.example.com/hi.mp3' },
			'properties.llm.greeting_message: is required with greeting_audio_url (it is the fallback when the recording cannot be played)',
		],
		[
			{ greeting_audio_url: 'ftp://x/hi.mp3', greeting_message: 'Hi' },
			'properties.llm.greeting_audio_url: must be an http:// or https:// URL of at most 2048 bytes',
		],
		[
			{ greeting_audio_url: '', greeting_message: 'Hi' },
			'properties.llm.greeting_audio_url: must be an http:// or https:// URL of at most 2048 bytes',
		],
		[
			{ greeting_audio_url: `https://x.example/${'a'.repeat(2040)}`, greeting_message: 'Hi' },
			'properties.llm.greeting_audio_url: must be an http:// or https:// URL of at most 2048 bytes',
		],
		[{ input_modalities: ['text', 'image'], output_modalities: ['audio'] }, undefined],
		[
			{ input_modalities: ['image'] },
			'properties.llm.input_modalities: must be one of ["text"], ["text","image"]',
		],
		[
			{ output_modalities: ['text', 'image'] },
			'properties.llm.output_modalities: must be one of ["text"], ["audio"], ["text","audio"]',
		],
		[
			{
				system_messages: [
					{ role: 'system', content: 'x' },
					{ role: 'user', content: [{ type: 'text' }] },
				],
			},
			undefined,
		],
		[
			{ system_messages: ['be nice'] },
			'properties.llm.system_messages[0]: must be an object (role and content)',
		],
		[{ template_variables: { user_name: 'John' } }, undefined],
		[
			{
				mcp_servers: [
					{
						name: 'a'.repeat(48),
						endpoint: 'e',
						transport: 'streamable_http',
						allowed_tools: ['*'],
					},
				],
			},
			undefined,
		],
		[
			{ mcp_servers: [{ name: 'a'.repeat(49), endpoint: 'e' }] },
			'properties.llm.mcp_servers[0].name: must be 1 to 48 characters, English letters and digits only',
		],
		[
			{
				mcp_servers: [
					{ name: 'a', endpoint: 'e' },
					{ name: 'a', endpoint: 'f' },
				],
			},
			'properties.llm.mcp_servers[1].name: must be unique among the MCP servers',
		],
		[{ mcp_servers: [{ name: 'a' }] }, 'properties.llm.mcp_servers[0].endpoint: is required'],
	])('llm %j', (llm, expected) => {
		expect(start(cascade({ llm: { url: 'u', ...llm } }))).toBe(expected);
	});

	test('asr and tts: vendors grow (any string); credential_mode managed or byok; skip patterns 1..5', () => {
		expect(start(cascade({ asr: { language: 'en-US' } }))).toBeUndefined();
		expect(
			start(
				cascade({
					asr: { vendor: 'a-new-asr', credential_mode: 'managed', params: { model: 'nova-3' } },
				}),
			),
		).toBeUndefined();
		expect(
			start(
				cascade({
					tts: {
						vendor: 'a-new-tts',
						credential_mode: 'managed',
						params: {},
						skip_patterns: [1, 5],
					},
				}),
			),
		).toBeUndefined();
		expect(start(cascade({ tts: { vendor: 'x', params: {}, skip_patterns: [6] } }))).toBe(
			'properties.tts.skip_patterns[0]: must be an integer in [1, 5]',
		);
		expect(start(cascade({ asr: { params: 'x' } }))).toBe(
			'properties.asr.params: must be a JSON object',
		);
		const generic = {
			vendor: 'generic_http',
			url: 'https://tts.example.com/v1/audio/speech',
			headers: { Authorization: 'Bearer k' },
			params: { model: 'tts-1' },
		};
		expect(start(cascade({ tts: generic }))).toBeUndefined();
		expect(start(cascade({ tts: { ...generic, url: undefined } }))).toBe(
			'properties.tts.url: is required when vendor is generic_http',
		);
		expect(start(cascade({ tts: { ...generic, headers: undefined } }))).toBe(
			'properties.tts.headers: is required when vendor is generic_http',
		);
	});

	test('avatar: any vendor (heygen included); vendor and params required when enabled', () => {
		expect(
			start(cascade({ avatar: { enable: true, vendor: 'heygen', params: { avatar_id: '' } } })),
		).toBeUndefined();
		expect(start(cascade({ avatar: { enable: true, params: {} } }))).toBe(
			'properties.avatar.vendor: is required when enable is true',
		);
		expect(start(cascade({ avatar: { enable: true, vendor: 'akool' } }))).toBe(
			'properties.avatar.params: is required when enable is true',
		);
		expect(start(cascade({ avatar: { enable: false } }))).toBeUndefined();
	});
});

describe('start: turn detection and interruption', () => {
	const td = (turn: Body, properties: Body = {}) =>
		start(cascade({ turn_detection: turn, ...properties }));
	const RTM = { advanced_features: { enable_rtm: true }, parameters: { data_channel: 'rtm' } };

	test.each([
		[{ config: { speech_threshold: 0.01 } }, undefined],
		[
			{ config: { speech_threshold: 0 } },
			'config.speech_threshold: must be a number in (0, 1), both ends excluded',
		],
		[
			{ config: { start_of_speech: { vad_config: {} } } },
			'config.start_of_speech.mode: is required',
		],
		// A mode alone takes Agora's defaults (Agora's agents SDK sends it so; see documentedConfigs.test.ts).
		[{ config: { start_of_speech: { mode: 'vad' } } }, undefined],
		[
			{
				config: {
					start_of_speech: {
						mode: 'vad',
						vad_config: { interrupt_duration_ms: 2000, speaking_interrupt_duration_ms: 320 },
					},
				},
			},
			undefined,
		],
		[
			{ config: { start_of_speech: { mode: 'disabled', disabled_config: { strategy: 'drop' } } } },
			'config.start_of_speech.disabled_config.strategy: must be one of append, ignore',
		],
		[
			{ config: { start_of_speech: { mode: 'vad', keywords_config: {} } } },
			'config.start_of_speech.keywords_config: does not match mode "vad" (expected vad_config)',
		],
		[
			{ config: { end_of_speech: { mode: 'vad', vad_config: { silence_duration_ms: 50 } } } },
			undefined,
		],
		[
			{
				config: {
					end_of_speech: {
						mode: 'semantic',
						semantic_config: { max_wait_ms: -1, pause_state_enabled: true },
					},
				},
			},
			undefined,
		],
		[
			{ config: { end_of_speech: { mode: 'semantic', semantic_config: { max_wait_ms: -2 } } } },
			'config.end_of_speech.semantic_config.max_wait_ms: must be an integer; -1 waits forever',
		],
		[{ config: { end_of_speech: { mode: 'semantic' } } }, undefined],
		[
			{ config: { end_of_speech: { mode: 'vad', vad_config: {}, semantic_config: {} } } },
			'config.end_of_speech.semantic_config: cannot be given together with vad_config: give only the config of the chosen mode',
		],
		[{ mode: 'a-future-mode', config: { start_of_speech: { mode: 'a-future-sos' } } }, undefined],
	])('turn_detection %j', (turn, expected) => {
		expect(td(turn)).toBe(
			expected === undefined ? undefined : `properties.turn_detection.${expected}`,
		);
	});

	test('manual start or end of speech needs RTM and the RTM data channel (push-to-talk)', () => {
		const manualSos = { config: { start_of_speech: { mode: 'manual' } } };
		const manualEos = { config: { end_of_speech: { mode: 'manual' } } };
		expect(td(manualSos, RTM)).toBeUndefined();
		expect(td(manualEos, RTM)).toBeUndefined();
		expect(td(manualSos)).toBe(
			'properties.advanced_features.enable_rtm: must be true: manual start or end of speech is signalled over RTM',
		);
		expect(td(manualEos, { advanced_features: { enable_rtm: true } })).toBe(
			'properties.parameters.data_channel: must be "rtm": manual start or end of speech is signalled over RTM',
		);
		expect(td({ config: { start_of_speech: { mode: 'manual', manual_config: {} } } }, RTM)).toBe(
			'properties.turn_detection.config.start_of_speech.manual_config: is not taken by mode "manual" (it needs no configuration)',
		);
		// A saved pipeline may switch RTM on itself.
		expect(
			start({ name: 'a', pipeline_id: 'p', properties: { ...BARE, turn_detection: manualEos } }),
		).toBeUndefined();
	});

	test('the deprecated form works in cascade and MLLM modes; with an mllm only interrupt_mode interrupt', () => {
		for (const type of ['agora_vad', 'platform_vad', 'server_vad', 'semantic_vad']) {
			expect(
				td({ type, interrupt_mode: 'keywords', interrupt_keywords: ['stop'], eagerness: 'high' }),
			).toBeUndefined();
			expect(
				start(mllm({ turn_detection: { type, interrupt_mode: 'interrupt' } })),
			).toBeUndefined();
		}
		// The deprecated form does not grow any more: its lists are closed.
		expect(td({ type: 'smart_vad' })).toBe(
			'properties.turn_detection.type: must be one of agora_vad, server_vad, semantic_vad, platform_vad',
		);
		expect(td({ interrupt_mode: 'shout' })).toBe(
			'properties.turn_detection.interrupt_mode: must be one of interrupt, append, ignore, keywords, keyword, adaptive',
		);
		expect(td({ eagerness: 'medium' })).toBe(
			'properties.turn_detection.eagerness: must be one of auto, low, high',
		);
		expect(td({ interrupt_keywords: Array(129).fill('k') })).toBe(
			'properties.turn_detection.interrupt_keywords: must have at most 128 entries',
		);
		expect(td({ threshold: 1 })).toBe(
			'properties.turn_detection.threshold: must be a number in (0, 1), both ends excluded',
		);
		expect(
			td({ prefix_padding_ms: 800, silence_duration_ms: 640, interrupt_duration_ms: 160.5 }),
		).toBeUndefined();
		expect(start(mllm({ turn_detection: { interrupt_mode: 'append' } }))).toBe(
			'properties.turn_detection.interrupt_mode: only interrupt is allowed with mllm',
		);
	});

	test('interruption', () => {
		const interruption = (value: Body) => start(cascade({ interruption: value }));
		expect(
			interruption({
				enable: true,
				mode: 'keywords',
				keywords_config: { trigger_keywords: Array(128).fill('k') },
			}),
		).toBeUndefined();
		expect(interruption({ keywords_config: { trigger_keywords: Array(129).fill('k') } })).toBe(
			'properties.interruption.keywords_config.trigger_keywords: must have at most 128 entries',
		);
		expect(
			interruption({ enable: false, disabled_config: { strategy: 'ignore' } }),
		).toBeUndefined();
		expect(interruption({ enable: 'no' })).toBe(
			'properties.interruption.enable: must be true or false',
		);
	});
});

describe('start: the rest of properties', () => {
	test.each([
		[{ geofence: { area: 'GLOBAL', exclude_area: 'INDIA' } }, undefined],
		[{ geofence: { exclude_area: 'INDIA' } }, 'properties.geofence.area: is required'],
		[
			{ geofence: { area: 'GLOBAL', exclude_area: 'GLOBAL' } },
			'properties.geofence.exclude_area: must be one of NORTH_AMERICA, EUROPE, ASIA, INDIA, JAPAN',
		],
		[
			{ geofence: { area: 'EUROPE', exclude_area: 'ASIA' } },
			'properties.geofence.exclude_area: is allowed only when area is GLOBAL',
		],
		[
			{ rtc: { encryption_mode: 9 } },
			'properties.rtc.encryption_mode: must be an integer in [1, 8]',
		],
		[{ rtc: { encryption_mode: 6 } }, undefined],
		[
			{
				rtc: {
					encryption_mode: 8,
					encryption_key: 'k',
					encryption_salt: 'TsP4fLLyxxxxxxxxxroLA9oE=',
				},
			},
			undefined,
		],
		[
			{ rtc: { encryption_mode: 7 } },
			'properties.rtc.encryption_salt: is required with encryption_mode 7 or 8',
		],
		[
			{ sal: { sal_mode: 'recognition', sample_urls: { speaker1: 'https://example.com/v.pcm' } } },
			undefined,
		],
		[{ sal: { sal_mode: 'locking' } }, undefined],
		[
			{ sal: { sample_urls: { a: 'u1', b: 'u2' } } },
			'properties.sal.sample_urls: must have at most one entry (Agora supports one voiceprint)',
		],
		[
			{ sal: { sample_urls: { unknown: 'u' } } },
			'properties.sal.sample_urls: entry name "unknown" is reserved',
		],
		[
			{
				filler_words: {
					enable: true,
					trigger: { mode: 'fixed_time', config: { response_wait_ms: 1500 } },
					content: { mode: 'static', config: { phrases: ['OK'], selection_rule: 'shuffle' } },
				},
			},
			undefined,
		],
		[
			{
				filler_words: {
					trigger: { mode: 'fixed_time', fixed_time_config: { response_wait_ms: 50 } },
				},
			},
			undefined,
		],
		[
			{ filler_words: { trigger: { mode: 'fixed_time', other_config: {} } } },
			'properties.filler_words.trigger.other_config: does not match mode "fixed_time" (expected fixed_time_config)',
		],
		[
			{ filler_words: { content: { mode: 'static', static_config: {} } } },
			'properties.filler_words.content.static_config.phrases: is required',
		],
		[
			{
				filler_words: {
					content: { mode: 'static', static_config: { phrases: Array(101).fill('um') } },
				},
			},
			'properties.filler_words.content.static_config.phrases: must have at most 100 entries',
		],
		[
			{
				filler_words: {
					content: { mode: 'static', static_config: { phrases: ['word '.repeat(51)] } },
				},
			},
			'properties.filler_words.content.static_config.phrases[0]: must have at most 50 words',
		],
		[
			{
				filler_words: {
					content: { mode: 'static', static_config: { phrases: ['a'], selection_rule: 'random' } },
				},
			},
			'properties.filler_words.content.static_config.selection_rule: must be one of shuffle, round_robin',
		],
		[{ parameters: { silence_config: { timeout_ms: 0 }, opt_out: true } }, undefined],
		[
			{ parameters: { silence_config: { timeout_ms: 60001, content: 'x' } } },
			'properties.parameters.silence_config.timeout_ms: must be an integer in [0, 60000]',
		],
		[
			{ parameters: { silence_config: { timeout_ms: 60000, content: ' ' } } },
			'properties.parameters.silence_config.content: is required when timeout_ms is above 0 (the silence reminder is on)',
		],
		[
			{ parameters: { silence_config: { action: 'shout' } } },
			'properties.parameters.silence_config.action: must be one of speak, think',
		],
		[{ parameters: { farewell_config: { graceful_timeout_seconds: 600 } } }, undefined],
		[
			{ parameters: { data_channel: 'ws' } },
			'properties.parameters.data_channel: must be one of rtm, datastream',
		],
		[
			{ parameters: { audio_scenario: 'music' } },
			'properties.parameters.audio_scenario: must be one of default, chorus, aiserver',
		],
		[{ labels: { campaign: 'spring', count: 3, nested: { a: true } } }, undefined],
		[{ labels: ['a'] }, 'properties.labels: must be an object of label names to values'],
	])('%j', (properties, expected) => {
		expect(start(cascade(properties as Body))).toBe(expected);
	});

	test('extension fields pass through, at every level', () => {
		const parsed = startRequestSchema.parse(
			cascade({ custom_field: { a: 1 }, llm: { url: 'u', vendor_extra: true } }),
		);
		expect(parsed.properties).toHaveProperty('custom_field', { a: 1 });
		expect(parsed.properties.llm).toHaveProperty('vendor_extra', true);
	});

	test('every problem is listed, in order; rules joining fields wait until the fields are valid', () => {
		const result = startRequestSchema.safeParse(
			cascade({ idle_timeout: -5, agent_rtc_uid: 'x', llm: { url: 'u', max_history: 'many' } }),
		);
		expect(result.success).toBe(false);
		if (!result.success) {
			expect(describeZodError(result.error).all).toEqual([
				'properties.idle_timeout: must be an integer in [0, 259200]',
				'properties.llm.max_history: must be an integer',
			]);
		}
	});
});

describe('update, speak, think, turns', () => {
	const update = (body: unknown) => problem(updateRequestSchema, body);

	test('update: properties wrapper, the updatable fields, at least one; never an empty token', () => {
		expect(update({ properties: { token: 't' } })).toBeUndefined();
		expect(
			update({
				properties: {
					llm: { system_messages: [{ role: 'system', content: 'x' }], params: { model: 'm' } },
					mllm: { params: { voice: 'v' } },
				},
			}),
		).toBeUndefined();
		expect(update({ properties: {} })).toBe(
			'properties: needs at least one field to update: token, llm.system_messages, llm.params or mllm.params',
		);
		expect(update({ properties: { token: '' } })).toBe(
			'properties.token: must not be empty (it would replace the agent’s token with nothing)',
		);
		// Members beside properties pass (Additional Body); the updatable fields still live in properties.
		expect(update({ properties: { token: 't' }, future: 1 })).toBeUndefined();
		expect(update({ token: 't' })).toBe('properties: is required');
		expect(update({ properties: { llm: { params: 'x' } } })).toBe(
			'properties.llm.params: must be a JSON object',
		);
	});

	test('speak: at most 512 UTF-8 bytes, priority INTERRUPT, APPEND or IGNORE', () => {
		const speak = (body: unknown) => problem(speakRequestSchema, body);
		expect(
			speak({ text: 'a'.repeat(512), priority: 'APPEND', interruptable: false }),
		).toBeUndefined();
		expect(speak({ text: 'a'.repeat(513) })).toBe(
			'text: must be at most 512 bytes in UTF-8 (it is 513 bytes)',
		);
		expect(speak({ text: 'é'.repeat(256) })).toBeUndefined();
		expect(speak({ text: 'é'.repeat(257) })).toBe(
			'text: must be at most 512 bytes in UTF-8 (it is 514 bytes)',
		);
		expect(speak({ text: '' })).toBe('text: is required and must not be empty');
		expect(speak({ text: 'x', priority: 'LATER' })).toBe(
			'priority: must be one of INTERRUPT, APPEND, IGNORE',
		);
	});

	test('think: text required; the actions of each state; metadata an object', () => {
		const think = (body: unknown) => problem(thinkRequestSchema, body);
		const example = {
			text: 'The user just clicked the purchase button.',
			on_listening_action: 'interrupt',
			on_thinking_action: 'interrupt',
			on_speaking_action: 'ignore',
			interruptable: true,
			metadata: { publisher: 'user123', model: 'deepseek-r1' },
		};
		expect(think(example)).toBeUndefined();
		expect(think({ text: 'x', on_listening_action: 'inject' })).toBeUndefined();
		expect(think({ text: 'x', on_speaking_action: 'inject' })).toBe(
			'on_speaking_action: must be one of interrupt, ignore',
		);
		expect(think({})).toBe('text: is required');
		expect(think({ text: 'x', metadata: 'm' })).toBe('metadata: must be a JSON object');
	});

	test('turns: pages start at 1', () => {
		const turns = (query: unknown) => problem(turnsQuerySchema, query);
		expect(turns({ page_index: 1, page_size: 50 })).toBeUndefined();
		expect(turns({ page_index: 0 })).toBe('page_index: must be an integer of at least 1');
	});
});

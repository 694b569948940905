/** The agent start schema: identity and what each mode needs. Runs under zod 3 and zod 4 (jest.config.js, SCHEMA_TESTS). */
import { BARE, cascade, mllm, start, field, type Body } from './agentBodies';

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

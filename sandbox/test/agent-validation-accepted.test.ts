/** Start validation: bodies Agora's reference accepts, presets and saved pipelines. */
import { agentPath, startBody } from '../src/helpers';
import { withField, P, sb, api, useValidationSandbox, type Body } from './agentValidationFixtures';

useValidationSandbox();

const accepted: [string, string, unknown][] = [
	[
		'string uids with enable_string_uid',
		P,
		{
			...(startBody().properties as Body),
			enable_string_uid: true,
			agent_rtc_uid: 'bot',
			remote_rtc_uids: ['alice'],
		},
	],
	['agent_rtc_uid "0"', `${P}.agent_rtc_uid`, '0'],
	['empty token string', `${P}.token`, ''],
	['idle_timeout 0', `${P}.idle_timeout`, 0],
	['null optional fields', `${P}.geofence`, null],
	['geofence GLOBAL exclude EUROPE', `${P}.geofence`, { area: 'GLOBAL', exclude_area: 'EUROPE' }],
	['llm.max_history 1', `${P}.llm.max_history`, 1],
	['llm.max_history 1024', `${P}.llm.max_history`, 1024],
	['input text+image', `${P}.llm.input_modalities`, ['text', 'image']],
	['output text+audio', `${P}.llm.output_modalities`, ['text', 'audio']],
	['output audio', `${P}.llm.output_modalities`, ['audio']],
	[
		'greeting_configs full',
		`${P}.llm.greeting_configs`,
		{ mode: 'single_first', delay_ms: 5000, interruptable: false },
	],
	[
		'mcp server',
		`${P}.llm.mcp_servers`,
		[
			{
				name: 'a'.repeat(48),
				endpoint: 'https://m',
				transport: 'streamable_http',
				allowed_tools: ['*'],
				timeout_ms: 1000,
				headers: { A: 'b' },
			},
		],
	],
	['skip_patterns 1..5', `${P}.tts.skip_patterns`, [1, 2, 3, 4, 5]],
	['extension fields', `${P}.tts.params`, { anything: { nested: [1, 2] }, x_vendor_param: true }],
	['unknown top-level property', `${P}.some_future_field`, { a: 1 }],
	['avatar enabled', `${P}.avatar`, { enable: true, vendor: 'anam', params: { id: 'x' } }],
	['avatar disabled without vendor', `${P}.avatar`, { enable: false }],
	[
		'turn_detection current form',
		`${P}.turn_detection`,
		{
			mode: 'default',
			config: {
				speech_threshold: 0.4,
				start_of_speech: {
					mode: 'vad',
					vad_config: {
						interrupt_duration_ms: 120,
						speaking_interrupt_duration_ms: 1200,
						prefix_padding_ms: 0,
					},
				},
				end_of_speech: {
					mode: 'semantic',
					semantic_config: { silence_duration_ms: 320, max_wait_ms: -1, pause_state_enabled: true },
				},
			},
		},
	],
	[
		'sos keywords',
		`${P}.turn_detection`,
		{
			config: {
				start_of_speech: { mode: 'keywords', keywords_config: { triggered_keywords: ['stop'] } },
			},
		},
	],
	[
		'sos disabled',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { mode: 'disabled', disabled_config: { strategy: 'ignore' } } } },
	],
	[
		'eos vad',
		`${P}.turn_detection`,
		{ config: { end_of_speech: { mode: 'vad', vad_config: { silence_duration_ms: 2000 } } } },
	],
	[
		'eos semantic max_wait 10000',
		`${P}.turn_detection`,
		{ config: { end_of_speech: { mode: 'semantic', semantic_config: { max_wait_ms: 10000 } } } },
	],
	[
		'deprecated turn_detection',
		`${P}.turn_detection`,
		{
			type: 'platform_vad',
			interrupt_mode: 'keywords',
			interrupt_keywords: ['stop'],
			interrupt_duration_ms: 160,
			prefix_padding_ms: 800,
			silence_duration_ms: 640,
			threshold: 0.5,
		},
	],
	[
		'interruption keywords',
		`${P}.interruption`,
		{
			enable: true,
			mode: 'keywords',
			keywords_config: { trigger_keywords: Array.from({ length: 128 }, (_, i) => `k${i}`) },
		},
	],
	[
		'interruption disabled',
		`${P}.interruption`,
		{ enable: false, disabled_config: { strategy: 'append' } },
	],
	[
		'sal locking with sample',
		`${P}.sal`,
		{ sal_mode: 'locking', sample_urls: { alice: 'https://x/a.pcm' } },
	],
	[
		'sal recognition',
		`${P}.sal`,
		{ sal_mode: 'recognition', sample_urls: { alice: 'https://x/a.pcm' } },
	],
	[
		'rtc mode 7 with 32-byte salt',
		`${P}.rtc`,
		{
			encryption_mode: 7,
			encryption_key: 'k',
			encryption_salt: Buffer.alloc(32, 7).toString('base64'),
		},
	],
	['rtc mode 1 without salt', `${P}.rtc`, { encryption_mode: 1, encryption_key: 'k' }],
	[
		'filler words',
		`${P}.filler_words`,
		{
			enable: true,
			trigger: { mode: 'fixed_time', fixed_time_config: { response_wait_ms: 100 } },
			content: {
				mode: 'static',
				static_config: {
					phrases: Array.from({ length: 100 }, () =>
						Array.from({ length: 50 }, () => 'w').join(' '),
					),
					selection_rule: 'round_robin',
				},
			},
		},
	],
	[
		'parameters',
		`${P}.parameters`,
		{
			silence_config: { timeout_ms: 60000, action: 'think', content: 'hello?' },
			farewell_config: { graceful_enabled: true, graceful_timeout_seconds: 120 },
			data_channel: 'rtm',
			enable_metrics: true,
			enable_error_message: true,
			audio_scenario: 'chorus',
			custom_param: 1,
		},
	],
	['silence timeout 0 without content', `${P}.parameters`, { silence_config: { timeout_ms: 0 } }],
	['labels', `${P}.labels`, { a: 'b' }],
	// the current reference sets no bound on these (the older snapshot did)
	['llm.max_history 1025', `${P}.llm.max_history`, 1025],
	['greeting delay_ms 6000', `${P}.llm.greeting_configs`, { delay_ms: 6000 }],
	[
		'vad interrupt_duration_ms 100',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { mode: 'vad', vad_config: { interrupt_duration_ms: 100 } } } },
	],
	[
		'semantic max_wait_ms 400',
		`${P}.turn_detection`,
		{ config: { end_of_speech: { mode: 'semantic', semantic_config: { max_wait_ms: 400 } } } },
	],
	[
		'farewell timeout 300',
		`${P}.parameters`,
		{ farewell_config: { graceful_enabled: true, graceful_timeout_seconds: 300 } },
	],
	[
		'filler response_wait_ms 50',
		`${P}.filler_words`,
		{ trigger: { mode: 'fixed_time', fixed_time_config: { response_wait_ms: 50 } } },
	],
	[
		'rtc mode 8 with a shortened salt (as the reference example)',
		`${P}.rtc`,
		{ encryption_mode: 8, encryption_key: 'k', encryption_salt: 'TsP4fLLyxxxxxxxxxroLA9oE=' },
	],
	// open lists: vendors and modes pass through
	['avatar vendor heygen', `${P}.avatar`, { enable: true, vendor: 'heygen', params: {} }],
	[
		'mcp transport sse',
		`${P}.llm.mcp_servers`,
		[{ name: 'srv', endpoint: 'https://m', transport: 'sse' }],
	],
	[
		'future start_of_speech mode',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { mode: 'gesture', gesture_config: { x: 1 } } } },
	],
	['future interruption mode', `${P}.interruption`, { mode: 'semantic' }],
	['future sal mode', `${P}.sal`, { sal_mode: 'focus' }],
	['future greeting mode', `${P}.llm.greeting_configs`, { mode: 'always' }],
	['future llm style', `${P}.llm.style`, 'cohere'],
	[
		'future filler modes',
		`${P}.filler_words`,
		{ trigger: { mode: 'adaptive' }, content: { mode: 'dynamic' } },
	],
	['system message without role (objects only)', `${P}.llm.system_messages`, [{ content: 'x' }]],
	['template_variables of any value', `${P}.llm.template_variables`, { a: 1 }],
	// deprecated type works in cascade and MLLM modes
	['deprecated type server_vad in cascade', `${P}.turn_detection`, { type: 'server_vad' }],
	['deprecated type agora_vad', `${P}.turn_detection`, { type: 'agora_vad' }],
	// current reference fields
	['idle_timeout 259200', `${P}.idle_timeout`, 259200],
	['agent_rtm_uid', `${P}.agent_rtm_uid`, 'bot-rtm'],
	[
		'credential_mode managed',
		`${P}.tts`,
		{ credential_mode: 'managed', vendor: 'minimax', params: { model: 'speech-2.6-turbo' } },
	],
	// Agora's OpenAI page: "omit apiKey and url to use Agora-managed mode"
	[
		'managed llm without url or key',
		`${P}.llm`,
		{ credential_mode: 'managed', vendor: 'openai', params: { model: 'gpt-4o-mini' } },
	],
	[
		'greeting audio',
		`${P}.llm`,
		{
			url: 'https://x',
			greeting_message: 'Hi',
			greeting_audio_url: 'https://x/g.pcm',
			greeting_configs: { audio_download_timeout_ms: 10000, audio_pcm_sample_rate: 16000 },
		},
	],
	[
		'generic_http tts',
		`${P}.tts`,
		{
			vendor: 'generic_http',
			url: 'https://tts.example.com/v1/audio/speech',
			headers: { Authorization: 'Bearer k' },
			params: { model: 'tts-1' },
		},
	],
	[
		'manual start and end of speech with RTM',
		P,
		{
			...(startBody().properties as Body),
			advanced_features: { enable_rtm: true },
			parameters: { data_channel: 'rtm' },
			turn_detection: {
				config: { start_of_speech: { mode: 'manual' }, end_of_speech: { mode: 'manual' } },
			},
		},
	],
	[
		'filler words with "config" as in the reference example',
		`${P}.filler_words`,
		{
			enable: true,
			trigger: { mode: 'fixed_time', config: { response_wait_ms: 1500 } },
			content: { mode: 'static', config: { phrases: ['OK'], selection_rule: 'shuffle' } },
		},
	],
	['opt_out', `${P}.parameters`, { opt_out: true }],
];

describe('start validation: accepted', () => {
	it.each(accepted)('%s', async (_name, path, value) => {
		const r = await api.post(agentPath(sb, '/join'), withField(path, value));
		expect(r.data).toEqual(expect.objectContaining({ status: 'STARTING' }));
		expect(r.status).toBe(200);
	});

	it('pipeline_id makes llm and tts optional', async () => {
		const b = startBody() as unknown as Body;
		delete (b.properties as Body).llm;
		delete (b.properties as Body).tts;
		b.pipeline_id = 'pl_123';
		expect((await api.post(agentPath(sb, '/join'), b)).status).toBe(200);
	});

	it('preset makes llm.url and tts.vendor/params optional (llm and tts still carry extra settings)', async () => {
		const b = startBody() as unknown as Body;
		(b.properties as Body).llm = { system_messages: [{ role: 'system', content: 'x' }] };
		(b.properties as Body).tts = { skip_patterns: [3] };
		b.preset = 'openai_gpt4o,microsoft_tts';
		expect((await api.post(agentPath(sb, '/join'), b)).status).toBe(200);
	});

	// "Use presets": one preset per category (ASR, LLM, TTS); a category's preset needs no URL or key.
	it('a preset covers exactly its categories: ASR, LLM and TTS presets need no llm or tts', async () => {
		const b = startBody() as unknown as Body;
		delete (b.properties as Body).llm;
		delete (b.properties as Body).tts;
		b.preset = 'deepgram_nova_3,openai_gpt_4o_mini,minimax_speech_2_6_turbo';
		expect((await api.post(agentPath(sb, '/join'), b)).status).toBe(200);
	});

	it('an ASR preset alone does not make llm optional, nor its url', async () => {
		const b = startBody() as unknown as Body;
		delete (b.properties as Body).llm;
		b.preset = 'deepgram_nova_3';
		const r = await api.post(agentPath(sb, '/join'), b);
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain('properties.llm');
		const c = startBody() as unknown as Body;
		(c.properties as Body).llm = { system_messages: [{ role: 'system', content: 'x' }] };
		c.preset = 'deepgram_nova_3,openai_tts_1';
		const r2 = await api.post(agentPath(sb, '/join'), c);
		expect(r2.status).toBe(400);
		expect(r2.data.detail).toContain('properties.llm.url');
	});
});

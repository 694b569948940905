import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, client, startBody } from '../src/helpers';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 5, stopDelayMs: 5 });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

type Body = Record<string, unknown>;

/** Sets (or deletes, with undefined) a dotted path in a fresh valid start body. */
function withField(
	path: string,
	value: unknown,
	base: Body = startBody() as unknown as Body,
): Body {
	const body = JSON.parse(JSON.stringify(base)) as Body;
	const keys = path.split('.');
	let o: Body = body;
	for (const k of keys.slice(0, -1)) {
		if (typeof o[k] !== 'object' || o[k] === null) o[k] = {};
		o = o[k] as Body;
	}
	const last = keys[keys.length - 1];
	if (value === undefined) delete o[last];
	else o[last] = value;
	return body;
}

function mllmMllm(): Body {
	return { enable: true, api_key: 'k', vendor: 'openai' };
}

function mllmBase(): Body {
	const b = startBody() as unknown as Body;
	const p = b.properties as Body;
	delete p.llm;
	delete p.tts;
	p.mllm = { enable: true, api_key: 'k', vendor: 'openai' };
	return b;
}

const P = 'properties';

// [case, field path to change, value (undefined = delete), expected reason, detail must include]
const rejected: [string, string, unknown, string, string][] = [
	['missing name', 'name', undefined, 'MissingRequiredField', 'name'],
	['empty name', 'name', '', 'MissingRequiredField', 'name'],
	['missing properties', P, undefined, 'MissingRequiredField', 'properties'],
	['missing channel', `${P}.channel`, undefined, 'MissingRequiredField', 'properties.channel'],
	['missing token', `${P}.token`, undefined, 'MissingRequiredField', 'properties.token'],
	[
		'missing agent_rtc_uid',
		`${P}.agent_rtc_uid`,
		undefined,
		'MissingRequiredField',
		'properties.agent_rtc_uid',
	],
	[
		'non-digit agent_rtc_uid',
		`${P}.agent_rtc_uid`,
		'bot',
		'InvalidFieldValue',
		'properties.agent_rtc_uid',
	],
	[
		'numeric (not string) agent_rtc_uid',
		`${P}.agent_rtc_uid`,
		1001,
		'InvalidFieldValue',
		'properties.agent_rtc_uid',
	],
	[
		'missing remote_rtc_uids',
		`${P}.remote_rtc_uids`,
		undefined,
		'MissingRequiredField',
		'properties.remote_rtc_uids',
	],
	[
		'two remote_rtc_uids',
		`${P}.remote_rtc_uids`,
		['1', '2'],
		'InvalidFieldValue',
		'properties.remote_rtc_uids',
	],
	[
		'empty remote_rtc_uids',
		`${P}.remote_rtc_uids`,
		[],
		'InvalidFieldValue',
		'properties.remote_rtc_uids',
	],
	[
		'non-digit remote uid',
		`${P}.remote_rtc_uids`,
		['alice'],
		'InvalidFieldValue',
		'properties.remote_rtc_uids[0]',
	],
	[
		'negative idle_timeout',
		`${P}.idle_timeout`,
		-1,
		'InvalidFieldValue',
		'properties.idle_timeout',
	],
	['missing tts', `${P}.tts`, undefined, 'MissingRequiredField', 'properties.tts'],
	['missing llm', `${P}.llm`, undefined, 'MissingRequiredField', 'properties.llm'],
	['missing llm.url', `${P}.llm.url`, undefined, 'MissingRequiredField', 'properties.llm.url'],
	[
		'missing tts.vendor',
		`${P}.tts.vendor`,
		undefined,
		'MissingRequiredField',
		'properties.tts.vendor',
	],
	[
		'missing tts.params',
		`${P}.tts.params`,
		undefined,
		'MissingRequiredField',
		'properties.tts.params',
	],
	[
		'tts.skip_patterns value 6',
		`${P}.tts.skip_patterns`,
		[1, 6],
		'InvalidFieldValue',
		'properties.tts.skip_patterns[1]',
	],
	[
		'tts.skip_patterns value 0',
		`${P}.tts.skip_patterns`,
		[0],
		'InvalidFieldValue',
		'properties.tts.skip_patterns[0]',
	],
	[
		'geofence without area',
		`${P}.geofence`,
		{ exclude_area: 'EUROPE' },
		'MissingRequiredField',
		'properties.geofence.area',
	],
	[
		'geofence bad area',
		`${P}.geofence`,
		{ area: 'MARS' },
		'InvalidFieldValue',
		'properties.geofence.area',
	],
	[
		'exclude_area without GLOBAL',
		`${P}.geofence`,
		{ area: 'ASIA', exclude_area: 'EUROPE' },
		'InvalidFieldValue',
		'properties.geofence.exclude_area',
	],
	[
		'exclude_area GLOBAL',
		`${P}.geofence`,
		{ area: 'GLOBAL', exclude_area: 'GLOBAL' },
		'InvalidFieldValue',
		'properties.geofence.exclude_area',
	],
	[
		'advanced_features non-boolean',
		`${P}.advanced_features`,
		{ enable_rtm: 'yes' },
		'InvalidFieldValue',
		'properties.advanced_features.enable_rtm',
	],
	[
		'llm.max_history 1.5',
		`${P}.llm.max_history`,
		1.5,
		'InvalidFieldValue',
		'properties.llm.max_history',
	],
	[
		'llm.input_modalities image only',
		`${P}.llm.input_modalities`,
		['image'],
		'InvalidFieldValue',
		'properties.llm.input_modalities',
	],
	[
		'llm.output_modalities video',
		`${P}.llm.output_modalities`,
		['video'],
		'InvalidFieldValue',
		'properties.llm.output_modalities',
	],
	['llm.style not a string', `${P}.llm.style`, 5, 'InvalidFieldValue', 'properties.llm.style'],
	[
		'system_messages not array',
		`${P}.llm.system_messages`,
		'be nice',
		'InvalidFieldValue',
		'properties.llm.system_messages',
	],
	[
		'mcp name 49 chars',
		`${P}.llm.mcp_servers`,
		[{ name: 'a'.repeat(49), endpoint: 'https://m' }],
		'InvalidFieldValue',
		'properties.llm.mcp_servers[0].name',
	],
	[
		'mcp name with dash',
		`${P}.llm.mcp_servers`,
		[{ name: 'my-server', endpoint: 'https://m' }],
		'InvalidFieldValue',
		'properties.llm.mcp_servers[0].name',
	],
	[
		'mcp missing endpoint',
		`${P}.llm.mcp_servers`,
		[{ name: 'srv' }],
		'MissingRequiredField',
		'properties.llm.mcp_servers[0].endpoint',
	],
	[
		'mcp duplicate names',
		`${P}.llm.mcp_servers`,
		[
			{ name: 'srv', endpoint: 'https://m' },
			{ name: 'srv', endpoint: 'https://n' },
		],
		'InvalidFieldValue',
		'properties.llm.mcp_servers[1].name',
	],
	[
		'avatar enabled without vendor',
		`${P}.avatar`,
		{ enable: true, params: {} },
		'MissingRequiredField',
		'properties.avatar.vendor',
	],
	[
		'avatar enabled without params',
		`${P}.avatar`,
		{ enable: true, vendor: 'akool' },
		'MissingRequiredField',
		'properties.avatar.params',
	],
	[
		'speech_threshold 0',
		`${P}.turn_detection`,
		{ config: { speech_threshold: 0 } },
		'InvalidFieldValue',
		'speech_threshold',
	],
	[
		'speech_threshold 1',
		`${P}.turn_detection`,
		{ config: { speech_threshold: 1 } },
		'InvalidFieldValue',
		'speech_threshold',
	],
	[
		'start_of_speech without mode',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { vad_config: {} } } },
		'MissingRequiredField',
		'start_of_speech.mode',
	],
	[
		'start_of_speech mismatched config',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { mode: 'vad', keywords_config: {} } } },
		'InvalidFieldValue',
		'start_of_speech.keywords_config',
	],
	[
		'start_of_speech two configs',
		`${P}.turn_detection`,
		{
			config: {
				start_of_speech: { mode: 'vad', vad_config: {}, disabled_config: { strategy: 'append' } },
			},
		},
		'InvalidFieldValue',
		'start_of_speech.disabled_config',
	],
	[
		'sos disabled strategy',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { mode: 'disabled', disabled_config: { strategy: 'drop' } } } },
		'InvalidFieldValue',
		'disabled_config.strategy',
	],
	[
		'end_of_speech config without mode',
		`${P}.turn_detection`,
		{ config: { end_of_speech: { vad_config: {} } } },
		'InvalidFieldValue',
		'end_of_speech.vad_config',
	],
	[
		'end_of_speech mismatched config',
		`${P}.turn_detection`,
		{ config: { end_of_speech: { mode: 'semantic', vad_config: {} } } },
		'InvalidFieldValue',
		'end_of_speech.vad_config',
	],
	[
		'eos semantic max_wait_ms -2',
		`${P}.turn_detection`,
		{ config: { end_of_speech: { mode: 'semantic', semantic_config: { max_wait_ms: -2 } } } },
		'InvalidFieldValue',
		'max_wait_ms',
	],
	[
		'deprecated bad type',
		`${P}.turn_detection`,
		{ type: 'magic' },
		'InvalidFieldValue',
		'properties.turn_detection.type',
	],
	[
		'deprecated bad interrupt_mode',
		`${P}.turn_detection`,
		{ interrupt_mode: 'shout' },
		'InvalidFieldValue',
		'properties.turn_detection.interrupt_mode',
	],
	[
		'deprecated threshold 1',
		`${P}.turn_detection`,
		{ threshold: 1 },
		'InvalidFieldValue',
		'properties.turn_detection.threshold',
	],
	[
		'deprecated eagerness medium',
		`${P}.turn_detection`,
		{ type: 'platform_vad', eagerness: 'medium' },
		'InvalidFieldValue',
		'properties.turn_detection.eagerness',
	],
	[
		'deprecated interrupt_keywords 129',
		`${P}.turn_detection`,
		{ interrupt_keywords: Array.from({ length: 129 }, (_, i) => `k${i}`) },
		'InvalidFieldValue',
		'interrupt_keywords',
	],
	[
		'interruption 129 keywords',
		`${P}.interruption`,
		{
			mode: 'keywords',
			keywords_config: { trigger_keywords: Array.from({ length: 129 }, (_, i) => `k${i}`) },
		},
		'InvalidFieldValue',
		'trigger_keywords',
	],
	[
		'interruption disabled strategy',
		`${P}.interruption`,
		{ enable: false, disabled_config: { strategy: 'wait' } },
		'InvalidFieldValue',
		'disabled_config.strategy',
	],
	[
		'sal two sample_urls',
		`${P}.sal`,
		{ sample_urls: { a: 'https://x/a.pcm', b: 'https://x/b.pcm' } },
		'InvalidFieldValue',
		'properties.sal.sample_urls',
	],
	[
		'sal sample named unknown',
		`${P}.sal`,
		{ sample_urls: { unknown: 'https://x/a.pcm' } },
		'InvalidFieldValue',
		'properties.sal.sample_urls',
	],
	[
		'sal empty sample_urls',
		`${P}.sal`,
		{ sample_urls: {} },
		'InvalidFieldValue',
		'properties.sal.sample_urls',
	],
	[
		'rtc encryption_mode 0',
		`${P}.rtc`,
		{ encryption_mode: 0 },
		'InvalidFieldValue',
		'properties.rtc.encryption_mode',
	],
	[
		'rtc encryption_mode 9',
		`${P}.rtc`,
		{ encryption_mode: 9 },
		'InvalidFieldValue',
		'properties.rtc.encryption_mode',
	],
	[
		'rtc mode 7 without salt',
		`${P}.rtc`,
		{ encryption_mode: 7, encryption_key: 'k' },
		'MissingRequiredField',
		'properties.rtc.encryption_salt',
	],
	[
		'rtc mode 7 salt not base64',
		`${P}.rtc`,
		{ encryption_mode: 7, encryption_salt: '!'.repeat(44) },
		'InvalidFieldValue',
		'properties.rtc.encryption_salt',
	],
	[
		'filler trigger other config',
		`${P}.filler_words`,
		{ trigger: { mode: 'fixed_time', adaptive_config: {} } },
		'InvalidFieldValue',
		'trigger.adaptive_config',
	],
	[
		'filler enabled without phrases',
		`${P}.filler_words`,
		{ enable: true, content: { mode: 'static', static_config: {} } },
		'MissingRequiredField',
		'phrases',
	],
	[
		'filler enabled without content',
		`${P}.filler_words`,
		{ enable: true },
		'MissingRequiredField',
		'phrases',
	],
	[
		'filler 101 phrases',
		`${P}.filler_words`,
		{
			content: {
				mode: 'static',
				static_config: { phrases: Array.from({ length: 101 }, () => 'hm') },
			},
		},
		'InvalidFieldValue',
		'phrases',
	],
	[
		'filler phrase of 51 words',
		`${P}.filler_words`,
		{
			content: {
				mode: 'static',
				static_config: { phrases: [Array.from({ length: 51 }, () => 'w').join(' ')] },
			},
		},
		'InvalidFieldValue',
		'phrases[0]',
	],
	[
		'filler selection_rule',
		`${P}.filler_words`,
		{ content: { mode: 'static', static_config: { phrases: ['hm'], selection_rule: 'random' } } },
		'InvalidFieldValue',
		'selection_rule',
	],
	[
		'silence timeout_ms 60001',
		`${P}.parameters`,
		{ silence_config: { timeout_ms: 60001, content: 'x' } },
		'InvalidFieldValue',
		'silence_config.timeout_ms',
	],
	[
		'silence timeout_ms without content',
		`${P}.parameters`,
		{ silence_config: { timeout_ms: 5000 } },
		'MissingRequiredField',
		'silence_config.content',
	],
	[
		'silence action',
		`${P}.parameters`,
		{ silence_config: { action: 'shout' } },
		'InvalidFieldValue',
		'silence_config.action',
	],
	[
		'data_channel',
		`${P}.parameters`,
		{ data_channel: 'websocket' },
		'InvalidFieldValue',
		'properties.parameters.data_channel',
	],
	[
		'audio_scenario',
		`${P}.parameters`,
		{ audio_scenario: 'meeting' },
		'InvalidFieldValue',
		'properties.parameters.audio_scenario',
	],
	['labels not an object', `${P}.labels`, 'x', 'InvalidFieldValue', 'properties.labels'],
	[
		'idle_timeout 259201',
		`${P}.idle_timeout`,
		259201,
		'InvalidFieldValue',
		'properties.idle_timeout',
	],
	[
		'credential_mode unknown',
		`${P}.llm.credential_mode`,
		'free',
		'InvalidFieldValue',
		'properties.llm.credential_mode',
	],
	[
		'audio_download_timeout_ms 199',
		`${P}.llm.greeting_configs`,
		{ audio_download_timeout_ms: 199 },
		'InvalidFieldValue',
		'audio_download_timeout_ms',
	],
	[
		'greeting_audio_url empty',
		`${P}.llm.greeting_audio_url`,
		'',
		'InvalidFieldValue',
		'properties.llm.greeting_audio_url',
	],
	[
		'greeting_audio_url not http',
		`${P}.llm.greeting_audio_url`,
		'file:///a.mp3',
		'InvalidFieldValue',
		'properties.llm.greeting_audio_url',
	],
	[
		'greeting_audio_url over 2048 bytes',
		`${P}.llm.greeting_audio_url`,
		`https://x.example.com/${'a'.repeat(2030)}`,
		'InvalidFieldValue',
		'properties.llm.greeting_audio_url',
	],
	[
		'greeting_audio_url without greeting_message',
		`${P}.llm`,
		{ url: 'https://x', greeting_audio_url: 'https://x/g.mp3' },
		'MissingRequiredField',
		'properties.llm.greeting_message',
	],
	[
		'mcp without name',
		`${P}.llm.mcp_servers`,
		[{ endpoint: 'https://m' }],
		'MissingRequiredField',
		'properties.llm.mcp_servers[0].name',
	],
	[
		'generic_http tts without url',
		`${P}.tts`,
		{ vendor: 'generic_http', headers: {}, params: {} },
		'MissingRequiredField',
		'properties.tts.url',
	],
	[
		'generic_http tts without headers',
		`${P}.tts`,
		{ vendor: 'generic_http', url: 'https://t', params: {} },
		'MissingRequiredField',
		'properties.tts.headers',
	],
	[
		'sos manual without rtm',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { mode: 'manual' } } },
		'InvalidFieldValue',
		'properties.advanced_features.enable_rtm',
	],
	[
		'eos manual with rtm but datastream',
		P,
		{
			...(startBody().properties as Body),
			advanced_features: { enable_rtm: true },
			turn_detection: { config: { end_of_speech: { mode: 'manual' } } },
		},
		'InvalidFieldValue',
		'properties.parameters.data_channel',
	],
	[
		'sos manual with manual_config',
		`${P}.turn_detection`,
		{ config: { start_of_speech: { mode: 'manual', manual_config: {} } } },
		'InvalidFieldValue',
		'start_of_speech.manual_config',
	],
	[
		'filler config and static_config together',
		`${P}.filler_words`,
		{ content: { mode: 'static', config: { phrases: ['a'] }, static_config: { phrases: ['b'] } } },
		'InvalidFieldValue',
		'filler_words.content',
	],
];

describe('start validation: rejected (400, detail names the field)', () => {
	it.each(rejected)('%s', async (_name, path, value, reason, detail) => {
		const r = await api.post(agentPath(sb, '/join'), withField(path, value));
		expect(r.status).toBe(400);
		expect(r.data.reason).toBe(reason);
		expect(r.data.detail).toContain(detail);
		expect(sb.agents()).toHaveLength(0);
	});

	it('body not an object is InvalidRequestBody', async () => {
		const r = await api.post(agentPath(sb, '/join'), [1, 2]);
		expect(r.status).toBe(400);
		expect(r.data.reason).toBe('InvalidRequestBody');
	});
});

const mllmRejected: [string, string, unknown, string][] = [
	['mllm without api_key', `${P}.mllm.api_key`, undefined, 'properties.mllm.api_key'],
	[
		'mllm input_modalities text only',
		`${P}.mllm.input_modalities`,
		['text'],
		'properties.mllm.input_modalities',
	],
	[
		'mllm eagerness',
		`${P}.mllm.turn_detection`,
		{ mode: 'semantic_vad', semantic_vad_config: { eagerness: 'eager' } },
		'eagerness',
	],
	[
		'mllm sensitivity',
		`${P}.mllm.turn_detection`,
		{ mode: 'server_vad', server_vad_config: { start_of_speech_sensitivity: 'HIGH' } },
		'start_of_speech_sensitivity',
	],
	[
		'mllm end sensitivity',
		`${P}.mllm.turn_detection`,
		{
			mode: 'server_vad',
			server_vad_config: { end_of_speech_sensitivity: 'END_SENSITIVITY_MEDIUM' },
		},
		'end_of_speech_sensitivity',
	],
];

describe('start validation: mllm', () => {
	it.each(mllmRejected)('%s', async (_name, path, value, detail) => {
		const r = await api.post(agentPath(sb, '/join'), withField(path, value, mllmBase()));
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain(detail);
	});

	it('mllm enabled: llm and tts are not required', async () => {
		const r = await api.post(agentPath(sb, '/join'), mllmBase());
		expect(r.status).toBe(200);
		expect(sb.agents()[0].mllm).toBe(true);
	});

	it('deprecated advanced_features.enable_mllm also counts as mllm', async () => {
		const b = withField(`${P}.advanced_features`, { enable_mllm: true }, mllmBase());
		delete ((b.properties as Body).mllm as Body).enable;
		const r = await api.post(agentPath(sb, '/join'), b);
		expect(r.status).toBe(200);
		expect(sb.agents()[0].mllm).toBe(true);
	});

	it('mllm present but not enabled still needs llm and tts', async () => {
		const r = await api.post(
			agentPath(sb, '/join'),
			withField(`${P}.mllm.enable`, false, mllmBase()),
		);
		expect(r.status).toBe(400);
		expect(r.data.detail).toContain('properties.tts');
	});

	it.each([
		[
			'server_vad',
			{
				mode: 'server_vad',
				server_vad_config: {
					start_of_speech_sensitivity: 'START_SENSITIVITY_LOW',
					end_of_speech_sensitivity: 'END_SENSITIVITY_HIGH',
					threshold: 0.5,
				},
			},
		],
		['semantic_vad', { mode: 'semantic_vad', semantic_vad_config: { eagerness: 'medium' } }],
		[
			'platform_vad',
			{
				mode: 'platform_vad',
				platform_vad_config: {
					interrupt_duration_ms: 160,
					silence_duration_ms: 640,
					threshold: 0.5,
				},
			},
		],
	])('mllm.turn_detection %s accepted', async (_n, td) => {
		const r = await api.post(
			agentPath(sb, '/join'),
			withField(`${P}.mllm.turn_detection`, td, mllmBase()),
		);
		expect(r.status).toBe(200);
	});

	it.each([
		[
			'vendor azure with output ["audio"]',
			{
				...mllmMllm(),
				vendor: 'azure',
				output_modalities: ['audio'],
				turn_detection: { mode: 'server_vad' },
			},
		],
		[
			'agora_vad',
			{
				...mllmMllm(),
				turn_detection: {
					mode: 'agora_vad',
					agora_vad_config: { interrupt_duration_ms: 160, threshold: 0.5 },
				},
			},
		],
		[
			'a config for another mode (ignored)',
			{ ...mllmMllm(), turn_detection: { mode: 'server_vad', semantic_vad_config: {} } },
		],
		['a future mode', { ...mllmMllm(), turn_detection: { mode: 'magic_vad' } }],
	])('mllm %s accepted', async (_n, mllm) => {
		expect(
			(await api.post(agentPath(sb, '/join'), withField(`${P}.mllm`, mllm, mllmBase()))).status,
		).toBe(200);
	});

	it('asr, llm and tts next to an enabled mllm are ignored, not refused', async () => {
		const b = mllmBase();
		Object.assign(b.properties as Body, { llm: { url: 5 }, tts: 'x', asr: { vendor: 3 } });
		expect((await api.post(agentPath(sb, '/join'), b)).status).toBe(200);
	});

	it('deprecated interrupt_mode append and manual turn detection with mllm: turn_detection has no effect there', async () => {
		const td = { interrupt_mode: 'append', config: { start_of_speech: { mode: 'manual' } } };
		expect(
			(await api.post(agentPath(sb, '/join'), withField(`${P}.turn_detection`, td, mllmBase())))
				.status,
		).toBe(200);
	});

	it('deprecated type server_vad is accepted with mllm', async () => {
		const r = await api.post(
			agentPath(sb, '/join'),
			withField(
				`${P}.turn_detection`,
				{ type: 'server_vad', interrupt_mode: 'interrupt' },
				mllmBase(),
			),
		);
		expect(r.status).toBe(200);
	});
});

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

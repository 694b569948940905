/** The agent request schemas against the spec's rules, boundaries included. */
import type { ZodType } from 'zod';

import { describeZodError } from '../../nodes/Agora/helpers/validate';
import {
	isBase64Of32Bytes,
	speakRequestSchema,
	startRequestSchema,
	updateRequestSchema,
} from '../../nodes/Agora/schemas/agent';

type Body = Record<string, unknown>;

function cascade(properties: Body = {}, top: Body = {}): Body {
	return {
		name: 'a1',
		...top,
		properties: {
			channel: 'room',
			token: '',
			agent_rtc_uid: '0',
			remote_rtc_uids: ['42'],
			llm: { url: 'https://llm' },
			tts: { vendor: 'microsoft', params: {} },
			...properties,
		},
	};
}

/** The first problem's field, or undefined when valid. */
function firstProblem(schema: ZodType, body: unknown): string | undefined {
	const result = schema.safeParse(body);
	return result.success ? undefined : describeZodError(result.error).field;
}

const start = (body: unknown) => firstProblem(startRequestSchema, body);

describe('start request', () => {
	test('a minimal cascade body is valid; empty token allowed', () => {
		expect(start(cascade())).toBeUndefined();
	});

	test('uids: digits unless string uids; exactly one remote uid', () => {
		expect(start(cascade({ agent_rtc_uid: 'a' }))).toBe('properties.agent_rtc_uid');
		expect(start(cascade({ agent_rtc_uid: 'a', remote_rtc_uids: ['b'], enable_string_uid: true }))).toBeUndefined();
		expect(start(cascade({ remote_rtc_uids: [] }))).toBe('properties.remote_rtc_uids');
		expect(start(cascade({ remote_rtc_uids: ['1', '2'] }))).toBe('properties.remote_rtc_uids');
		expect(start(cascade({ remote_rtc_uids: [1] }))).toBe('properties.remote_rtc_uids[0]');
		expect(start(cascade({ idle_timeout: -1 }))).toBe('properties.idle_timeout');
	});

	test.each([
		[{ max_history: 1 }, undefined],
		[{ max_history: 1024 }, undefined],
		[{ max_history: 0 }, 'properties.llm.max_history'],
		[{ max_history: 1.5 }, 'properties.llm.max_history'],
		[{ greeting_configs: { delay_ms: 5000 } }, undefined],
		[{ greeting_configs: { delay_ms: 5001 } }, 'properties.llm.greeting_configs.delay_ms'],
		[{ greeting_configs: { mode: 'always' } }, 'properties.llm.greeting_configs.mode'],
		[{ input_modalities: ['image', 'text'] }, undefined],
		[{ input_modalities: ['audio'] }, 'properties.llm.input_modalities'],
		[{ output_modalities: ['audio', 'text'] }, undefined],
		[{ system_messages: [{ content: 'x' }] }, 'properties.llm.system_messages[0].role'],
		[{ template_variables: { a: 1 } }, 'properties.llm.template_variables.a'],
		[{ mcp_servers: [{ name: 'a'.repeat(48), endpoint: 'e' }] }, undefined],
		[{ mcp_servers: [{ name: 'a'.repeat(49), endpoint: 'e' }] }, 'properties.llm.mcp_servers[0].name'],
		[{ mcp_servers: [{ name: 'a', endpoint: 'e' }, { name: 'a', endpoint: 'f' }] }, 'properties.llm.mcp_servers[1].name'],
		[{ mcp_servers: [{ name: 'a', endpoint: 'e', allowed_tools: [] }] }, undefined],
		[{ mcp_servers: [{ name: 'a', endpoint: 'e', headers: { Authorization: 5 } }] }, 'properties.llm.mcp_servers[0].headers.Authorization'],
	])('llm %j', (llm, field) => {
		expect(start(cascade({ llm: { url: 'u', ...llm } }))).toBe(field);
	});

	test('pipeline, preset and mllm change what is required', () => {
		const bare = { channel: 'c', token: '', agent_rtc_uid: '0', remote_rtc_uids: ['1'] };
		expect(start({ name: 'a', properties: bare })).toBe('properties.llm');
		expect(start({ name: 'a', pipeline_id: 'p', properties: bare })).toBeUndefined();
		expect(start({ name: 'a', preset: 'p', properties: { ...bare, llm: {}, tts: {} } })).toBeUndefined();
		expect(start({ name: 'a', properties: { ...bare, llm: {}, tts: { vendor: 'x', params: {} } } })).toBe('properties.llm.url');
		expect(start({ name: 'a', properties: { ...bare, llm: { url: 'u' }, tts: { params: {} } } })).toBe('properties.tts.vendor');
		expect(start({ name: 'a', properties: { ...bare, mllm: { enable: true, api_key: 'k' } } })).toBeUndefined();
		expect(start({ name: 'a', properties: { ...bare, mllm: { enable: true } } })).toBe('properties.mllm.api_key');
		expect(start({ name: 'a', properties: { ...bare, advanced_features: { enable_mllm: true }, mllm: { api_key: 'k' }, asr: {} } })).toBe('properties.asr');
		expect(start({ name: 'a', properties: { ...bare, mllm: { enable: true, api_key: 'k', output_modalities: ['audio'] } } })).toBe(
			'properties.mllm.output_modalities',
		);
		expect(start({ name: 'a', properties: { ...bare, mllm: { enable: true, api_key: 'k', vendor: 'other' } } })).toBe('properties.mllm.vendor');
	});

	test('mllm turn detection: config matches mode, one config only', () => {
		const bare = { channel: 'c', token: '', agent_rtc_uid: '0', remote_rtc_uids: ['1'] };
		const td = (turn: Body) => start({ name: 'a', properties: { ...bare, mllm: { enable: true, api_key: 'k', turn_detection: turn } } });
		expect(td({ mode: 'server_vad', server_vad_config: { start_of_speech_sensitivity: 'START_SENSITIVITY_LOW' } })).toBeUndefined();
		expect(td({ mode: 'server_vad', semantic_vad_config: {} })).toBe('properties.mllm.turn_detection.semantic_vad_config');
		expect(td({ mode: 'semantic_vad', semantic_vad_config: { eagerness: 'eager' } })).toBe(
			'properties.mllm.turn_detection.semantic_vad_config.eagerness',
		);
		expect(td({ platform_vad_config: {} })).toBe('properties.mllm.turn_detection.platform_vad_config');
	});

	test.each([
		[{ config: { speech_threshold: 0.01 } }, undefined],
		[{ config: { speech_threshold: 0 } }, 'speech_threshold'],
		[{ config: { start_of_speech: { vad_config: {} } } }, 'start_of_speech.mode'],
		[{ config: { start_of_speech: { mode: 'disabled', disabled_config: { strategy: 'drop' } } } }, 'start_of_speech.disabled_config.strategy'],
		[{ config: { start_of_speech: { mode: 'keywords', keywords_config: { prefix_padding_ms: 5001 } } } }, 'start_of_speech.keywords_config.prefix_padding_ms'],
		[{ config: { start_of_speech: { mode: 'vad', vad_config: { speaking_interrupt_duration_ms: 1201 } } } }, 'start_of_speech.vad_config.speaking_interrupt_duration_ms'],
		[{ config: { end_of_speech: { mode: 'vad', vad_config: { silence_duration_ms: 2000 } } } }, undefined],
		[{ config: { end_of_speech: { mode: 'vad', vad_config: { silence_duration_ms: 119 } } } }, 'end_of_speech.vad_config.silence_duration_ms'],
		[{ config: { end_of_speech: { mode: 'semantic', semantic_config: { max_wait_ms: -1 } } } }, undefined],
		[{ config: { end_of_speech: { mode: 'semantic', semantic_config: { max_wait_ms: 10001 } } } }, 'end_of_speech.semantic_config.max_wait_ms'],
		[{ config: { end_of_speech: { semantic_config: {} } } }, 'end_of_speech.semantic_config'],
		[{ config: { end_of_speech: { mode: 'semantic' } } }, 'end_of_speech.semantic_config'],
		[{ mode: 'smart' }, 'mode'],
	])('turn_detection %j', (td, field) => {
		const result = start(cascade({ turn_detection: td }));
		if (field === undefined) expect(result).toBeUndefined();
		else if (field === 'mode') expect(result).toBe('properties.turn_detection.mode');
		else expect(result).toBe(`properties.turn_detection.config.${field}`);
	});

	test('deprecated turn_detection form', () => {
		expect(start(cascade({ turn_detection: { type: 'platform_vad', interrupt_mode: 'keywords', interrupt_keywords: ['stop'] } }))).toBeUndefined();
		expect(start(cascade({ turn_detection: { interrupt_keywords: Array(129).fill('k') } }))).toBe('properties.turn_detection.interrupt_keywords');
		expect(start(cascade({ turn_detection: { threshold: 1 } }))).toBe('properties.turn_detection.threshold');
		expect(start(cascade({ turn_detection: { eagerness: 'high' } }))).toBe('properties.turn_detection.eagerness');
		expect(start(cascade({ turn_detection: { type: 'semantic_vad' } }))).toBe('properties.turn_detection.type');
		const mllm = { name: 'a', properties: { channel: 'c', token: '', agent_rtc_uid: '0', remote_rtc_uids: ['1'], mllm: { enable: true, api_key: 'k' } } };
		const withTd = (td: Body) => ({ ...mllm, properties: { ...mllm.properties, turn_detection: td } });
		expect(start(withTd({ type: 'semantic_vad', eagerness: 'high' }))).toBeUndefined();
		expect(start(withTd({ interrupt_mode: 'append' }))).toBe('properties.turn_detection.interrupt_mode');
	});

	test.each([
		[{ interruption: { mode: 'keywords', keywords_config: { trigger_keywords: Array(128).fill('k') } } }, undefined],
		[{ interruption: { keywords_config: { trigger_keywords: Array(129).fill('k') } } }, 'properties.interruption.keywords_config.trigger_keywords'],
		[{ interruption: { mode: 'always' } }, 'properties.interruption.mode'],
		[{ geofence: { area: 'GLOBAL', exclude_area: 'INDIA' } }, undefined],
		[{ geofence: { exclude_area: 'INDIA' } }, 'properties.geofence.area'],
		[{ geofence: { area: 'GLOBAL', exclude_area: 'GLOBAL' } }, 'properties.geofence.exclude_area'],
		[{ rtc: { encryption_mode: 9 } }, 'properties.rtc.encryption_mode'],
		[{ rtc: { encryption_mode: 6 } }, undefined],
		[{ rtc: { encryption_mode: 7, encryption_salt: Buffer.alloc(32).toString('base64') } }, undefined],
		[{ rtc: { encryption_mode: 8, encryption_salt: 'not base64!' } }, 'properties.rtc.encryption_salt'],
		[{ sal: { sal_mode: 'recognition' } }, 'properties.sal.sample_urls'],
		[{ sal: { sal_mode: 'locking' } }, undefined],
		[{ sal: { sample_urls: { a: '' } } }, 'properties.sal.sample_urls.a'],
		[{ avatar: { enable: true, params: {} } }, 'properties.avatar.vendor'],
		[{ avatar: { enable: false } }, undefined],
		[{ avatar: { enable: true, vendor: 'pixar', params: {} } }, 'properties.avatar.vendor'],
		[{ tts: { vendor: 'x', params: {}, skip_patterns: [6] } }, 'properties.tts.skip_patterns[0]'],
		[{ filler_words: { enable: true } }, 'properties.filler_words.content.static_config.phrases'],
		[{ filler_words: { trigger: { mode: 'fixed_time', other_config: {} } } }, 'properties.filler_words.trigger.other_config'],
		[{ filler_words: { content: { mode: 'static', static_config: { phrases: ['a'], selection_rule: 'random' } } } }, 'properties.filler_words.content.static_config.selection_rule'],
		[{ filler_words: { trigger: { fixed_time_config: { response_wait_ms: 10000 } } } }, undefined],
		[{ parameters: { silence_config: { timeout_ms: 0 } } }, undefined],
		[{ parameters: { silence_config: { timeout_ms: 60000, content: ' ' } } }, 'properties.parameters.silence_config.content'],
		[{ parameters: { silence_config: { action: 'shout' } } }, 'properties.parameters.silence_config.action'],
		[{ parameters: { farewell_config: { graceful_timeout_seconds: 120 } } }, undefined],
		[{ parameters: { data_channel: 'ws' } }, 'properties.parameters.data_channel'],
		[{ parameters: { audio_scenario: 'music' } }, 'properties.parameters.audio_scenario'],
		[{ labels: { a: { nested: true } } }, 'properties.labels.a'],
	])('%j', (properties, field) => {
		expect(start(cascade(properties as Body))).toBe(field);
	});

	test('extension fields pass through', () => {
		const parsed = startRequestSchema.parse(cascade({ custom_field: { a: 1 }, llm: { url: 'u', vendor_extra: true } }));
		expect(parsed.properties).toHaveProperty('custom_field');
	});

	test('base64 of 32 bytes', () => {
		expect(isBase64Of32Bytes(Buffer.alloc(32, 1).toString('base64'))).toBe(true);
		expect(isBase64Of32Bytes(Buffer.alloc(31, 1).toString('base64'))).toBe(false);
		expect(isBase64Of32Bytes('')).toBe(false);
	});
});

describe('update and speak requests', () => {
	test('update: properties wrapper, only the updatable fields, at least one', () => {
		const update = (body: unknown) => firstProblem(updateRequestSchema, body);
		expect(update({ properties: { token: 't' } })).toBeUndefined();
		expect(update({ properties: { llm: { params: { model: 'm' } }, mllm: { params: {} } } })).toBeUndefined();
		expect(update({ properties: {} })).toBe('properties');
		expect(update({ properties: { llm: { url: 'x' } } })).toBe('properties.llm');
		expect(update({ properties: { channel: 'x' } })).toBe('properties');
		expect(update({ token: 't' })).toBe('properties');
	});

	test('speak: at most 512 UTF-8 bytes, priority enum', () => {
		const speak = (body: unknown) => firstProblem(speakRequestSchema, body);
		expect(speak({ text: 'a'.repeat(512) })).toBeUndefined();
		expect(speak({ text: 'a'.repeat(513) })).toBe('text');
		expect(speak({ text: 'é'.repeat(256) })).toBeUndefined();
		expect(speak({ text: 'é'.repeat(257) })).toBe('text');
		expect(speak({ text: '' })).toBe('text');
		expect(speak({ text: 'x', priority: 'LATER' })).toBe('priority');
	});
});

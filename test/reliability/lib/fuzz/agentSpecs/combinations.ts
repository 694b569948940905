/** Agent Start mutations of cross-field and exclusive rules (through Additional Body) and of the modes. */
import { expr } from '../engine';
import { mutation, values, type MutationSpec } from '../spec';
import { cascade, notMllm } from './startBase';

const combinationMutations: MutationSpec[] = [
	// Exclusive and cross-field rules, through Additional Body (JSON)
	// Agora ignores asr, llm and tts beside an enabled mllm: not an error.
	mutation(
		'MLLM with an LLM too',
		/properties\.(llm|asr|tts)/,
		false,
		'options.additionalBody',
		values(
			'{"properties": {"llm": {"url": "https://llm.example.com"}}}',
			'{"properties": {"tts": {"vendor": "x", "params": {"a": 1}}}}',
		),
		{ when: (p) => p.mode === 'mllm' },
	),
	// An enabled mllm replaces asr, llm and tts (Agora ignores them): not an error.
	mutation(
		'cascade with MLLM switched on too',
		/properties\.(llm|asr|tts|mllm)/,
		false,
		'options.additionalBody',
		values(
			'{"properties": {"mllm": {"enable": true, "api_key": "k"}}}',
			'{"properties": {"advanced_features": {"enable_mllm": true}, "mllm": {"api_key": "k"}}}',
		),
		{ when: cascade },
	),
	mutation(
		'two subscribed users',
		/remote_rtc_uids/,
		true,
		'options.additionalBody',
		values(
			'{"properties": {"remote_rtc_uids": ["1", "2"]}}',
			'{"properties": {"remote_rtc_uids": []}}',
		),
	),
	mutation(
		'exclude area without GLOBAL',
		/geofence\.exclude_area/,
		true,
		'options.additionalBody',
		values('{"properties": {"geofence": {"area": "EUROPE", "exclude_area": "ASIA"}}}'),
	),
	// The deprecated type works in cascade and MLLM modes alike.
	mutation(
		'deprecated turn detection server VAD without MLLM',
		/turn_detection\.type/,
		false,
		'options.additionalBody',
		values('{"properties": {"turn_detection": {"type": "server_vad"}}}'),
		{ when: notMllm },
	),
	mutation(
		'wrong types through the JSON body',
		/properties\.(enable_string_uid|idle_timeout|labels|channel)|^name$/,
		true,
		'options.additionalBody',
		values(
			'{"properties": {"enable_string_uid": "yes"}}',
			'{"properties": {"idle_timeout": "30"}}',
			'{"properties": {"labels": ["a"]}}',
			'{"name": 42}',
			'{"properties": {"channel": ["a"]}}',
		),
	),
	mutation(
		'additional body bad JSON',
		/additionalBody/,
		true,
		'options.additionalBody',
		values('{', '[]', '"x"', '{"a": }'),
	),
	// Modes
	mutation(
		'saved pipeline without an ID',
		/pipeline_id|pipelineId/,
		true,
		'pipelineId',
		values(expr(''), expr('   ')),
		{ when: (p) => p.mode === 'pipeline' },
	),
];

export { combinationMutations };

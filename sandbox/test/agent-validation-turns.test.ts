/** Start validation, rejected: turn detection, interruption, manual turns and filler words. */
import { startBody } from '../src/helpers';
import { P, describeRejected, useValidationSandbox, type Body } from './agentValidationFixtures';

useValidationSandbox();

const rejected: [string, string, unknown, string, string][] = [
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

describeRejected(rejected);

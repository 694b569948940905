/** The agent start schema: the rest of properties. Runs under zod 3 and zod 4 (jest.config.js, SCHEMA_TESTS). */
import { describeZodError } from '../../../../nodes/shared/validate';
import { startRequestSchema } from '../../../../nodes/Agora/schemas/agent';
import { cascade, start, type Body } from './agentBodies';

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

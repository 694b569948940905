/** The agent start schema: turn detection and interruption. Runs under zod 3 and zod 4 (jest.config.js, SCHEMA_TESTS). */
import { BARE, cascade, mllm, start, type Body } from './agentBodies';

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

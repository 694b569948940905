/** Agent Start mutations of turn taking: turn detection, interruption, filler words. */
import fc from 'fast-check';
import { words } from '../arb';
import { mutation, values, type MutationSpec } from '../spec';

const turnMutations: MutationSpec[] = [
	// Turn detection, interruption, filler words
	mutation(
		'speech threshold out of (0, 1)',
		/speech_threshold/,
		true,
		'speechThreshold',
		values(0, 1, -0.1, 1.5),
		{ when: (p) => p.configureTurnDetection === true },
	),
	mutation(
		'start of speech VAD not whole',
		/start_of_speech\.vad_config/,
		true,
		'startOfSpeechVad',
		values({ interrupt_duration_ms: 500.5 }, { prefix_padding_ms: 0.5 }),
		{ when: (p) => p.configureTurnDetection === true && p.startOfSpeechMode === 'vad' },
	),
	mutation(
		'end of speech semantic wait below -1 or not whole',
		/end_of_speech\.semantic_config/,
		true,
		'endOfSpeechSemantic',
		values({ max_wait_ms: -2 }, { max_wait_ms: 100.5 }, { silence_duration_ms: 1.5 }),
		{ when: (p) => p.configureTurnDetection === true && p.endOfSpeechMode === 'semantic' },
	),
	mutation(
		'end of speech VAD not whole',
		/end_of_speech\.vad_config\.silence_duration_ms/,
		true,
		'endOfSpeechVad',
		values({ silence_duration_ms: 119.5 }),
		{ when: (p) => p.configureTurnDetection === true && p.endOfSpeechMode === 'vad' },
	),
	mutation(
		'interruption keywords over 128',
		/trigger_keywords/,
		true,
		'interruptionKeywords',
		fc
			.integer({ min: 129, max: 300 })
			.map((n) => Array.from({ length: n }, (_, i) => `k${i}`).join(',')),
		{
			when: (p) =>
				p.configureInterruption === true &&
				p.interruptionEnable === true &&
				p.interruptionMode === 'keywords',
		},
	),
	mutation(
		'filler wait not whole',
		/response_wait_ms/,
		true,
		'fillerResponseWaitMs',
		values(99.5, 0.5),
		{ when: (p) => p.enableFillerWords === true },
	),
	mutation(
		'filler phrases over 100',
		/phrases/,
		true,
		'fillerPhrases',
		fc
			.integer({ min: 101, max: 150 })
			.map((n) => ({ phrases: Array.from({ length: n }, (_, i) => ({ text: `p${i}` })) })),
		{ when: (p) => p.enableFillerWords === true },
	),
	mutation(
		'filler phrase over 50 words',
		/phrases/,
		true,
		'fillerPhrases',
		values({ phrases: [{ text: words(51) }] }, { phrases: [{ text: 'ok' }, { text: words(80) }] }),
		{ when: (p) => p.enableFillerWords === true },
	),
	mutation(
		'filler phrases missing',
		/phrases/,
		true,
		'fillerPhrases',
		values({}, { phrases: [{ text: '  ' }] }),
		{ when: (p) => p.enableFillerWords === true },
	),
];

export { turnMutations };

/** Agent Start mutations of the TTS: vendor, parameters and skip patterns. */
import { expr } from '../engine';
import { mutation, values, type MutationSpec } from '../spec';
import { cascade, hasTts, noPreset } from './startBase';

const ttsMutations: MutationSpec[] = [
	mutation('TTS params blank', /tts\.params/, true, 'ttsParams', values(expr(''), expr('{}')), {
		when: (p) => cascade(p) && noPreset(p),
	}),
	mutation('TTS params bad JSON', /tts\.params/, true, 'ttsParams', values('{', '[]', '42'), {
		when: hasTts,
	}),
	mutation('TTS vendor blank', /tts\.vendor/, true, 'ttsVendor', values(expr(''), expr('  ')), {
		when: (p) => cascade(p) && noPreset(p),
	}),
	mutation(
		'skip patterns out of range',
		/skip_patterns/,
		true,
		'ttsSkipPatterns',
		values(expr(['0']), expr(['6']), expr(['x']), expr([1.5])),
		{ when: hasTts },
	),
];

export { ttsMutations };

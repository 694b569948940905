/** Agent Start mutations of the MLLM (realtime model) settings. */
import { expr } from '../engine';
import { mutation, values, type MutationSpec } from '../spec';
import { noPreset } from './startBase';

const mllmMutations: MutationSpec[] = [
	// MLLM
	mutation('MLLM key blank', /mllm\.api_key/, true, 'mllmApiKey', values(expr(''), expr('   ')), {
		when: (p) => p.mode === 'mllm' && noPreset(p),
	}),
	mutation(
		'MLLM vendor beyond the list (passed through)',
		/mllm\.vendor/,
		false,
		'mllmVendor',
		values(expr('azure'), expr('a-new-vendor')),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM output modalities other than text+audio or audio',
		/mllm\.output_modalities/,
		true,
		'mllmOptions.outputModalities',
		values(expr('text'), expr('audio,text,video')),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM input modalities unknown',
		/mllm\.input_modalities/,
		true,
		'mllmOptions.inputModalities',
		values(expr('text'), expr('video')),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM messages not an array of objects',
		/mllm\.messages/,
		true,
		'mllmOptions.messages',
		values('{"role":"user"}', '[1,2]', '[', '"x"'),
		{ when: (p) => p.mode === 'mllm' },
	),
	mutation(
		'MLLM Agora VAD not whole',
		/(agora|platform)_vad_config/,
		true,
		'mllmPlatformVadConfig',
		values({ interrupt_duration_ms: 1.5 }, { silence_duration_ms: 1.5 }),
		{
			when: (p) =>
				p.mllmTurnDetectionMode === 'agora_vad' || p.mllmTurnDetectionMode === 'platform_vad',
		},
	),
];

export { mllmMutations };

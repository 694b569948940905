/**
 * Turn detection of the cascade pipeline (properties.turn_detection, current form) and how the
 * user can interrupt the agent (properties.interruption).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { splitList } from '../form/commonFields';
import { builds } from '../form/labels';
import { NOT_MLLM, NOT_SET } from './display';
import { type FormReader } from '../form/reader';
import { plainConfig } from '../form/bodyWriters';
import { shownBy } from '../form/groups';

const TURN = { ...NOT_MLLM, configureTurnDetection: [true] };
const MANUAL_HINT =
	'Push-to-talk: the client app signals it over RTM (the node then switches on Enable RTM and the RTM data channel)';

const durationOption = (
	displayName: string,
	name: string,
	fallback: number,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	typeOptions: { minValue: 0, numberPrecision: 0 },
	default: fallback,
	description,
});

const startOfSpeechFields: INodeProperties[] = [
	builds(
		[
			'properties.turn_detection.config.start_of_speech',
			'properties.turn_detection.config.start_of_speech.mode',
		],
		{
			displayName: 'Start of Speech',
			name: 'startOfSpeechMode',
			type: 'options',
			options: [
				{
					name: 'Disabled (Deprecated)',
					value: 'disabled',
					description: 'Use Configure Interruption › Interruptible off instead',
				},
				{
					name: 'Keywords (Deprecated)',
					value: 'keywords',
					description: 'Use Configure Interruption › Interrupt On Keywords instead',
				},
				{ name: 'Manual', value: 'manual', description: MANUAL_HINT },
				{ name: 'Not Set', value: 'notSet', description: 'Agora’s default' },
				{
					name: 'Voice Activity (VAD)',
					value: 'vad',
					description: 'Detected from the audio signal',
				},
			],
			default: 'notSet',
			description:
				'How the start of the user’s speech is detected. Any other mode can be given by expression.',
			displayOptions: { show: TURN },
		},
	),
	{
		displayName: 'Start of Speech VAD Config',
		name: 'startOfSpeechVad',
		description:
			'Settings of voice-activity start-of-speech detection (start_of_speech.vad_config)',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['vad'] } },
		options: [
			durationOption(
				'Interrupt Duration (ms)',
				'interrupt_duration_ms',
				160,
				'Speech needed to interrupt. Default 160.',
			),
			durationOption(
				'Prefix Padding (ms)',
				'prefix_padding_ms',
				800,
				'Audio kept before the detected start. Default 800.',
			),
			durationOption(
				'Speaking Interrupt Duration (ms)',
				'speaking_interrupt_duration_ms',
				160,
				'Speech needed to interrupt while the agent is speaking. Default 160.',
			),
		],
	},
	{
		displayName: 'Trigger Keywords',
		name: 'startOfSpeechKeywords',
		type: 'string',
		default: '',
		placeholder: 'e.g. stop, wait, hold on',
		description:
			'Comma-separated keywords that stop the agent’s current answer (triggered_keywords)',
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['keywords'] } },
	},
	{
		displayName: 'Start of Speech Keywords Config',
		name: 'startOfSpeechKeywordsConfig',
		description: 'Settings of keyword interruption (start_of_speech.keywords_config)',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['keywords'] } },
		options: [
			durationOption('Interrupt Duration (ms)', 'interrupt_duration_ms', 160, 'Default 160'),
			durationOption('Prefix Padding (ms)', 'prefix_padding_ms', 800, 'Default 800'),
		],
	},
	{
		displayName: 'Speech While Busy',
		name: 'startOfSpeechDisabledStrategy',
		type: 'options',
		options: [
			{ name: 'Append', value: 'append', description: 'Processed after the current answer ends' },
			{ name: 'Ignore', value: 'ignore', description: 'Discarded and not kept in the context' },
		],
		default: 'append',
		description:
			'What happens to the user’s speech while the agent speaks or thinks (disabled_config.strategy)',
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['disabled'] } },
	},
];

const endOfSpeechFields: INodeProperties[] = [
	builds(
		[
			'properties.turn_detection.config.end_of_speech',
			'properties.turn_detection.config.end_of_speech.mode',
		],
		{
			displayName: 'End of Speech',
			name: 'endOfSpeechMode',
			type: 'options',
			options: [
				{ name: 'Manual', value: 'manual', description: MANUAL_HINT },
				{ name: 'Not Set', value: 'notSet', description: 'Agora’s default' },
				{
					name: 'Semantic',
					value: 'semantic',
					description:
						'Understands when the user has finished (English and Chinese; otherwise VAD)',
				},
				{ name: 'Voice Activity (VAD)', value: 'vad', description: 'A silence ends the turn' },
			],
			default: 'notSet',
			description:
				'How the end of the user’s turn is detected. Any other mode can be given by expression.',
			displayOptions: { show: TURN },
		},
	),
	{
		displayName: 'End of Speech VAD Config',
		name: 'endOfSpeechVad',
		description: 'Settings of silence-based end-of-turn detection (end_of_speech.vad_config)',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { ...TURN, endOfSpeechMode: ['vad'] } },
		options: [
			durationOption(
				'Silence Duration (ms)',
				'silence_duration_ms',
				640,
				'Silence that ends the turn. Default 640.',
			),
		],
	},
	{
		displayName: 'End of Speech Semantic Config',
		name: 'endOfSpeechSemantic',
		description: 'Settings of semantic end-of-turn detection (end_of_speech.semantic_config)',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { ...TURN, endOfSpeechMode: ['semantic'] } },
		options: [
			{
				displayName: 'Max Wait (Ms)',
				name: 'max_wait_ms',
				type: 'number',
				typeOptions: { minValue: -1, numberPrecision: 0 },
				default: 3000,
				description:
					'Longest wait for the semantic decision; -1 waits forever. Default 3000. Then the end is decided from the current state.',
			},
			{
				displayName: 'Pause State Enabled',
				name: 'pause_state_enabled',
				type: 'boolean',
				default: true,
				description:
					'Whether phrases such as "hold on" make the agent wait for more input (default on)',
			},
			durationOption('Silence Duration (ms)', 'silence_duration_ms', 320, 'Default 320'),
		],
	},
];

const turnDetectionFields: INodeProperties[] = [
	builds('properties.turn_detection', {
		displayName: 'Configure Turn Detection',
		name: 'configureTurnDetection',
		type: 'boolean',
		default: false,
		description:
			'Whether to set how the start and end of the user’s speech are detected (turn_detection)',
		displayOptions: { show: NOT_MLLM },
	}),
	{
		displayName: 'Speech Threshold',
		name: 'speechThreshold',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 3 },
		default: 0.5,
		description: 'Between 0 and 1 (both excluded), default 0.5. Lower detects speech more easily.',
		displayOptions: { show: TURN },
	},
	...startOfSpeechFields,
	...endOfSpeechFields,
];

const INTERRUPTION = { configureInterruption: [true] };

const interruptionFields: INodeProperties[] = [
	builds('properties.interruption', {
		displayName: 'Configure Interruption',
		name: 'configureInterruption',
		type: 'boolean',
		default: false,
		description: 'Whether to set how the user can interrupt the agent (interruption)',
	}),
	{
		displayName: 'Interruptible',
		name: 'interruptionEnable',
		type: 'boolean',
		default: true,
		description: 'Whether the user can interrupt the agent mid-answer (default on)',
		displayOptions: { show: INTERRUPTION },
	},
	{
		displayName: 'Interrupt On',
		name: 'interruptionMode',
		description:
			'What interrupts the agent: the user starting to speak, or only the given keywords',
		type: 'options',
		options: [
			{ name: 'Keywords', value: 'keywords', description: 'Only the given keywords interrupt' },
			{
				name: 'Start of Speech',
				value: 'start_of_speech',
				description: 'Any speech interrupts (default)',
			},
		],
		default: 'start_of_speech',
		displayOptions: { show: { ...INTERRUPTION, interruptionEnable: [true] } },
	},
	{
		displayName: 'Interrupt Keywords',
		name: 'interruptionKeywords',
		type: 'string',
		default: '',
		placeholder: 'e.g. stop, wait',
		description: 'Comma-separated keywords, at most 128',
		displayOptions: {
			show: { ...INTERRUPTION, interruptionEnable: [true], interruptionMode: ['keywords'] },
		},
	},
	{
		displayName: 'Speech During Answer',
		name: 'interruptionDisabledStrategy',
		type: 'options',
		options: [
			{ name: 'Append', value: 'append', description: 'Processed after the current answer ends' },
			{ name: 'Ignore', value: 'ignore', description: 'Discarded and not kept in the context' },
		],
		default: 'append',
		description: 'What happens to the user’s speech while the agent cannot be interrupted',
		displayOptions: { show: { ...INTERRUPTION, interruptionEnable: [false] } },
	},
];

export const turnFields: INodeProperties[] = [...turnDetectionFields, ...interruptionFields];
const TURN_SETTINGS = shownBy(turnDetectionFields, 'configureTurnDetection');
const INTERRUPTION_SETTINGS = shownBy(interruptionFields, 'configureInterruption');

function buildStartOfSpeech(r: FormReader): IDataObject | undefined {
	const mode = String(r.get('startOfSpeechMode', NOT_SET));
	if (mode === NOT_SET) return undefined;
	// The config of the chosen mode is always sent (Agora requires it), and no other.
	const sos: IDataObject = { mode };
	if (mode === 'vad') sos.vad_config = plainConfig(r.get('startOfSpeechVad', {}));
	if (mode === 'keywords') {
		const keywords = plainConfig(r.get('startOfSpeechKeywordsConfig', {}));
		const list = splitList(r.get('startOfSpeechKeywords', ''));
		if (list.length > 0) keywords.triggered_keywords = list;
		sos.keywords_config = keywords;
	}
	if (mode === 'disabled')
		sos.disabled_config = { strategy: r.get('startOfSpeechDisabledStrategy', 'append') };
	return sos;
}

function buildEndOfSpeech(r: FormReader): IDataObject | undefined {
	const mode = String(r.get('endOfSpeechMode', NOT_SET));
	if (mode === NOT_SET) return undefined;
	const eos: IDataObject = { mode };
	if (mode === 'vad') eos.vad_config = plainConfig(r.get('endOfSpeechVad', {}));
	if (mode === 'semantic') eos.semantic_config = plainConfig(r.get('endOfSpeechSemantic', {}));
	return eos;
}

export function buildTurnDetection(r: FormReader): IDataObject | undefined {
	if (!r.switchedOn('configureTurnDetection', TURN_SETTINGS)) return undefined;
	const config: IDataObject = { speech_threshold: r.get('speechThreshold', 0.5) };
	const sos = buildStartOfSpeech(r);
	if (sos) config.start_of_speech = sos;
	const eos = buildEndOfSpeech(r);
	if (eos) config.end_of_speech = eos;
	return { mode: 'default', config };
}

export function buildInterruption(r: FormReader): IDataObject | undefined {
	if (!r.switchedOn('configureInterruption', INTERRUPTION_SETTINGS)) return undefined;
	const enable = r.get('interruptionEnable', true);
	const out: IDataObject = { enable };
	if (enable) {
		const mode = r.get<string>('interruptionMode', 'start_of_speech');
		out.mode = mode;
		if (mode === 'keywords')
			out.keywords_config = { trigger_keywords: splitList(r.get('interruptionKeywords', '')) };
	} else {
		out.disabled_config = { strategy: r.get('interruptionDisabledStrategy', 'append') };
	}
	return out;
}

/** Whether the built turn detection leaves the start or the end of speech to the client (manual). */
export function usesManualTurns(turnDetection: IDataObject | undefined): boolean {
	const config = (turnDetection?.config ?? {}) as {
		start_of_speech?: IDataObject;
		end_of_speech?: IDataObject;
	};
	return config.start_of_speech?.mode === 'manual' || config.end_of_speech?.mode === 'manual';
}

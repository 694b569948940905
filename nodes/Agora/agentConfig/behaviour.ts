/** Filler words, agent parameters (silence, graceful stop, data channel, audio) and labels. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { keyValueField, readKeyValues } from '../form/fields';
import { NOT_MLLM } from './display';
import { nonEmpty, put, text, type FormReader } from '../form/reader';

const FILLER = { ...NOT_MLLM, enableFillerWords: [true] };

const fillerFields: INodeProperties[] = [
	{
		displayName: 'Filler Words',
		name: 'enableFillerWords',
		type: 'boolean',
		default: false,
		description: 'Whether the agent says short phrases while it waits for the LLM',
		displayOptions: { show: NOT_MLLM },
	},
	{
		displayName: 'Filler After (Ms)',
		name: 'fillerResponseWaitMs',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 1500,
		description: 'A filler starts when the LLM has produced nothing for this long. Default 1500.',
		displayOptions: { show: FILLER },
	},
	{
		displayName: 'Filler Phrases',
		name: 'fillerPhrases',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Phrase',
		default: {},
		description: 'At least one and at most 100 phrases, each at most 50 words',
		displayOptions: { show: FILLER },
		options: [
			{
				displayName: 'Phrase',
				name: 'phrases',
				values: [{ displayName: 'Text', name: 'text', type: 'string', default: '', placeholder: 'e.g. Let me check that…' }],
			},
		],
	},
	{
		displayName: 'Phrase Order',
		name: 'fillerSelectionRule',
		type: 'options',
		options: [
			{ name: 'Round Robin', value: 'round_robin', description: 'In list order, then the cycle restarts' },
			{ name: 'Shuffle', value: 'shuffle', description: 'Random order, no repeat until all were used' },
		],
		default: 'shuffle',
		displayOptions: { show: FILLER },
	},
];

export const parametersField: INodeProperties = {
	displayName: 'Agent Parameters',
	name: 'agentParameters',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	description: 'Silence reminder, graceful stop, data channel, data retention and audio settings (parameters)',
	options: [
		{
			displayName: 'Audio Scenario',
			name: 'audioScenario',
			type: 'options',
			options: [
				{ name: 'AI Server', value: 'aiserver', description: 'Tuned for latency and network resilience' },
				{ name: 'Chorus', value: 'chorus', description: 'Ultra-low latency for good networks' },
				{ name: 'Default', value: 'default', description: 'Same as AI Server' },
			],
			default: 'default',
		},
		{
			displayName: 'Data Channel',
			name: 'dataChannel',
			type: 'options',
			options: [
				{ name: 'Data Stream (RTC)', value: 'datastream', description: 'Default' },
				{ name: 'RTM', value: 'rtm', description: 'Needs Advanced Features › Enable RTM' },
			],
			default: 'datastream',
			description: 'Transport of metrics and error events to client apps (and of manual turn signals)',
		},
		{
			displayName: 'Enable Error Messages',
			name: 'enableErrorMessage',
			type: 'boolean',
			default: false,
			description: 'Whether client apps receive agent error events (needs Enable RTM)',
		},
		{
			displayName: 'Enable Metrics',
			name: 'enableMetrics',
			type: 'boolean',
			default: false,
			description: 'Whether client apps receive agent performance data (needs Enable RTM)',
		},
		{
			displayName: 'Graceful Stop',
			name: 'gracefulEnabled',
			type: 'boolean',
			default: false,
			description: 'Whether a stop request lets the agent finish (reach IDLE) before it leaves',
		},
		{
			displayName: 'Graceful Stop Timeout (Seconds)',
			name: 'gracefulTimeoutSeconds',
			type: 'number',
			typeOptions: { minValue: 0, numberPrecision: 0 },
			default: 30,
			description: 'Longest wait for IDLE on stop (default 30); only with Graceful Stop',
		},
		{
			displayName: 'Opt Out of Data Retention',
			name: 'optOut',
			type: 'boolean',
			default: false,
			description:
				'Whether Agora keeps no text or audio of the session (opt_out); troubleshooting and session reviews are then not possible',
		},
		{
			displayName: 'Silence Action',
			name: 'silenceAction',
			type: 'options',
			options: [
				{ name: 'Speak', value: 'speak', description: 'The prompt is spoken (default)' },
				{ name: 'Think', value: 'think', description: 'The prompt is passed to the LLM' },
			],
			default: 'speak',
		},
		{
			displayName: 'Silence Prompt',
			name: 'silenceContent',
			type: 'string',
			default: '',
			placeholder: 'e.g. Are you still there?',
			description: 'What the silence reminder says or asks; required when Silence Timeout is above 0',
		},
		{
			displayName: 'Silence Timeout (Ms)',
			name: 'silenceTimeoutMs',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: 60000, numberPrecision: 0 },
			default: 0,
			description: 'Silence before the reminder, 0 to 60000 ms; 0 (default) turns it off. Not used with MLLM.',
		},
	],
};

export const labelsField = keyValueField({
	displayName: 'Labels',
	name: 'labels',
	itemName: 'Label',
	description: 'Key-value pairs bound to the agent and returned in every notification about it',
	namePlaceholder: 'e.g. ticket',
	valuePlaceholder: 'e.g. T-1234',
});

export const fillerWordsFields = fillerFields;
export const behaviourFields: INodeProperties[] = [parametersField, labelsField];

export function buildFillerWords(r: FormReader): IDataObject | undefined {
	if (!r.get('enableFillerWords', false)) return undefined;
	const list = (r.get<IDataObject>('fillerPhrases', {}).phrases ?? []) as IDataObject[];
	const phrases = list.map((entry) => String(entry.text ?? '').trim()).filter(Boolean);
	if (phrases.length === 0) r.fail('properties.filler_words.content.static_config.phrases', 'needs at least one phrase when Filler Words is on');
	return {
		enable: true,
		trigger: { mode: 'fixed_time', fixed_time_config: { response_wait_ms: r.get('fillerResponseWaitMs', 1500) } },
		content: { mode: 'static', static_config: { phrases, selection_rule: r.get('fillerSelectionRule', 'shuffle') } },
	};
}

export function buildParameters(r: FormReader): IDataObject | undefined {
	const o = r.get<IDataObject>('agentParameters', {});
	const out: IDataObject = {};
	const silence: IDataObject = {};
	put(silence, 'timeout_ms', o.silenceTimeoutMs);
	put(silence, 'action', o.silenceAction);
	put(silence, 'content', text(o.silenceContent));
	put(out, 'silence_config', nonEmpty(silence));
	const farewell: IDataObject = {};
	put(farewell, 'graceful_enabled', o.gracefulEnabled);
	put(farewell, 'graceful_timeout_seconds', o.gracefulTimeoutSeconds);
	put(out, 'farewell_config', nonEmpty(farewell));
	put(out, 'data_channel', o.dataChannel);
	put(out, 'enable_metrics', o.enableMetrics);
	put(out, 'enable_error_message', o.enableErrorMessage);
	put(out, 'audio_scenario', o.audioScenario);
	put(out, 'opt_out', o.optOut);
	return nonEmpty(out);
}

export function buildLabels(r: FormReader): Record<string, string> | undefined {
	return readKeyValues(r.get('labels', {}));
}

/** How the agent is built: cascade (ASR → LLM → TTS), a multimodal model, or a saved pipeline. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { MODE } from './display';
import { compact, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';

/** Agora's deprecated presets: the form shows them last. */
export const presetField: INodeProperties = {
	displayName: 'Presets',
	name: 'preset',
	type: 'string',
	default: '',
	placeholder: 'e.g. deepgram_nova_3,openai_gpt_5_mini',
	description:
		'Comma-separated Agora presets, each a predefined ASR, LLM or TTS configuration; a provider covered by a preset needs no URL, API key or model',
	hint: 'Deprecated by Agora in favour of Credentials › Agora Managed in each provider',
};

export const pipelineFields: INodeProperties[] = [
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'Cascade Pipeline (ASR → LLM → TTS)',
				value: 'cascade',
				description: 'Speech recognition, then a large language model, then text-to-speech',
			},
			{
				name: 'Multimodal Model (MLLM)',
				value: 'mllm',
				description: 'A realtime voice-to-voice model; ASR, LLM and TTS are not used',
			},
			{
				name: 'Saved Pipeline',
				value: 'pipeline',
				description:
					'A published agent configuration (pipeline_id); anything set here overrides it',
			},
		],
		default: 'cascade',
		// n8n drops the values of the fields a change hides, at once: say so before the switch.
		hint: 'Switching Mode clears the settings only this mode shows (n8n drops hidden fields). To try another mode, duplicate the node first.',
		description: 'How the agent hears, thinks and speaks',
	},
	{
		displayName: 'Pipeline ID',
		name: 'pipelineId',
		type: 'string',
		required: true,
		default: '',
		description:
			'ID of a published saved agent configuration, used as the base; ASR, LLM and TTS settings become optional overrides',
		displayOptions: { show: { mode: [MODE.pipeline] } },
	},
	presetField,
	{
		displayName: 'Override LLM Settings',
		name: 'overrideLlm',
		type: 'boolean',
		default: false,
		description: 'Whether to give LLM settings that override the saved pipeline’s',
		displayOptions: { show: { mode: [MODE.pipeline] } },
	},
	{
		displayName: 'Override TTS Settings',
		name: 'overrideTts',
		type: 'boolean',
		default: false,
		description: 'Whether to give TTS settings that override the saved pipeline’s',
		displayOptions: { show: { mode: [MODE.pipeline] } },
	},
];

/** The body's top-level preset and pipeline_id. */
export function buildPipelineRef(r: FormReader): IDataObject {
	const pipeline = r.get<string>('mode', MODE.cascade) === MODE.pipeline;
	const pipelineId = pipeline ? String(r.get('pipelineId', '')).trim() : undefined;
	// Without it the saved-pipeline mode would quietly start a plain agent.
	if (pipelineId === '') r.fail('pipeline_id', 'is required in Saved Pipeline mode');
	return compact({ preset: text(r.get('preset', ''))?.trim(), pipeline_id: pipelineId });
}

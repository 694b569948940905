/** The multimodal (voice-to-voice) model (properties.mllm) and its turn detection. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { VENDOR_KEY_HINT } from './vendorKeys';
import { MLLM_ONLY, NOT_SET, withShow } from './display';
import { buildMcpServers, mcpServersField } from './mcp';
import { buildHttpTools, httpToolsFields } from './httpTools';
import { compact, modalities, nonEmpty, plainConfig, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';
import { builds } from '../form/labels';

/** Vertex AI authenticates with ADC credentials, not an API key (Agora's Vertex AI page). */
const VERTEX_AI = 'vertexai';

/** Older workflows saved `platform_vad`, the earlier name of Agora's own VAD. */
const AGORA_VAD = ['agora_vad', 'platform_vad'];

const vadTimingOptions: INodeProperties[] = [
	{
		displayName: 'Prefix Padding (Ms)',
		name: 'prefix_padding_ms',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 800,
		description: 'Audio kept before the detected start of speech',
	},
	{
		displayName: 'Silence Duration (Ms)',
		name: 'silence_duration_ms',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 640,
		description: 'Silence that ends the user’s speech',
	},
	{
		displayName: 'Threshold',
		name: 'threshold',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 1, numberPrecision: 2 },
		default: 0.5,
		description: 'Sensitivity; higher reduces false positives',
	},
];

const modelFields: INodeProperties[] = [
	builds('properties.mllm', {
		displayName: 'MLLM Vendor',
		name: 'mllmVendor',
		type: 'options',
		options: [
			{ name: 'Azure OpenAI', value: 'azure' },
			{ name: 'Gemini Live', value: 'gemini' },
			{ name: 'Gemini Live (Vertex AI)', value: 'vertexai' },
			{ name: 'OpenAI GPT-Live', value: 'openai-gpt-live' },
			{ name: 'OpenAI Realtime', value: 'openai' },
			{ name: 'xAI Grok', value: 'xai' },
		],
		default: 'openai',
		description: 'Realtime model provider. Any other identifier can be given by expression.',
	}),
	{
		displayName: 'MLLM URL',
		name: 'mllmUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. wss://api.openai.com/v1/realtime',
		description: 'WebSocket URL of the realtime model. Left out when empty.',
	},
	{
		displayName: 'MLLM API Key',
		name: 'mllmApiKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		hint: VENDOR_KEY_HINT,
		displayOptions: { hide: { mllmVendor: ['vertexai'] } },
		description:
			'Key for the realtime model. Required unless a preset provides it. Never appears in the output.',
	},
	{
		displayName: 'Google Cloud Project ID',
		name: 'mllmProjectId',
		type: 'string',
		default: '',
		displayOptions: { show: { mllmVendor: ['vertexai'] } },
		description: 'Vertex AI project of the Gemini Live model (mllm.project_id)',
	},
	{
		displayName: 'Google Cloud Location',
		name: 'mllmLocation',
		type: 'string',
		default: '',
		placeholder: 'e.g. us-central1',
		displayOptions: { show: { mllmVendor: ['vertexai'] } },
		description: 'Region hosting the model (mllm.location)',
	},
	builds(
		['properties.mllm.adc_credentials_string', 'properties.mllm.params.adc_credentials_string'],
		{
			displayName: 'ADC Credentials',
			name: 'mllmAdcCredentials',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			hint: VENDOR_KEY_HINT,
			displayOptions: { show: { mllmVendor: ['vertexai'] } },
			description:
				'Base64-encoded Google Application Default Credentials (mllm.adc_credentials_string). Vertex AI takes no API key.',
		},
	),
	{
		displayName: 'MLLM Params (JSON)',
		name: 'mllmParams',
		type: 'json',
		default: '{}',
		description:
			'Extra model parameters, e.g. {"model": "gpt-4o-realtime-preview", "voice": "alloy"}. Its modalities and turn detection are overridden by the fields below.',
	},
	{
		displayName: 'MLLM Options',
		name: 'mllmOptions',
		description: 'Greeting, modalities, memory and tools of the realtime model',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Greeting Message',
				name: 'greetingMessage',
				type: 'string',
				default: '',
				description: 'What the agent says when the first user joins',
			},
			{
				displayName: 'Input Modalities',
				name: 'inputModalities',
				type: 'options',
				options: [
					{ name: 'Audio', value: 'audio', description: 'Default' },
					{ name: 'Audio and Text', value: 'audio,text' },
				],
				default: 'audio',
			},
			mcpServersField,
			{
				displayName: 'Messages (JSON)',
				name: 'messages',
				type: 'json',
				default: '[]',
				description: 'Conversation items for the short-term memory, as a JSON array of objects',
			},
			{
				displayName: 'Output Modalities',
				name: 'outputModalities',
				type: 'options',
				options: [
					{ name: 'Audio', value: 'audio', description: 'Voice only' },
					{ name: 'Text and Audio', value: 'text,audio', description: 'Default' },
				],
				default: 'text,audio',
			},
			...httpToolsFields,
		],
	},
];

const turnFields: INodeProperties[] = [
	{
		displayName: 'MLLM Turn Detection',
		name: 'mllmTurnDetectionMode',
		type: 'options',
		options: [
			{
				name: 'Agora VAD',
				value: 'agora_vad',
				description: 'Agora’s own voice activity detection',
			},
			{ name: 'Not Set', value: 'notSet', description: 'Leave it to the model’s defaults' },
			{
				name: 'Semantic VAD',
				value: 'semantic_vad',
				description: 'Semantic detection (OpenAI Realtime only)',
			},
			{
				name: 'Server VAD',
				value: 'server_vad',
				description: 'Provider-side detection (OpenAI Realtime and Gemini Live)',
			},
		],
		default: 'notSet',
		description:
			'How the end of the user’s turn is detected (mllm.turn_detection.mode). Any other mode can be given by expression.',
	},
	{
		// Named after the earlier platform_vad so that saved workflows keep their settings.
		displayName: 'Agora VAD Config',
		name: 'mllmPlatformVadConfig',
		description:
			'Settings of Agora’s own voice activity detection for the realtime model (mllm.turn_detection.agora_vad_config)',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { mllmTurnDetectionMode: AGORA_VAD } },
		options: [
			{
				displayName: 'Interrupt Duration (Ms)',
				name: 'interrupt_duration_ms',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 160,
				description: 'Minimum speech that triggers an interruption',
			},
			...vadTimingOptions,
		],
	},
	{
		displayName: 'Server VAD Config',
		name: 'mllmServerVadConfig',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Passed through to the provider; some fields apply to one provider only',
		displayOptions: { show: { mllmTurnDetectionMode: ['server_vad'] } },
		options: [
			{
				displayName: 'End of Speech Sensitivity (Gemini)',
				name: 'end_of_speech_sensitivity',
				type: 'options',
				options: [
					{ name: 'High', value: 'END_SENSITIVITY_HIGH' },
					{ name: 'Low', value: 'END_SENSITIVITY_LOW' },
				],
				default: 'END_SENSITIVITY_HIGH',
			},
			{
				displayName: 'Idle Timeout (Ms, OpenAI)',
				name: 'idle_timeout_ms',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
			},
			...vadTimingOptions,
			{
				displayName: 'Start of Speech Sensitivity (Gemini)',
				name: 'start_of_speech_sensitivity',
				type: 'options',
				options: [
					{ name: 'High', value: 'START_SENSITIVITY_HIGH' },
					{ name: 'Low', value: 'START_SENSITIVITY_LOW' },
				],
				default: 'START_SENSITIVITY_HIGH',
			},
		],
	},
	{
		displayName: 'Eagerness',
		name: 'mllmSemanticEagerness',
		type: 'options',
		options: [
			{ name: 'Auto (Medium)', value: 'auto' },
			{ name: 'High', value: 'high' },
			{ name: 'Low', value: 'low' },
			{ name: 'Medium', value: 'medium' },
		],
		default: 'auto',
		description:
			'How quickly the model decides that the user has finished (semantic_vad_config.eagerness)',
		displayOptions: { show: { mllmTurnDetectionMode: ['semantic_vad'] } },
	},
];

export const mllmFields: INodeProperties[] = [...modelFields, ...turnFields].map((property) =>
	withShow(property, MLLM_ONLY),
);

function buildMllmTurnDetection(r: FormReader): IDataObject | undefined {
	let mode = String(r.get('mllmTurnDetectionMode', NOT_SET));
	if (mode === NOT_SET || mode.trim() === '') return undefined;
	// The current reference's name is sent whichever name the workflow saved.
	if (AGORA_VAD.includes(mode)) mode = 'agora_vad';
	return compact({
		mode,
		agora_vad_config:
			mode === 'agora_vad' ? nonEmpty(plainConfig(r.get('mllmPlatformVadConfig', {}))) : undefined,
		server_vad_config:
			mode === 'server_vad' ? nonEmpty(plainConfig(r.get('mllmServerVadConfig', {}))) : undefined,
		semantic_vad_config:
			mode === 'semantic_vad' ? { eagerness: r.get('mllmSemanticEagerness', 'auto') } : undefined,
	});
}

export function buildMllm(r: FormReader): IDataObject {
	const vendor = text(r.get('mllmVendor', ''));
	const vertex = vendor === VERTEX_AI;
	const o = r.get<IDataObject>('mllmOptions', {});
	return compact({
		enable: true,
		vendor,
		url: text(r.get('mllmUrl', '')),
		adc_credentials_string: vertex ? text(r.get('mllmAdcCredentials', '')) : undefined,
		project_id: vertex ? text(r.get('mllmProjectId', '')) : undefined,
		location: vertex ? text(r.get('mllmLocation', '')) : undefined,
		api_key: vertex ? undefined : text(r.get('mllmApiKey', '')),
		params: r.json(r.get('mllmParams', ''), 'properties.mllm.params'),
		messages: r.array(o.messages, 'properties.mllm.messages'),
		input_modalities: modalities(o.inputModalities),
		output_modalities: modalities(o.outputModalities),
		greeting_message: text(o.greetingMessage),
		mcp_servers: buildMcpServers(r, o.mcpServers, { path: 'properties.mllm.mcp_servers' }),
		tools: buildHttpTools(r, o.tools, 'mllm'),
		turn_detection: buildMllmTurnDetection(r),
	});
}

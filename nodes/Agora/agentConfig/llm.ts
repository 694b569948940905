/** The large language model (properties.llm), greeting settings included. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { VENDOR_KEY_HINT } from './vendorKeys';
import {
	keyValueField,
	readKeyValues,
	readSystemMessages,
	systemMessagesField,
} from '../form/commonFields';
import { builds } from '../form/labels';
import { credentialModeOption } from './display';
import { buildHttpTools, httpToolsFields } from './httpTools';
import { buildMcpServers, mcpServersField } from './mcp';
import { compact, group, modalities, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';
import { GREETING_AUDIO_TIMEOUT_MS } from '../schemas/agentPipeline';

const greetingOptions: INodeProperties[] = [
	builds('properties.llm.greeting_configs.audio_download_timeout_ms', {
		displayName: 'Greeting Audio Download Timeout (ms)',
		name: 'greetingAudioTimeoutMs',
		type: 'number',
		typeOptions: {
			minValue: GREETING_AUDIO_TIMEOUT_MS.min,
			maxValue: GREETING_AUDIO_TIMEOUT_MS.max,
			numberPrecision: 0,
		},
		default: 1000,
		description: `How long to wait for the greeting recording, ${GREETING_AUDIO_TIMEOUT_MS.min} to ${GREETING_AUDIO_TIMEOUT_MS.max} ms (default 1000); then the greeting message is spoken instead`,
	}),
	builds('properties.llm.greeting_configs.audio_pcm_sample_rate', {
		displayName: 'Greeting Audio PCM Sample Rate (Hz)',
		name: 'greetingAudioPcmSampleRate',
		type: 'number',
		typeOptions: { minValue: 1, numberPrecision: 0 },
		default: 16000,
		description:
			'Sample rate of a .pcm greeting recording (default 16000); not needed for mp3 or wav',
	}),
	{
		displayName: 'Greeting Audio URL',
		name: 'greetingAudioUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/greeting.mp3',
		description:
			'A recording (mp3, wav or pcm) played as the greeting instead of speaking the greeting message: http:// or https://, at most 2048 bytes. The greeting message is required with it, as the fallback.',
	},
	builds('properties.llm.greeting_configs.delay_ms', {
		displayName: 'Greeting Delay (ms)',
		name: 'greetingDelayMs',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 0,
		description: 'Delay before the greeting plays after a user joins',
	}),
	builds('properties.llm.greeting_configs.interruptable', {
		displayName: 'Greeting Interruptable',
		name: 'greetingInterruptable',
		type: 'boolean',
		default: true,
		description:
			'Whether the greeting follows the interruption settings (default). Off: it plays in full, and speech during it is answered afterwards.',
	}),
	{
		displayName: 'Greeting Message',
		name: 'greetingMessage',
		type: 'string',
		default: '',
		placeholder: 'e.g. Hi! How can I help you today?',
		description: 'What the agent says when a user joins (and the fallback of a greeting recording)',
	},
	builds('properties.llm.greeting_configs.mode', {
		displayName: 'Greeting Mode',
		name: 'greetingMode',
		type: 'options',
		options: [
			{
				name: 'Every User',
				value: 'single_every',
				description: 'Greet every user who joins (default)',
			},
			{
				name: 'First User Only',
				value: 'single_first',
				description: 'Greet only the first user who joins',
			},
		],
		default: 'single_every',
	}),
];

const otherOptions: INodeProperties[] = [
	keyValueField({
		displayName: 'Custom Headers',
		name: 'headers',
		itemName: 'Header',
		description:
			'Headers sent to the LLM, merged with the engine’s own by exact (case-sensitive) name; on a conflict the engine’s header wins',
		namePlaceholder: 'e.g. X-Tenant',
		secretValues: true,
	}),
	{
		displayName: 'Failure Message',
		name: 'failureMessage',
		type: 'string',
		default: '',
		description: 'Spoken when the LLM call fails',
	},
	{
		displayName: 'Input Modalities',
		name: 'inputModalities',
		type: 'options',
		options: [
			{ name: 'Text', value: 'text', description: 'Default' },
			{ name: 'Text and Image', value: 'text,image', description: 'Needs a vision-capable LLM' },
		],
		default: 'text',
	},
	{
		displayName: 'Max History',
		name: 'maxHistory',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 32,
		description:
			'Messages kept in the conversation memory (user and agent messages, tool calls). Default 32.',
	},
	mcpServersField,
	...httpToolsFields,
	{
		displayName: 'Output Modalities',
		name: 'outputModalities',
		type: 'options',
		options: [
			{
				name: 'Audio',
				value: 'audio',
				description:
					'The LLM’s voice is published directly; no TTS is sent. Not with an n8n workflow, whose Reply is text.',
			},
			{ name: 'Text', value: 'text', description: 'Text is voiced by TTS (default)' },
			{
				name: 'Text and Audio',
				value: 'text,audio',
				description: 'Both; your own logic handles the output',
			},
		],
		default: 'text',
	},
	{
		displayName: 'Request Style',
		name: 'style',
		type: 'options',
		options: [
			{ name: 'Anthropic', value: 'anthropic' },
			{ name: 'Dify', value: 'dify' },
			{ name: 'Gemini', value: 'gemini', description: 'Google Gemini and Vertex AI' },
			{ name: 'OpenAI Compatible', value: 'openai', description: 'Default' },
		],
		default: 'openai',
		description:
			'Request format of the chat completion. Any other style can be given by expression.',
	},
	keyValueField({
		displayName: 'Template Variables',
		name: 'templateVariables',
		itemName: 'Variable',
		description:
			'Values for {{name}} placeholders in system messages, greeting, failure message and silence prompt. A value cannot refer to another variable.',
		namePlaceholder: 'e.g. customer_name',
	}),
	{
		displayName: 'Vendor',
		name: 'vendor',
		type: 'options',
		options: [
			{ name: 'Azure OpenAI', value: 'azure' },
			{
				name: 'Custom',
				value: 'custom',
				description: 'Each request also carries turn_id and timestamp',
			},
			{ name: 'OpenAI', value: 'openai' },
			{ name: 'xAI Grok', value: 'xai' },
		],
		default: 'custom',
		description: 'LLM vendor. Any other identifier can be given by expression.',
	},
];

/** The choice that makes an n8n workflow the agent's LLM: Agora's custom LLM, OpenAI style. */
const LLM_SOURCE = { service: 'service', n8nWorkflow: 'n8nWorkflow' } as const;

const llmUrlField: INodeProperties = builds('properties.llm', {
	displayName: 'LLM URL',
	name: 'llmUrl',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://api.openai.com/v1/chat/completions',
	description:
		'Chat-completion endpoint the agent calls. Required, unless a preset or the saved pipeline provides the LLM.',
});

export const llmFields: INodeProperties[] = [
	{
		displayName: 'LLM',
		name: 'llmSource',
		type: 'options',
		options: [
			{
				name: 'An LLM Service',
				value: LLM_SOURCE.service,
				description: 'Any chat-completion endpoint: OpenAI, Azure, your own server',
			},
			{
				name: 'A Workflow (Agora Agent LLM Trigger)',
				value: LLM_SOURCE.n8nWorkflow,
				description:
					'A workflow that starts with the Agora Agent LLM Trigger answers as the agent’s LLM (vendor custom, style openai)',
			},
		],
		default: 'service',
		description: 'What the agent thinks with',
	},
	{
		...llmUrlField,
		hint: 'Your LLM provider’s chat-completion URL (see its API docs) or your own service’s. Left empty, it comes from the Vendor Keys credential.',
		displayOptions: { show: { llmSource: [LLM_SOURCE.service] } },
	},
	{
		...llmUrlField,
		default: '',
		placeholder: 'e.g. https://n8n.example.com/webhook/4f1c…/chat/completions',
		hint: 'Paste the Production URL of the Agora Agent LLM Trigger (Webhook URLs), with the workflow active. It must be public HTTPS.',
		description: 'The Agora Agent LLM Trigger’s Production URL',
		displayOptions: { show: { llmSource: [LLM_SOURCE.n8nWorkflow] } },
	},
	{
		displayName: 'LLM API Key',
		name: 'llmApiKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		hint: VENDOR_KEY_HINT,
		description:
			'Key sent to the LLM (expected in production; not needed with Agora Managed credentials). For an n8n workflow: the API Key of the trigger’s Agora Agent LLM credential. Never appears in the output.',
	},
	systemMessagesField(
		'llmSystemMessages',
		'Predefined input given to the LLM: instructions and examples. Placeholders {{name}} are replaced by Template Variables.',
	),
	{
		displayName: 'LLM Params (JSON)',
		name: 'llmParams',
		type: 'json',
		default: '{}',
		description:
			'Extra LLM parameters, e.g. {"model": "gpt-4o-mini", "max_tokens": 1024}. Left out when empty.',
	},
	builds('properties.llm.greeting_configs', {
		displayName: 'LLM Options',
		name: 'llmOptions',
		description:
			'Greeting, failure message, history, modalities, vendor and request style, tools and other LLM settings',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [credentialModeOption, ...greetingOptions, ...otherOptions].sort((a, b) =>
			a.displayName.localeCompare(b.displayName),
		),
	}),
];

export function buildLlm(r: FormReader): IDataObject {
	const params = r.json(r.get('llmParams', ''), 'properties.llm.params');
	const o = r.get<IDataObject>('llmOptions', {});
	const outputModalities = modalities(o.outputModalities);
	// An n8n workflow answers as Agora's custom LLM: vendor custom (turn_id, timestamp), OpenAI style.
	const n8nWorkflow = r.get<string>('llmSource', LLM_SOURCE.service) === LLM_SOURCE.n8nWorkflow;
	// Audio alone means no TTS: the workflow's Reply sends text only, so the agent would say nothing.
	if (n8nWorkflow && outputModalities?.length === 1 && outputModalities[0] === 'audio') {
		r.fail(
			'properties.llm.output_modalities',
			'Audio needs an LLM that returns speech, and an n8n workflow’s Agora Agent Reply sends text only: the agent would stay silent. Choose Text (voiced by the TTS)',
		);
	}
	return compact({
		url: text(r.get('llmUrl', '')),
		api_key: text(r.get('llmApiKey', '')),
		system_messages: readSystemMessages(r.get('llmSystemMessages', {})),
		params,
		credential_mode: text(o.credentialMode),
		max_history: o.maxHistory,
		input_modalities: modalities(o.inputModalities),
		output_modalities: outputModalities,
		greeting_message: text(o.greetingMessage),
		greeting_audio_url: text(o.greetingAudioUrl)?.trim(),
		greeting_configs: group({
			mode: o.greetingMode,
			delay_ms: o.greetingDelayMs,
			interruptable: o.greetingInterruptable,
			audio_download_timeout_ms: o.greetingAudioTimeoutMs,
			audio_pcm_sample_rate: o.greetingAudioPcmSampleRate,
		}),
		failure_message: text(o.failureMessage),
		vendor: text(o.vendor) ?? (n8nWorkflow ? 'custom' : undefined),
		style: text(o.style) ?? (n8nWorkflow ? 'openai' : undefined),
		template_variables: readKeyValues(o.templateVariables),
		headers: readKeyValues(o.headers),
		mcp_servers: buildMcpServers(r, o.mcpServers, { path: 'properties.llm.mcp_servers' }),
		tools: buildHttpTools(r, o.tools),
	});
}

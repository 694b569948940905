/**
 * The Start form: every field of the start (join) request, grouped the way a person sets up an
 * agent. A group appears only when its mode needs it or when it is switched on; unset fields are
 * left out of the request (start.body.ts maps the form to the body).
 */
import type { INodeProperties } from 'n8n-workflow';

import { keyValueField, systemMessagesField } from './fields';

export const MODE = { cascade: 'cascade', mllm: 'mllm', pipeline: 'pipeline' } as const;
/** Options value meaning "leave the field out, the service default applies". */
export const NOT_SET = 'notSet';

type Show = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

function withShow(property: INodeProperties, show: Show): INodeProperties {
	const current = property.displayOptions?.show ?? {};
	return { ...property, displayOptions: { ...property.displayOptions, show: { ...current, ...show } } };
}

/**
 * LLM and TTS settings: always in cascade mode; in saved-pipeline mode only when the user chooses
 * to override the pipeline's own settings. The same fields are declared twice, each copy with its
 * own display rule (n8n reads whichever copy is displayed).
 */
function cascadeOrOverride(properties: INodeProperties[], overrideFlag: string): INodeProperties[] {
	return [
		...properties.map((property) => withShow(property, { mode: [MODE.cascade] })),
		...properties.map((property) => withShow(property, { mode: [MODE.pipeline], [overrideFlag]: [true] })),
	];
}

const NOT_MLLM = { mode: [MODE.cascade, MODE.pipeline] };

// ---------------------------------------------------------------- identity and channel

const coreFields: INodeProperties[] = [
	{
		displayName: 'Agent Name',
		name: 'name',
		type: 'string',
		required: true,
		default: "={{ 'n8n-' + $execution.id + '-' + $nodeId + '-' + $itemIndex }}",
		description:
			'Unique name of the agent; a name in use by a running agent is refused (409). The default is unique per execution, node and item, and the same when n8n runs the execution again after a worker crash, so the repeat finds the agent instead of starting a second one. A fixed name makes sure that at most one agent with it runs.',
	},
	{
		displayName: 'Channel Name',
		name: 'channel',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'support-room-42',
		description: 'Channel the agent joins',
	},
	{
		displayName: 'User UID',
		name: 'remoteRtcUid',
		type: 'string',
		required: true,
		default: '',
		placeholder: '1002',
		description:
			'UID of the user the agent listens and answers to (remote_rtc_uids; Agora supports one user). Digits only unless String UIDs is on.',
	},
	{
		displayName: 'Agent UID',
		name: 'agentRtcUid',
		type: 'string',
		default: '0',
		description:
			'UID of the agent in the channel; it must be unique there. 0 (default) lets Agora assign a random UID. Digits only unless String UIDs is on.',
	},
	{
		displayName: 'String UIDs',
		name: 'enableStringUid',
		type: 'boolean',
		default: false,
		description:
			'Whether the agent UID and user UID are string user accounts (enable_string_uid). Off (default): both must be integers.',
	},
	{
		displayName: 'Channel Token',
		name: 'token',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description:
			'Token the agent joins the channel with. Leave empty to have a 24-hour token generated from the App Certificate of the credential (with RTM privileges when Enable RTM is on); without a certificate an empty token is sent, which suits projects with no App Certificate.',
	},
	{
		displayName: 'Idle Timeout (Seconds)',
		name: 'idleTimeout',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 0 },
		default: 30,
		description:
			'The agent leaves the channel this long after the user has left. 0 keeps it until it is stopped. Default 30.',
	},
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
				description: 'A published agent configuration (pipeline_id); anything set here overrides it',
			},
		],
		default: 'cascade',
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
	{
		displayName: 'Presets',
		name: 'preset',
		type: 'string',
		default: '',
		placeholder: 'preset_a,preset_b',
		description:
			'Comma-separated Agora presets, each a predefined ASR, LLM or TTS configuration. For a provider covered by a preset, URL, API key and model need not be given.',
	},
];

// ---------------------------------------------------------------- ASR, LLM, TTS

const asrField: INodeProperties = {
	displayName: 'Speech Recognition (ASR)',
	name: 'asr',
	type: 'collection',
	placeholder: 'Add ASR Setting',
	default: {},
	description: 'Speech recognition settings; left out when empty (Agora’s ARES recognizer is the default)',
	displayOptions: { show: NOT_MLLM },
	options: [
		{
			displayName: 'Language',
			name: 'language',
			type: 'string',
			default: 'en-US',
			description: 'Language of the user’s speech, e.g. en-US, zh-CN',
		},
		{
			displayName: 'Params (JSON)',
			name: 'params',
			type: 'json',
			default: '{}',
			description: 'Provider-specific settings (key, model, …) for the chosen vendor',
		},
		{
			displayName: 'Vendor',
			name: 'vendor',
			type: 'options',
			options: [
				{ name: 'Amazon', value: 'amazon' },
				{ name: 'ARES (Agora)', value: 'ares' },
				{ name: 'AssemblyAI', value: 'assemblyai' },
				{ name: 'Deepgram', value: 'deepgram' },
				{ name: 'Google', value: 'google' },
				{ name: 'Microsoft Azure', value: 'microsoft' },
				{ name: 'OpenAI', value: 'openai' },
				{ name: 'Sarvam', value: 'sarvam' },
				{ name: 'Speechmatics', value: 'speechmatics' },
				{ name: 'xAI', value: 'xai' },
			],
			default: 'ares',
			description: 'Speech recognition provider (default ares). Any other identifier can be given by expression.',
		},
	],
};

const mcpServersField: INodeProperties = {
	displayName: 'MCP Servers',
	name: 'mcpServers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add MCP Server',
	default: {},
	description: 'Tool servers the agent may call. Also turn on Advanced Features › Enable Tools.',
	options: [
		{
			displayName: 'Server',
			name: 'servers',
			values: [
				{
					displayName: 'Allowed Tools',
					name: 'allowedToolsMode',
					type: 'options',
					options: [
						{
							name: 'All Tools',
							value: 'all',
							description: 'Field left out: every tool of the server is enabled',
						},
						{
							name: 'No Tools',
							value: 'none',
							description: 'Sends an empty list []: no tool of the server may be called',
						},
						{
							name: 'Only These Tools',
							value: 'list',
							description: 'Only the named tools; a "*" in the list enables all of them',
						},
					],
					default: 'all',
				},
				{
					displayName: 'Endpoint',
					name: 'endpoint',
					type: 'string',
					default: '',
					placeholder: 'https://mcp.example.com/mcp',
					description: 'Server address',
				},
				{
					displayName: 'Headers (JSON)',
					name: 'headers',
					type: 'json',
					default: '{}',
					description: 'HTTP headers sent to the server, e.g. {"Authorization": "Bearer …"}. Values never appear in the output.',
				},
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'weather',
					description: 'Unique server identifier: 1 to 48 English letters and digits',
				},
				{
					displayName: 'Timeout (Ms)',
					name: 'timeoutMs',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 0 },
					default: 0,
					description: 'How long the agent waits for a tool answer before it goes on. 0 leaves Agora’s default.',
				},
				{
					displayName: 'Tool Names',
					name: 'allowedTools',
					type: 'string',
					default: '',
					placeholder: 'get_weather, get_forecast',
					description: 'Comma-separated tool names. "*" (alone or in the list) means all tools.',
					displayOptions: { show: { allowedToolsMode: ['list'] } },
				},
				{
					displayName: 'Transport',
					name: 'transport',
					type: 'options',
					options: [{ name: 'Streamable HTTP', value: 'streamable_http' }],
					default: 'streamable_http',
				},
			],
		},
	],
};

const llmFields: INodeProperties[] = [
	{
		displayName: 'LLM URL',
		name: 'llmUrl',
		type: 'string',
		default: '',
		placeholder: 'https://api.openai.com/v1/chat/completions',
		description:
			'Chat-completion endpoint the agent calls. Required, unless a preset or the saved pipeline provides the LLM.',
	},
	{
		displayName: 'LLM API Key',
		name: 'llmApiKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Key sent to the LLM (expected in production). Never appears in the output.',
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
		description: 'Extra LLM parameters, e.g. {"model": "gpt-4o-mini", "max_tokens": 1024}. Left out when empty.',
	},
	{
		displayName: 'LLM Options',
		name: 'llmOptions',
		type: 'collection',
		placeholder: 'Add LLM Option',
		default: {},
		options: [
			keyValueField({
				displayName: 'Custom Headers',
				name: 'headers',
				itemName: 'Header',
				description:
					'Headers sent to the LLM, merged with the engine’s own by exact (case-sensitive) name; on a conflict the engine’s header wins',
				namePlaceholder: 'X-Tenant',
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
				displayName: 'Greeting Delay (Ms)',
				name: 'greetingDelayMs',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 5000, numberPrecision: 0 },
				default: 0,
				description: 'Delay before the greeting plays after a user joins, 0 to 5000 ms',
			},
			{
				displayName: 'Greeting Interruptable',
				name: 'greetingInterruptable',
				type: 'boolean',
				default: true,
				description:
					'Whether the greeting follows the interruption settings (default). Off: it plays in full, and speech during it is answered afterwards.',
			},
			{
				displayName: 'Greeting Message',
				name: 'greetingMessage',
				type: 'string',
				default: '',
				placeholder: 'Hi! How can I help you today?',
				description: 'What the agent says when a user joins',
			},
			{
				displayName: 'Greeting Mode',
				name: 'greetingMode',
				type: 'options',
				options: [
					{ name: 'Every User', value: 'single_every', description: 'Greet every user who joins (default)' },
					{ name: 'First User Only', value: 'single_first', description: 'Greet only the first user who joins' },
				],
				default: 'single_every',
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
				typeOptions: { minValue: 1, maxValue: 1024, numberPrecision: 0 },
				default: 32,
				description: 'Messages kept in the conversation memory, 1 to 1024. Default 32.',
			},
			mcpServersField,
			{
				displayName: 'Output Modalities',
				name: 'outputModalities',
				type: 'options',
				options: [
					{ name: 'Audio', value: 'audio', description: 'The LLM’s voice is published directly' },
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
					{ name: 'Gemini', value: 'gemini' },
					{ name: 'OpenAI Compatible', value: 'openai', description: 'Default' },
				],
				default: 'openai',
				description: 'Request format of the chat completion',
			},
			keyValueField({
				displayName: 'Template Variables',
				name: 'templateVariables',
				itemName: 'Variable',
				description:
					'Values for {{name}} placeholders in system messages, greeting, failure message and silence prompt. A value cannot refer to another variable.',
				namePlaceholder: 'customer_name',
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
				],
				default: 'custom',
				description: 'LLM vendor. Other identifiers can be given by expression.',
			},
		],
	},
];

const ttsFields: INodeProperties[] = [
	{
		displayName: 'TTS Vendor',
		name: 'ttsVendor',
		type: 'options',
		options: [
			{ name: 'Amazon Polly', value: 'amazon' },
			{ name: 'Cartesia', value: 'cartesia' },
			{ name: 'Deepgram', value: 'deepgram' },
			{ name: 'ElevenLabs', value: 'elevenlabs' },
			{ name: 'Fish Audio', value: 'fishaudio' },
			{ name: 'Google', value: 'google' },
			{ name: 'Hume AI', value: 'humeai' },
			{ name: 'Microsoft Azure', value: 'microsoft' },
			{ name: 'MiniMax', value: 'minimax' },
			{ name: 'Murf', value: 'murf' },
			{ name: 'OpenAI', value: 'openai' },
			{ name: 'Rime', value: 'rime' },
			{ name: 'Sarvam', value: 'sarvam' },
			{ name: 'xAI', value: 'xai' },
		],
		default: 'microsoft',
		description: 'Text-to-speech provider. Any other identifier can be given by expression.',
	},
	{
		displayName: 'TTS Params (JSON)',
		name: 'ttsParams',
		type: 'json',
		default: '{\n  "key": "",\n  "region": "eastus",\n  "voice_name": "en-US-AndrewMultilingualNeural"\n}',
		description:
			'Provider-specific settings (key, voice, model, …). Required unless a preset provides the TTS. Values never appear in the output.',
	},
	{
		displayName: 'TTS Skip Patterns',
		name: 'ttsSkipPatterns',
		type: 'multiOptions',
		options: [
			{ name: 'Chinese Parentheses （ ）', value: '1' },
			{ name: 'Chinese Square Brackets 【 】', value: '2' },
			{ name: 'Curly Braces { }', value: '5' },
			{ name: 'Parentheses ( )', value: '3' },
			{ name: 'Square Brackets [ ]', value: '4' },
		],
		default: [],
		description:
			'Bracketed text the TTS does not read aloud (only the outermost pair counts). The transcript and memory keep the full text.',
	},
];

const pipelineOverrideFlags: INodeProperties[] = [
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

// ---------------------------------------------------------------- MLLM

const MLLM_ONLY = { mode: [MODE.mllm] };

const mllmFields: INodeProperties[] = [
	{
		displayName: 'MLLM Vendor',
		name: 'mllmVendor',
		type: 'options',
		options: [
			{ name: 'Gemini', value: 'gemini' },
			{ name: 'OpenAI', value: 'openai' },
			{ name: 'Vertex AI', value: 'vertexai' },
			{ name: 'xAI', value: 'xai' },
		],
		default: 'openai',
		description: 'Realtime model provider',
	},
	{
		displayName: 'MLLM URL',
		name: 'mllmUrl',
		type: 'string',
		default: '',
		placeholder: 'wss://api.openai.com/v1/realtime',
		description: 'WebSocket URL of the realtime model. Left out when empty.',
	},
	{
		displayName: 'MLLM API Key',
		name: 'mllmApiKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Key for the realtime model. Required unless a preset provides it. Never appears in the output.',
	},
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
		type: 'collection',
		placeholder: 'Add MLLM Option',
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
				options: [{ name: 'Text and Audio', value: 'text,audio', description: 'The only value (default)' }],
				default: 'text,audio',
			},
		],
	},
	{
		displayName: 'MLLM Turn Detection',
		name: 'mllmTurnDetectionMode',
		type: 'options',
		options: [
			{ name: 'Not Set', value: 'notSet', description: 'Leave it to the model’s defaults' },
			{ name: 'Platform VAD', value: 'platform_vad', description: 'Agora’s own voice activity detection' },
			{ name: 'Semantic VAD', value: 'semantic_vad', description: 'Semantic detection (one realtime provider)' },
			{ name: 'Server VAD', value: 'server_vad', description: 'Provider-side detection (two realtime providers)' },
		],
		default: 'notSet',
		description: 'How the end of the user’s turn is detected (mllm.turn_detection)',
	},
	{
		displayName: 'Platform VAD Config',
		name: 'mllmPlatformVadConfig',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		displayOptions: { show: { mllmTurnDetectionMode: ['platform_vad'] } },
		options: [
			{
				displayName: 'Interrupt Duration (Ms)',
				name: 'interrupt_duration_ms',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 160,
				description: 'Minimum speech that triggers an interruption',
			},
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
		],
	},
	{
		displayName: 'Server VAD Config',
		name: 'mllmServerVadConfig',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		description: 'Passed through to the provider; some fields apply to one provider only',
		displayOptions: { show: { mllmTurnDetectionMode: ['server_vad'] } },
		options: [
			{
				displayName: 'End of Speech Sensitivity',
				name: 'end_of_speech_sensitivity',
				type: 'options',
				options: [
					{ name: 'High', value: 'END_SENSITIVITY_HIGH' },
					{ name: 'Low', value: 'END_SENSITIVITY_LOW' },
				],
				default: 'END_SENSITIVITY_HIGH',
			},
			{
				displayName: 'Idle Timeout (Ms)',
				name: 'idle_timeout_ms',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
			},
			{
				displayName: 'Prefix Padding (Ms)',
				name: 'prefix_padding_ms',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 300,
			},
			{
				displayName: 'Silence Duration (Ms)',
				name: 'silence_duration_ms',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 500,
			},
			{
				displayName: 'Start of Speech Sensitivity',
				name: 'start_of_speech_sensitivity',
				type: 'options',
				options: [
					{ name: 'High', value: 'START_SENSITIVITY_HIGH' },
					{ name: 'Low', value: 'START_SENSITIVITY_LOW' },
				],
				default: 'START_SENSITIVITY_HIGH',
			},
			{
				displayName: 'Threshold',
				name: 'threshold',
				type: 'number',
				typeOptions: { numberPrecision: 2 },
				default: 0.5,
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
		description: 'How quickly the model decides that the user has finished (semantic_vad_config.eagerness)',
		displayOptions: { show: { mllmTurnDetectionMode: ['semantic_vad'] } },
	},
].map((property) => withShow(property as INodeProperties, MLLM_ONLY));

// ---------------------------------------------------------------- turn detection (cascade)

const TURN = { ...NOT_MLLM, configureTurnDetection: [true] };

const turnDetectionFields: INodeProperties[] = [
	{
		displayName: 'Configure Turn Detection',
		name: 'configureTurnDetection',
		type: 'boolean',
		default: false,
		description: 'Whether to set how the start and end of the user’s speech are detected (turn_detection)',
		displayOptions: { show: NOT_MLLM },
	},
	{
		displayName: 'Speech Threshold',
		name: 'speechThreshold',
		type: 'number',
		typeOptions: { minValue: 0.01, maxValue: 0.99, numberPrecision: 2 },
		default: 0.5,
		description: 'Between 0 and 1 (both excluded), default 0.5. Lower detects speech more easily.',
		displayOptions: { show: TURN },
	},
	{
		displayName: 'Start of Speech',
		name: 'startOfSpeechMode',
		type: 'options',
		options: [
			{ name: 'Disabled', value: 'disabled', description: 'The user cannot interrupt; choose what happens to their speech' },
			{ name: 'Keywords', value: 'keywords', description: 'Only the given keywords interrupt the agent' },
			{ name: 'Not Set', value: 'notSet', description: 'Agora’s default' },
			{ name: 'Voice Activity (VAD)', value: 'vad', description: 'Any speech interrupts the agent' },
		],
		default: 'notSet',
		description: 'How the start of the user’s speech is detected while the agent talks',
		displayOptions: { show: TURN },
	},
	{
		displayName: 'Start of Speech VAD Config',
		name: 'startOfSpeechVad',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['vad'] } },
		options: [
			{
				displayName: 'Interrupt Duration (Ms)',
				name: 'interrupt_duration_ms',
				type: 'number',
				typeOptions: { minValue: 120, maxValue: 1200, numberPrecision: 0 },
				default: 160,
				description: 'Speech needed to interrupt, 120 to 1200 ms. Default 160.',
			},
			{
				displayName: 'Prefix Padding (Ms)',
				name: 'prefix_padding_ms',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 5000, numberPrecision: 0 },
				default: 800,
				description: 'Audio kept before the detected start, 0 to 5000 ms. Default 800.',
			},
			{
				displayName: 'Speaking Interrupt Duration (Ms)',
				name: 'speaking_interrupt_duration_ms',
				type: 'number',
				typeOptions: { minValue: 120, maxValue: 1200, numberPrecision: 0 },
				default: 160,
				description: 'Speech needed to interrupt while the agent is speaking, 120 to 1200 ms. Default 160.',
			},
		],
	},
	{
		displayName: 'Trigger Keywords',
		name: 'startOfSpeechKeywords',
		type: 'string',
		default: '',
		placeholder: 'stop, wait, hold on',
		description: 'Comma-separated keywords that stop the agent’s current answer (triggered_keywords)',
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['keywords'] } },
	},
	{
		displayName: 'Start of Speech Keywords Config',
		name: 'startOfSpeechKeywordsConfig',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['keywords'] } },
		options: [
			{
				displayName: 'Interrupt Duration (Ms)',
				name: 'interrupt_duration_ms',
				type: 'number',
				typeOptions: { minValue: 120, maxValue: 1200, numberPrecision: 0 },
				default: 160,
				description: '120 to 1200 ms. Default 160.',
			},
			{
				displayName: 'Prefix Padding (Ms)',
				name: 'prefix_padding_ms',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: 5000, numberPrecision: 0 },
				default: 800,
				description: '0 to 5000 ms. Default 800.',
			},
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
		description: 'What happens to the user’s speech while the agent speaks or thinks (disabled_config.strategy)',
		displayOptions: { show: { ...TURN, startOfSpeechMode: ['disabled'] } },
	},
	{
		displayName: 'End of Speech',
		name: 'endOfSpeechMode',
		type: 'options',
		options: [
			{ name: 'Not Set', value: 'notSet', description: 'Agora’s default' },
			{
				name: 'Semantic',
				value: 'semantic',
				description: 'Understands when the user has finished (English and Chinese; otherwise VAD)',
			},
			{ name: 'Voice Activity (VAD)', value: 'vad', description: 'A silence ends the turn' },
		],
		default: 'notSet',
		description: 'How the end of the user’s turn is detected',
		displayOptions: { show: TURN },
	},
	{
		displayName: 'End of Speech VAD Config',
		name: 'endOfSpeechVad',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		displayOptions: { show: { ...TURN, endOfSpeechMode: ['vad'] } },
		options: [
			{
				displayName: 'Silence Duration (Ms)',
				name: 'silence_duration_ms',
				type: 'number',
				typeOptions: { minValue: 120, maxValue: 2000, numberPrecision: 0 },
				default: 640,
				description: 'Silence that ends the turn, 120 to 2000 ms. Default 640.',
			},
		],
	},
	{
		displayName: 'End of Speech Semantic Config',
		name: 'endOfSpeechSemantic',
		type: 'collection',
		placeholder: 'Add Setting',
		default: {},
		displayOptions: { show: { ...TURN, endOfSpeechMode: ['semantic'] } },
		options: [
			{
				displayName: 'Max Wait (Ms)',
				name: 'max_wait_ms',
				type: 'number',
				typeOptions: { minValue: -1, maxValue: 10000, numberPrecision: 0 },
				default: 3000,
				description: '500 to 10000 ms, or -1 to wait forever. Default 3000. Then the end is decided from the current state.',
			},
			{
				displayName: 'Pause State Enabled',
				name: 'pause_state_enabled',
				type: 'boolean',
				default: true,
				description: 'Whether phrases such as "hold on" make the agent wait for more input (default on)',
			},
			{
				displayName: 'Silence Duration (Ms)',
				name: 'silence_duration_ms',
				type: 'number',
				typeOptions: { minValue: 120, maxValue: 2000, numberPrecision: 0 },
				default: 320,
				description: '120 to 2000 ms. Default 320.',
			},
		],
	},
];

// ---------------------------------------------------------------- interruption

const INTERRUPTION = { configureInterruption: [true] };

const interruptionFields: INodeProperties[] = [
	{
		displayName: 'Configure Interruption',
		name: 'configureInterruption',
		type: 'boolean',
		default: false,
		description: 'Whether to set how the user can interrupt the agent (interruption)',
	},
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
		type: 'options',
		options: [
			{ name: 'Keywords', value: 'keywords', description: 'Only the given keywords interrupt' },
			{ name: 'Start of Speech', value: 'start_of_speech', description: 'Any speech interrupts (default)' },
		],
		default: 'start_of_speech',
		displayOptions: { show: { ...INTERRUPTION, interruptionEnable: [true] } },
	},
	{
		displayName: 'Interrupt Keywords',
		name: 'interruptionKeywords',
		type: 'string',
		default: '',
		placeholder: 'stop, wait',
		description: 'Comma-separated keywords, at most 128',
		displayOptions: { show: { ...INTERRUPTION, interruptionEnable: [true], interruptionMode: ['keywords'] } },
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

// ---------------------------------------------------------------- SAL, avatar, geofence, encryption

const salFields: INodeProperties[] = [
	{
		displayName: 'Selective Attention Locking (Beta)',
		name: 'enableSal',
		type: 'boolean',
		default: false,
		description:
			'Whether the agent locks onto one speaker and suppresses other voices and noise (sets advanced_features.enable_sal and sal)',
	},
	{
		displayName: 'SAL Mode',
		name: 'salMode',
		type: 'options',
		options: [
			{
				name: 'Locking',
				value: 'locking',
				description: 'Lock onto one speaker: the first loud, clear one, or the voiceprint below (default)',
			},
			{
				name: 'Recognition',
				value: 'recognition',
				description: 'Identify the pre-registered speaker and pass it to the LLM (use LLM vendor custom)',
			},
		],
		default: 'locking',
		displayOptions: { show: { enableSal: [true] } },
	},
	{
		displayName: 'Voiceprint Name',
		name: 'salSampleName',
		type: 'string',
		default: '',
		placeholder: 'alice',
		description: 'Name of the pre-registered speaker (not "unknown", which is reserved). Required for Recognition.',
		displayOptions: { show: { enableSal: [true] } },
	},
	{
		displayName: 'Voiceprint URL',
		name: 'salSampleUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/alice.pcm',
		description: 'A .pcm file of at most 2 MB: 10 to 15 s of 16 kHz, 16-bit mono PCM with at least 8 s of speech',
		displayOptions: { show: { enableSal: [true] } },
	},
];

const avatarFields: INodeProperties[] = [
	{
		displayName: 'Avatar',
		name: 'enableAvatar',
		type: 'boolean',
		default: false,
		description: 'Whether the agent appears as a video avatar',
	},
	{
		displayName: 'Avatar Vendor',
		name: 'avatarVendor',
		type: 'options',
		options: [
			{ name: 'Akool', value: 'akool' },
			{ name: 'Anam', value: 'anam' },
			{ name: 'Generic', value: 'generic' },
			{ name: 'LiveAvatar', value: 'liveavatar' },
		],
		default: 'akool',
		displayOptions: { show: { enableAvatar: [true] } },
	},
	{
		displayName: 'Avatar Params (JSON)',
		name: 'avatarParams',
		type: 'json',
		default: '{}',
		description: 'Vendor parameters (required): keys, avatar ID, …',
		displayOptions: { show: { enableAvatar: [true] } },
	},
];

const geofenceFields: INodeProperties[] = [
	{
		displayName: 'Geofence Area',
		name: 'geofenceArea',
		type: 'options',
		options: [
			{ name: 'Asia', value: 'ASIA' },
			{ name: 'Europe', value: 'EUROPE' },
			{ name: 'Global', value: 'GLOBAL' },
			{ name: 'India', value: 'INDIA' },
			{ name: 'Japan', value: 'JAPAN' },
			{ name: 'No Restriction', value: 'notSet', description: 'Geofence left out (default)' },
			{ name: 'North America', value: 'NORTH_AMERICA' },
		],
		default: 'notSet',
		description: 'Region whose Agora servers the agent may use',
	},
	{
		displayName: 'Exclude Area',
		name: 'geofenceExcludeArea',
		type: 'options',
		options: [
			{ name: 'Asia', value: 'ASIA' },
			{ name: 'Europe', value: 'EUROPE' },
			{ name: 'India', value: 'INDIA' },
			{ name: 'Japan', value: 'JAPAN' },
			{ name: 'None', value: 'notSet' },
			{ name: 'North America', value: 'NORTH_AMERICA' },
		],
		default: 'notSet',
		description: 'Region left out of Global',
		displayOptions: { show: { geofenceArea: ['GLOBAL'] } },
	},
];

const ENCRYPTED = ['1', '2', '3', '4', '5', '6', '7', '8'];

const encryptionFields: INodeProperties[] = [
	{
		displayName: 'Media Encryption',
		name: 'encryptionMode',
		type: 'options',
		options: [
			{ name: 'AES-128-ECB (2)', value: '2' },
			{ name: 'AES-128-GCM (5)', value: '5' },
			{ name: 'AES-128-GCM2 (7, Recommended)', value: '7' },
			{ name: 'AES-128-XTS (1)', value: '1' },
			{ name: 'AES-256-GCM (6)', value: '6' },
			{ name: 'AES-256-GCM2 (8, Recommended)', value: '8' },
			{ name: 'AES-256-XTS (3)', value: '3' },
			{ name: 'None', value: 'notSet', description: 'No built-in media encryption (default)' },
			{ name: 'SM4-128-ECB (4)', value: '4' },
		],
		default: 'notSet',
		description: 'Built-in RTC media encryption; it must match the other users of the channel',
	},
	{
		displayName: 'Encryption Key',
		name: 'encryptionKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Any length; 32 bytes recommended. Never appears in the output.',
		displayOptions: { show: { encryptionMode: ENCRYPTED } },
	},
	{
		displayName: 'Encryption Salt',
		name: 'encryptionSalt',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Base64 string that decodes to 32 bytes (required for the GCM2 modes)',
		displayOptions: { show: { encryptionMode: ['7', '8'] } },
	},
];

// ---------------------------------------------------------------- filler words, parameters, labels

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
		typeOptions: { minValue: 100, maxValue: 10000, numberPrecision: 0 },
		default: 1500,
		description: 'A filler starts when the LLM has produced nothing for this long, 100 to 10000 ms. Default 1500.',
		displayOptions: { show: FILLER },
	},
	{
		displayName: 'Filler Phrases',
		name: 'fillerPhrases',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Phrase',
		default: {},
		description: 'At most 100 phrases, each at most 50 words',
		displayOptions: { show: FILLER },
		options: [
			{
				displayName: 'Phrase',
				name: 'phrases',
				values: [
					{ displayName: 'Text', name: 'text', type: 'string', default: '', placeholder: 'Let me check that…' },
				],
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

const parametersField: INodeProperties = {
	displayName: 'Agent Parameters',
	name: 'agentParameters',
	type: 'collection',
	placeholder: 'Add Parameter',
	default: {},
	description: 'Silence reminder, graceful stop, data channel and audio settings (parameters)',
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
			description: 'Transport of metrics and error events to client apps',
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
			typeOptions: { minValue: 0, maxValue: 120, numberPrecision: 0 },
			default: 30,
			description: 'Longest wait for IDLE on stop, 0 to 120 s (default 30); only with Graceful Stop',
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
			placeholder: 'Are you still there?',
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

const advancedFeaturesField: INodeProperties = {
	displayName: 'Advanced Features',
	name: 'advancedFeatures',
	type: 'collection',
	placeholder: 'Add Feature',
	default: {},
	options: [
		{
			displayName: 'Enable RTM',
			name: 'enableRtm',
			type: 'boolean',
			default: false,
			description:
				'Whether the agent also joins the signaling (RTM) channel; the token then needs RTC and RTM privileges (a generated token gets both)',
		},
		{
			displayName: 'Enable Tools',
			name: 'enableTools',
			type: 'boolean',
			default: false,
			description: 'Whether the agent may call tools of the MCP servers',
		},
	],
};

const optionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Additional Body (JSON)',
			name: 'additionalBody',
			type: 'json',
			default: '{}',
			description:
				'Deep-merged over the request built from this form, for fields it does not cover (e.g. the deprecated turn_detection form). The result is checked like the rest.',
		},
		{
			displayName: 'If Name Is In Use',
			name: 'ifNameInUse',
			type: 'options',
			options: [
				{ name: 'Fail', value: 'fail', description: 'Report the 409 conflict as an error' },
				{
					name: 'Return Existing Agent',
					value: 'returnExisting',
					description: 'Output the running agent of that name in this channel instead',
				},
			],
			default: 'fail',
		},
	],
};

export const startFields: INodeProperties[] = [
	...coreFields,
	withShow(asrField, NOT_MLLM),
	...pipelineOverrideFlags,
	...cascadeOrOverride(llmFields, 'overrideLlm'),
	...cascadeOrOverride(ttsFields, 'overrideTts'),
	...mllmFields,
	...turnDetectionFields,
	...interruptionFields,
	...fillerFields,
	...salFields,
	...avatarFields,
	...geofenceFields,
	...encryptionFields,
	advancedFeaturesField,
	parametersField,
	keyValueField({
		displayName: 'Labels',
		name: 'labels',
		itemName: 'Label',
		description: 'Key-value pairs bound to the agent and returned in every notification about it',
		namePlaceholder: 'ticket',
		valuePlaceholder: 'T-1234',
	}),
	optionsField,
];

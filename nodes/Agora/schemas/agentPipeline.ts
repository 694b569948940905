/**
 * The model groups of a start request: asr, llm, tts, mllm and avatar (Agora's Conversational AI
 * reference, "Start a conversational AI agent", request body `properties`). Vendor, style and
 * modality lists grow with Agora's releases, so any string passes there.
 */
import {
	anyObject,
	checkModeConfig,
	decimal,
	flag,
	integer,
	isGiven,
	list,
	modalities,
	nonEmptyText,
	oneOf,
	openChoice,
	shape,
	stringList,
	text,
	textWhere,
	withRules,
} from './rules';
import { utf8Bytes } from '../../shared/values';
import { httpToolsSchema } from './httpTools';

/** `managed`: Agora's own credentials for the provider; `byok`: the user's key (default). */
const CREDENTIAL_MODES = ['managed', 'byok'] as const;

const credentialMode = () => oneOf(CREDENTIAL_MODES).nullish();

/** How long a greeting recording may take to download (greeting_configs.audio_download_timeout_ms). */
export const GREETING_AUDIO_TIMEOUT_MS = { min: 200, max: 10000 } as const;

export const asrSchema = shape({
	credential_mode: credentialMode(),
	language: text().nullish(),
	vendor: openChoice().nullish(),
	params: anyObject().nullish(),
});

/** The vendor that speaks the OpenAI TTS protocol at a URL of the user's choice. */
const GENERIC_HTTP = 'generic_http';

export const ttsSchema = withRules(
	shape({
		credential_mode: credentialMode(),
		vendor: openChoice().nullish(),
		url: text().nullish(),
		headers: anyObject().nullish(),
		params: anyObject().nullish(),
		skip_patterns: list(integer(1, 5), {
			message: 'must be an array of integers in [1, 5]',
		}).nullish(),
	}),
	(tts, report) => {
		if (tts.vendor !== GENERIC_HTTP) return;
		for (const key of ['url', 'headers', 'params'] as const) {
			if (!isGiven(tts[key])) report([key], `is required when vendor is ${GENERIC_HTTP}`);
		}
	},
);

const mcpServerSchema = shape({
	name: textWhere(
		(name) => /^[A-Za-z0-9]{1,48}$/.test(name),
		'must be 1 to 48 characters, English letters and digits only',
	),
	endpoint: nonEmptyText(),
	transport: openChoice().nullish(),
	headers: anyObject().nullish(),
	allowed_tools: stringList().nullish(),
	timeout_ms: integer().nullish(),
});

const mcpServers = withRules(list(mcpServerSchema), (servers, report) => {
	const seen = new Set<string>();
	servers.forEach((server, index) => {
		if (seen.has(server.name)) report([index, 'name'], 'must be unique among the MCP servers');
		seen.add(server.name);
	});
});

const GREETING_URL_MAX_BYTES = 2048;

const greetingAudioUrl = textWhere(
	(url) => /^https?:\/\/\S+$/i.test(url) && utf8Bytes(url) <= GREETING_URL_MAX_BYTES,
	`must be an http:// or https:// URL of at most ${GREETING_URL_MAX_BYTES} bytes`,
);

const greetingConfigsSchema = shape({
	mode: openChoice().nullish(),
	delay_ms: integer().nullish(),
	interruptable: flag().nullish(),
	audio_download_timeout_ms: integer(
		GREETING_AUDIO_TIMEOUT_MS.min,
		GREETING_AUDIO_TIMEOUT_MS.max,
	).nullish(),
	audio_pcm_sample_rate: integer().nullish(),
});

/** System messages are objects (OpenAI-compatible role and content; other keys pass). */
export const systemMessages = () =>
	list(anyObject('must be an object (role and content)'), { message: 'must be an array' });

export const llmSchema = withRules(
	shape({
		credential_mode: credentialMode(),
		url: text().nullish(),
		api_key: text().nullish(),
		system_messages: systemMessages().nullish(),
		params: anyObject().nullish(),
		max_history: integer().nullish(),
		input_modalities: modalities([['text'], ['text', 'image']]).nullish(),
		output_modalities: modalities([['text'], ['audio'], ['text', 'audio']]).nullish(),
		greeting_message: text().nullish(),
		greeting_audio_url: greetingAudioUrl.nullish(),
		greeting_configs: greetingConfigsSchema.nullish(),
		failure_message: text().nullish(),
		vendor: openChoice().nullish(),
		style: openChoice().nullish(),
		template_variables: anyObject().nullish(),
		mcp_servers: mcpServers.nullish(),
		tools: httpToolsSchema.nullish(),
		headers: anyObject().nullish(),
	}),
	(llm, report) => {
		// The greeting text is the fallback when the recording cannot be played; Agora refuses the
		// recording without it.
		if (isGiven(llm.greeting_audio_url) && !llm.greeting_message?.trim()) {
			report(
				['greeting_message'],
				'is required with greeting_audio_url (it is the fallback when the recording cannot be played)',
			);
		}
	},
);

const vadTiming = {
	prefix_padding_ms: integer().nullish(),
	silence_duration_ms: integer().nullish(),
	threshold: decimal().nullish(),
};

const agoraVadConfig = shape({ interrupt_duration_ms: integer().nullish(), ...vadTiming });

const mllmTurnDetectionSchema = withRules(
	shape({
		mode: openChoice().nullish(),
		agora_vad_config: agoraVadConfig.nullish(),
		platform_vad_config: agoraVadConfig.nullish(),
		server_vad_config: shape({
			...vadTiming,
			idle_timeout_ms: integer().nullish(),
			start_of_speech_sensitivity: oneOf([
				'START_SENSITIVITY_HIGH',
				'START_SENSITIVITY_LOW',
			] as const).nullish(),
			end_of_speech_sensitivity: oneOf([
				'END_SENSITIVITY_HIGH',
				'END_SENSITIVITY_LOW',
			] as const).nullish(),
		}).nullish(),
		semantic_vad_config: shape({
			eagerness: oneOf(['auto', 'low', 'medium', 'high'] as const).nullish(),
		}).nullish(),
	}),
	(value, report) => checkModeConfig(value, report),
);

export const mllmSchema = shape({
	enable: flag().nullish(),
	url: text().nullish(),
	api_key: text().nullish(),
	// Vertex AI (Agora's "Google Gemini Live (Vertex AI)" page): ADC credentials, project and region.
	adc_credentials_string: text().nullish(),
	project_id: text().nullish(),
	location: text().nullish(),
	messages: list(anyObject('must be an object'), {
		message: 'must be an array of objects',
	}).nullish(),
	params: anyObject().nullish(),
	input_modalities: modalities([['audio'], ['audio', 'text']]).nullish(),
	// ["audio"]: Agora's own MLLM examples (Azure OpenAI, Gemini) use it.
	output_modalities: modalities([['text', 'audio'], ['audio']]).nullish(),
	greeting_message: text().nullish(),
	vendor: openChoice().nullish(),
	style: openChoice().nullish(),
	turn_detection: mllmTurnDetectionSchema.nullish(),
	mcp_servers: mcpServers.nullish(),
	// Agora's custom tools guide: mllm.tools takes the same definitions as llm.tools.
	tools: httpToolsSchema.nullish(),
});

export const avatarSchema = withRules(
	shape({
		enable: flag().nullish(),
		vendor: openChoice().nullish(),
		params: anyObject().nullish(),
	}),
	(value, report) => {
		if (value.enable !== true) return;
		if (!isGiven(value.vendor)) report(['vendor'], 'is required when enable is true');
		if (!isGiven(value.params)) report(['params'], 'is required when enable is true');
	},
);

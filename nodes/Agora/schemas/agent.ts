/**
 * Rules of the Conversational AI agent requests (service-interface.md): start (join), update and
 * speak. Every range, enum, byte length and cross-field rule is checked here before anything is
 * sent; issue paths are the API's own field paths (e.g. `properties.llm.max_history`).
 *
 * Objects pass unknown keys through: Agora accepts extension fields (vendor params, fields the
 * node's form does not cover, given through "Additional Body (JSON)").
 */
import { z } from 'zod';

import { utf8Bytes } from '../helpers/values';

// ---------------------------------------------------------------- enumerations

export const AGENT_STATUS_CODES = {
	IDLE: 0,
	STARTING: 1,
	RUNNING: 2,
	STOPPING: 3,
	STOPPED: 4,
	RECOVERING: 5,
	FAILED: 6,
} as const;
export type AgentStatusName = keyof typeof AGENT_STATUS_CODES;

export const LLM_STYLES = ['openai', 'gemini', 'anthropic', 'dify'] as const;
export const MLLM_VENDORS = ['openai', 'gemini', 'vertexai', 'xai'] as const;
export const AVATAR_VENDORS = ['akool', 'liveavatar', 'anam', 'generic'] as const;
/** Seen in Agora's reference; any other identifier may still be given (by expression). */
export const TTS_VENDORS = [
	'microsoft',
	'elevenlabs',
	'minimax',
	'deepgram',
	'murf',
	'cartesia',
	'openai',
	'humeai',
	'rime',
	'fishaudio',
	'google',
	'amazon',
	'sarvam',
	'xai',
] as const;
export const ASR_VENDORS = [
	'ares',
	'microsoft',
	'deepgram',
	'openai',
	'speechmatics',
	'assemblyai',
	'amazon',
	'google',
	'sarvam',
	'xai',
] as const;
export const GEOFENCE_AREAS = ['GLOBAL', 'NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN'] as const;
export const GEOFENCE_EXCLUDE_AREAS = ['NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN'] as const;
export const ENCRYPTION_MODES: Record<number, string> = {
	1: 'AES_128_XTS',
	2: 'AES_128_ECB',
	3: 'AES_256_XTS',
	4: 'SM4_128_ECB',
	5: 'AES_128_GCM',
	6: 'AES_256_GCM',
	7: 'AES_128_GCM2',
	8: 'AES_256_GCM2',
};
export const SPEAK_PRIORITIES = ['INTERRUPT', 'APPEND', 'IGNORE'] as const;
export const SPEAK_MAX_BYTES = 512;

// ---------------------------------------------------------------- building blocks

function rangeText(min?: number, max?: number): string {
	if (min !== undefined && max !== undefined) return ` in [${min}, ${max}]`;
	if (min !== undefined) return ` of at least ${min}`;
	if (max !== undefined) return ` of at most ${max}`;
	return '';
}

function int(min?: number, max?: number) {
	const message = `must be an integer${rangeText(min, max)}`;
	let schema = z.number({ invalid_type_error: message, required_error: 'is required' }).int(message);
	if (min !== undefined) schema = schema.min(min, message);
	if (max !== undefined) schema = schema.max(max, message);
	return schema;
}

/** A number strictly between min and max. */
function openRange(min: number, max: number) {
	const message = `must be a number in (${min}, ${max}), both ends excluded`;
	return z.number({ invalid_type_error: message, required_error: 'is required' }).gt(min, message).lt(max, message);
}

const str = () => z.string({ invalid_type_error: 'must be a string', required_error: 'is required' });
const nonEmpty = () => str().min(1, 'is required and must not be empty');
const bool = () => z.boolean({ invalid_type_error: 'must be true or false' });

function oneOf<T extends string>(values: readonly T[]) {
	const message = `must be one of ${values.join(', ')}`;
	return z.custom<T>((value) => typeof value === 'string' && (values as readonly string[]).includes(value), message);
}

function obj<T extends z.ZodRawShape>(shape: T) {
	return z
		.object(shape, { invalid_type_error: 'must be an object', required_error: 'is required' })
		.passthrough();
}

const anyObject = () =>
	z.record(z.unknown(), { invalid_type_error: 'must be a JSON object', required_error: 'is required' });

const stringMap = () =>
	z.record(z.string({ invalid_type_error: 'must be a string' }), {
		invalid_type_error: 'must be an object of string values',
	});

function stringList(max?: number) {
	const list = z.array(str(), { invalid_type_error: 'must be an array of strings' });
	return max === undefined ? list : list.max(max, `must have at most ${max} entries`);
}

/** Modalities are sets: order does not matter, but only the listed combinations exist. */
function modalities(allowed: ReadonlyArray<readonly string[]>) {
	const message = `must be one of ${allowed.map((set) => JSON.stringify(set)).join(', ')}`;
	return z.array(str(), { invalid_type_error: message }).refine(
		(value) => allowed.some((set) => set.length === value.length && set.every((entry) => value.includes(entry))),
		message,
	);
}

const isGiven = (value: unknown) => value !== undefined && value !== null;

/**
 * The "{mode}_config must match mode" rule: at most one `*_config` key may be given, it must be
 * `${mode}_config`, and (when `required`) a mode needs its config.
 */
function checkModeConfig(
	value: Record<string, unknown>,
	ctx: z.RefinementCtx,
	configKeys: readonly string[],
	required: boolean,
): void {
	const mode = typeof value.mode === 'string' ? value.mode : undefined;
	const present = configKeys.filter((key) => isGiven(value[key]));
	if (present.length > 1) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: [present[1]],
			message: `cannot be given together with ${present[0]}: give only the config of the chosen mode`,
		});
		return;
	}
	if (present.length === 1 && mode === undefined) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: [present[0]], message: 'needs mode to be set to match it' });
		return;
	}
	if (mode === undefined) return;
	const expected = `${mode}_config`;
	if (present.length === 1 && present[0] !== expected) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: [present[0]],
			message: `does not match mode "${mode}" (expected ${expected})`,
		});
	} else if (present.length === 0 && required && configKeys.includes(expected)) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: [expected], message: `is required when mode is "${mode}"` });
	}
}

// ---------------------------------------------------------------- properties groups

const systemMessage = obj({
	role: nonEmpty(),
	content: z.union([str(), z.array(z.unknown())], {
		errorMap: () => ({ message: 'must be a string (or an array of content parts)' }),
	}),
});

const mcpServer = obj({
	name: nonEmpty().regex(/^[A-Za-z0-9]{1,48}$/, 'must be 1 to 48 characters, English letters and digits only'),
	endpoint: nonEmpty(),
	transport: oneOf(['streamable_http'] as const).nullish(),
	headers: stringMap().nullish(),
	allowed_tools: stringList().nullish(),
	timeout_ms: int(1).nullish(),
});

const llm = obj({
	url: str().nullish(),
	api_key: str().nullish(),
	system_messages: z.array(systemMessage, { invalid_type_error: 'must be an array' }).nullish(),
	params: anyObject().nullish(),
	max_history: int(1, 1024).nullish(),
	input_modalities: modalities([['text'], ['text', 'image']]).nullish(),
	output_modalities: modalities([['text'], ['audio'], ['text', 'audio']]).nullish(),
	greeting_message: str().nullish(),
	greeting_configs: obj({
		mode: oneOf(['single_every', 'single_first'] as const).nullish(),
		delay_ms: int(0, 5000).nullish(),
		interruptable: bool().nullish(),
	}).nullish(),
	failure_message: str().nullish(),
	vendor: str().nullish(),
	style: oneOf(LLM_STYLES).nullish(),
	template_variables: stringMap().nullish(),
	mcp_servers: z
		.array(mcpServer, { invalid_type_error: 'must be an array' })
		.superRefine((servers, ctx) => {
			const seen = new Set<string>();
			servers.forEach((server, index) => {
				if (seen.has(server.name)) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, path: [index, 'name'], message: 'must be unique among the MCP servers' });
				}
				seen.add(server.name);
			});
		})
		.nullish(),
	headers: stringMap().nullish(),
});

const tts = obj({
	vendor: str().nullish(),
	params: anyObject().nullish(),
	skip_patterns: z
		.array(int(1, 5), { invalid_type_error: 'must be an array of integers in [1, 5]' })
		.nullish(),
});

const asr = obj({
	language: str().nullish(),
	vendor: str().nullish(),
	params: anyObject().nullish(),
});

const mllmTurnDetection = obj({
	mode: oneOf(['platform_vad', 'server_vad', 'semantic_vad'] as const).nullish(),
	platform_vad_config: obj({
		interrupt_duration_ms: int(0).nullish(),
		prefix_padding_ms: int(0).nullish(),
		silence_duration_ms: int(0).nullish(),
		threshold: z.number({ invalid_type_error: 'must be a number' }).nullish(),
	}).nullish(),
	server_vad_config: obj({
		prefix_padding_ms: int(0).nullish(),
		silence_duration_ms: int(0).nullish(),
		threshold: z.number({ invalid_type_error: 'must be a number' }).nullish(),
		idle_timeout_ms: int(0).nullish(),
		start_of_speech_sensitivity: oneOf(['START_SENSITIVITY_HIGH', 'START_SENSITIVITY_LOW'] as const).nullish(),
		end_of_speech_sensitivity: oneOf(['END_SENSITIVITY_HIGH', 'END_SENSITIVITY_LOW'] as const).nullish(),
	}).nullish(),
	semantic_vad_config: obj({
		eagerness: oneOf(['auto', 'low', 'medium', 'high'] as const).nullish(),
	}).nullish(),
}).superRefine((value, ctx) =>
	checkModeConfig(value, ctx, ['platform_vad_config', 'server_vad_config', 'semantic_vad_config'], false),
);

const mllm = obj({
	enable: bool().nullish(),
	url: str().nullish(),
	api_key: str().nullish(),
	messages: z.array(anyObject(), { invalid_type_error: 'must be an array of objects' }).nullish(),
	params: anyObject().nullish(),
	input_modalities: modalities([['audio'], ['audio', 'text']]).nullish(),
	output_modalities: modalities([['text', 'audio']]).nullish(),
	greeting_message: str().nullish(),
	vendor: oneOf(MLLM_VENDORS).nullish(),
	turn_detection: mllmTurnDetection.nullish(),
});

const avatar = obj({
	enable: bool().nullish(),
	vendor: oneOf(AVATAR_VENDORS).nullish(),
	params: anyObject().nullish(),
}).superRefine((value, ctx) => {
	if (value.enable !== true) return;
	if (!isGiven(value.vendor)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['vendor'], message: 'is required when enable is true' });
	if (!isGiven(value.params)) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['params'], message: 'is required when enable is true' });
});

const interruptDuration = int(120, 1200).nullish();
const prefixPadding = int(0, 5000).nullish();
const silenceDuration = int(120, 2000).nullish();

const startOfSpeech = obj({
	mode: oneOf(['vad', 'keywords', 'disabled'] as const),
	vad_config: obj({
		interrupt_duration_ms: interruptDuration,
		speaking_interrupt_duration_ms: interruptDuration,
		prefix_padding_ms: prefixPadding,
	}).nullish(),
	keywords_config: obj({
		interrupt_duration_ms: interruptDuration,
		prefix_padding_ms: prefixPadding,
		triggered_keywords: stringList().nullish(),
	}).nullish(),
	disabled_config: obj({ strategy: oneOf(['append', 'ignore'] as const).nullish() }).nullish(),
}).superRefine((value, ctx) => checkModeConfig(value, ctx, ['vad_config', 'keywords_config', 'disabled_config'], true));

const endOfSpeech = obj({
	mode: oneOf(['vad', 'semantic'] as const).nullish(),
	vad_config: obj({ silence_duration_ms: silenceDuration }).nullish(),
	semantic_config: obj({
		silence_duration_ms: silenceDuration,
		max_wait_ms: z
			.number({ invalid_type_error: 'must be -1 (wait forever) or an integer in [500, 10000]' })
			.refine(
				(value) => value === -1 || (Number.isInteger(value) && value >= 500 && value <= 10000),
				'must be -1 (wait forever) or an integer in [500, 10000]',
			)
			.nullish(),
		pause_state_enabled: bool().nullish(),
	}).nullish(),
}).superRefine((value, ctx) => checkModeConfig(value, ctx, ['vad_config', 'semantic_config'], true));

/** Current form plus the deprecated one (still accepted; checked where the body depends on mllm). */
const turnDetection = obj({
	mode: oneOf(['default'] as const).nullish(),
	config: obj({
		speech_threshold: openRange(0, 1).nullish(),
		start_of_speech: startOfSpeech.nullish(),
		end_of_speech: endOfSpeech.nullish(),
	}).nullish(),
	type: oneOf(['platform_vad', 'server_vad', 'semantic_vad'] as const).nullish(),
	interrupt_mode: oneOf(['interrupt', 'append', 'ignore', 'keywords', 'adaptive'] as const).nullish(),
	interrupt_duration_ms: z.number({ invalid_type_error: 'must be a number' }).min(0, 'must be at least 0').nullish(),
	interrupt_keywords: stringList(128).nullish(),
	prefix_padding_ms: z.number({ invalid_type_error: 'must be a number' }).min(0, 'must be at least 0').nullish(),
	silence_duration_ms: z.number({ invalid_type_error: 'must be a number' }).min(0, 'must be at least 0').nullish(),
	threshold: openRange(0, 1).nullish(),
	eagerness: oneOf(['auto', 'low', 'high'] as const).nullish(),
});

const interruption = obj({
	enable: bool().nullish(),
	mode: oneOf(['start_of_speech', 'keywords'] as const).nullish(),
	keywords_config: obj({ trigger_keywords: stringList(128).nullish() }).nullish(),
	disabled_config: obj({ strategy: oneOf(['append', 'ignore'] as const).nullish() }).nullish(),
});

const sal = obj({
	sal_mode: oneOf(['locking', 'recognition'] as const).nullish(),
	sample_urls: stringMap().nullish(),
}).superRefine((value, ctx) => {
	const urls = value.sample_urls;
	if (!urls) {
		if (value.sal_mode === 'recognition') {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['sample_urls'],
				message: 'is required when sal_mode is recognition (one pre-registered voiceprint)',
			});
		}
		return;
	}
	const names = Object.keys(urls);
	if (names.length !== 1) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['sample_urls'], message: 'must have exactly one entry (voiceprint name to URL)' });
	} else if (names[0] === 'unknown') {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['sample_urls'], message: 'entry name "unknown" is reserved' });
	} else if (urls[names[0]].trim() === '') {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['sample_urls', names[0]], message: 'must be the URL of the voiceprint file' });
	}
});

export function isBase64Of32Bytes(text: string): boolean {
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return false;
	return Buffer.from(text, 'base64').length === 32;
}

const rtc = obj({
	encryption_key: str().nullish(),
	encryption_salt: str().nullish(),
	encryption_mode: int(1, 8).nullish(),
}).superRefine((value, ctx) => {
	if (value.encryption_mode !== 7 && value.encryption_mode !== 8) return;
	const salt = value.encryption_salt;
	if (!salt) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['encryption_salt'], message: 'is required with encryption_mode 7 or 8' });
	} else if (!isBase64Of32Bytes(salt)) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['encryption_salt'],
			message: 'must be a base64 string that decodes to 32 bytes',
		});
	}
});

const wordCount = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

const fillerWords = obj({
	enable: bool().nullish(),
	trigger: obj({
		mode: oneOf(['fixed_time'] as const).nullish(),
		fixed_time_config: obj({ response_wait_ms: int(100, 10000).nullish() }).nullish(),
	})
		.superRefine((value, ctx) => {
			for (const key of Object.keys(value)) {
				if (key.endsWith('_config') && key !== 'fixed_time_config' && isGiven(value[key])) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: 'does not match mode (only fixed_time_config exists)' });
				}
			}
		})
		.nullish(),
	content: obj({
		mode: oneOf(['static'] as const).nullish(),
		static_config: obj({
			phrases: z
				.array(str().refine((text) => wordCount(text) <= 50, 'must have at most 50 words'), {
					invalid_type_error: 'must be an array of strings',
				})
				.max(100, 'must have at most 100 phrases'),
			selection_rule: oneOf(['shuffle', 'round_robin'] as const).nullish(),
		}).nullish(),
	})
		.superRefine((value, ctx) => {
			for (const key of Object.keys(value)) {
				if (key.endsWith('_config') && key !== 'static_config' && isGiven(value[key])) {
					ctx.addIssue({ code: z.ZodIssueCode.custom, path: [key], message: 'does not match mode (only static_config exists)' });
				}
			}
		})
		.nullish(),
}).superRefine((value, ctx) => {
	if (value.enable === true && !(value.content?.static_config?.phrases?.length ?? 0)) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['content', 'static_config', 'phrases'],
			message: 'needs at least one phrase when filler words are enabled',
		});
	}
});

const parameters = obj({
	silence_config: obj({
		timeout_ms: int(0, 60000).nullish(),
		action: oneOf(['speak', 'think'] as const).nullish(),
		content: str().nullish(),
	})
		.superRefine((value, ctx) => {
			if ((value.timeout_ms ?? 0) > 0 && !value.content?.trim()) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['content'],
					message: 'is required when timeout_ms is above 0 (the silence reminder is on)',
				});
			}
		})
		.nullish(),
	farewell_config: obj({
		graceful_enabled: bool().nullish(),
		graceful_timeout_seconds: int(0, 120).nullish(),
	}).nullish(),
	data_channel: oneOf(['rtm', 'datastream'] as const).nullish(),
	enable_metrics: bool().nullish(),
	enable_error_message: bool().nullish(),
	audio_scenario: oneOf(['default', 'chorus', 'aiserver'] as const).nullish(),
});

const properties = obj({
	channel: nonEmpty(),
	// Required, but may be empty for projects without an App Certificate.
	token: str(),
	agent_rtc_uid: nonEmpty(),
	remote_rtc_uids: z
		.array(nonEmpty(), { invalid_type_error: 'must be an array with one user ID', required_error: 'is required' })
		.length(1, 'must contain exactly one user ID (Agora supports one subscribed user)'),
	enable_string_uid: bool().nullish(),
	idle_timeout: int(0).nullish(),
	geofence: obj({
		area: oneOf(GEOFENCE_AREAS),
		exclude_area: oneOf(GEOFENCE_EXCLUDE_AREAS).nullish(),
	})
		.superRefine((value, ctx) => {
			if (isGiven(value.exclude_area) && value.area !== 'GLOBAL') {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['exclude_area'], message: 'is allowed only when area is GLOBAL' });
			}
		})
		.nullish(),
	advanced_features: obj({
		enable_mllm: bool().nullish(),
		enable_rtm: bool().nullish(),
		enable_sal: bool().nullish(),
		enable_tools: bool().nullish(),
	}).nullish(),
	asr: asr.nullish(),
	tts: tts.nullish(),
	llm: llm.nullish(),
	mllm: mllm.nullish(),
	avatar: avatar.nullish(),
	turn_detection: turnDetection.nullish(),
	interruption: interruption.nullish(),
	sal: sal.nullish(),
	labels: z
		.record(z.union([z.string(), z.number(), z.boolean()]), {
			invalid_type_error: 'must be an object of label names to values',
		})
		.nullish(),
	rtc: rtc.nullish(),
	filler_words: fillerWords.nullish(),
	parameters: parameters.nullish(),
});

type Issue = { path: Array<string | number>; message: string };

/** Rules that join several parts of the start body. */
function crossFieldIssues(body: z.infer<typeof startShape>): Issue[] {
	const issues: Issue[] = [];
	const p = body.properties;
	const hasPreset = !!body.preset?.trim();
	const hasPipeline = !!body.pipeline_id?.trim();
	const stringUid = p.enable_string_uid === true;
	const digits = /^\d+$/;
	const uidRule = 'must be an integer UID (digits only) unless properties.enable_string_uid is true';
	if (!stringUid && !digits.test(p.agent_rtc_uid)) issues.push({ path: ['properties', 'agent_rtc_uid'], message: uidRule });
	p.remote_rtc_uids.forEach((uid, index) => {
		if (!stringUid && !digits.test(uid)) issues.push({ path: ['properties', 'remote_rtc_uids', index], message: uidRule });
	});

	const mllmOn = p.mllm?.enable === true || p.advanced_features?.enable_mllm === true;
	if (mllmOn) {
		for (const part of ['asr', 'llm', 'tts'] as const) {
			if (isGiven(p[part])) {
				issues.push({
					path: ['properties', part],
					message: 'must not be given when mllm is enabled (the multimodal model replaces ASR, LLM and TTS)',
				});
			}
		}
		if (!hasPreset && !hasPipeline && !p.mllm?.api_key) {
			issues.push({ path: ['properties', 'mllm', 'api_key'], message: 'is required when mllm is enabled (unless a preset or pipeline_id provides it)' });
		}
	} else {
		if (!hasPipeline) {
			if (!isGiven(p.llm)) issues.push({ path: ['properties', 'llm'], message: 'is required (unless mllm is enabled or pipeline_id is given)' });
			if (!isGiven(p.tts)) issues.push({ path: ['properties', 'tts'], message: 'is required (unless mllm is enabled or pipeline_id is given)' });
		}
		if (p.llm && !hasPreset && !hasPipeline && !p.llm.url?.trim()) {
			issues.push({ path: ['properties', 'llm', 'url'], message: 'is required (unless a preset or pipeline_id provides the LLM)' });
		}
		if (p.tts && !hasPreset) {
			if (!p.tts.vendor?.trim()) issues.push({ path: ['properties', 'tts', 'vendor'], message: 'is required (unless a preset provides the TTS)' });
			if (!isGiven(p.tts.params)) issues.push({ path: ['properties', 'tts', 'params'], message: 'is required (unless a preset provides the TTS)' });
		}
	}

	// Deprecated turn_detection form: its enums depend on whether mllm is used.
	const td = p.turn_detection;
	if (td) {
		const base = ['properties', 'turn_detection'];
		if (td.type && td.type !== 'platform_vad' && !mllmOn) {
			issues.push({ path: [...base, 'type'], message: `${td.type} is allowed only with mllm` });
		}
		if (td.interrupt_mode && td.interrupt_mode !== 'interrupt' && mllmOn) {
			issues.push({ path: [...base, 'interrupt_mode'], message: 'only interrupt is allowed with mllm' });
		}
		if (td.eagerness && td.eagerness !== 'auto' && td.type !== 'semantic_vad') {
			issues.push({ path: [...base, 'eagerness'], message: 'applies only with type semantic_vad' });
		}
	}
	return issues;
}

const startShape = z
	.object(
		{
			name: nonEmpty(),
			preset: str().nullish(),
			pipeline_id: str().nullish(),
			properties,
		},
		{ invalid_type_error: 'must be an object' },
	)
	.passthrough();

/** The whole start (join) request body. */
export const startRequestSchema = startShape.superRefine((body, ctx) => {
	for (const issue of crossFieldIssues(body)) ctx.addIssue({ code: z.ZodIssueCode.custom, ...issue });
});
export type StartRequest = z.infer<typeof startShape>;

/** Update body: `{properties: {token?, llm?: {system_messages?, params?}, mllm?: {params?}}}`. */
export const updateRequestSchema = z
	.object({
		properties: z
			.object({
				token: str().optional(),
				llm: z
					.object({
						system_messages: z.array(systemMessage, { invalid_type_error: 'must be an array' }).optional(),
						params: anyObject().optional(),
					})
					.strict('only system_messages and params can be updated')
					.optional(),
				mllm: z.object({ params: anyObject().optional() }).strict('only params can be updated').optional(),
			})
			.strict('only token, llm.system_messages, llm.params and mllm.params can be updated')
			.refine((value) => Object.keys(value).length > 0, 'needs at least one field to update'),
	})
	.strict();
export type UpdateRequest = z.infer<typeof updateRequestSchema>;

export const speakRequestSchema = z.object({
	text: nonEmpty().refine(
		(text) => utf8Bytes(text) <= SPEAK_MAX_BYTES,
		(text) => ({ message: `must be at most ${SPEAK_MAX_BYTES} bytes in UTF-8 (it is ${utf8Bytes(text)} bytes)` }),
	),
	priority: oneOf(SPEAK_PRIORITIES).optional(),
	interruptable: bool().optional(),
});
export type SpeakRequest = z.infer<typeof speakRequestSchema>;

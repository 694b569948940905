/**
 * Rules of the Conversational AI agent requests: only what Agora's reference calls invalid is refused,
 * unknown members pass through, issue paths are Agora's field paths (docs/design.md, Request schemas).
 */
import type { z } from 'zod';

import { presetCategories } from '../../shared/agoraFacts';
import { utf8Bytes } from '../../shared/values';
import {
	asrSchema,
	avatarSchema,
	llmSchema,
	mllmSchema,
	systemMessages,
	ttsSchema,
} from './agentPipeline';
import {
	fillerWordsSchema,
	geofenceSchema,
	interruptionSchema,
	parametersSchema,
	rtcSchema,
	salSchema,
	turnDetectionSchema,
} from './agentConversation';
import {
	anyObject,
	channelText,
	flag,
	integer,
	isGiven,
	list,
	nonEmptyText,
	oneOf,
	rule,
	shape,
	text,
	textWhere,
	withRules,
	type Report,
} from './rules';

/** Agent states and their codes (the list's `state` filter takes codes). */
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

/** The most agents one page of the list holds (its `limit`). */
export const AGENT_LIST_LIMIT_MAX = 1000;

/** The longest idle_timeout, 72 hours (a session never runs longer anyway). */
export const IDLE_TIMEOUT_MAX_S = 259200;
export const SPEAK_MAX_BYTES = 512;

const remoteUids = rule<string[]>((value) => {
	if (value === undefined) return 'is required';
	if (!Array.isArray(value)) return 'must be an array with one user ID';
	return value.length === 1
		? undefined
		: 'must contain exactly one user ID (Agora supports one subscribed user)';
}).pipe(list(nonEmptyText()));

const properties = shape({
	channel: channelText(),
	// Required, but empty for projects without an App Certificate.
	token: text(),
	agent_rtc_uid: nonEmptyText(),
	agent_rtm_uid: text().nullish(),
	remote_rtc_uids: remoteUids,
	enable_string_uid: flag().nullish(),
	idle_timeout: integer(0, IDLE_TIMEOUT_MAX_S).nullish(),
	geofence: geofenceSchema.nullish(),
	advanced_features: shape({
		enable_mllm: flag().nullish(),
		enable_rtm: flag().nullish(),
		enable_sal: flag().nullish(),
		enable_tools: flag().nullish(),
	}).nullish(),
	asr: asrSchema.nullish(),
	tts: ttsSchema.nullish(),
	llm: llmSchema.nullish(),
	mllm: mllmSchema.nullish(),
	avatar: avatarSchema.nullish(),
	turn_detection: turnDetectionSchema.nullish(),
	interruption: interruptionSchema.nullish(),
	sal: salSchema.nullish(),
	labels: anyObject('must be an object of label names to values').nullish(),
	rtc: rtcSchema.nullish(),
	filler_words: fillerWordsSchema.nullish(),
	parameters: parametersSchema.nullish(),
});

const startShape = shape({
	name: nonEmptyText(),
	preset: text().nullish(),
	pipeline_id: text().nullish(),
	properties,
});

type StartRequest = z.infer<typeof startShape>;
type Properties = StartRequest['properties'];

/** "*" subscribes to every user in the channel (Agora's Go and Python SDK READMEs, join page). */
export const ALL_REMOTE_USERS = '*';

/** Agent and user UIDs are integers unless string UIDs are on; "*" is accepted either way. */
function checkUids(p: Properties, report: Report): void {
	if (p.enable_string_uid === true) return;
	const rule_ = 'must be an integer UID (digits only) unless properties.enable_string_uid is true';
	if (!/^\d+$/.test(p.agent_rtc_uid)) report(['properties', 'agent_rtc_uid'], rule_);
	p.remote_rtc_uids.forEach((uid, index) => {
		if (uid !== ALL_REMOTE_USERS && !/^\d+$/.test(uid))
			report(['properties', 'remote_rtc_uids', index], rule_);
	});
}

/** MLLM vendors that authenticate with mllm.api_key; others (vertexai: ADC credentials) do not. */
const MLLM_API_KEY_VENDORS = ['openai', 'azure', 'gemini', 'xai', 'openai-gpt-live'];
/** Agora's OpenAI GPT-Live page: vendor openai-gpt-live requires its WebSocket url. */
const GPT_LIVE = 'openai-gpt-live';

/**
 * Vertex AI authenticates with ADC credentials in its project and region: at the top of mllm on
 * Agora's Vertex AI page, under mllm.params in Agora's SDKs (agent-server-sdk-ts VertexAI). Either counts.
 */
const VERTEX_FIELDS = ['adc_credentials_string', 'project_id', 'location'] as const;

function givenText(value: unknown): boolean {
	return typeof value === 'string' && value.trim() !== '';
}

function checkMllmCredentials(mllm: Properties['mllm'], report: Report): void {
	const vendor = mllm?.vendor?.trim() || 'openai';
	if (vendor === 'vertexai') {
		const top = (mllm ?? {}) as Record<string, unknown>;
		const params = (mllm?.params ?? {}) as Record<string, unknown>;
		for (const key of VERTEX_FIELDS) {
			if (givenText(top[key]) || givenText(params[key])) continue;
			report(
				['properties', 'mllm', key],
				`is required for Vertex AI (at mllm.${key} or mllm.params.${key}): give the Google Cloud project, location and ADC credentials`,
			);
		}
	} else if (MLLM_API_KEY_VENDORS.includes(vendor) && !mllm?.api_key) {
		report(
			['properties', 'mllm', 'api_key'],
			'is required in Multimodal mode: enter the realtime model’s API key (or give a preset or a saved pipeline that provides it)',
		);
	}
	if (vendor === GPT_LIVE && !givenText(mllm?.url))
		report(
			['properties', 'mllm', 'url'],
			'is required for OpenAI GPT-Live: wss://api.openai.com/v1/live',
		);
}

/** With llm.output_modalities ["audio"] "you don't need to set up a TTS module" (Agora's audio output guide). */
export function llmSpeaksAlone(
	llm: { output_modalities?: string[] | null } | null | undefined,
): boolean {
	const out = llm?.output_modalities;
	return Array.isArray(out) && out.length === 1 && out[0] === 'audio';
}

/**
 * What each mode needs. An enabled mllm replaces asr, llm and tts (Agora ignores them then); a
 * saved pipeline provides them; a preset provides the provider's URL, key and model.
 */
function checkPipeline(body: StartRequest, report: Report): void {
	const p = body.properties;
	// A preset covers its own categories only ("Use presets"): an LLM preset the LLM, a TTS preset the TTS.
	const preset = presetCategories(body.preset);
	const hasPipeline = !!body.pipeline_id?.trim();
	if (isMllm(p)) {
		if (!preset.unknown && !hasPipeline) checkMllmCredentials(p.mllm, report);
		return;
	}
	if (hasPipeline) return;
	if (!isGiven(p.llm) && !preset.llm)
		report(
			['properties', 'llm'],
			'is required: enter the LLM’s URL, or set it in the Agora Vendor Keys credential with Vendor Keys: From Credential (or use Multimodal mode, a saved pipeline or an LLM preset)',
		);
	const speaks = llmSpeaksAlone(p.llm);
	if (!isGiven(p.tts) && !speaks && !preset.tts)
		report(
			['properties', 'tts'],
			'is required: choose a TTS vendor and give its params (or use Multimodal mode, a saved pipeline or a TTS preset)',
		);
	// Agora Managed needs no endpoint (Agora's OpenAI page: "omit apiKey and url to use Agora-managed mode").
	if (p.llm && !preset.llm && p.llm.credential_mode !== 'managed' && !p.llm.url?.trim()) {
		report(
			['properties', 'llm', 'url'],
			'is required: enter the chat-completion endpoint your LLM answers on, e.g. https://api.openai.com/v1/chat/completions, or set it in the Agora Vendor Keys credential (or give a preset that provides the LLM)',
		);
	}
	if (p.tts && !preset.tts) {
		if (!p.tts.vendor?.trim())
			report(
				['properties', 'tts', 'vendor'],
				'is required: choose the TTS vendor (or give a preset that provides the TTS)',
			);
		if (!isGiven(p.tts.params))
			report(
				['properties', 'tts', 'params'],
				'is required: give the TTS vendor’s key and voice as JSON (or give a preset that provides the TTS)',
			);
	}
}

export function isMllm(p: Pick<Properties, 'mllm' | 'advanced_features'>): boolean {
	return p.mllm?.enable === true || p.advanced_features?.enable_mllm === true;
}

/**
 * Manual start or end of speech is signalled by the client over RTM, so Agora asks for RTM and
 * the RTM data channel with it. A saved pipeline may already switch both on.
 */
function checkManualTurns(body: StartRequest, report: Report): void {
	const p = body.properties;
	const config = p.turn_detection?.config;
	const manual =
		config?.start_of_speech?.mode === 'manual' || config?.end_of_speech?.mode === 'manual';
	if (!manual || body.pipeline_id?.trim()) return;
	const why = 'manual start or end of speech is signalled over RTM';
	if (p.advanced_features?.enable_rtm !== true)
		report(['properties', 'advanced_features', 'enable_rtm'], `must be true: ${why}`);
	if (p.parameters?.data_channel !== 'rtm')
		report(['properties', 'parameters', 'data_channel'], `must be "rtm": ${why}`);
}

/** Deprecated turn detection: with an mllm only the interrupt mode exists. */
function checkDeprecatedTurnDetection(p: Properties, report: Report): void {
	const mode = p.turn_detection?.interrupt_mode;
	if (mode && mode !== 'interrupt' && isMllm(p)) {
		report(
			['properties', 'turn_detection', 'interrupt_mode'],
			'only interrupt is allowed with mllm',
		);
	}
}

/** The whole start (join) request body. */
export const startRequestSchema = withRules(startShape, (body, report) => {
	checkUids(body.properties, report);
	checkPipeline(body, report);
	checkManualTurns(body, report);
	checkDeprecatedTurnDetection(body.properties, report);
});

const UPDATABLE = 'token, llm.system_messages, llm.params or mllm.params';

/**
 * Update body: `{properties: {token?, llm?: {system_messages?, params?}, mllm?: {params?}}}`.
 * Agora replaces each object given, so an empty `params` would wipe the one set at start. Other
 * members (Additional Body) are sent as given: Agora may add updatable fields.
 */
export const updateRequestSchema = shape({
	properties: withRules(
		shape({
			// An empty token would replace the agent's token with nothing.
			token: textWhere(
				(token) => token.trim() !== '',
				'must not be empty (it would replace the agent’s token with nothing)',
			).optional(),
			llm: shape({
				system_messages: systemMessages().optional(),
				params: anyObject().optional(),
			}).optional(),
			mllm: shape({ params: anyObject().optional() }).optional(),
		}),
		(value, report) => {
			const given = Object.values(value).some((entry) => entry !== undefined);
			if (!given) report([], `needs at least one field to update: ${UPDATABLE}`);
		},
	),
});

export const speakRequestSchema = shape({
	text: rule<string>((value) => {
		if (value === undefined) return 'is required';
		if (typeof value !== 'string') return 'must be a string';
		if (value === '') return 'is required and must not be empty';
		const bytes = utf8Bytes(value);
		return bytes <= SPEAK_MAX_BYTES
			? undefined
			: `must be at most ${SPEAK_MAX_BYTES} bytes in UTF-8 (it is ${bytes} bytes)`;
	}),
	priority: oneOf(['INTERRUPT', 'APPEND', 'IGNORE'] as const).optional(),
	interruptable: flag().optional(),
});

export const thinkRequestSchema = shape({
	text: nonEmptyText(),
	on_listening_action: oneOf(['inject', 'interrupt', 'ignore'] as const).optional(),
	on_thinking_action: oneOf(['interrupt', 'ignore'] as const).optional(),
	on_speaking_action: oneOf(['interrupt', 'ignore'] as const).optional(),
	interruptable: flag().optional(),
	metadata: anyObject().optional(),
});

/** Query of the turns list: pages start at 1. */
export const turnsQuerySchema = shape({
	page_index: integer(1).optional(),
	page_size: integer(1).optional(),
});

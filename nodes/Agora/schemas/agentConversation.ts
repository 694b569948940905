/**
 * How the agent converses and where it runs: turn_detection (current and deprecated forms),
 * interruption, sal, filler_words, parameters, rtc and geofence (Agora's Conversational AI
 * reference, "Start a conversational AI agent", request body `properties`).
 */
import {
	anyObject,
	checkModeConfig,
	decimal,
	flag,
	integer,
	isGiven,
	list,
	nonEmptyText,
	oneOf,
	openChoice,
	rule,
	shape,
	type Report,
	stringList,
	text,
	withRules,
} from './rules';

const STRATEGIES = ['append', 'ignore'] as const;

/** Between 0 and 1, both excluded (speech_threshold and the deprecated threshold). */
const threshold = () => decimal(0, 1, { exclusive: true });

const startOfSpeechConfig = shape({
	interrupt_duration_ms: integer().nullish(),
	speaking_interrupt_duration_ms: integer().nullish(),
	prefix_padding_ms: integer().nullish(),
	triggered_keywords: stringList().nullish(),
	strategy: oneOf(STRATEGIES).nullish(),
});

const startOfSpeechSchema = withRules(
	shape({
		mode: openChoice(),
		vad_config: startOfSpeechConfig.nullish(),
		keywords_config: startOfSpeechConfig.nullish(),
		disabled_config: startOfSpeechConfig.nullish(),
	}),
	// A mode without its config takes Agora's defaults: the reference lists the config as optional
	// beside the mode and Agora's agents SDK sends the mode alone.
	(value, report) => checkModeConfig(value, report, { noConfig: ['manual'] }),
);

const endOfSpeechConfig = shape({
	silence_duration_ms: integer().nullish(),
	max_wait_ms: integer(-1, undefined, 'must be an integer; -1 waits forever').nullish(),
	pause_state_enabled: flag().nullish(),
});

const endOfSpeechSchema = withRules(
	shape({
		mode: openChoice().nullish(),
		vad_config: endOfSpeechConfig.nullish(),
		semantic_config: endOfSpeechConfig.nullish(),
	}),
	(value, report) => checkModeConfig(value, report, { noConfig: ['manual'] }),
);

/** Deprecated turn detection type; `platform_vad` is the earlier name of `agora_vad`. */
const TURN_DETECTION_TYPES = ['agora_vad', 'server_vad', 'semantic_vad', 'platform_vad'] as const;
// `keyword`: the value Agora's SDKs send (agent-server-sdk-ts StartAgentsRequest InterruptMode).
const INTERRUPT_MODES = [
	'interrupt',
	'append',
	'ignore',
	'keywords',
	'keyword',
	'adaptive',
] as const;

/** The current form (mode + config) and the deprecated one side by side, as Agora accepts both. */
export const turnDetectionSchema = shape({
	mode: openChoice().nullish(),
	config: shape({
		speech_threshold: threshold().nullish(),
		start_of_speech: startOfSpeechSchema.nullish(),
		end_of_speech: endOfSpeechSchema.nullish(),
	}).nullish(),
	// The deprecated form no longer grows: its lists are closed.
	type: oneOf(TURN_DETECTION_TYPES).nullish(),
	interrupt_mode: oneOf(INTERRUPT_MODES).nullish(),
	interrupt_duration_ms: decimal().nullish(),
	interrupt_keywords: stringList(128).nullish(),
	prefix_padding_ms: integer().nullish(),
	silence_duration_ms: integer().nullish(),
	threshold: threshold().nullish(),
	eagerness: oneOf(['auto', 'low', 'high'] as const).nullish(),
});

export const interruptionSchema = shape({
	enable: flag().nullish(),
	mode: openChoice().nullish(),
	keywords_config: shape({ trigger_keywords: stringList(128).nullish() }).nullish(),
	disabled_config: shape({ strategy: oneOf(STRATEGIES).nullish() }).nullish(),
});

export const salSchema = withRules(
	shape({
		sal_mode: openChoice().nullish(),
		sample_urls: anyObject().nullish(),
	}),
	(value, report) => {
		const urls = value.sample_urls;
		if (!urls) return;
		const names = Object.keys(urls);
		if (names.length > 1)
			report(['sample_urls'], 'must have at most one entry (Agora supports one voiceprint)');
		else if (names[0] === 'unknown') report(['sample_urls'], 'entry name "unknown" is reserved');
		else if (names.length === 1 && typeof urls[names[0]] !== 'string') {
			report(['sample_urls', names[0]], 'must be the URL of the voiceprint file');
		}
	},
);

const ENCRYPTION_MODES = [1, 2, 3, 4, 5, 6, 7, 8] as const;

export const rtcSchema = withRules(
	shape({
		encryption_key: text().nullish(),
		encryption_salt: text().nullish(),
		encryption_mode: oneOf(ENCRYPTION_MODES, 'must be an integer in [1, 8]').nullish(),
	}),
	(value, report) => {
		if ((value.encryption_mode === 7 || value.encryption_mode === 8) && !value.encryption_salt) {
			report(['encryption_salt'], 'is required with encryption_mode 7 or 8');
		}
	},
);

const wordCount = (phrase: string) => phrase.trim().split(/\s+/).filter(Boolean).length;

const phrase = rule<string>((value) => {
	if (typeof value !== 'string') return 'must be a string';
	return wordCount(value) <= 50 ? undefined : 'must have at most 50 words';
});

const fillerContentConfig = shape({
	phrases: list(phrase, { max: 100, message: 'must be an array of strings' }),
	selection_rule: oneOf(['shuffle', 'round_robin'] as const).nullish(),
});

/** mode "generated" (agora-agents-ts StartAgentsRequest FillerWords.Content.GeneratedConfig, v2.8). */
const generatedFillerConfig = shape({
	llm_provider: shape({
		url: nonEmptyText(),
		api_key: nonEmptyText(),
		params: anyObject().nullish(),
	}).nullish(),
	prompt: text().nullish(),
	fallback_strategy: oneOf(['static'] as const).nullish(),
	context_message_limit: integer().nullish(),
	history_character_limit: integer().nullish(),
});

/** Agora's own example names the config `config`; the rule's name is `{mode}_config`. */
const fillerModeRules = (value: Record<string, unknown>, report: Report) =>
	checkModeConfig(value, report, { alsoAccepted: ['config'] });

export const fillerWordsSchema = shape({
	enable: flag().nullish(),
	trigger: withRules(
		shape({
			mode: openChoice().nullish(),
			fixed_time_config: shape({ response_wait_ms: integer().nullish() }).nullish(),
			config: shape({ response_wait_ms: integer().nullish() }).nullish(),
		}),
		fillerModeRules,
	).nullish(),
	content: withRules(
		shape({
			mode: openChoice().nullish(),
			static_config: fillerContentConfig.nullish(),
			generated_config: generatedFillerConfig.nullish(),
			config: fillerContentConfig.nullish(),
		}),
		fillerModeRules,
	).nullish(),
});

const DATA_CHANNELS = ['rtm', 'datastream'] as const;

/** Silence before the reminder (silence_config.timeout_ms); 0 turns it off. */
export const SILENCE_TIMEOUT_MS = { min: 0, max: 60000 } as const;
export const SILENCE_ACTIONS = ['speak', 'think'] as const;

export const parametersSchema = shape({
	silence_config: withRules(
		shape({
			timeout_ms: integer(SILENCE_TIMEOUT_MS.min, SILENCE_TIMEOUT_MS.max).nullish(),
			action: oneOf(SILENCE_ACTIONS).nullish(),
			content: text().nullish(),
		}),
		(value, report) => {
			if ((value.timeout_ms ?? 0) > 0 && !value.content?.trim()) {
				report(['content'], 'is required when timeout_ms is above 0 (the silence reminder is on)');
			}
		},
	).nullish(),
	farewell_config: shape({
		graceful_enabled: flag().nullish(),
		graceful_timeout_seconds: integer().nullish(),
	}).nullish(),
	data_channel: oneOf(DATA_CHANNELS).nullish(),
	enable_metrics: flag().nullish(),
	enable_error_message: flag().nullish(),
	audio_scenario: oneOf(['default', 'chorus', 'aiserver'] as const).nullish(),
	opt_out: flag().nullish(),
});

const GEOFENCE_AREAS = ['GLOBAL', 'NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN'] as const;

export const geofenceSchema = withRules(
	shape({
		area: oneOf(GEOFENCE_AREAS),
		exclude_area: oneOf(GEOFENCE_AREAS.filter((area) => area !== 'GLOBAL')).nullish(),
	}),
	(value, report) => {
		if (isGiven(value.exclude_area) && value.area !== 'GLOBAL') {
			report(['exclude_area'], 'is allowed only when area is GLOBAL');
		}
	},
);

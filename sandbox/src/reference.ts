/**
 * Value tables of Agora's current reference, one constant per field, each naming the section it
 * follows; values the older snapshot documents stay accepted (sandbox/README.md).
 */

// start-agent properties.geofence.area / exclude_area
export const GEOFENCE_AREAS = [
	'GLOBAL',
	'NORTH_AMERICA',
	'EUROPE',
	'ASIA',
	'INDIA',
	'JAPAN',
] as const;
export const GEOFENCE_EXCLUDE = ['NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN'] as const;

// start-agent properties.{asr,tts,llm}.credential_mode
export const CREDENTIAL_MODES = ['managed', 'byok'] as const;

// start-agent properties.tts.skip_patterns: 1..5 bracket kinds
export const SKIP_PATTERNS = [1, 2, 3, 4, 5] as const;

// start-agent properties.tts.vendor: generic_http needs url, headers and params
export const TTS_GENERIC_HTTP = 'generic_http';

// start-agent properties.llm.input_modalities / output_modalities
export const LLM_INPUT_MODALITIES = [['text'], ['text', 'image']] as const;
export const LLM_OUTPUT_MODALITIES = [['text'], ['audio'], ['text', 'audio']] as const;

// start-agent properties.llm.greeting_configs.audio_download_timeout_ms: minimum 200, maximum 10000
export const GREETING_AUDIO_TIMEOUT = { min: 200, max: 10000 } as const;
// start-agent properties.llm.greeting_audio_url: http(s) only, at most 2048 bytes, needs greeting_message
export const GREETING_AUDIO_URL_MAX_BYTES = 2048;

// start-agent properties.llm.mcp_servers[].name: at most 48 characters, English letters and digits
export const MCP_NAME_RE = /^[A-Za-z0-9]{1,48}$/;

// start-agent properties.mllm.input_modalities / output_modalities; ["audio"] is used by the
// reference's own MLLM examples (models/mllm/azure.mdx, gemini.mdx)
export const MLLM_INPUT_MODALITIES = [['audio'], ['audio', 'text']] as const;
export const MLLM_OUTPUT_MODALITIES = [['text', 'audio'], ['audio']] as const;

// start-agent properties.mllm.turn_detection.server_vad_config / semantic_vad_config
export const START_SENSITIVITY = ['START_SENSITIVITY_HIGH', 'START_SENSITIVITY_LOW'] as const;
export const END_SENSITIVITY = ['END_SENSITIVITY_HIGH', 'END_SENSITIVITY_LOW'] as const;
export const MLLM_EAGERNESS = ['auto', 'low', 'medium', 'high'] as const;

// start-agent properties.turn_detection.type (deprecated; cascade and MLLM); platform_vad: older snapshot
export const TURN_DETECTION_TYPES = [
	'agora_vad',
	'server_vad',
	'semantic_vad',
	'platform_vad',
] as const;
// "Use presets": the identifiers of each category
export const PRESETS = {
	asr: ['deepgram_nova_2', 'deepgram_nova_3'],
	llm: ['openai_gpt_4o_mini', 'openai_gpt_4_1_mini', 'openai_gpt_5_nano', 'openai_gpt_5_mini'],
	tts: ['minimax_speech_2_6_turbo', 'minimax_speech_2_8_turbo', 'openai_tts_1'],
} as const;
// start-agent properties.turn_detection.interrupt_mode (deprecated)
// `keyword`: the value Agora's server SDKs send (StartAgentsRequest InterruptMode)
export const INTERRUPT_MODES = [
	'interrupt',
	'append',
	'ignore',
	'keywords',
	'keyword',
	'adaptive',
] as const;
// start-agent properties.turn_detection.eagerness (deprecated)
export const DEPRECATED_EAGERNESS = ['auto', 'low', 'high'] as const;
// start-agent properties.turn_detection.interrupt_keywords: up to 128 keywords
export const MAX_KEYWORDS = 128;

// start-agent properties.turn_detection.config.{start_of_speech,end_of_speech}: the OpenAPI text
// asks for {mode}_config with vad/semantic, but Agora's agents SDK sends end_of_speech {mode:
// "semantic"} alone; both documented, so a mode without its config is accepted (Agora's defaults).
// start-agent properties.remote_rtc_uids: ["*"] subscribes to every user (Agora's Go and Python
// SDK READMEs, "RemoteUIDs: []string{\"*\"}"), with integer UIDs too.
export const ALL_REMOTE_USERS = '*';
// properties.mllm with vendor vertexai ("Google Gemini Live (Vertex AI)" page): authenticates with
// adc_credentials_string, project_id and location (all required there) and sends no api_key.
export const MLLM_VERTEX_VENDOR = 'vertexai';
export const MLLM_VERTEX_FIELDS = ['adc_credentials_string', 'project_id', 'location'] as const;
// The MLLM vendors whose reference pages send mllm.api_key; other vendors pass through without.
export const MLLM_API_KEY_VENDORS = [
	'openai',
	'azure',
	'gemini',
	'xai',
	'openai-gpt-live',
] as const;
// The OpenAI GPT-Live page: vendor openai-gpt-live requires url (wss://api.openai.com/v1/live).
export const MLLM_URL_REQUIRED_VENDORS = ['openai-gpt-live'] as const;
// start_of_speech / end_of_speech mode manual: needs advanced_features.enable_rtm = true and
// parameters.data_channel = "rtm"; takes no manual_config
export const MANUAL_MODE = 'manual';
// start_of_speech.{mode}_config.strategy; interruption.disabled_config.strategy
export const STRATEGIES = ['append', 'ignore'] as const;

// start-agent properties.rtc.encryption_mode (7 and 8 need encryption_salt)
export const ENCRYPTION_MODES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const SALTED_ENCRYPTION_MODES = [7, 8] as const;

// start-agent properties.filler_words.content.{mode}_config: at most 100 phrases of at most 50 words
export const FILLER_MAX_PHRASES = 100;
export const FILLER_MAX_WORDS = 50;
export const FILLER_SELECTION_RULES = ['shuffle', 'round_robin'] as const;

// start-agent properties.parameters.silence_config: timeout 0 or (0, 60000] (then content is
// required); action speak or think
export const SILENCE_TIMEOUT_MAX = 60000;
export const SILENCE_ACTIONS = ['speak', 'think'] as const;
// start-agent properties.parameters.data_channel / audio_scenario
export const DATA_CHANNELS = ['rtm', 'datastream'] as const;
export const AUDIO_SCENARIOS = ['default', 'chorus', 'aiserver'] as const;

// start-agent properties.sal.sample_urls: one voiceprint; the name "unknown" is reserved
export const SAL_RESERVED_NAME = 'unknown';

// start-agent properties.idle_timeout: 0..259200 s; also the longest a session runs (72 hours)
export const IDLE_TIMEOUT_MAX_S = 259200;
export const MAX_SESSION_S = 259200;

// agent-speak requestBody: text at most 512 bytes; priority
export const SPEAK_MAX_BYTES = 512;
export const SPEAK_PRIORITIES = ['INTERRUPT', 'APPEND', 'IGNORE'] as const;

// agent-think requestBody
export const THINK_LISTENING_ACTIONS = ['inject', 'interrupt', 'ignore'] as const;
export const THINK_BUSY_ACTIONS = ['interrupt', 'ignore'] as const;

// get-agent-list parameters: state codes (5 RECOVERING: older snapshot), default state 2, default
// from_time 2 hours ago
export const LIST_STATE_CODES = [0, 1, 2, 3, 4, 5, 6] as const;
export const LIST_DEFAULT_STATE = 2;
export const LIST_DEFAULT_WINDOW_S = 7200;
export const LIST_DEFAULT_LIMIT = 20;

// get-turns: sessions of the last 7 days; page_index from 1, page_size default 50
export const TURNS_WINDOW_S = 7 * 86400;
export const TURNS_DEFAULT_PAGE_SIZE = 50;

// Media Pull "Create API": regions, encryptMode, audioOptions.Profile, videoOptions ranges, fillMode
export const REGIONS = ['cn', 'ap', 'na', 'eu'] as const;
export const ENCRYPT_MODES = [
	'aes-128-xts',
	'aes-256-xts',
	'aes-128-ecb',
	'sm4-128-ecb',
	'aes-128-gcm',
	'aes-256-gcm',
	'aes-128-gcm2',
	'aes-256-gcm2',
] as const;
export const AUDIO_PROFILE = { min: 0, max: 5 } as const;
export const VIDEO_RANGES = {
	width: [66, 1920],
	height: [66, 1080],
	frameRate: [1, 30],
	bitrate: [1, 10000],
} as const;
export const FILL_MODES = ['fit', 'fill'] as const;
// Media Pull "Create API": idleTimeout 5..600 s, out-of-range values are adjusted (not refused)
export const IDLE_TIMEOUT_RANGE = { min: 5, max: 600, default: 300 } as const;
// Media Pull "Create API": streamUrl at most 1024 bytes; channelName 64 bytes; account 255; name 64
export const STREAM_URL_MAX_BYTES = 1024;
export const CHANNEL_NAME_MAX_BYTES = 64;
export const ACCOUNT_MAX_BYTES = 255;
export const PLAYER_NAME_RE = /^[a-zA-Z0-9_-]{1,64}$/;
/** Media Pull "Create API" channelName / account: letters, digits, space and these punctuation marks. */
export const CHANNEL_CHARS_RE = /^[a-zA-Z0-9 !#$%&()+\-:;<=.>?@[\]^_,{}|~]+$/;
export const UID_MAX = 4294967295;
// Media Pull "Create API": playTs in [createTs - 86400, createTs + 300]
export const PLAY_TS_BEFORE_S = 86400;
export const PLAY_TS_AFTER_S = 300;
// Media Pull "Update API": audioOptions.volume 0..200
export const VOLUME_RANGE = { min: 0, max: 200 } as const;
// Media Pull "List API": pageSize 1..500, default 200
export const PAGE_SIZE_RANGE = { min: 1, max: 500, default: 200 } as const;
// Media Pull "Considerations": concurrent players per project, default 20
export const DEFAULT_PLAYER_QUOTA = 20;

// Inline HTTP tools, properties.llm.tools (join reference from v2.8)
export const HTTP_TOOLS_MAX = 32;
export const HTTP_TOOL_METHODS = ['GET', 'POST'] as const;
export const HTTP_TOOL_TIMEOUT_MIN_MS = 1000;
export const HTTP_TOOL_TIMEOUT_MAX_MS = 100000;
// Generated filler words: the only fallback strategy
export const FILLER_FALLBACK_STRATEGIES = ['static'] as const;

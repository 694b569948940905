/** Facts of Agora's APIs that more than one operation relies on. */

/** RTC user IDs are unsigned 32-bit integers. */
export const UID_MAX = 4294967295;

/** Media Pull regions as they appear in request paths. */
export const MEDIA_PULL_REGIONS = ['cn', 'ap', 'na', 'eu'] as const;
export type MediaPullRegion = (typeof MEDIA_PULL_REGIONS)[number];

/** Characters Agora allows in channel names and string user accounts. */
export const CHANNEL_NAME_CHARS = /^[a-zA-Z0-9 !#$%&()+\-:;<=.>?@[\]^_,{}|~]+$/;
// ">" before "<": n8n's error toast drops text that reads like an HTML tag ("<= . >").
export const CHANNEL_NAME_CHARS_TEXT =
	'a-z, A-Z, 0-9, the space and ! # $ % & ( ) + - : ; = . ? @ [ ] ^ _ , { } | ~ > <';

/** Agora's presets by provider category ("Use presets"): one identifier per category, comma-separated. */
export const PRESETS = {
	asr: ['deepgram_nova_2', 'deepgram_nova_3'],
	llm: ['openai_gpt_4o_mini', 'openai_gpt_4_1_mini', 'openai_gpt_5_nano', 'openai_gpt_5_mini'],
	tts: ['minimax_speech_2_6_turbo', 'minimax_speech_2_8_turbo', 'openai_tts_1'],
} as const;

/**
 * The categories a preset string covers. An identifier the presets page does not list (a newer
 * one) may cover any category: then every category counts as covered.
 */
export function presetCategories(preset: string | null | undefined): {
	asr: boolean;
	llm: boolean;
	tts: boolean;
	unknown: boolean;
} {
	const ids = String(preset ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	const listed = (category: keyof typeof PRESETS, id: string) =>
		(PRESETS[category] as readonly string[]).includes(id);
	const unknown = ids.some((id) => !listed('asr', id) && !listed('llm', id) && !listed('tts', id));
	return {
		asr: unknown || ids.some((id) => listed('asr', id)),
		llm: unknown || ids.some((id) => listed('llm', id)),
		tts: unknown || ids.some((id) => listed('tts', id)),
		unknown,
	};
}

/** Facts of Agora's APIs that more than one operation relies on. */

/** RTC user IDs are unsigned 32-bit integers. */
export const UID_MAX = 4294967295;

/** Media Pull regions as they appear in request paths. */
export const MEDIA_PULL_REGIONS = ['cn', 'ap', 'na', 'eu'] as const;
export type MediaPullRegion = (typeof MEDIA_PULL_REGIONS)[number];

/** Characters Agora allows in channel names and string user accounts. */
export const CHANNEL_NAME_CHARS = /^[a-zA-Z0-9 !#$%&()+\-:;<=.>?@[\]^_,{}|~]+$/;
// ">" before "<": n8n's error toast drops text that reads like an HTML tag ("<= . >").
export const CHANNEL_NAME_CHARS_TEXT = 'a-z, A-Z, 0-9, the space and ! # $ % & ( ) + - : ; = . ? @ [ ] ^ _ , { } | ~ > <';

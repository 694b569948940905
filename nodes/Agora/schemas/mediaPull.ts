/**
 * zod schemas of the Media Pull (cloud player) requests, following service-interface.md.
 * Every rule is checked before a request is sent; issue paths name the Agora field
 * (`player.channelName`, `player.videoOptions.width`, `streamIp`, ...).
 */
import { z } from 'zod';

import { CHANNEL_NAME_CHARS, CHANNEL_NAME_CHARS_TEXT, MEDIA_PULL_REGIONS, UID_MAX } from '../helpers/agoraFacts';
import { utf8Bytes } from '../helpers/values';

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

/** Modes that derive the key with a salt: encryptKdfSalt is required with them and only with them. */
export const KDF_SALT_MODES: readonly string[] = ['aes-128-gcm2', 'aes-256-gcm2'];

export const PLAYER_NAME_RE = /^[a-zA-Z0-9_-]+$/;
const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const IDLE_TIMEOUT_MIN = 5;
export const IDLE_TIMEOUT_MAX = 600;
/** playTs may lie at most this far before / after the creation time (seconds). */
export const PLAY_TS_BEFORE_S = 86400;
export const PLAY_TS_AFTER_S = 300;

/** A string that must not be empty (required fields must not be null or an empty string). */
const requiredString = () =>
	z.string({ required_error: 'is required', invalid_type_error: 'must be a string' }).min(1, 'is required and must not be empty');

const number = () =>
	z.number({ required_error: 'is required', invalid_type_error: 'must be a number' }).finite('must be a finite number');

const integerIn = (min: number, max: number, unit = '') =>
	number()
		.int('must be a whole number')
		.min(min, `must be between ${min} and ${max}${unit}`)
		.max(max, `must be between ${min} and ${max}${unit}`);

export const regionSchema = z.enum(MEDIA_PULL_REGIONS, {
	errorMap: () => ({ message: 'must be one of cn (China Mainland), ap (Asia Pacific), na (North America), eu (Europe)' }),
});

export const streamUrlSchema = requiredString()
	.refine((v) => utf8Bytes(v) <= 1024, 'must be at most 1024 bytes')
	.refine((v) => isStreamUrl(v), 'must be an rtmp:// or http(s):// URL with a host and no spaces');

/** rtmp or http(s), parseable as a URL, with a host and no white space anywhere. */
function isStreamUrl(value: string): boolean {
	if (!/^(rtmp|https?):\/\/[^\s/?#]+/i.test(value) || /\s/.test(value)) return false;
	try {
		return new URL(value).hostname !== '';
	} catch {
		return false;
	}
}

export const channelNameSchema = requiredString()
	.refine((v) => utf8Bytes(v) <= 64, 'must be at most 64 bytes')
	.refine(
		(v) => CHANNEL_NAME_CHARS.test(v),
		`may only contain ${CHANNEL_NAME_CHARS_TEXT}`,
	);

export const accountSchema = requiredString()
	.refine((v) => utf8Bytes(v) <= 255, 'must be at most 255 bytes')
	.refine(
		(v) => CHANNEL_NAME_CHARS.test(v),
		`may only contain ${CHANNEL_NAME_CHARS_TEXT}`,
	);

export const playerNameSchema = requiredString()
	.refine((v) => utf8Bytes(v) <= 64, 'must be at most 64 bytes')
	.refine((v) => PLAYER_NAME_RE.test(v), 'may only contain a-z, A-Z, 0-9, - and _');

export const playerIdSchema = requiredString().refine((v) => !/[\s/?#]/.test(v), 'must be a player ID (no spaces or slashes)');

export const streamIpSchema = z
	.string({ invalid_type_error: 'must be a string' })
	.refine((v) => IPV4_RE.test(v), 'must be a valid IPv4 address, e.g. 203.0.113.10');

const uidSchema = integerIn(0, UID_MAX);

// Agora would quietly move such a value to the nearest bound; the node refuses it instead.
const idleTimeoutRule = `must be between ${IDLE_TIMEOUT_MIN} and ${IDLE_TIMEOUT_MAX} seconds (Agora would silently change it to ${IDLE_TIMEOUT_MIN} or ${IDLE_TIMEOUT_MAX})`;

const playTsSchema = number()
	.int('must be a whole number of Unix seconds')
	.refine((v) => {
		if (v === 0) return true;
		const now = Math.floor(Date.now() / 1000);
		return v >= now - PLAY_TS_BEFORE_S && v <= now + PLAY_TS_AFTER_S;
	}, `must be 0 (play at once) or a Unix time in seconds between now - ${PLAY_TS_BEFORE_S} and now + ${PLAY_TS_AFTER_S}`);

const seekPositionSchema = number().min(0, 'must be 0 or more seconds');

const audioCreateSchema = z
	.object({ Profile: integerIn(0, 5).optional() })
	.strict();

const videoSchema = z
	.object({
		width: integerIn(66, 1920, ' pixels').optional(),
		height: integerIn(66, 1080, ' pixels').optional(),
		widthHeightAdaption: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
		frameRate: number().min(1, 'must be between 1 and 30 fps').max(30, 'must be between 1 and 30 fps').optional(),
		bitrate: number().min(1, 'must be between 1 and 10000 Kbps').max(10000, 'must be between 1 and 10000 Kbps').optional(),
		codec: z.enum(['H.264', 'VP9'], { errorMap: () => ({ message: "must be 'H.264' or 'VP9'" }) }).optional(),
		fillMode: z.enum(['fit', 'fill'], { errorMap: () => ({ message: "must be 'fit' or 'fill'" }) }).optional(),
	})
	.strict();

export const playerCreateSchema = z
	.object({
		streamUrl: streamUrlSchema,
		channelName: channelNameSchema,
		uid: uidSchema.optional(),
		account: accountSchema.optional(),
		token: z.string({ invalid_type_error: 'must be a string' }).optional(),
		idleTimeout: number()
			.int('must be a whole number of seconds')
			.min(IDLE_TIMEOUT_MIN, idleTimeoutRule)
			.max(IDLE_TIMEOUT_MAX, idleTimeoutRule)
			.optional(),
		playTs: playTsSchema.optional(),
		name: playerNameSchema.optional(),
		encryptMode: z
			.enum(ENCRYPT_MODES, { errorMap: () => ({ message: `must be one of ${ENCRYPT_MODES.join(', ')}` }) })
			.optional(),
		encryptKey: requiredString().optional(),
		encryptKdfSalt: requiredString()
			.refine((v) => v !== '0', 'must not be 0')
			.optional(),
		repeatTime: number()
			.int('must be a whole number')
			.refine((v) => v === -1 || v >= 1, 'must be -1 (loop) or 1 or more (0 is not allowed)')
			.optional(),
		seekPosition: seekPositionSchema.optional(),
		dataStreamOptions: z.object({ enable: z.boolean({ invalid_type_error: 'must be true or false' }) }).strict().optional(),
		audioOptions: audioCreateSchema.optional(),
		videoOptions: videoSchema.optional(),
	})
	.strict()
	.superRefine((p, ctx) => {
		const hasUid = p.uid !== undefined;
		const hasAccount = p.account !== undefined;
		if (hasUid === hasAccount) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: [hasUid ? 'account' : 'uid'],
				message: hasUid
					? 'cannot be given together with player.uid (exactly one of uid or account)'
					: 'or player.account is required (exactly one of them)',
			});
		}
		const saltMode = p.encryptMode !== undefined && KDF_SALT_MODES.includes(p.encryptMode);
		if (saltMode && p.encryptKdfSalt === undefined) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['encryptKdfSalt'],
				message: `is required with encryptMode ${p.encryptMode}`,
			});
		}
		if (!saltMode && p.encryptKdfSalt !== undefined) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['encryptKdfSalt'],
				message: 'is valid only with encryptMode aes-128-gcm2 or aes-256-gcm2',
			});
		}
		// Without a key Agora disables built-in encryption, so a mode alone or a key alone is a mistake.
		if (p.encryptKey !== undefined && p.encryptMode === undefined) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['encryptMode'],
				message: 'is required when an encryption key is given',
			});
		}
		if (p.encryptMode !== undefined && p.encryptKey === undefined) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['encryptKey'],
				message: 'is required when encryptMode is set (without a key Agora disables encryption)',
			});
		}
	});

/** Create: region and streamIp travel in the path and query, the player in the body. */
export const createPlayerRequestSchema = z
	.object({
		region: regionSchema,
		streamIp: streamIpSchema.optional(),
		player: playerCreateSchema,
	})
	.strict();

export const deletePlayerRequestSchema = z.object({ region: regionSchema, id: playerIdSchema }).strict();

export const sequenceSchema = number()
	.int('must be a whole number')
	.min(0, 'must be 0 or more')
	// Later automatic sequences count up from it and must stay exact integers.
	.max(2 ** 52, 'must be at most 4503599627370496');

export const playerUpdateSchema = z
	.object({
		streamUrl: streamUrlSchema.optional(),
		seekPosition: seekPositionSchema.optional(),
		isPause: z.boolean({ invalid_type_error: 'must be true or false' }).optional(),
		audioOptions: z.object({ volume: integerIn(0, 200) }).strict().optional(),
	})
	.strict()
	.refine((p) => Object.keys(p).length > 0, {
		message: 'needs at least one field to update: streamUrl, seekPosition, isPause or audioOptions.volume',
	});

export const updatePlayerRequestSchema = z
	.object({
		region: regionSchema,
		id: playerIdSchema,
		sequence: sequenceSchema,
		player: playerUpdateSchema,
	})
	.strict();

export const PAGE_SIZE_MAX = 500;

export const listPlayersRequestSchema = z
	.object({
		channelName: channelNameSchema.optional(),
		pageSize: integerIn(1, PAGE_SIZE_MAX).optional(),
		limit: number().int('must be a whole number').min(1, 'must be 1 or more').optional(),
	})
	.strict();

export const getPlayerRequestSchema = z
	.object({ id: playerIdSchema, channelName: channelNameSchema.optional() })
	.strict();

export type PlayerCreate = z.infer<typeof playerCreateSchema>;
export type PlayerUpdate = z.infer<typeof playerUpdateSchema>;
export type MediaPullRegionValue = z.infer<typeof regionSchema>;

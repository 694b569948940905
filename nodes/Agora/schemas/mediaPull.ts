/**
 * Rules of the Media Pull (cloud player) requests, from Agora's Media Pull RESTful API pages
 * (Create, Update, List, Delete). Only what the reference calls invalid is refused; issue paths
 * name the Agora field (`player.channelName`, `player.videoOptions.width`, `streamIp`, ...).
 */
import type { z } from 'zod';

import { MEDIA_PULL_REGIONS, UID_MAX } from '../../shared/agoraFacts';
import { utf8Bytes } from '../../shared/values';
import {
	channelText,
	closedShape,
	flag,
	oneOf,
	rule,
	shape,
	text,
	withRules,
	type Check,
} from './rules';

const ENCRYPT_MODES = [
	'aes-128-xts',
	'aes-256-xts',
	'aes-128-ecb',
	'sm4-128-ecb',
	'aes-128-gcm',
	'aes-256-gcm',
	'aes-128-gcm2',
	'aes-256-gcm2',
] as const;

/** Modes that derive the key with a salt: encryptKdfSalt is required with them; Agora ignores it with others. */
const KDF_SALT_MODES: readonly string[] = ['aes-128-gcm2', 'aes-256-gcm2'];

/** Agora clamps an idle timeout outside 5..600 s to the nearest end; it is not refused. */
export const IDLE_TIMEOUT_MIN = 5;
export const IDLE_TIMEOUT_MAX = 600;
/** playTs may lie at most this far before / after the creation time (seconds). */
const PLAY_TS_BEFORE_S = 86400;
const PLAY_TS_AFTER_S = 300;
/** Playback speeds Agora offers (tempo). */
const TEMPOS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;
export const PAGE_SIZE_MAX = 500;
/** Ranges of the player's audio and video options, as the form shows them. */
export const VOLUME = { min: 0, max: 200 } as const;
export const VIDEO_RANGES = {
	width: { min: 66, max: 1920 },
	height: { min: 66, max: 1080 },
	frameRate: { min: 1, max: 30 },
	bitrate: { min: 1, max: 10000 },
} as const;

const PLAYER_NAME_RE = /^[a-zA-Z0-9_-]+$/;
const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A required string: not null, not empty (Agora refuses `null` and `""` in required fields). */
function requiredText(...checks: Array<[(value: string) => boolean, string]>): Check {
	return (value) => {
		if (value === undefined) return 'is required';
		if (typeof value !== 'string') return 'must be a string';
		if (value === '') return 'is required and must not be empty';
		return checks.find(([test]) => !test(value))?.[1];
	};
}

function numberCheck(test: (value: number) => boolean, message: string): Check {
	return (value) => {
		if (value === undefined) return 'is required';
		if (typeof value !== 'number' || !Number.isFinite(value)) return 'must be a number';
		return test(value) ? undefined : message;
	};
}

const between = (min: number, max: number, unit = '') =>
	numberCheck((v) => v >= min && v <= max, `must be between ${min} and ${max}${unit}`);

function wholeBetween(min: number, max: number, unit = ''): Check {
	const range = between(min, max, unit);
	return (value) => {
		if (typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value))
			return 'must be a whole number';
		return range(value);
	};
}

const regionSchema = oneOf(
	MEDIA_PULL_REGIONS,
	'must be one of cn (China Mainland), ap (Asia Pacific), na (North America), eu (Europe)',
);

/** rtmp or http(s), parseable as a URL, with a host and no white space anywhere. */
function isStreamUrl(value: string): boolean {
	if (!/^(rtmp|https?):\/\/[^\s/?#]+/i.test(value) || /\s/.test(value)) return false;
	try {
		return new URL(value).hostname !== '';
	} catch {
		return false;
	}
}

const streamUrl = rule<string>(
	requiredText(
		[(v) => utf8Bytes(v) <= 1024, 'must be at most 1024 bytes'],
		[isStreamUrl, 'must be an rtmp:// or http(s):// URL with a host and no spaces'],
	),
);

const channelNameSchema = channelText();

const accountSchema = channelText(255);

const playerNameSchema = rule<string>(
	requiredText(
		[(v) => utf8Bytes(v) <= 64, 'must be at most 64 bytes'],
		[(v) => PLAYER_NAME_RE.test(v), 'may only contain a-z, A-Z, 0-9, - and _'],
	),
);

const playerIdSchema = rule<string>(
	requiredText([(v) => !/[\s/?#]/.test(v), 'must be a player ID (no spaces or slashes)']),
);

const streamIpSchema = rule<string>((value) =>
	typeof value === 'string' && IPV4_RE.test(value)
		? undefined
		: 'must be a valid IPv4 address, e.g. 203.0.113.10',
);

const playTsRule = `must be 0 (play at once) or a Unix time in seconds between now - ${PLAY_TS_BEFORE_S} and now + ${PLAY_TS_AFTER_S}`;
const playTsSchema = rule<number>((value) => {
	if (typeof value !== 'number' || !Number.isInteger(value))
		return 'must be a whole number of Unix seconds';
	if (value === 0) return undefined;
	const now = Math.floor(Date.now() / 1000);
	return value >= now - PLAY_TS_BEFORE_S && value <= now + PLAY_TS_AFTER_S ? undefined : playTsRule;
});

const seekPositionSchema = rule<number>(numberCheck((v) => v >= 0, 'must be 0 or more seconds'));
const tempoSchema = oneOf(TEMPOS, `must be one of ${TEMPOS.join(', ')}`);
const unknownFields = (where: string) => (unknown: string[]) =>
	`has fields ${where} does not take: ${unknown.join(', ')}`;

/** Agora's prose names the profile `Profile`, its request examples `profile`: both are taken. */
const audioProfile = rule<number>(wholeBetween(0, 5));
const volume = rule<number>(wholeBetween(VOLUME.min, VOLUME.max));

// The player objects are open: members Agora adds after this form pass through (Additional Body).
const audioOptionsSchema = shape({
	profile: audioProfile.optional(),
	Profile: audioProfile.optional(),
	volume: volume.optional(),
});

const videoOptionsSchema = shape({
	width: rule<number>(
		wholeBetween(VIDEO_RANGES.width.min, VIDEO_RANGES.width.max, ' pixels'),
	).optional(),
	height: rule<number>(
		wholeBetween(VIDEO_RANGES.height.min, VIDEO_RANGES.height.max, ' pixels'),
	).optional(),
	widthHeightAdaption: flag().optional(),
	frameRate: rule<number>(
		between(VIDEO_RANGES.frameRate.min, VIDEO_RANGES.frameRate.max, ' fps'),
	).optional(),
	bitrate: rule<number>(
		between(VIDEO_RANGES.bitrate.min, VIDEO_RANGES.bitrate.max, ' Kbps'),
	).optional(),
	// Agora plays any other codec value as H.264: not an error.
	codec: text().optional(),
	gop: rule<number>(
		numberCheck((v) => v >= 1, 'must be 1 or more seconds between key frames'),
	).optional(),
	fillMode: oneOf(['fit', 'fill'] as const, "must be 'fit' or 'fill'").optional(),
});

export const playerCreateSchema = withRules(
	shape(
		{
			streamUrl,
			channelName: channelNameSchema,
			uid: rule<number>(wholeBetween(0, UID_MAX)).optional(),
			account: accountSchema.optional(),
			token: text().optional(),
			idleTimeout: rule<number>(numberCheck(() => true, 'must be a number')).optional(),
			playTs: playTsSchema.optional(),
			name: playerNameSchema.optional(),
			encryptMode: oneOf(ENCRYPT_MODES).optional(),
			encryptKey: text().optional(),
			encryptKdfSalt: rule<string>(requiredText([(v) => v !== '0', 'must not be 0'])).optional(),
			repeatTime: rule<number>((value) => {
				if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
				return value === -1 || value >= 1
					? undefined
					: 'must be -1 (loop) or 1 or more (0 is not allowed)';
			}).optional(),
			seekPosition: seekPositionSchema.optional(),
			dataStreamOptions: shape({ enable: flag() }).optional(),
			audioOptions: audioOptionsSchema.optional(),
			videoOptions: videoOptionsSchema.optional(),
			tempo: tempoSchema.optional(),
		},
		'must be an object',
	),
	(p, report) => {
		const hasUid = p.uid !== undefined;
		if (hasUid === (p.account !== undefined)) {
			report(
				[hasUid ? 'account' : 'uid'],
				hasUid
					? 'cannot be given together with player.uid (exactly one of uid or account)'
					: 'or player.account is required (exactly one of them)',
			);
		}
		const saltMode = p.encryptMode !== undefined && KDF_SALT_MODES.includes(p.encryptMode);
		if (saltMode && p.encryptKdfSalt === undefined)
			report(['encryptKdfSalt'], `is required with encryptMode ${p.encryptMode}`);
	},
);

/** Create: region and streamIp travel in the path and query, the player in the body. */
export const createPlayerRequestSchema = closedShape(
	{ region: regionSchema, streamIp: streamIpSchema.optional(), player: playerCreateSchema },
	unknownFields('a create request'),
);

export const deletePlayerRequestSchema = closedShape(
	{ region: regionSchema, id: playerIdSchema },
	unknownFields('a delete'),
);

/**
 * Agora types the update sequence as a number of at least 0 (no 32-bit bound). The node caps it
 * at 2^52 so that later automatic sequences, counting up from it, stay exact integers.
 */
const SEQUENCE_MAX = 2 ** 52;
const sequenceSchema = rule<number>((value) => {
	if (value === undefined) return 'is required';
	if (typeof value !== 'number' || !Number.isInteger(value)) return 'must be a whole number';
	if (value < 0) return 'must be 0 or more';
	return value <= SEQUENCE_MAX ? undefined : `must be at most ${SEQUENCE_MAX}`;
});

const playerUpdateSchema = withRules(
	shape(
		{
			streamUrl: streamUrl.optional(),
			seekPosition: seekPositionSchema.optional(),
			isPause: flag().optional(),
			audioOptions: audioOptionsSchema.optional(),
			tempo: tempoSchema.optional(),
		},
		'must be an object',
	),
	(p, report) => {
		if (Object.keys(p).length === 0) {
			report(
				[],
				'needs at least one field to update: streamUrl, seekPosition, isPause, audioOptions or tempo',
			);
		}
	},
);

export const updatePlayerRequestSchema = closedShape(
	{
		region: regionSchema,
		id: playerIdSchema,
		sequence: sequenceSchema,
		player: playerUpdateSchema,
	},
	unknownFields('an update request'),
);

const pageSize = rule<number>(wholeBetween(1, PAGE_SIZE_MAX));

export const listPlayersRequestSchema = closedShape(
	{
		channelName: channelNameSchema.optional(),
		pageSize: pageSize.optional(),
	},
	unknownFields('a list request'),
);

export const getPlayerRequestSchema = closedShape(
	{ id: playerIdSchema, channelName: channelNameSchema.optional() },
	unknownFields('a get request'),
);

export type PlayerCreate = z.infer<typeof playerCreateSchema>;

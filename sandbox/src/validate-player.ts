/**
 * Validation of Media Pull (cloud player) create and update requests, following the Media Pull
 * reference (media-pull/index.md, "Create API" and "Update API"). Throws FieldError whose message
 * names the field. Fields it does not list (videoOptions.gop of the request example, for one) pass.
 */
import {
	FieldError,
	invalid,
	missing,
	optBool,
	optEnum,
	optInt,
	optNum,
	optObj,
	optStr,
} from './check';
import * as R from './reference';
import { byteLen, isNil, isObj, Json } from './util';

export const REGIONS = R.REGIONS;
/** Characters allowed in channelName and account. */
export const CHANNEL_RE = R.CHANNEL_CHARS_RE;
const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

// "Create API" query parameters: streamIp must be a valid IPv4 address
export function isIPv4(s: string): boolean {
	return IPV4_RE.test(s);
}

export interface ValidPlayer {
	streamUrl: string;
	channelName: string;
	uid?: number;
	account?: string;
	token?: string;
	name: string | null;
	/** Seconds, adjusted into [5, 600]. */
	idleTimeout: number;
	playTs: number;
	encryptMode?: string;
	repeatTime: number;
	seekPosition: number;
	audioOptions?: Json;
	videoOptions?: Json;
	dataStreamOptions?: Json;
	raw: Json;
}

// streamUrl: required, RTMP or HTTP(S), at most 1024 bytes
function streamUrl(v: unknown, path: string): string {
	if (isNil(v) || v === '') throw missing(path);
	if (typeof v !== 'string') throw invalid(path, 'must be a string');
	if (byteLen(v) > R.STREAM_URL_MAX_BYTES)
		throw invalid(path, `must be at most ${R.STREAM_URL_MAX_BYTES} bytes`);
	if (!/^(rtmp|https?):\/\//i.test(v)) throw invalid(path, 'must be an rtmp:// or http(s):// URL');
	let host = '';
	try {
		host = new URL(v).hostname;
	} catch {
		throw invalid(path, 'must be a valid URL');
	}
	if (!host) throw invalid(path, 'must be a valid URL with a host');
	return v;
}

// audioOptions.Profile 0..5 (the request example writes it "profile"); volume 0..200
function audioOptions(o: Json, path: string): Json | undefined {
	const a = optObj(o, 'audioOptions', path);
	if (!a) return undefined;
	const ap = `${path}.audioOptions`;
	optInt(a, 'Profile', ap, R.AUDIO_PROFILE.min, R.AUDIO_PROFILE.max);
	optInt(a, 'profile', ap, R.AUDIO_PROFILE.min, R.AUDIO_PROFILE.max);
	optInt(a, 'volume', ap, R.VOLUME_RANGE.min, R.VOLUME_RANGE.max);
	return a;
}

function channelChars(v: unknown, path: string, maxBytes: number): string {
	if (isNil(v) || v === '') throw missing(path);
	if (typeof v !== 'string') throw invalid(path, 'must be a string');
	if (byteLen(v) > maxBytes) throw invalid(path, `must be at most ${maxBytes} bytes`);
	if (!R.CHANNEL_CHARS_RE.test(v)) throw invalid(path, 'contains characters that are not allowed');
	return v;
}

// channelName, uid or account ("You must set the cloud player's username"), token, name
function identity(
	p: Json,
	P: string,
): Pick<ValidPlayer, 'channelName' | 'uid' | 'account' | 'token' | 'name'> {
	const channelName = channelChars(p.channelName, `${P}.channelName`, R.CHANNEL_NAME_MAX_BYTES);
	if (p.account === null) throw invalid(`${P}.account`, 'must not be null');
	const hasUid = !isNil(p.uid);
	const hasAccount = p.account !== undefined;
	if (hasUid && hasAccount) throw invalid(`${P}.uid`, 'and player.account cannot both be given');
	if (!hasUid && !hasAccount)
		throw new FieldError(
			'MissingRequiredField',
			`${P}.uid`,
			'player.uid or player.account is required',
		);
	const out: Pick<ValidPlayer, 'channelName' | 'uid' | 'account' | 'token' | 'name'> = {
		channelName,
		name: null,
	};
	if (hasUid) out.uid = optInt(p, 'uid', P, 0, R.UID_MAX);
	else out.account = channelChars(p.account, `${P}.account`, R.ACCOUNT_MAX_BYTES);
	out.token = optStr(p, 'token', P);
	if (!isNil(p.name)) {
		if (typeof p.name !== 'string' || !R.PLAYER_NAME_RE.test(p.name)) {
			throw invalid(`${P}.name`, 'must be 1 to 64 characters of a-z, A-Z, 0-9, - and _');
		}
		out.name = p.name;
	}
	return out;
}

// idleTimeout adjusted into [5, 600]; playTs 0 or within [createTs - 86400, createTs + 300]
function timing(p: Json, P: string, nowS: number): { idleTimeout: number; playTs: number } {
	let idleTimeout: number = R.IDLE_TIMEOUT_RANGE.default;
	if (!isNil(p.idleTimeout)) {
		if (typeof p.idleTimeout !== 'number' || !Number.isFinite(p.idleTimeout))
			throw invalid(`${P}.idleTimeout`, 'must be a number');
		idleTimeout = Math.min(
			R.IDLE_TIMEOUT_RANGE.max,
			Math.max(R.IDLE_TIMEOUT_RANGE.min, p.idleTimeout),
		);
	}
	let playTs = 0;
	if (!isNil(p.playTs)) {
		if (typeof p.playTs !== 'number' || !Number.isFinite(p.playTs))
			throw invalid(`${P}.playTs`, 'must be a number');
		if (
			p.playTs !== 0 &&
			(p.playTs < nowS - R.PLAY_TS_BEFORE_S || p.playTs > nowS + R.PLAY_TS_AFTER_S)
		) {
			throw invalid(
				`${P}.playTs`,
				`must be 0 or within [createTs - ${R.PLAY_TS_BEFORE_S}, createTs + ${R.PLAY_TS_AFTER_S}] (createTs ${nowS})`,
			);
		}
		playTs = p.playTs;
	}
	return { idleTimeout, playTs };
}

// encryptMode; the gcm2 modes need encryptKdfSalt, which must not be 0
function encryption(p: Json, P: string): string | undefined {
	const encryptMode = optEnum(p, 'encryptMode', P, R.ENCRYPT_MODES);
	optStr(p, 'encryptKey', P);
	const salt = p.encryptKdfSalt;
	if (!isNil(salt) && typeof salt !== 'string')
		throw invalid(`${P}.encryptKdfSalt`, 'must be a string');
	if (encryptMode && encryptMode.endsWith('gcm2') && (isNil(salt) || salt === '' || salt === '0')) {
		throw missing(`${P}.encryptKdfSalt`);
	}
	return encryptMode;
}

// videoOptions ranges; codec: any other value is treated as H.264, so any string passes
function videoOptions(p: Json, P: string): Json | undefined {
	const vo = optObj(p, 'videoOptions', P);
	if (!vo) return undefined;
	const vp = `${P}.videoOptions`;
	optInt(vo, 'width', vp, ...R.VIDEO_RANGES.width);
	optInt(vo, 'height', vp, ...R.VIDEO_RANGES.height);
	optBool(vo, 'widthHeightAdaption', vp);
	optNum(vo, 'frameRate', vp, {
		min: R.VIDEO_RANGES.frameRate[0],
		max: R.VIDEO_RANGES.frameRate[1],
	});
	optNum(vo, 'bitrate', vp, { min: R.VIDEO_RANGES.bitrate[0], max: R.VIDEO_RANGES.bitrate[1] });
	optStr(vo, 'codec', vp);
	optEnum(vo, 'fillMode', vp, R.FILL_MODES);
	return vo;
}

function playerObject(body: unknown): Json {
	if (!isObj(body))
		throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	if (!isObj(body.player))
		throw new FieldError(
			'InvalidRequestBody',
			'player',
			'request body must be {"player": {...}} (player object missing)',
		);
	return body.player;
}

/** Validates the create body `{"player": {...}}`; nowS is the creation time (for playTs). */
export function validateCreatePlayer(body: unknown, nowS: number): ValidPlayer {
	const p = playerObject(body);
	const P = 'player';
	const url = streamUrl(p.streamUrl, `${P}.streamUrl`);
	const id = identity(p, P);
	const time = timing(p, P, nowS);
	const encryptMode = encryption(p, P);
	let repeatTime = 1;
	if (!isNil(p.repeatTime)) {
		const r = p.repeatTime;
		// 1 once, -1 loop, N times; cannot be 0
		if (typeof r !== 'number' || !Number.isInteger(r) || (r !== -1 && r < 1))
			throw invalid(`${P}.repeatTime`, 'must be -1 or an integer >= 1');
		repeatTime = r;
	}
	const seekPosition = optNum(p, 'seekPosition', P, { min: 0 }) ?? 0;
	const ds = optObj(p, 'dataStreamOptions', P);
	if (ds) optBool(ds, 'enable', `${P}.dataStreamOptions`);
	const ao = audioOptions(p, P);
	const vo = videoOptions(p, P);
	return {
		streamUrl: url,
		...id,
		...time,
		encryptMode,
		repeatTime,
		seekPosition,
		audioOptions: ao,
		videoOptions: vo,
		dataStreamOptions: ds,
		raw: p,
	};
}

export interface ValidPlayerUpdate {
	streamUrl?: string;
	seekPosition?: number;
	isPause?: boolean;
	volume?: number;
	/** audioOptions.Profile / profile. */
	profile?: number;
}

// "Update API": "You can update the following fields": streamUrl, audioOptions (volume), seekPosition, isPause
const UPDATABLE = new Set(['streamUrl', 'seekPosition', 'isPause', 'audioOptions']);
const UPDATABLE_AUDIO = new Set(['volume', 'Profile', 'profile']);

/** Validates the update body `{"player": {streamUrl?, seekPosition?, isPause?, audioOptions?}}`. */
export function validateUpdatePlayer(body: unknown): ValidPlayerUpdate {
	const p = playerObject(body);
	const P = 'player';
	for (const k of Object.keys(p)) {
		if (!UPDATABLE.has(k))
			throw invalid(
				`${P}.${k}`,
				'cannot be updated (updatable: streamUrl, seekPosition, isPause, audioOptions)',
			);
	}
	const out: ValidPlayerUpdate = {};
	if (p.streamUrl !== undefined) out.streamUrl = streamUrl(p.streamUrl, `${P}.streamUrl`);
	out.seekPosition = optNum(p, 'seekPosition', P, { min: 0 });
	out.isPause = optBool(p, 'isPause', P);
	const ao = audioOptions(p, P);
	if (ao) {
		for (const k of Object.keys(ao)) {
			if (!UPDATABLE_AUDIO.has(k))
				throw invalid(
					`${P}.audioOptions.${k}`,
					'cannot be updated (audioOptions.volume or Profile)',
				);
		}
		out.volume = ao.volume as number | undefined;
		out.profile = (ao.Profile ?? ao.profile) as number | undefined;
	}
	return out;
}

// "Update API" query parameters: sequence required, a number >= 0
export function parseSequence(v: string | undefined): number {
	if (v === undefined || v === '') throw missing('sequence');
	// beyond 2^53 a number is no longer exact, so that is refused
	if (!/^\d{1,16}$/.test(v) || !Number.isSafeInteger(Number(v)))
		throw invalid('sequence', 'must be an integer >= 0');
	return Number(v);
}

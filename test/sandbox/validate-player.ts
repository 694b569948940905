/**
 * Validation of Media Pull (cloud player) create and update requests, following
 * service-interface.md. Throws FieldError whose message names the field.
 */
import { FieldError, invalid, missing, optBool, optEnum, optInt, optNum, optObj, optStr } from './check';
import { byteLen, isNil, isObj, Json, nowS } from './util';

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

/** Characters allowed in channelName and account. */
export const CHANNEL_RE = /^[a-zA-Z0-9 !#$%&()+\-:;<=.>?@[\]^_,{}|~]+$/;
const NAME_RE = /^[a-zA-Z0-9_-]+$/;
const IPV4_RE = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const MAX_UID = 4294967295;

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

function streamUrl(v: unknown, path: string): string {
	if (isNil(v) || v === '') throw missing(path);
	if (typeof v !== 'string') throw invalid(path, 'must be a string');
	if (byteLen(v) > 1024) throw invalid(path, 'must be at most 1024 bytes');
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

function audioOptions(o: Json, path: string, allowVolume: boolean): Json | undefined {
	const a = optObj(o, 'audioOptions', path);
	if (!a) return undefined;
	const ap = `${path}.audioOptions`;
	optInt(a, 'Profile', ap, 0, 5);
	if (allowVolume) optInt(a, 'volume', ap, 0, 200);
	return a;
}

/** Validates the create body `{"player": {...}}`. */
export function validateCreatePlayer(body: unknown): ValidPlayer {
	if (!isObj(body)) throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	if (!isObj(body.player)) {
		throw new FieldError('InvalidRequestBody', 'player', 'request body must be {"player": {...}} (player object missing)');
	}
	const p = body.player;
	const P = 'player';
	const url = streamUrl(p.streamUrl, `${P}.streamUrl`);

	const ch = p.channelName;
	if (isNil(ch) || ch === '') throw missing(`${P}.channelName`);
	if (typeof ch !== 'string') throw invalid(`${P}.channelName`, 'must be a string');
	if (byteLen(ch) > 64) throw invalid(`${P}.channelName`, 'must be at most 64 bytes');
	if (!CHANNEL_RE.test(ch)) throw invalid(`${P}.channelName`, 'contains characters that are not allowed');

	if (p.account === null) throw invalid(`${P}.account`, 'must not be null');
	const hasUid = !isNil(p.uid);
	const hasAccount = p.account !== undefined;
	if (hasUid && hasAccount) throw invalid(`${P}.uid`, 'and player.account cannot both be given');
	if (!hasUid && !hasAccount) throw new FieldError('MissingRequiredField', `${P}.uid`, 'player.uid or player.account is required');
	let uid: number | undefined;
	let account: string | undefined;
	if (hasUid) uid = optInt(p, 'uid', P, 0, MAX_UID);
	else {
		const a = p.account;
		if (typeof a !== 'string') throw invalid(`${P}.account`, 'must be a string');
		if (a === '') throw missing(`${P}.account`);
		if (byteLen(a) > 255) throw invalid(`${P}.account`, 'must be at most 255 bytes');
		if (!CHANNEL_RE.test(a)) throw invalid(`${P}.account`, 'contains characters that are not allowed');
		account = a;
	}

	const token = optStr(p, 'token', P);
	let name: string | null = null;
	if (!isNil(p.name)) {
		if (typeof p.name !== 'string') throw invalid(`${P}.name`, 'must be a string');
		if (byteLen(p.name) > 64 || !NAME_RE.test(p.name)) {
			throw invalid(`${P}.name`, 'must be 1 to 64 characters of a-z, A-Z, 0-9, - and _');
		}
		name = p.name;
	}

	let idleTimeout = 300;
	if (!isNil(p.idleTimeout)) {
		if (typeof p.idleTimeout !== 'number' || !Number.isFinite(p.idleTimeout)) throw invalid(`${P}.idleTimeout`, 'must be a number');
		idleTimeout = Math.min(600, Math.max(5, p.idleTimeout));
	}

	let playTs = 0;
	if (!isNil(p.playTs)) {
		if (typeof p.playTs !== 'number' || !Number.isFinite(p.playTs)) throw invalid(`${P}.playTs`, 'must be a number');
		const now = nowS();
		if (p.playTs !== 0 && (p.playTs < now - 86400 || p.playTs > now + 300)) {
			throw invalid(`${P}.playTs`, 'must be 0 or within [now - 86400, now + 300]');
		}
		playTs = p.playTs;
	}

	const encryptMode = optEnum(p, 'encryptMode', P, ENCRYPT_MODES);
	optStr(p, 'encryptKey', P);
	const salt = p.encryptKdfSalt;
	if (!isNil(salt) && typeof salt !== 'string') throw invalid(`${P}.encryptKdfSalt`, 'must be a string');
	if (encryptMode && encryptMode.endsWith('gcm2') && (isNil(salt) || salt === '' || salt === '0')) {
		throw missing(`${P}.encryptKdfSalt`);
	}

	let repeatTime = 1;
	if (!isNil(p.repeatTime)) {
		const r = p.repeatTime;
		if (typeof r !== 'number' || !Number.isInteger(r) || (r !== -1 && r < 1)) {
			throw invalid(`${P}.repeatTime`, 'must be -1 or an integer >= 1');
		}
		repeatTime = r;
	}
	const seekPosition = optNum(p, 'seekPosition', P, { min: 0 }) ?? 0;

	const ds = optObj(p, 'dataStreamOptions', P);
	if (ds) optBool(ds, 'enable', `${P}.dataStreamOptions`);

	const ao = audioOptions(p, P, true);
	const vo = optObj(p, 'videoOptions', P);
	if (vo) {
		const vp = `${P}.videoOptions`;
		optInt(vo, 'width', vp, 66, 1920);
		optInt(vo, 'height', vp, 66, 1080);
		optBool(vo, 'widthHeightAdaption', vp);
		optNum(vo, 'frameRate', vp, { min: 1, max: 30 });
		optNum(vo, 'bitrate', vp, { min: 1, max: 10000 });
		optStr(vo, 'codec', vp);
		optEnum(vo, 'fillMode', vp, ['fit', 'fill']);
	}

	return {
		streamUrl: url,
		channelName: ch,
		uid,
		account,
		token,
		name,
		idleTimeout,
		playTs,
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
}

const UPDATABLE = new Set(['streamUrl', 'seekPosition', 'isPause', 'audioOptions']);

/** Validates the update body `{"player": {streamUrl?, seekPosition?, isPause?, audioOptions?: {volume}}}`. */
export function validateUpdatePlayer(body: unknown): ValidPlayerUpdate {
	if (!isObj(body)) throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	if (!isObj(body.player)) {
		throw new FieldError('InvalidRequestBody', 'player', 'request body must be {"player": {...}} (player object missing)');
	}
	const p = body.player;
	const P = 'player';
	for (const k of Object.keys(p)) {
		if (!UPDATABLE.has(k)) throw invalid(`${P}.${k}`, 'cannot be updated (updatable: streamUrl, seekPosition, isPause, audioOptions.volume)');
	}
	const out: ValidPlayerUpdate = {};
	if (p.streamUrl !== undefined) out.streamUrl = streamUrl(p.streamUrl, `${P}.streamUrl`);
	out.seekPosition = optNum(p, 'seekPosition', P, { min: 0 });
	out.isPause = optBool(p, 'isPause', P);
	const ao = audioOptions(p, P, true);
	if (ao) {
		for (const k of Object.keys(ao)) {
			if (k !== 'volume') throw invalid(`${P}.audioOptions.${k}`, 'cannot be updated (only audioOptions.volume)');
		}
		out.volume = optInt(ao, 'volume', `${P}.audioOptions`, 0, 200);
	}
	return out;
}

/** Parses the sequence query parameter: a required integer >= 0. */
export function parseSequence(v: string | undefined): number {
	if (v === undefined || v === '') throw missing('sequence');
	// The spec sets no upper bound; beyond 2^53 a number is no longer exact, so that is refused.
	if (!/^\d{1,16}$/.test(v) || !Number.isSafeInteger(Number(v))) throw invalid('sequence', 'must be an integer >= 0');
	return Number(v);
}

/**
 * Agora AccessToken2 ("007") builder using only node's `crypto` (community nodes may not import
 * `zlib`, so the content is one deflate "stored" block). Layout: docs/design.md, "Tokens".
 */
import { createHmac, randomInt } from 'crypto';

import { CHANNEL_NAME_CHARS, CHANNEL_NAME_CHARS_TEXT } from '../agoraFacts';
import { utf8Bytes } from '../values';

export type TokenRole = 'publisher' | 'subscriber';

interface RtcTokenInput {
	appId: string;
	appCertificate: string;
	channelName: string;
	/** Numeric uid (0 = any user). Exactly one of uid / account. */
	uid?: number | string;
	/** String user account ('' = any user). Exactly one of uid / account. */
	account?: string;
	role: TokenRole;
	/** Token lifetime in seconds from issue time, 1..86400. */
	tokenExpireSeconds: number;
	/** Privilege lifetime in seconds from issue time, 0..86400 (0 = until the token expires). */
	privilegeExpireSeconds: number;
	/** Also add the RTM service with the login privilege (like RtcTokenBuilder.buildTokenWithRtm). */
	withRtm?: boolean;
	/** RTM user id; defaults to the uid / account as a string ('' for uid 0, as Agora's builder). */
	rtmUserId?: string;
	/** Test hook: fixed salt (uint32). Random 1..99999999 otherwise. */
	salt?: number;
	/** Test hook: fixed issue timestamp (unix seconds, uint32). Now otherwise. */
	issueTs?: number;
}

interface RtcTokenResult {
	token: string;
	/** Unix seconds at which the token expires (issueTs + tokenExpireSeconds). */
	expiresAt: number;
}

const TOKEN_VERSION = '007';

const SERVICE_TYPE = {
	rtc: 1,
	rtm: 2,
} as const;

const RTC_PRIVILEGE = {
	joinChannel: 1,
	publishAudioStream: 2,
	publishVideoStream: 3,
	publishDataStream: 4,
} as const;

const RTM_PRIVILEGE = {
	login: 1,
} as const;

export const MAX_EXPIRE_SECONDS = 86400;

const UINT32_MAX = 0xffffffff;
const MAX_SALT = 99999999;

// ---------------------------------------------------------------------------
// Binary packing
// ---------------------------------------------------------------------------

class Packer {
	private readonly parts: Buffer[] = [];

	u16(value: number): this {
		const b = Buffer.alloc(2);
		b.writeUInt16LE(value, 0);
		this.parts.push(b);
		return this;
	}

	u32(value: number): this {
		const b = Buffer.alloc(4);
		b.writeUInt32LE(value, 0);
		this.parts.push(b);
		return this;
	}

	bytes(value: Buffer): this {
		if (value.length > 0xffff) throw new Error('Field too long to pack (over 65535 bytes)');
		this.u16(value.length);
		this.parts.push(value);
		return this;
	}

	str(value: string): this {
		return this.bytes(Buffer.from(value, 'utf8'));
	}

	/** uint16 -> uint32 map, keys in ascending order. */
	map(entries: Record<number, number>): this {
		const keys = Object.keys(entries)
			.map(Number)
			.sort((a, b) => a - b);
		this.u16(keys.length);
		for (const k of keys) this.u16(k).u32(entries[k]);
		return this;
	}

	raw(value: Buffer): this {
		this.parts.push(value);
		return this;
	}

	done(): Buffer {
		return Buffer.concat(this.parts);
	}
}

function hmac(key: Buffer, message: Buffer | string): Buffer {
	return createHmac('sha256', key).update(message).digest();
}

function u32le(value: number): Buffer {
	const b = Buffer.alloc(4);
	b.writeUInt32LE(value, 0);
	return b;
}

// ---------------------------------------------------------------------------
// zlib (RFC 1950) with deflate stored blocks (RFC 1951 BTYPE=00), Adler-32
// ---------------------------------------------------------------------------

const ADLER_MOD = 65521;

function adler32(data: Uint8Array): number {
	let a = 1;
	let b = 0;
	// Token content is far below the 5552 bytes after which the sums would need reducing inside the loop.
	for (const byte of data) {
		a = (a + byte) % ADLER_MOD;
		b = (b + a) % ADLER_MOD;
	}
	return ((b << 16) | a) >>> 0;
}

/** `data` (at most 65535 bytes: a token's content is far smaller) as a zlib stream of one stored block. */
function zlibStore(data: Uint8Array): Buffer {
	if (data.length > 0xffff) throw new Error('Token content is too long');
	const out = Buffer.alloc(2 + 5 + data.length + 4);
	// CMF: deflate with a 32K window; FLG: no dictionary, check bits so that CMF*256+FLG is a multiple of 31.
	out[0] = 0x78;
	out[1] = 0x01;
	// BFINAL=1, BTYPE=00 (stored), then LEN and its one's complement NLEN.
	out[2] = 0x01;
	out.writeUInt16LE(data.length, 3);
	out.writeUInt16LE(~data.length & 0xffff, 5);
	out.set(data, 7);
	out.writeUInt32BE(adler32(data), 7 + data.length);
	return out;
}

// ---------------------------------------------------------------------------
// Validation
// ---------------------------------------------------------------------------

const HEX32 = /^[0-9a-fA-F]{32}$/;

function checkInt(name: string, value: unknown, min: number, max: number): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
		throw new Error(`${name} must be an integer between ${min} and ${max}`);
	}
	return value;
}

function checkAgoraName(name: string, value: string, minBytes: number, maxBytes: number): void {
	const bytes = utf8Bytes(value);
	if (bytes < minBytes || bytes > maxBytes) {
		throw new Error(
			minBytes > 0
				? `${name} must be ${minBytes} to ${maxBytes} bytes long`
				: `${name} must be at most ${maxBytes} bytes long`,
		);
	}
	if (value !== '' && !CHANNEL_NAME_CHARS.test(value)) {
		throw new Error(
			`${name} contains unsupported characters (allowed: ${CHANNEL_NAME_CHARS_TEXT})`,
		);
	}
}

function parseUid(value: unknown): number {
	if (typeof value === 'string') {
		if (value === '') return 0;
		if (!/^\d{1,10}$/.test(value))
			throw new Error('uid must be an integer between 0 and 4294967295');
		return checkInt('uid', Number(value), 0, UINT32_MAX);
	}
	return checkInt('uid', value, 0, UINT32_MAX);
}

interface ValidatedInput {
	appId: string;
	appCertificate: string;
	channelName: string;
	rtcUid: string;
	publisher: boolean;
	tokenExpire: number;
	privilegeExpire: number;
	rtmUserId: string | undefined;
	salt: number;
	issueTs: number;
}

function checkProject(input: RtcTokenInput): void {
	if (!input || typeof input !== 'object') throw new Error('Token input must be an object');
	if (typeof input.appId !== 'string' || input.appId === '') throw new Error('appId is required');
	if (!HEX32.test(input.appId)) throw new Error('appId must be 32 hexadecimal characters');
	// Never echo the certificate (or anything derived from it) in messages.
	if (typeof input.appCertificate !== 'string' || input.appCertificate === '') {
		throw new Error('appCertificate is required to build a token');
	}
	if (!HEX32.test(input.appCertificate))
		throw new Error('appCertificate must be 32 hexadecimal characters');
	if (typeof input.channelName !== 'string' || input.channelName === '')
		throw new Error('channelName is required');
	checkAgoraName('channelName', input.channelName, 1, 64);
}

/** The RTC user as packed in the token: the uid as text ('' for uid 0), or the account. */
function rtcUidOf(input: RtcTokenInput): string {
	const hasUid = input.uid !== undefined && input.uid !== null;
	const hasAccount = input.account !== undefined && input.account !== null;
	if (hasUid && hasAccount) throw new Error('Provide either uid or account, not both');
	if (!hasUid && !hasAccount)
		throw new Error('Either uid or account is required (uid 0 allows any user)');
	if (hasUid) {
		const uid = parseUid(input.uid);
		return uid === 0 ? '' : String(uid);
	}
	if (typeof input.account !== 'string') throw new Error('account must be a string');
	checkAgoraName('account', input.account, 0, 255);
	return input.account;
}

/** The RTM user id, or undefined when the token has no RTM service. */
function rtmUserIdOf(input: RtcTokenInput, rtcUid: string): string | undefined {
	if (input.withRtm !== undefined && typeof input.withRtm !== 'boolean')
		throw new Error('withRtm must be a boolean');
	const explicit =
		input.rtmUserId !== undefined && input.rtmUserId !== null && input.rtmUserId !== '';
	if (!input.withRtm) {
		if (explicit) throw new Error('rtmUserId is only used when withRtm is true');
		return undefined;
	}
	// Same as Agora's buildTokenWithRtm: the RTC account / uid ('' for uid 0).
	if (!explicit) return rtcUid;
	if (typeof input.rtmUserId !== 'string') throw new Error('rtmUserId must be a string');
	if (utf8Bytes(input.rtmUserId) > 64) throw new Error('rtmUserId must be 1 to 64 bytes long');
	return input.rtmUserId;
}

function validate(input: RtcTokenInput): ValidatedInput {
	checkProject(input);
	const rtcUid = rtcUidOf(input);
	if (input.role !== 'publisher' && input.role !== 'subscriber') {
		throw new Error("role must be 'publisher' or 'subscriber'");
	}
	return {
		appId: input.appId,
		appCertificate: input.appCertificate,
		channelName: input.channelName,
		rtcUid,
		publisher: input.role === 'publisher',
		tokenExpire: checkInt('tokenExpireSeconds', input.tokenExpireSeconds, 1, MAX_EXPIRE_SECONDS),
		privilegeExpire: checkInt(
			'privilegeExpireSeconds',
			input.privilegeExpireSeconds,
			0,
			MAX_EXPIRE_SECONDS,
		),
		rtmUserId: rtmUserIdOf(input, rtcUid),
		salt:
			input.salt === undefined
				? randomInt(1, MAX_SALT + 1)
				: checkInt('salt', input.salt, 0, UINT32_MAX),
		issueTs:
			input.issueTs === undefined
				? Math.floor(Date.now() / 1000)
				: checkInt('issueTs', input.issueTs, 0, UINT32_MAX),
	};
}

// ---------------------------------------------------------------------------
// Build
// ---------------------------------------------------------------------------

/** The services of the token, in ascending type order. */
function packServices(v: ValidatedInput): Buffer[] {
	const rtcPrivileges: Record<number, number> = { [RTC_PRIVILEGE.joinChannel]: v.privilegeExpire };
	if (v.publisher) {
		rtcPrivileges[RTC_PRIVILEGE.publishAudioStream] = v.privilegeExpire;
		rtcPrivileges[RTC_PRIVILEGE.publishVideoStream] = v.privilegeExpire;
		rtcPrivileges[RTC_PRIVILEGE.publishDataStream] = v.privilegeExpire;
	}
	const services = [
		new Packer().u16(SERVICE_TYPE.rtc).map(rtcPrivileges).str(v.channelName).str(v.rtcUid).done(),
	];
	if (v.rtmUserId !== undefined) {
		services.push(
			new Packer()
				.u16(SERVICE_TYPE.rtm)
				.map({ [RTM_PRIVILEGE.login]: v.tokenExpire })
				.str(v.rtmUserId)
				.done(),
		);
	}
	return services;
}

/** Build an RTC (optionally RTC + RTM) AccessToken2 ("007...") token. */
export function buildRtcToken(input: RtcTokenInput): RtcTokenResult {
	const v = validate(input);
	const services = packServices(v);
	const signingInfo = new Packer()
		.str(v.appId)
		.u32(v.issueTs)
		.u32(v.tokenExpire)
		.u32(v.salt)
		.u16(services.length);
	for (const s of services) signingInfo.raw(s);
	const info = signingInfo.done();

	const signingKey = hmac(u32le(v.salt), hmac(u32le(v.issueTs), v.appCertificate));
	const signature = hmac(signingKey, info);
	const content = new Packer().bytes(signature).raw(info).done();
	return {
		token: TOKEN_VERSION + zlibStore(content).toString('base64'),
		expiresAt: v.issueTs + v.tokenExpire,
	};
}

/**
 * Agora AccessToken2 ("007") builder and decoder with no runtime dependency
 * other than node's `crypto`.
 *
 * Token layout (all integers little-endian, every "string" is a uint16 byte
 * length followed by the raw bytes, every "map" is a uint16 count followed by
 * sorted (uint16 key, uint32 value) pairs):
 *
 *   token       = "007" + base64( zlib( content ) )
 *   content     = string(signature) + signingInfo
 *   signingInfo = string(appId) + u32(issueTs) + u32(expire) + u32(salt)
 *                 + u16(serviceCount) + service*          (ascending type)
 *   service     = u16(type) + map(privilege -> expire) + service fields
 *                 RTC (1): string(channelName) + string(uid, '' when uid is 0)
 *                 RTM (2): string(userId)
 *
 *   signingKey  = HMAC(key = u32(salt), HMAC(key = u32(issueTs), appCertificate))
 *   signature   = HMAC(key = signingKey, signingInfo)        (all HMAC-SHA256)
 *
 * `expire` and privilege expiries are relative seconds (0 = no separate
 * privilege expiry). Format 007 does not use CRC32 anywhere.
 *
 * n8n community nodes may not import `zlib`, so compression is a valid zlib
 * stream made of deflate "stored" blocks, and decoding uses a small inflater.
 */
import { createHmac, randomInt } from 'crypto';

import { CHANNEL_NAME_CHARS } from '../helpers/agoraFacts';
import { utf8Bytes } from '../helpers/values';

export type TokenRole = 'publisher' | 'subscriber';

export interface RtcTokenInput {
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

export interface RtcTokenResult {
	token: string;
	/** Unix seconds at which the token expires (issueTs + tokenExpireSeconds). */
	expiresAt: number;
}

export interface DecodedService {
	type: number;
	/** 'rtc' | 'rtm' | 'fpa' | 'chat' | 'apaas' */
	name: string;
	/** privilege id -> relative expire seconds */
	privileges: Record<number, number>;
	/** RTC */
	channelName?: string;
	/** RTC ('' = any user) */
	uid?: string;
	/** RTM / Chat */
	userId?: string;
	/** aPaaS */
	roomUuid?: string;
	userUuid?: string;
	role?: number;
}

export interface DecodedAccessToken2 {
	version: '007';
	/** HMAC-SHA256 signature, hex */
	signature: string;
	appId: string;
	issueTs: number;
	/** relative seconds */
	expire: number;
	salt: number;
	services: DecodedService[];
}

export const TOKEN_VERSION = '007';

export const SERVICE_TYPE = {
	rtc: 1,
	rtm: 2,
	fpa: 4,
	chat: 5,
	apaas: 7,
} as const;

export const RTC_PRIVILEGE = {
	joinChannel: 1,
	publishAudioStream: 2,
	publishVideoStream: 3,
	publishDataStream: 4,
} as const;

export const RTM_PRIVILEGE = {
	login: 1,
} as const;

export const MAX_EXPIRE_SECONDS = 86400;

const SERVICE_NAMES: Record<number, string> = {
	1: 'rtc',
	2: 'rtm',
	4: 'fpa',
	5: 'chat',
	7: 'apaas',
};

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

class Reader {
	private pos = 0;

	constructor(private readonly buf: Buffer) {}

	private need(n: number): void {
		if (this.pos + n > this.buf.length) throw new Error('Malformed token: content is truncated');
	}

	u16(): number {
		this.need(2);
		const v = this.buf.readUInt16LE(this.pos);
		this.pos += 2;
		return v;
	}

	u32(): number {
		this.need(4);
		const v = this.buf.readUInt32LE(this.pos);
		this.pos += 4;
		return v;
	}

	i16(): number {
		this.need(2);
		const v = this.buf.readInt16LE(this.pos);
		this.pos += 2;
		return v;
	}

	bytes(): Buffer {
		const len = this.u16();
		this.need(len);
		const v = this.buf.subarray(this.pos, this.pos + len);
		this.pos += len;
		return v;
	}

	str(): string {
		return this.bytes().toString('utf8');
	}

	map(): Record<number, number> {
		const out: Record<number, number> = {};
		const n = this.u16();
		for (let i = 0; i < n; i++) {
			const k = this.u16();
			out[k] = this.u32();
		}
		return out;
	}

	remaining(): number {
		return this.buf.length - this.pos;
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
// Largest n such that 255n(n+1)/2 + (n+1)(MOD-1) fits in 2^32-1.
const ADLER_NMAX = 5552;

export function adler32(data: Uint8Array): number {
	let a = 1;
	let b = 0;
	let i = 0;
	while (i < data.length) {
		const end = Math.min(i + ADLER_NMAX, data.length);
		for (; i < end; i++) {
			a += data[i];
			b += a;
		}
		a %= ADLER_MOD;
		b %= ADLER_MOD;
	}
	return ((b << 16) | a) >>> 0;
}

const STORED_BLOCK_MAX = 0xffff;

/** Wrap `data` in a zlib stream using uncompressed (stored) deflate blocks. */
export function zlibStore(data: Uint8Array): Buffer {
	const blockCount = Math.max(1, Math.ceil(data.length / STORED_BLOCK_MAX));
	const out = Buffer.alloc(2 + blockCount * 5 + data.length + 4);
	let o = 0;
	// CMF: CM=8 (deflate), CINFO=7 (32K window). FLG: FLEVEL=0, FDICT=0, FCHECK so that CMF*256+FLG % 31 == 0.
	out[o++] = 0x78;
	out[o++] = 0x01;
	for (let block = 0; block < blockCount; block++) {
		const start = block * STORED_BLOCK_MAX;
		const len = Math.min(STORED_BLOCK_MAX, data.length - start);
		// BFINAL in bit 0, BTYPE=00 in bits 1-2, remaining bits pad to the byte boundary.
		out[o++] = block === blockCount - 1 ? 0x01 : 0x00;
		out.writeUInt16LE(len, o);
		out.writeUInt16LE(~len & 0xffff, o + 2);
		o += 4;
		out.set(data.subarray(start, start + len), o);
		o += len;
	}
	out.writeUInt32BE(adler32(data), o);
	return out;
}

// Inflater (all block types), used to decode tokens made by any 007 builder.

const LEN_BASE = [
	3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
	163, 195, 227, 258,
];
const LEN_EXTRA = [
	0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE = [
	1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
	3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
	0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
const MAX_BITS = 15;

interface Huffman {
	/** number of codes of each bit length */
	counts: Uint16Array;
	/** symbols ordered by (code length, symbol value) */
	symbols: Uint16Array;
}

function buildHuffman(lengths: ArrayLike<number>): Huffman {
	const counts = new Uint16Array(MAX_BITS + 1);
	for (let i = 0; i < lengths.length; i++) counts[lengths[i]]++;
	let left = 1;
	for (let len = 1; len <= MAX_BITS; len++) {
		left = left * 2 - counts[len];
		if (left < 0) throw new Error('Malformed token: invalid deflate Huffman table');
	}
	const offsets = new Uint16Array(MAX_BITS + 2);
	for (let len = 1; len <= MAX_BITS; len++) offsets[len + 1] = offsets[len] + counts[len];
	const symbols = new Uint16Array(lengths.length);
	for (let sym = 0; sym < lengths.length; sym++) {
		if (lengths[sym] !== 0) symbols[offsets[lengths[sym]]++] = sym;
	}
	counts[0] = 0;
	return { counts, symbols };
}

let fixedTables: { lit: Huffman; dist: Huffman } | undefined;

function getFixedTables(): { lit: Huffman; dist: Huffman } {
	if (!fixedTables) {
		const lit = new Array<number>(288);
		for (let i = 0; i < 288; i++) lit[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
		fixedTables = { lit: buildHuffman(lit), dist: buildHuffman(new Array<number>(30).fill(5)) };
	}
	return fixedTables;
}

class Inflater {
	private pos = 2;
	private bitBuf = 0;
	private bitCount = 0;
	private out: Uint8Array;
	private outLen = 0;

	constructor(
		private readonly input: Uint8Array,
		private readonly maxOutput: number,
	) {
		this.out = new Uint8Array(Math.min(Math.max(1024, input.length * 4), maxOutput));
	}

	private bits(n: number): number {
		while (this.bitCount < n) {
			if (this.pos >= this.input.length) throw new Error('Malformed token: deflate data is truncated');
			this.bitBuf |= this.input[this.pos++] << this.bitCount;
			this.bitCount += 8;
		}
		const v = this.bitBuf & ((1 << n) - 1);
		this.bitBuf >>>= n;
		this.bitCount -= n;
		return v;
	}

	private alignToByte(): void {
		this.bitBuf = 0;
		this.bitCount = 0;
	}

	private ensure(extra: number): void {
		const need = this.outLen + extra;
		if (need > this.maxOutput) throw new Error('Malformed token: decompressed content is too large');
		if (need <= this.out.length) return;
		const grown = new Uint8Array(Math.min(this.maxOutput, Math.max(need, this.out.length * 2)));
		grown.set(this.out.subarray(0, this.outLen));
		this.out = grown;
	}

	private decode(h: Huffman): number {
		let code = 0;
		let first = 0;
		let index = 0;
		for (let len = 1; len <= MAX_BITS; len++) {
			code |= this.bits(1);
			const count = h.counts[len];
			if (code - first < count) return h.symbols[index + code - first];
			index += count;
			first = (first + count) << 1;
			code <<= 1;
		}
		throw new Error('Malformed token: invalid deflate code');
	}

	private stored(): void {
		this.alignToByte();
		if (this.pos + 4 > this.input.length) throw new Error('Malformed token: deflate data is truncated');
		const len = this.input[this.pos] | (this.input[this.pos + 1] << 8);
		const nlen = this.input[this.pos + 2] | (this.input[this.pos + 3] << 8);
		this.pos += 4;
		if (len !== (~nlen & 0xffff)) throw new Error('Malformed token: bad stored block length');
		if (this.pos + len > this.input.length) throw new Error('Malformed token: deflate data is truncated');
		this.ensure(len);
		this.out.set(this.input.subarray(this.pos, this.pos + len), this.outLen);
		this.outLen += len;
		this.pos += len;
	}

	private codes(lit: Huffman, dist: Huffman): void {
		for (;;) {
			const sym = this.decode(lit);
			if (sym < 256) {
				this.ensure(1);
				this.out[this.outLen++] = sym;
			} else if (sym === 256) {
				return;
			} else {
				const li = sym - 257;
				if (li >= LEN_BASE.length) throw new Error('Malformed token: invalid deflate length code');
				const length = LEN_BASE[li] + this.bits(LEN_EXTRA[li]);
				const di = this.decode(dist);
				if (di >= DIST_BASE.length) throw new Error('Malformed token: invalid deflate distance code');
				const distance = DIST_BASE[di] + this.bits(DIST_EXTRA[di]);
				if (distance > this.outLen) throw new Error('Malformed token: deflate distance too far back');
				this.ensure(length);
				for (let i = 0; i < length; i++) {
					this.out[this.outLen] = this.out[this.outLen - distance];
					this.outLen++;
				}
			}
		}
	}

	private dynamic(): void {
		const nlen = this.bits(5) + 257;
		const ndist = this.bits(5) + 1;
		const ncode = this.bits(4) + 4;
		if (nlen > 286 || ndist > 30) throw new Error('Malformed token: bad deflate table sizes');
		const clLengths = new Array<number>(19).fill(0);
		for (let i = 0; i < ncode; i++) clLengths[CODE_LENGTH_ORDER[i]] = this.bits(3);
		const clTable = buildHuffman(clLengths);
		const lengths = new Array<number>(nlen + ndist).fill(0);
		let i = 0;
		while (i < nlen + ndist) {
			const sym = this.decode(clTable);
			if (sym < 16) {
				lengths[i++] = sym;
				continue;
			}
			let value = 0;
			let repeat: number;
			if (sym === 16) {
				if (i === 0) throw new Error('Malformed token: bad deflate code lengths');
				value = lengths[i - 1];
				repeat = 3 + this.bits(2);
			} else if (sym === 17) {
				repeat = 3 + this.bits(3);
			} else {
				repeat = 11 + this.bits(7);
			}
			if (i + repeat > nlen + ndist) throw new Error('Malformed token: bad deflate code lengths');
			while (repeat-- > 0) lengths[i++] = value;
		}
		if (lengths[256] === 0) throw new Error('Malformed token: deflate table lacks end-of-block');
		this.codes(buildHuffman(lengths.slice(0, nlen)), buildHuffman(lengths.slice(nlen)));
	}

	run(): Buffer {
		const data = this.input;
		if (data.length < 6) throw new Error('Malformed token: compressed content is too short');
		const cmf = data[0];
		const flg = data[1];
		if ((cmf & 0x0f) !== 8 || cmf >> 4 > 7 || (cmf * 256 + flg) % 31 !== 0 || flg & 0x20) {
			throw new Error('Malformed token: bad zlib header');
		}
		let final = 0;
		while (!final) {
			final = this.bits(1);
			const type = this.bits(2);
			if (type === 0) this.stored();
			else if (type === 1) this.codes(getFixedTables().lit, getFixedTables().dist);
			else if (type === 2) this.dynamic();
			else throw new Error('Malformed token: bad deflate block type');
		}
		this.alignToByte();
		if (this.pos + 4 > data.length) throw new Error('Malformed token: zlib checksum is missing');
		const expected =
			((data[this.pos] << 24) | (data[this.pos + 1] << 16) | (data[this.pos + 2] << 8) | data[this.pos + 3]) >>> 0;
		const result = Buffer.from(this.out.buffer, this.out.byteOffset, this.outLen);
		if (adler32(result) !== expected) throw new Error('Malformed token: zlib checksum mismatch');
		return result;
	}
}

/** Decompress a zlib stream (any deflate block type). */
export function zlibInflate(data: Uint8Array, maxOutput = 1 << 20): Buffer {
	return new Inflater(data, maxOutput).run();
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
			`${name} contains unsupported characters (allowed: a-z A-Z 0-9 space and !#$%&()+-:;<=.>?@[]^_{}|~,)`,
		);
	}
}

function parseUid(value: unknown): number {
	if (typeof value === 'string') {
		if (value === '') return 0;
		if (!/^\d{1,10}$/.test(value)) throw new Error('uid must be an integer between 0 and 4294967295');
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

function validate(input: RtcTokenInput): ValidatedInput {
	if (!input || typeof input !== 'object') throw new Error('Token input must be an object');

	if (typeof input.appId !== 'string' || input.appId === '') throw new Error('appId is required');
	if (!HEX32.test(input.appId)) throw new Error('appId must be 32 hexadecimal characters');

	// Never echo the certificate (or anything derived from it) in messages.
	if (typeof input.appCertificate !== 'string' || input.appCertificate === '') {
		throw new Error('appCertificate is required to build a token');
	}
	if (!HEX32.test(input.appCertificate)) {
		throw new Error('appCertificate must be 32 hexadecimal characters');
	}

	if (typeof input.channelName !== 'string' || input.channelName === '') {
		throw new Error('channelName is required');
	}
	checkAgoraName('channelName', input.channelName, 1, 64);

	const hasUid = input.uid !== undefined && input.uid !== null;
	const hasAccount = input.account !== undefined && input.account !== null;
	if (hasUid && hasAccount) throw new Error('Provide either uid or account, not both');
	if (!hasUid && !hasAccount) {
		throw new Error('Either uid or account is required (uid 0 allows any user)');
	}
	let rtcUid: string;
	if (hasUid) {
		const uid = parseUid(input.uid);
		rtcUid = uid === 0 ? '' : String(uid);
	} else {
		if (typeof input.account !== 'string') throw new Error('account must be a string');
		checkAgoraName('account', input.account, 0, 255);
		rtcUid = input.account;
	}

	if (input.role !== 'publisher' && input.role !== 'subscriber') {
		throw new Error("role must be 'publisher' or 'subscriber'");
	}

	const tokenExpire = checkInt('tokenExpireSeconds', input.tokenExpireSeconds, 1, MAX_EXPIRE_SECONDS);
	const privilegeExpire = checkInt(
		'privilegeExpireSeconds',
		input.privilegeExpireSeconds,
		0,
		MAX_EXPIRE_SECONDS,
	);

	if (input.withRtm !== undefined && typeof input.withRtm !== 'boolean') {
		throw new Error('withRtm must be a boolean');
	}
	const explicitRtmUser =
		input.rtmUserId !== undefined && input.rtmUserId !== null && input.rtmUserId !== '';
	let rtmUserId: string | undefined;
	if (input.withRtm) {
		if (explicitRtmUser) {
			if (typeof input.rtmUserId !== 'string') throw new Error('rtmUserId must be a string');
			const bytes = utf8Bytes(input.rtmUserId);
			if (bytes > 64) throw new Error('rtmUserId must be 1 to 64 bytes long');
			rtmUserId = input.rtmUserId;
		} else {
			// Same as Agora's buildTokenWithRtm: the RTC account / uid ('' for uid 0).
			rtmUserId = rtcUid;
		}
	} else if (explicitRtmUser) {
		throw new Error('rtmUserId is only used when withRtm is true');
	}

	const salt =
		input.salt === undefined ? randomInt(1, MAX_SALT + 1) : checkInt('salt', input.salt, 0, UINT32_MAX);
	const issueTs =
		input.issueTs === undefined
			? Math.floor(Date.now() / 1000)
			: checkInt('issueTs', input.issueTs, 0, UINT32_MAX);

	return {
		appId: input.appId,
		appCertificate: input.appCertificate,
		channelName: input.channelName,
		rtcUid,
		publisher: input.role === 'publisher',
		tokenExpire,
		privilegeExpire,
		rtmUserId,
		salt,
		issueTs,
	};
}

// ---------------------------------------------------------------------------
// Build / decode
// ---------------------------------------------------------------------------

/** Build an RTC (optionally RTC + RTM) AccessToken2 ("007...") token. */
export function buildRtcToken(input: RtcTokenInput): RtcTokenResult {
	const v = validate(input);

	const rtcPrivileges: Record<number, number> = {
		[RTC_PRIVILEGE.joinChannel]: v.privilegeExpire,
	};
	if (v.publisher) {
		rtcPrivileges[RTC_PRIVILEGE.publishAudioStream] = v.privilegeExpire;
		rtcPrivileges[RTC_PRIVILEGE.publishVideoStream] = v.privilegeExpire;
		rtcPrivileges[RTC_PRIVILEGE.publishDataStream] = v.privilegeExpire;
	}
	// Services in ascending type order.
	const services: Buffer[] = [
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

/** Decompressed content of a 007 token (signature string + signing info). */
export function accessToken2Content(token: string): Buffer {
	if (typeof token !== 'string' || !token.startsWith(TOKEN_VERSION)) {
		throw new Error(`token must be an AccessToken2 string starting with "${TOKEN_VERSION}"`);
	}
	const body = token.slice(TOKEN_VERSION.length);
	if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
		throw new Error('Malformed token: content is not valid base64');
	}
	return zlibInflate(Buffer.from(body, 'base64'));
}

/** Parse a 007 token without verifying it. Contains no secret material. */
export function decodeAccessToken2(token: string): DecodedAccessToken2 {
	const r = new Reader(accessToken2Content(token));
	const signature = r.bytes().toString('hex');
	const appId = r.str();
	const issueTs = r.u32();
	const expire = r.u32();
	const salt = r.u32();
	const count = r.u16();
	const services: DecodedService[] = [];
	for (let i = 0; i < count; i++) {
		const type = r.u16();
		const name = SERVICE_NAMES[type];
		if (!name) throw new Error(`Malformed token: unsupported service type ${type}`);
		const service: DecodedService = { type, name, privileges: r.map() };
		if (type === SERVICE_TYPE.rtc) {
			service.channelName = r.str();
			service.uid = r.str();
		} else if (type === SERVICE_TYPE.rtm || type === SERVICE_TYPE.chat) {
			service.userId = r.str();
		} else if (type === SERVICE_TYPE.apaas) {
			service.roomUuid = r.str();
			service.userUuid = r.str();
			service.role = r.i16();
		}
		services.push(service);
	}
	if (r.remaining() !== 0) throw new Error('Malformed token: unexpected trailing data');
	return { version: TOKEN_VERSION, signature, appId, issueTs, expire, salt, services };
}

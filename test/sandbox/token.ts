/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Reads and checks Agora AccessToken2 ("007") tokens, for the sandbox's token authentication
 * (`Authorization: agora token=<token>`, Conversational AI reference: securitySchemes.tokenAuth,
 * "Use an RTC token"). Written for the sandbox from the published token layout; it shares no code
 * with the node's token builder.
 *
 * Layout: "007" + base64(zlib-deflate(content)). content = signature (uint16 length + bytes), then
 * the signed part: app id (string), issue ts, expire (seconds after issue), salt (uint32),
 * service count (uint16) and each service: type (uint16), privileges (uint16 count of
 * uint16 -> uint32 seconds after issue) and the service's strings (RTC: channel, uid). Integers
 * are little-endian; a string is a uint16 length and UTF-8 bytes.
 * Signature: HMAC-SHA256 of the signed part, keyed with
 * HMAC-SHA256(key = uint32 salt, msg = HMAC-SHA256(key = uint32 issue ts, msg = certificate)).
 */
import { createHmac, timingSafeEqual } from 'crypto';
import { inflateSync } from 'zlib';

export const SERVICE_RTC = 1;
export const SERVICE_RTM = 2;
export const PRIVILEGE_JOIN_CHANNEL = 1;

export interface TokenService {
	type: number;
	/** Privilege -> seconds after issue until it expires. */
	privileges: Map<number, number>;
	/** RTC: channel name and uid ("" for uid 0, which stands for any uid). */
	channel?: string;
	uid?: string;
	/** RTM and chat: user id. */
	userId?: string;
}

export interface DecodedToken {
	appId: string;
	issueTs: number;
	expire: number;
	salt: number;
	services: TokenService[];
	signature: Buffer;
	signed: Buffer;
}

class Reader {
	private pos = 0;
	constructor(private readonly buf: Buffer) {}

	get offset(): number {
		return this.pos;
	}

	private need(n: number): void {
		if (this.pos + n > this.buf.length) throw new Error('token content ends early');
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

	bytes(): Buffer {
		const n = this.u16();
		this.need(n);
		const v = this.buf.subarray(this.pos, this.pos + n);
		this.pos += n;
		return v;
	}

	str(): string {
		return this.bytes().toString('utf8');
	}
}

function readService(r: Reader): TokenService {
	const type = r.u16();
	const privileges = new Map<number, number>();
	const count = r.u16();
	for (let i = 0; i < count; i++) {
		const key = r.u16();
		privileges.set(key, r.u32());
	}
	const s: TokenService = { type, privileges };
	if (type === SERVICE_RTC) {
		s.channel = r.str();
		s.uid = r.str();
	} else if (type === SERVICE_RTM || type === 5) {
		s.userId = r.str();
	} else if (type !== 4) {
		// other services carry fields this reader does not know: the token cannot be read safely
		throw new Error(`unsupported service type ${type}`);
	}
	return s;
}

/** Decodes a 007 token; throws with a short reason when it is not one. */
export function decodeToken(token: string): DecodedToken {
	if (!token.startsWith('007')) throw new Error('not a 007 token');
	const b64 = token.slice(3);
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(b64)) throw new Error('not base64');
	let content: Buffer;
	try {
		content = inflateSync(Buffer.from(b64, 'base64'));
	} catch {
		throw new Error('not deflated');
	}
	const r = new Reader(content);
	const signature = r.bytes();
	const signedStart = r.offset;
	const appId = r.str();
	const issueTs = r.u32();
	const expire = r.u32();
	const salt = r.u32();
	const n = r.u16();
	const services: TokenService[] = [];
	for (let i = 0; i < n; i++) services.push(readService(r));
	return { appId, issueTs, expire, salt, services, signature, signed: content.subarray(signedStart) };
}

function hmac(key: Buffer, msg: Buffer): Buffer {
	return createHmac('sha256', key).update(msg).digest();
}

function u32(v: number): Buffer {
	const b = Buffer.alloc(4);
	b.writeUInt32LE(v >>> 0, 0);
	return b;
}

export type TokenCheck = { ok: true; token: DecodedToken; rtc: TokenService } | { ok: false; reason: string };

/**
 * Checks a token for REST authentication: it must be a 007 token of this App ID, signed with the
 * App Certificate, not expired at nowS, and carry the RTC service with the join privilege.
 */
export function checkToken(token: string, appId: string, appCertificate: string, nowS: number): TokenCheck {
	let t: DecodedToken;
	try {
		t = decodeToken(token);
	} catch (e) {
		return { ok: false, reason: `token is not readable (${(e as Error).message})` };
	}
	if (t.appId !== appId) return { ok: false, reason: 'token was built for another App ID' };
	const key = hmac(u32(t.salt), hmac(u32(t.issueTs), Buffer.from(appCertificate, 'utf8')));
	const expected = hmac(key, t.signed);
	if (expected.length !== t.signature.length || !timingSafeEqual(expected, t.signature)) {
		return { ok: false, reason: 'token signature does not match the App Certificate' };
	}
	if (t.issueTs + t.expire <= nowS) return { ok: false, reason: 'token has expired' };
	const rtc = t.services.find((s) => s.type === SERVICE_RTC);
	if (!rtc || !rtc.privileges.has(PRIVILEGE_JOIN_CHANNEL)) return { ok: false, reason: 'token carries no RTC join privilege' };
	const joinExpire = rtc.privileges.get(PRIVILEGE_JOIN_CHANNEL) ?? 0;
	if (joinExpire !== 0 && t.issueTs + joinExpire <= nowS) return { ok: false, reason: 'token join privilege has expired' };
	return { ok: true, token: t, rtc };
}

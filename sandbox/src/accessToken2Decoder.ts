/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Reads an AccessToken2 ("007") token back, as Agora's servers do: app, channel, user, services and
 * privileges. The sandbox's own, written from Agora's token docs; the tests read tokens with it too.
 */
import { createHmac } from 'crypto';
import { inflateSync } from 'zlib';

export const SERVICE_TYPE = { rtc: 1, rtm: 2, fpa: 4, chat: 5, apaas: 7 } as const;

const SERVICE_NAMES: Record<number, string> = {
	1: 'rtc',
	2: 'rtm',
	4: 'fpa',
	5: 'chat',
	7: 'apaas',
};

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

/** Little-endian reader of the token's packed fields; throws "Malformed token" when short. */
class Reader {
	private pos = 0;

	constructor(private readonly buf: Buffer) {}

	private take(n: number): number {
		if (this.pos + n > this.buf.length) throw new Error('Malformed token: content is truncated');
		const at = this.pos;
		this.pos += n;
		return at;
	}

	u16(): number {
		return this.buf.readUInt16LE(this.take(2));
	}

	u32(): number {
		return this.buf.readUInt32LE(this.take(4));
	}

	i16(): number {
		return this.buf.readInt16LE(this.take(2));
	}

	bytes(): Buffer {
		const length = this.u16();
		const at = this.take(length);
		return this.buf.subarray(at, at + length);
	}

	str(): string {
		return this.bytes().toString('utf8');
	}

	map(): Record<number, number> {
		const out: Record<number, number> = {};
		const count = this.u16();
		for (let i = 0; i < count; i++) {
			const key = this.u16();
			out[key] = this.u32();
		}
		return out;
	}

	remaining(): number {
		return this.buf.length - this.pos;
	}
}

/** Decompressed content of a 007 token (signature string + signing info). */
export function accessToken2Content(token: string): Buffer {
	if (typeof token !== 'string' || !token.startsWith('007')) {
		throw new Error('token must be an AccessToken2 string starting with "007"');
	}
	const body = token.slice(3);
	if (body.length === 0 || body.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
		throw new Error('Malformed token: content is not valid base64');
	}
	try {
		return inflateSync(Buffer.from(body, 'base64'));
	} catch (error) {
		throw new Error(`Malformed token: ${(error as Error).message}`);
	}
}

function readService(r: Reader): DecodedService {
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
	return service;
}

/** Parses a 007 token without verifying it. Contains no secret material. */
export function decodeAccessToken2(token: string): DecodedAccessToken2 {
	const r = new Reader(accessToken2Content(token));
	const signature = r.bytes().toString('hex');
	const appId = r.str();
	const issueTs = r.u32();
	const expire = r.u32();
	const salt = r.u32();
	const count = r.u16();
	const services: DecodedService[] = [];
	for (let i = 0; i < count; i++) services.push(readService(r));
	if (r.remaining() !== 0) throw new Error('Malformed token: unexpected trailing data');
	return { version: '007', signature, appId, issueTs, expire, salt, services };
}

/**
 * Whether the token's signature was made with `appCertificate`: recomputed from the signing info
 * (everything after the signature) the way AccessToken2 defines it, not with the node's builder.
 */
export function signedWith(token: string, appCertificate: string): boolean {
	const content = accessToken2Content(token);
	const signatureLength = content.readUInt16LE(0);
	const signature = content.subarray(2, 2 + signatureLength);
	const signingInfo = content.subarray(2 + signatureLength);
	const { issueTs, salt } = decodeAccessToken2(token);
	const u32 = (value: number) => {
		const b = Buffer.alloc(4);
		b.writeUInt32LE(value);
		return b;
	};
	const hmac = (key: Buffer, data: Buffer | string) =>
		createHmac('sha256', key).update(data).digest();
	const signingKey = hmac(u32(salt), hmac(u32(issueTs), appCertificate));
	return hmac(signingKey, signingInfo).equals(signature);
}

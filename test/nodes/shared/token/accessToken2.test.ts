/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
import { createHmac } from 'crypto';
import { deflateSync, inflateSync } from 'zlib';
import * as fc from 'fast-check';
import { RtcRole, RtcTokenBuilder } from 'agora-token';
import { buildRtcToken } from '../../../../nodes/shared/token/accessToken2';
import { decodeAccessToken2 } from '../../../../sandbox/src/accessToken2Decoder';

type RtcTokenInput = Parameters<typeof buildRtcToken>[0];

const APP_ID = '970ca35de60c44645bbae8a215061b33';
const CERT = '5cfd2fd1755d40ecb72977518be15d3b';
const OTHER_CERT = '0123456789abcdef0123456789abcdef';

/** Run one of agora-token's builders with a fixed issue time and salt. */
function agora(build: () => string, issueTs: number, salt: number): string {
	jest.useFakeTimers({ now: issueTs * 1000, doNotFake: ['nextTick', 'setImmediate'] });
	// agora-token: salt = floor(Math.random() * 99999999) + 1
	const spy = jest.spyOn(Math, 'random').mockReturnValue((salt - 1 + 0.5) / 99999999);
	try {
		return build();
	} finally {
		spy.mockRestore();
		jest.useRealTimers();
	}
}

function content(token: string): Buffer {
	expect(token.startsWith('007')).toBe(true);
	return inflateSync(Buffer.from(token.slice(3), 'base64'));
}

interface Case {
	label: string;
	uid?: number;
	account?: string;
	role: 'publisher' | 'subscriber';
	tokenExpire: number;
	privilegeExpire: number;
	withRtm: boolean;
	channel: string;
}

function agoraFor(c: Case): () => string {
	const role = c.role === 'publisher' ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER;
	// agora-token's RTM service needs a string (or 0) user id.
	const who: string | number = c.account ?? (c.uid === 0 ? 0 : String(c.uid));
	if (c.withRtm) {
		return () =>
			RtcTokenBuilder.buildTokenWithRtm(
				APP_ID,
				CERT,
				c.channel,
				who,
				role,
				c.tokenExpire,
				c.privilegeExpire,
			);
	}
	if (c.account !== undefined) {
		return () =>
			RtcTokenBuilder.buildTokenWithUserAccount(
				APP_ID,
				CERT,
				c.channel,
				c.account as string,
				role,
				c.tokenExpire,
				c.privilegeExpire,
			);
	}
	return () =>
		RtcTokenBuilder.buildTokenWithUid(
			APP_ID,
			CERT,
			c.channel,
			c.uid as number,
			role,
			c.tokenExpire,
			c.privilegeExpire,
		);
}

function oursInput(c: Case, issueTs?: number, salt?: number): RtcTokenInput {
	const input: RtcTokenInput = {
		appId: APP_ID,
		appCertificate: CERT,
		channelName: c.channel,
		role: c.role,
		tokenExpireSeconds: c.tokenExpire,
		privilegeExpireSeconds: c.privilegeExpire,
		withRtm: c.withRtm,
		issueTs,
		salt,
	};
	if (c.account !== undefined) input.account = c.account;
	else input.uid = c.uid;
	return input;
}

function oursFor(c: Case, issueTs: number, salt: number) {
	return buildRtcToken(oursInput(c, issueTs, salt));
}

const cases: Case[] = [];
for (const who of [
	{ uid: 2882341273 },
	{ uid: 0 },
	{ uid: 1 },
	{ account: 'agent-user@42' },
	{ account: '' },
]) {
	for (const role of ['publisher', 'subscriber'] as const) {
		for (const withRtm of [false, true]) {
			for (const [tokenExpire, privilegeExpire] of [
				[3600, 0],
				[600, 300],
				[86400, 86400],
				[1, 0],
			]) {
				cases.push({
					label: `${JSON.stringify(who)} ${role} rtm=${withRtm} exp=${tokenExpire}/${privilegeExpire}`,
					...who,
					role,
					withRtm,
					tokenExpire,
					privilegeExpire,
					channel: 'convo-ai_room 7',
				});
			}
		}
	}
}

describe('buildRtcToken matches agora-token byte for byte', () => {
	const issueTs = 1722000000;
	const salt = 12345678;

	test.each(cases.map((c) => [c.label, c] as const))('%s', (_label, c) => {
		const reference = agora(agoraFor(c), issueTs, salt);
		const ours = oursFor(c, issueTs, salt);
		expect(decodeAccessToken2(reference).salt).toBe(salt);
		expect(decodeAccessToken2(reference).issueTs).toBe(issueTs);
		expect(content(ours.token).equals(content(reference))).toBe(true);
		expect(ours.expiresAt).toBe(issueTs + c.tokenExpire);
	});

	test('random inputs (property)', () => {
		const nameChar = fc.constantFrom(...'abcXYZ019 !#$%&()+-:;<=.>?@[]^_{}|~,'.split(''));
		fc.assert(
			fc.property(
				fc.record({
					who: fc.oneof(
						fc.record({ uid: fc.integer({ min: 0, max: 0xffffffff }) }),
						fc.record({ account: fc.stringOf(nameChar, { minLength: 1, maxLength: 255 }) }),
					),
					channel: fc.stringOf(nameChar, { minLength: 1, maxLength: 64 }),
					role: fc.constantFrom('publisher' as const, 'subscriber' as const),
					withRtm: fc.boolean(),
					tokenExpire: fc.integer({ min: 1, max: 86400 }),
					privilegeExpire: fc.integer({ min: 0, max: 86400 }),
					issueTs: fc.integer({ min: 1, max: 0xffffffff }),
					salt: fc.integer({ min: 1, max: 99999999 }),
				}),
				(r) => {
					const c: Case = { label: '', ...r.who, ...r };
					const reference = agora(agoraFor(c), r.issueTs, r.salt);
					const ours = oursFor(c, r.issueTs, r.salt);
					return content(ours.token).equals(content(reference));
				},
			),
			{ numRuns: 150 },
		);
	});
});

/** agora-token 2.0.6's own reader (src/AccessToken2.js, not re-exported by its index). */
interface AgoraReader {
	from_string(token: string): boolean;
	verifySignature(appCertificate: string): boolean;
	/** A Buffer of the App ID's characters. */
	appId: Buffer;
	services: Array<{ service_type(): number }>;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { AccessToken2: AgoraAccessToken2 } = require('agora-token/src/AccessToken2') as {
	AccessToken2: new () => AgoraReader;
};

// agora-token 2.0.6 src/AccessToken2.js: from_string, verifySignature and the 32-hex App ID / certificate check of build().
describe('agora-token 2.0.6 reads and verifies our tokens', () => {
	test.each(cases.filter((_c, i) => i % 7 === 0).map((c) => [c.label, c] as const))(
		'%s',
		(_label, c) => {
			const reader = new AgoraAccessToken2();
			expect(reader.from_string(oursFor(c, 1722000000, 4242).token)).toBe(true);
			expect(String(reader.appId)).toBe(APP_ID);
			expect(reader.services.map((service) => service.service_type())).toEqual(
				c.withRtm ? [1, 2] : [1],
			);
			expect(reader.verifySignature(CERT)).toBe(true);
			expect(reader.verifySignature(OTHER_CERT)).toBe(false);
		},
	);

	test('an App ID or certificate that is not 32 hex characters: agora-token builds nothing, ours refuses', () => {
		const notHex = 'z'.repeat(32);
		const c: Case = {
			label: '',
			uid: 1,
			role: 'publisher',
			tokenExpire: 600,
			privilegeExpire: 600,
			withRtm: false,
			channel: 'room',
		};
		expect(
			RtcTokenBuilder.buildTokenWithUid(notHex, CERT, 'room', 1, RtcRole.PUBLISHER, 600, 600),
		).toBe('');
		expect(
			RtcTokenBuilder.buildTokenWithUid(APP_ID, notHex, 'room', 1, RtcRole.PUBLISHER, 600, 600),
		).toBe('');
		expect(() => buildRtcToken({ ...oursInput(c), appId: notHex })).toThrow();
		expect(() => buildRtcToken({ ...oursInput(c), appCertificate: notHex })).toThrow();
	});
});

describe('decodeAccessToken2', () => {
	test('parses our token (RTC + RTM)', () => {
		const { token } = buildRtcToken({
			appId: APP_ID,
			appCertificate: CERT,
			channelName: 'room',
			uid: '1234',
			role: 'publisher',
			tokenExpireSeconds: 3600,
			privilegeExpireSeconds: 1800,
			withRtm: true,
			rtmUserId: 'agent-rtm',
			issueTs: 1700000000,
			salt: 99,
		});
		const d = decodeAccessToken2(token);
		expect(d).toMatchObject({
			version: '007',
			appId: APP_ID,
			issueTs: 1700000000,
			expire: 3600,
			salt: 99,
			services: [
				{
					type: 1,
					name: 'rtc',
					channelName: 'room',
					uid: '1234',
					privileges: { 1: 1800, 2: 1800, 3: 1800, 4: 1800 },
				},
				{ type: 2, name: 'rtm', userId: 'agent-rtm', privileges: { 1: 3600 } },
			],
		});
		expect(d.signature).toMatch(/^[0-9a-f]{64}$/);
		expect(JSON.stringify(d)).not.toContain(CERT);
	});

	test('subscriber has only the join privilege; uid 0 packs as empty string', () => {
		const { token } = buildRtcToken({
			appId: APP_ID,
			appCertificate: CERT,
			channelName: 'room',
			uid: 0,
			role: 'subscriber',
			tokenExpireSeconds: 60,
			privilegeExpireSeconds: 0,
		});
		const d = decodeAccessToken2(token);
		expect(d.services).toEqual([
			{ type: 1, name: 'rtc', channelName: 'room', uid: '', privileges: { 1: 0 } },
		]);
		expect(Math.abs(d.issueTs - Date.now() / 1000)).toBeLessThan(5);
		expect(d.salt).toBeGreaterThanOrEqual(1);
		expect(d.salt).toBeLessThanOrEqual(99999999);
	});

	test('decodes agora-token output (real deflate) identically to ours', () => {
		const c: Case = {
			label: '',
			uid: 77,
			role: 'publisher',
			withRtm: true,
			tokenExpire: 900,
			privilegeExpire: 600,
			channel: 'x',
		};
		const reference = agora(agoraFor(c), 1710000000, 5);
		expect(decodeAccessToken2(reference)).toEqual(
			decodeAccessToken2(oursFor(c, 1710000000, 5).token),
		);
	});

	test('rejects malformed tokens', () => {
		expect(() => decodeAccessToken2('006abc')).toThrow(/007/);
		expect(() => decodeAccessToken2('007@@@@')).toThrow(/base64/);
		const { token } = oursFor(cases[0], 1, 1);
		const raw = Buffer.from(token.slice(3), 'base64');
		raw[raw.length - 1] ^= 1; // break Adler-32
		expect(() => decodeAccessToken2('007' + raw.toString('base64'))).toThrow(/Malformed token/);
		const truncated = deflateSync(content(token).subarray(0, 40));
		expect(() => decodeAccessToken2('007' + truncated.toString('base64'))).toThrow(/Malformed/);
	});
});

describe('zlib wrapping', () => {
	test('one stored block: zlib header, BFINAL stored block of the content, Adler-32 that node zlib accepts', () => {
		const { token } = oursFor(cases[0], 1700000000, 7);
		const z = Buffer.from(token.slice(3), 'base64');
		const inner = content(token);
		expect([...z.subarray(0, 3)]).toEqual([0x78, 0x01, 0x01]);
		expect(z.readUInt16LE(3)).toBe(inner.length);
		expect(z.readUInt16LE(5)).toBe(~inner.length & 0xffff);
		expect(z.length).toBe(2 + 5 + inner.length + 4);
		// inflateSync (in content()) verifies the checksum; a flipped bit must make it fail.
		z[z.length - 2] ^= 1;
		expect(() => inflateSync(z)).toThrow();
	});
});

describe('signature', () => {
	const issueTs = 1720000000;
	const salt = 424242;

	function u32(v: number): Buffer {
		const b = Buffer.alloc(4);
		b.writeUInt32LE(v);
		return b;
	}

	/** Independent recomputation: HMAC(HMAC(HMAC(u32 issueTs, cert) as key u32 salt) , signingInfo). */
	function expectedSignature(cert: string, signingInfo: Buffer): Buffer {
		const k1 = createHmac('sha256', u32(issueTs)).update(cert).digest();
		const k2 = createHmac('sha256', u32(salt)).update(k1).digest();
		return createHmac('sha256', k2).update(signingInfo).digest();
	}

	function split(token: string): { signature: Buffer; signingInfo: Buffer } {
		const raw = content(token);
		const len = raw.readUInt16LE(0);
		expect(len).toBe(32);
		return { signature: raw.subarray(2, 2 + len), signingInfo: raw.subarray(2 + len) };
	}

	const { token } = buildRtcToken({
		appId: APP_ID,
		appCertificate: CERT,
		channelName: 'secure-room',
		account: 'alice',
		role: 'publisher',
		tokenExpireSeconds: 3600,
		privilegeExpireSeconds: 3600,
		withRtm: true,
		issueTs,
		salt,
	});

	test('verifies with the right certificate', () => {
		const { signature, signingInfo } = split(token);
		expect(signature.equals(expectedSignature(CERT, signingInfo))).toBe(true);
		expect(decodeAccessToken2(token).signature).toBe(signature.toString('hex'));
	});

	test('a wrong certificate gives a different signature', () => {
		const { signature, signingInfo } = split(token);
		expect(signature.equals(expectedSignature(OTHER_CERT, signingInfo))).toBe(false);
	});

	test('a tampered payload no longer matches', () => {
		const { signature, signingInfo } = split(token);
		const tampered = Buffer.from(signingInfo);
		const at = tampered.indexOf('secure-room');
		expect(at).toBeGreaterThan(0);
		tampered[at] = 'S'.charCodeAt(0);
		expect(signature.equals(expectedSignature(CERT, tampered))).toBe(false);
		// and a token with a different channel has a different signature
		const other = buildRtcToken({
			appId: APP_ID,
			appCertificate: CERT,
			channelName: 'Secure-room',
			account: 'alice',
			role: 'publisher',
			tokenExpireSeconds: 3600,
			privilegeExpireSeconds: 3600,
			withRtm: true,
			issueTs,
			salt,
		});
		expect(split(other.token).signingInfo.equals(tampered)).toBe(true);
		expect(split(other.token).signature.equals(signature)).toBe(false);
		expect(split(other.token).signature.equals(expectedSignature(CERT, tampered))).toBe(true);
	});
});

describe('input validation', () => {
	const SECRET = 'deadbeefdeadbeefdeadbeefdeadbeef';
	const base: RtcTokenInput = {
		appId: APP_ID,
		appCertificate: SECRET,
		channelName: 'room',
		uid: 1,
		role: 'publisher',
		tokenExpireSeconds: 3600,
		privilegeExpireSeconds: 0,
	};

	function errorOf(patch: Record<string, unknown>): string {
		try {
			buildRtcToken({ ...base, ...patch } as unknown as RtcTokenInput);
		} catch (e) {
			expect(e).toBeInstanceOf(Error);
			return (e as Error).message;
		}
		throw new Error('expected an error');
	}

	test.each<[string, Record<string, unknown>, RegExp]>([
		['missing certificate', { appCertificate: '' }, /appCertificate is required/],
		['undefined certificate', { appCertificate: undefined }, /appCertificate is required/],
		[
			'short certificate',
			{ appCertificate: SECRET.slice(0, 31) },
			/appCertificate must be 32 hexadecimal/,
		],
		[
			'non-hex certificate',
			{ appCertificate: SECRET.slice(0, 31) + 'g' },
			/appCertificate must be 32 hexadecimal/,
		],
		['missing appId', { appId: '' }, /appId is required/],
		['bad appId', { appId: 'not-an-app-id' }, /appId must be 32 hexadecimal/],
		['appId 33 chars', { appId: APP_ID + '0' }, /appId/],
		['token expiry > 86400', { tokenExpireSeconds: 86401 }, /tokenExpireSeconds .*1 and 86400/],
		['token expiry 0', { tokenExpireSeconds: 0 }, /tokenExpireSeconds/],
		['token expiry fractional', { tokenExpireSeconds: 1.5 }, /tokenExpireSeconds/],
		[
			'privilege expiry > 86400',
			{ privilegeExpireSeconds: 86401 },
			/privilegeExpireSeconds .*0 and 86400/,
		],
		['privilege expiry negative', { privilegeExpireSeconds: -1 }, /privilegeExpireSeconds/],
		['both uid and account', { account: 'bob' }, /either uid or account/i],
		['neither uid nor account', { uid: undefined }, /uid or account is required/],
		['uid too large', { uid: 4294967296 }, /uid must be/],
		['uid negative', { uid: -1 }, /uid must be/],
		['uid non-numeric string', { uid: '12a' }, /uid must be/],
		['empty channel', { channelName: '' }, /channelName is required/],
		['long channel', { channelName: 'a'.repeat(65) }, /channelName must be 1 to 64 bytes/],
		['bad channel chars', { channelName: 'room/1' }, /channelName contains unsupported/],
		['bad account chars', { uid: undefined, account: 'a\nb' }, /account contains unsupported/],
		['bad role', { role: 'admin' }, /role must be/],
		['rtmUserId without withRtm', { rtmUserId: 'x' }, /rtmUserId/],
		['long rtmUserId', { withRtm: true, rtmUserId: 'x'.repeat(65) }, /rtmUserId/],
	])('%s', (_label, patch, pattern) => {
		const message = errorOf(patch);
		expect(message).toMatch(pattern);
		expect(message).not.toContain(SECRET);
		expect(message).not.toContain(SECRET.slice(0, 31));
		expect(message.toLowerCase()).not.toContain('deadbeef');
	});

	test('valid edge values are accepted', () => {
		expect(() => buildRtcToken({ ...base, uid: '4294967295' })).not.toThrow();
		expect(() => buildRtcToken({ ...base, uid: '' })).not.toThrow();
		expect(() =>
			buildRtcToken({ ...base, channelName: 'a'.repeat(64), tokenExpireSeconds: 86400 }),
		).not.toThrow();
		expect(() =>
			buildRtcToken({ ...base, appId: APP_ID.toUpperCase(), appCertificate: SECRET.toUpperCase() }),
		).not.toThrow();
		expect(decodeAccessToken2(buildRtcToken({ ...base, uid: '0' }).token).services[0].uid).toBe('');
	});
});

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The trigger's signature check against digests computed outside the node: published HMAC test
 * vectors (RFC 4231 / RFC 2202), a fixed Agora-shaped vector computed once with `openssl dgst`, and
 * `openssl dgst -hmac` run at test time on random bodies and secrets.
 */
import { execFileSync } from 'child_process';
import * as crypto from 'crypto';

import fc from 'fast-check';

// Wraps timingSafeEqual (behaviour unchanged) so a test can see how the node compares.
jest.mock('crypto', () => {
	const actual = jest.requireActual<typeof import('crypto')>('crypto');
	return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});

import { verifyAgoraSignature } from '../../../nodes/AgoraTrigger/signature';

type SignatureAlgorithm = 'sha256' | 'sha1';
const HEADER: Record<SignatureAlgorithm, string> = {
	sha256: 'agora-signature-v2',
	sha1: 'agora-signature',
};

/** Does the node accept `digest` as the signature of `body` under `algorithm`'s header? */
function accepts(
	body: Buffer,
	secret: string,
	algorithm: SignatureAlgorithm,
	digest: string,
): boolean {
	return verifyAgoraSignature(body, { [HEADER[algorithm]]: digest }, secret).ok;
}

function openssl(body: Buffer, secret: string, algorithm: SignatureAlgorithm): string {
	const out = execFileSync('openssl', ['dgst', `-${algorithm}`, '-hmac', secret], {
		input: body,
	}).toString('utf8');
	// "SHA2-256(stdin)= <hex>" (OpenSSL 3) or "(stdin)= <hex>" (older)
	const match = /=\s*([0-9a-f]+)\s*$/.exec(out);
	if (!match) throw new Error(`unexpected openssl output: ${out}`);
	return match[1];
}

// Published vectors: RFC 4231 test case 2 (HMAC-SHA256) and RFC 2202 test case 2 (HMAC-SHA1).
const RFC_KEY = 'Jefe';
const RFC_DATA = Buffer.from('what do ya want for nothing?');
const RFC_SHA256 = '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843';
const RFC_SHA1 = 'effcdf6ae5eb2fa2d27416d5f184df9c259a7c79';

// An Agora-shaped body, digests computed with `printf '%s' "$B" | openssl dgst -sha256 -hmac agora-console-secret`.
const AGORA_SECRET = 'agora-console-secret';
const AGORA_BODY = Buffer.from(
	'{"noticeId":"2000001428:4330:107","productId":17,"eventType":102,"notifyMs":1700000000000,"sid":"a1b2c3","payload":{"agent_id":"A42","channel":"room1","labels":{"customer":"acme"}}}',
);
const AGORA_SHA256 = '8da423e0a74d163563f41d89d2be2897b7d1aae71be22eb12216149eb35fda89';
const AGORA_SHA1 = '0eea55e2393c2cb196c8bf2791ffb39817ca7d42';

describe('fixed vectors', () => {
	it('accepts the RFC 4231 / RFC 2202 digests, and nothing one bit off', () => {
		expect(accepts(RFC_DATA, RFC_KEY, 'sha256', RFC_SHA256)).toBe(true);
		expect(accepts(RFC_DATA, RFC_KEY, 'sha1', RFC_SHA1)).toBe(true);
		expect(accepts(RFC_DATA, RFC_KEY, 'sha256', RFC_SHA256.slice(0, -1) + '2')).toBe(false);
		expect(accepts(RFC_DATA, RFC_KEY, 'sha1', RFC_SHA1.slice(0, -1) + '8')).toBe(false);
	});

	it('accepts the Agora-shaped vector through both headers', () => {
		expect(
			verifyAgoraSignature(AGORA_BODY, { 'agora-signature-v2': AGORA_SHA256 }, AGORA_SECRET),
		).toEqual({ ok: true, algorithm: 'sha256' });
		expect(
			verifyAgoraSignature(AGORA_BODY, { 'agora-signature': AGORA_SHA1 }, AGORA_SECRET),
		).toEqual({ ok: true, algorithm: 'sha1' });
		expect(
			verifyAgoraSignature(
				AGORA_BODY,
				{ 'agora-signature-v2': AGORA_SHA256, 'agora-signature': AGORA_SHA1 },
				AGORA_SECRET,
			),
		).toEqual({ ok: true, algorithm: 'sha256' });
	});

	it('accepts upper-case hex and surrounding spaces', () => {
		expect(
			verifyAgoraSignature(
				AGORA_BODY,
				{ 'agora-signature-v2': ` ${AGORA_SHA256.toUpperCase()} ` },
				AGORA_SECRET,
			).ok,
		).toBe(true);
	});
});

describe('rejections', () => {
	it('reports a missing signature when neither header is present (or both are empty)', () => {
		expect(verifyAgoraSignature(AGORA_BODY, {}, AGORA_SECRET)).toEqual({
			ok: false,
			reason: 'missing',
		});
		expect(
			verifyAgoraSignature(
				AGORA_BODY,
				{ 'agora-signature-v2': '', 'agora-signature': ' ' },
				AGORA_SECRET,
			),
		).toEqual({
			ok: false,
			reason: 'missing',
		});
	});

	it('checks V2 when present, even if the SHA-1 header is right', () => {
		expect(
			verifyAgoraSignature(
				AGORA_BODY,
				{ 'agora-signature-v2': RFC_SHA256, 'agora-signature': AGORA_SHA1 },
				AGORA_SECRET,
			),
		).toEqual({ ok: false, reason: 'mismatch', algorithm: 'sha256' });
	});

	it('rejects the wrong secret, a changed byte, and a re-serialised body', () => {
		expect(
			verifyAgoraSignature(AGORA_BODY, { 'agora-signature-v2': AGORA_SHA256 }, 'other-secret').ok,
		).toBe(false);
		const changed = Buffer.from(AGORA_BODY);
		changed[changed.length - 3] ^= 1;
		expect(
			verifyAgoraSignature(changed, { 'agora-signature-v2': AGORA_SHA256 }, AGORA_SECRET).ok,
		).toBe(false);
		const reserialised = Buffer.from(JSON.stringify(JSON.parse(AGORA_BODY.toString()), null, 1));
		expect(
			verifyAgoraSignature(reserialised, { 'agora-signature-v2': AGORA_SHA256 }, AGORA_SECRET).ok,
		).toBe(false);
	});

	it('rejects wrong lengths, non-hex text, a SHA-1 digest in the V2 header and a prefixed value', () => {
		for (const value of [
			AGORA_SHA256.slice(0, -1),
			`${AGORA_SHA256}0`,
			`${AGORA_SHA256.slice(0, -1)}g`,
			AGORA_SHA1,
			`sha256=${AGORA_SHA256}`,
			Buffer.from(AGORA_SHA256, 'hex').toString('base64'),
		]) {
			expect(accepts(AGORA_BODY, AGORA_SECRET, 'sha256', value)).toBe(false);
		}
		expect(accepts(AGORA_BODY, AGORA_SECRET, 'sha1', AGORA_SHA256)).toBe(false);
	});

	it('compares with crypto.timingSafeEqual on buffers of equal length', () => {
		const spy = crypto.timingSafeEqual as jest.MockedFunction<typeof crypto.timingSafeEqual>;
		spy.mockClear();
		{
			const wrong = 'f'.repeat(64);
			expect(accepts(AGORA_BODY, AGORA_SECRET, 'sha256', wrong)).toBe(false);
			expect(accepts(AGORA_BODY, AGORA_SECRET, 'sha256', AGORA_SHA256)).toBe(true);
			expect(spy).toHaveBeenCalledTimes(2);
			for (const [a, b] of spy.mock.calls) {
				expect((a as Buffer).length).toBe(32);
				expect((b as Buffer).length).toBe(32);
			}
		}
	});
});

describe('against openssl at test time', () => {
	it('matches `openssl dgst -hmac` for random bodies and secrets, and rejects each after a one-byte change', () => {
		fc.assert(
			fc.property(
				fc.uint8Array({ minLength: 0, maxLength: 2048 }),
				fc
					.string({ minLength: 1, maxLength: 64 })
					.filter((s) => !s.includes('\u0000') && !s.startsWith('-')),
				(bytes, secret) => {
					const body = Buffer.from(bytes);
					const sha256 = openssl(body, secret, 'sha256');
					const sha1 = openssl(body, secret, 'sha1');
					expect(verifyAgoraSignature(body, { 'agora-signature-v2': sha256 }, secret).ok).toBe(
						true,
					);
					expect(verifyAgoraSignature(body, { 'agora-signature': sha1 }, secret).ok).toBe(true);
					if (body.length > 0) {
						const changed = Buffer.from(body);
						changed[changed.length >> 1] ^= 0x20;
						expect(verifyAgoraSignature(changed, { 'agora-signature-v2': sha256 }, secret).ok).toBe(
							false,
						);
						expect(verifyAgoraSignature(changed, { 'agora-signature': sha1 }, secret).ok).toBe(
							false,
						);
					}
				},
			),
			{ numRuns: 25 },
		);
	});

	it('matches openssl on a real notification body with non-ASCII text', () => {
		const body = Buffer.from(
			JSON.stringify({
				noticeId: 'n1',
				productId: 17,
				eventType: 101,
				payload: { channel: 'salle-été', labels: { ville: 'Zürich 東京' } },
			}),
			'utf8',
		);
		const secret = 'console secret with spaces & symbols!';
		expect(
			verifyAgoraSignature(body, { 'agora-signature-v2': openssl(body, secret, 'sha256') }, secret)
				.ok,
		).toBe(true);
		expect(
			verifyAgoraSignature(body, { 'agora-signature': openssl(body, secret, 'sha1') }, secret).ok,
		).toBe(true);
	});
});

/**
 * Agora signs every notification with the secret shown in Agora Console > Notifications:
 * `Agora-Signature-V2` = hex HMAC-SHA256 of the raw body, `Agora-Signature` = hex HMAC-SHA1.
 * The check runs on the exact bytes received, never on a re-serialised body.
 */
import { createHmac, timingSafeEqual } from 'crypto';

type SignatureAlgorithm = 'sha256' | 'sha1';

const SIGNATURE_HEADERS: Record<SignatureAlgorithm, string> = {
	sha256: 'agora-signature-v2',
	sha1: 'agora-signature',
};

const HEX_LENGTH: Record<SignatureAlgorithm, number> = { sha256: 64, sha1: 40 };

function computeSignature(rawBody: Buffer, secret: string, algorithm: SignatureAlgorithm): string {
	return createHmac(algorithm, secret).update(rawBody).digest('hex');
}

export type SignatureCheck =
	| { ok: true; algorithm: SignatureAlgorithm }
	| { ok: false; reason: 'missing' | 'mismatch'; algorithm?: SignatureAlgorithm };

function headerValue(value: string | string[] | undefined): string | undefined {
	const first = Array.isArray(value) ? value[0] : value;
	const trimmed = first?.trim();
	return trimmed ? trimmed : undefined;
}

/** Constant-time comparison of a received hex signature with the expected one. */
function signatureMatches(
	rawBody: Buffer,
	secret: string,
	algorithm: SignatureAlgorithm,
	received: string,
): boolean {
	// Anything but exactly the digest's hex length is wrong; checking first keeps the buffers equal in length.
	if (received.length !== HEX_LENGTH[algorithm] || !/^[0-9a-fA-F]+$/.test(received)) return false;
	const expected = Buffer.from(computeSignature(rawBody, secret, algorithm), 'hex');
	const given = Buffer.from(received, 'hex');
	return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Checks the V2 (SHA-256) signature when it is present, and the SHA-1 signature only when V2 is
 * absent. Header names are lower-case, as Node delivers them.
 */
export function verifyAgoraSignature(
	rawBody: Buffer,
	headers: Record<string, string | string[] | undefined>,
	secret: string,
): SignatureCheck {
	for (const algorithm of ['sha256', 'sha1'] as const) {
		const received = headerValue(headers[SIGNATURE_HEADERS[algorithm]]);
		if (received === undefined) continue;
		return signatureMatches(rawBody, secret, algorithm, received)
			? { ok: true, algorithm }
			: { ok: false, reason: 'mismatch', algorithm };
	}
	return { ok: false, reason: 'missing' };
}

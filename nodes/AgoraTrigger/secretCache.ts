/**
 * The notification secret, kept in process memory for a few seconds so that a burst of
 * notifications does not read (and decrypt) the credential from n8n's database once per
 * notification: that read was most of the trigger's cost per call.
 *
 * Safety rules:
 * - Only a non-empty secret is kept. "This credential has no secret" is read afresh every time,
 *   so adding a secret takes effect at once and an unverified notification is never accepted on
 *   the strength of a stale "no secret".
 * - A signature that does not match the kept secret is checked again against a freshly loaded
 *   credential before it is refused, so a new secret takes effect at once as well.
 * - A replaced secret keeps being accepted for at most SECRET_TTL_MS after the change.
 * - The key is the credential's id: two credentials never share an entry. A node whose credential
 *   has no id is not cached.
 * - At most 200 credentials are kept; an expired entry is never used and is dropped at the next
 *   notification of any trigger.
 */

import { ExpiringMap } from '../shared/expiringMap';

const SECRET_TTL_MS = 10_000;

const kept = new ExpiringMap<string, string>({ maxEntries: 200, ttlMs: SECRET_TTL_MS });

/** The kept secret of this credential, or undefined when none is kept or it has expired. */
export function keptSecret(credentialId: string | undefined): string | undefined {
	return credentialId ? kept.get(credentialId) : undefined;
}

/** Keeps a non-empty secret for SECRET_TTL_MS; forgets the entry when the secret is empty. */
export function keepSecret(credentialId: string | undefined, secret: string): void {
	if (!credentialId) return;
	if (secret === '') kept.delete(credentialId);
	else kept.set(credentialId, secret);
}

/**
 * A credential's secret (notification secret, LLM key) kept in memory for up to SECRET_TTL_MS so a
 * burst of requests does not decrypt the credential once each. Safety rules: docs/design.md.
 */

import { ExpiringMap } from './expiringMap';

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

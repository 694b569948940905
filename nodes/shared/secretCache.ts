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

const refreshing = new Set<string>();

/**
 * Whether a kept secret is past half its life and no refresh is under way: the caller then
 * reloads it in the background (refreshSecret), so steady traffic never waits on a credential read.
 */
export function secretRefreshDue(credentialId: string | undefined): boolean {
	if (!credentialId || refreshing.has(credentialId)) return false;
	const left = kept.timeLeft(credentialId);
	return left !== undefined && left < SECRET_TTL_MS / 2;
}

/** Reloads a kept secret with `load` (which keeps it) without blocking; a failure leaves the entry to expire. */
export function refreshSecret(credentialId: string, load: () => Promise<unknown>): void {
	refreshing.add(credentialId);
	load()
		.catch(() => undefined)
		.finally(() => refreshing.delete(credentialId));
}

/** Keeps a non-empty secret for SECRET_TTL_MS; forgets the entry when the secret is empty. */
export function keepSecret(credentialId: string | undefined, secret: string): void {
	if (!credentialId) return;
	if (secret === '') kept.delete(credentialId);
	else kept.set(credentialId, secret);
}

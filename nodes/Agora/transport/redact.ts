/**
 * Secrets must never reach an error, a log line or an output item. Every string that leaves the
 * transport goes through `redact`, with the secrets of the credential and of the request body.
 */

// Vendor params name their keys freely (`key`, `api_key`, `subscription_key`, `accessKey`…).
const SECRET_KEY =
	/(^key$|_key$|[a-z]Key$|api_?key|apikey|token|secret|password|encrypt|salt|authorization|certificate|credential)/i;

/** Collects the string values of a body whose key names a secret, and every custom header value. */
export function collectSecrets(
	value: unknown,
	into: Set<string> = new Set(),
	secretKey = false,
): Set<string> {
	if (typeof value === 'string') {
		if (secretKey && value.length >= 4) into.add(value);
		return into;
	}
	if (Array.isArray(value)) {
		for (const entry of value) collectSecrets(entry, into, secretKey);
		return into;
	}
	if (value && typeof value === 'object') {
		for (const [key, entry] of Object.entries(value)) {
			// Header maps (llm.headers, mcp_servers[].headers) usually carry auth values under any name.
			collectSecrets(entry, into, secretKey || SECRET_KEY.test(key) || key === 'headers');
		}
	}
	return into;
}

export const REDACTED = '***';

export function redact(text: string, secrets: Iterable<string>): string {
	let out = text;
	for (const secret of secrets) {
		if (secret && secret.length >= 4 && out.includes(secret))
			out = out.split(secret).join(REDACTED);
	}
	// Anything that still looks like a Basic/Bearer credential or an Agora REST token is masked too.
	return out
		.replace(/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._-]{8,}/g, `$1 ${REDACTED}`)
		.replace(/\bagora token="?[A-Za-z0-9+/=]{8,}"?/gi, `agora token=${REDACTED}`);
}

import { sleep } from 'n8n-workflow';

/**
 * Backoff between attempts. Agora advises about 1 s, 3 s, 6 s; we use capped exponential backoff
 * with jitter around those figures. Tests shorten it through `retryTiming`.
 */
export const retryTiming = {
	baseMs: 1000,
	factor: 2.5,
	maxDelayMs: 10000,
	/** Upper bound for a server's Retry-After, so a broken header cannot park an execution. */
	maxRetryAfterMs: 60000,
	/**
	 * How long a request refused with 429 keeps being sent again. A 429 means Agora did nothing,
	 * and in n8n's queue mode several workers share one limit (each paces only itself), so refusals
	 * are back-pressure to wait out, not failures to count: two minutes covers the per-minute limits.
	 */
	rateLimitBudgetMs: 120000,
};

export function backoffDelay(attempt: number): number {
	const raw = Math.min(
		retryTiming.maxDelayMs,
		retryTiming.baseMs * Math.pow(retryTiming.factor, attempt),
	);
	// Jitter of +-25 % spreads the retries of concurrent items.
	return Math.round(raw * (0.75 + Math.random() * 0.5));
}

/**
 * Wait before sending a refused (429) request again: Agora's Retry-After plus up to half of it
 * again, so that requests refused together do not all come back at the same moment; without the
 * header, the usual backoff.
 */
export function rateLimitDelay(retryAfterMs: number | undefined, refusals: number): number {
	if (retryAfterMs !== undefined) return Math.round(retryAfterMs * (1 + Math.random() * 0.5));
	return backoffDelay(Math.min(refusals, 2));
}

/** Retry-After is either delay-seconds or an HTTP date. */
export function parseRetryAfter(header: unknown, now = Date.now()): number | undefined {
	if (typeof header !== 'string' && typeof header !== 'number') return undefined;
	const text = String(header).trim();
	if (/^\d+(\.\d+)?$/.test(text)) return Math.min(Number(text) * 1000, retryTiming.maxRetryAfterMs);
	const at = Date.parse(text);
	if (Number.isNaN(at)) return undefined;
	return Math.min(Math.max(0, at - now), retryTiming.maxRetryAfterMs);
}

export async function wait(ms: number): Promise<void> {
	if (ms > 0) await sleep(ms);
}

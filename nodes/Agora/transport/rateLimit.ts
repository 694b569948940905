import { wait } from './retry';

/**
 * Client-side pacing so that concurrent items stay inside Agora's published limits instead of
 * collecting 429s. Windows are sliding logs per key, shared by every execution in this process
 * (keys carry the App ID, so projects do not interfere).
 */
export interface RateRule {
	key: string;
	limit: number;
	windowMs: number;
}

/** Extra room per window: clocks of client and server are not in step. */
const MARGIN_MS = 25;

const logs = new Map<string, number[]>();

function earliestSlot(rule: RateRule, now: number): number {
	const log = logs.get(rule.key);
	if (!log) return now;
	const windowStart = now - rule.windowMs - MARGIN_MS;
	while (log.length > 0 && log[0] <= windowStart) log.shift();
	if (log.length < rule.limit) return now;
	// The oldest entry that must leave the window before one more request fits.
	return log[log.length - rule.limit] + rule.windowMs + MARGIN_MS;
}

/** Waits until every rule has room, then books one request in each. */
export async function acquire(rules: RateRule[]): Promise<void> {
	if (rules.length === 0) return;
	for (;;) {
		const now = Date.now();
		let at = now;
		for (const rule of rules) at = Math.max(at, earliestSlot(rule, now));
		if (at <= now) {
			for (const rule of rules) {
				let log = logs.get(rule.key);
				if (!log) logs.set(rule.key, (log = []));
				log.push(now);
			}
			return;
		}
		await wait(at - now);
	}
}

/** For tests: forget all bookings. */
export function resetRateLimits(): void {
	logs.clear();
}

import { wait } from './retry';

/**
 * Client-side pacing so that concurrent items stay inside Agora's published limits instead of
 * collecting 429s. Windows are sliding logs per key, shared by every execution in this process
 * (keys carry the App ID, so projects do not interfere).
 *
 * Agora counts a request when it arrives, which is some time after we book it: a burst booked at
 * once can arrive spread out and crowd the next window. So a booking is held until its answer is
 * back and then stamped with that time, which is never earlier than the arrival: a slot frees
 * only when the server's window has surely let go of it, however slow the transit.
 */
export interface RateRule {
	key: string;
	limit: number;
	windowMs: number;
}

interface Booking {
	/** Time the answer came back; undefined while the request is in flight. */
	doneAt?: number;
}

/** Small extra room for clock granularity between client and server. */
const MARGIN_MS = 5;
/** How often a blocked caller looks again when every booking in its window is still in flight. */
const IN_FLIGHT_POLL_MS = 10;

const logs = new Map<string, Booking[]>();

/** Time at which one more request fits into `rule`, or undefined if that depends on answers in flight. */
function earliestSlot(rule: RateRule, now: number): number | undefined {
	const log = logs.get(rule.key);
	if (!log) return now;
	const horizon = now - rule.windowMs - MARGIN_MS;
	// Drop bookings the server's window has surely released.
	let kept = 0;
	for (const booking of log) if (booking.doneAt === undefined || booking.doneAt > horizon) log[kept++] = booking;
	log.length = kept;
	if (log.length < rule.limit) return now;
	const finished = log
		.filter((b) => b.doneAt !== undefined)
		.map((b) => b.doneAt as number)
		.sort((a, b) => a - b);
	const mustLeave = log.length - rule.limit + 1;
	if (finished.length < mustLeave) return undefined;
	return finished[mustLeave - 1] + rule.windowMs + MARGIN_MS;
}

/** Releases the bookings of one request once its answer (or failure) is back. */
export type RateRelease = () => void;

/** Waits until every rule has room, then books one request in each. Call the result when done. */
export async function acquire(rules: RateRule[]): Promise<RateRelease> {
	if (rules.length === 0) return () => {};
	for (;;) {
		const now = Date.now();
		let at: number | undefined = now;
		for (const rule of rules) {
			const slot = earliestSlot(rule, now);
			at = slot === undefined || at === undefined ? undefined : Math.max(at, slot);
		}
		if (at !== undefined && at <= now) {
			const booking: Booking = {};
			for (const rule of rules) {
				let log = logs.get(rule.key);
				if (!log) logs.set(rule.key, (log = []));
				log.push(booking);
			}
			return () => {
				booking.doneAt ??= Date.now();
			};
		}
		await wait(at === undefined ? IN_FLIGHT_POLL_MS : at - now);
	}
}

/** For tests: forget all bookings. */
export function resetRateLimits(): void {
	logs.clear();
}

import { wait } from './retry';

/**
 * Client-side pacing inside Agora's published limits: sliding-log windows per key, shared by the process,
 * each booking stamped when its answer is back. Why, and how memory stays bounded: docs/design.md, Pacing.
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

interface KeyLog {
	windowMs: number;
	bookings: Booking[];
}

/** Small extra room for clock granularity between client and server. */
const MARGIN_MS = 5;
/** How often a blocked caller looks again when every booking in its window is still in flight. */
const IN_FLIGHT_POLL_MS = 10;
/** Past this many keys, every key is checked and the empty ones dropped. */
const SWEEP_AT = 1000;

/** Time source and sleep of the pacer; tests replace them to run long sequences without waiting. */
export const pacerClock = {
	now: (): number => Date.now(),
	sleep: (ms: number): Promise<void> => wait(ms),
};

const logs = new Map<string, KeyLog>();
/** Size that triggers the next sweep: doubles while many keys are live, so sweeps stay rare. */
let sweepAt = SWEEP_AT;

/** Drops bookings the server's window has surely released; true when none is left. */
function prune(log: KeyLog, now: number): boolean {
	const horizon = now - log.windowMs - MARGIN_MS;
	let kept = 0;
	for (const booking of log.bookings)
		if (booking.doneAt === undefined || booking.doneAt > horizon) log.bookings[kept++] = booking;
	log.bookings.length = kept;
	return kept === 0;
}

function sweep(now: number): void {
	for (const [key, log] of logs) if (prune(log, now)) logs.delete(key);
	sweepAt = Math.max(SWEEP_AT, 2 * logs.size);
}

/** Time at which one more request fits into `rule`, or undefined if that depends on answers in flight. */
function earliestSlot(rule: RateRule, now: number): number | undefined {
	const log = logs.get(rule.key);
	if (!log) return now;
	if (prune(log, now)) {
		logs.delete(rule.key);
		return now;
	}
	if (log.bookings.length < rule.limit) return now;
	const finished = log.bookings
		.filter((b) => b.doneAt !== undefined)
		.map((b) => b.doneAt as number)
		.sort((a, b) => a - b);
	const mustLeave = log.bookings.length - rule.limit + 1;
	if (finished.length < mustLeave) return undefined;
	return finished[mustLeave - 1] + rule.windowMs + MARGIN_MS;
}

function book(rules: RateRule[], now: number): Booking {
	const booking: Booking = {};
	for (const rule of rules) {
		let log = logs.get(rule.key);
		if (!log) logs.set(rule.key, (log = { windowMs: rule.windowMs, bookings: [] }));
		log.windowMs = Math.max(log.windowMs, rule.windowMs);
		log.bookings.push(booking);
	}
	if (logs.size > sweepAt) sweep(now);
	return booking;
}

/** Releases the bookings of one request once its answer (or failure) is back. */
export type RateRelease = () => void;

/** Waits until every rule has room, then books one request in each. Call the result when done. */
export async function acquire(rules: RateRule[]): Promise<RateRelease> {
	if (rules.length === 0) return () => {};
	for (;;) {
		const now = pacerClock.now();
		let at: number | undefined = now;
		for (const rule of rules) {
			const slot = earliestSlot(rule, now);
			at = slot === undefined || at === undefined ? undefined : Math.max(at, slot);
		}
		if (at !== undefined && at <= now) {
			const booking = book(rules, now);
			return () => {
				booking.doneAt ??= pacerClock.now();
			};
		}
		await pacerClock.sleep(at === undefined ? IN_FLIGHT_POLL_MS : at - now);
	}
}

/** For tests (the memory soak): the number of keys held. */
export function rateLimitKeyCount(): number {
	return logs.size;
}

/** For tests: forget all bookings. */
export function resetRateLimits(): void {
	logs.clear();
	sweepAt = SWEEP_AT;
}

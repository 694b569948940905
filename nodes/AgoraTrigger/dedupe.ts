/**
 * Agora resends a notification (same noticeId, new notifyMs) when it gets no 200 within 10 s, up
 * to 3 times. The trigger remembers the noticeIds that started the workflow so a resend starts
 * nothing.
 *
 * Two records, because neither covers every case alone:
 *
 * 1. The node's workflow static data (`seenNotices`: the last DEDUPE_LIMIT ids with the time they
 *    were seen, dropped after DEDUPE_TTL_MS). n8n (1.x, LiveWebhooks) loads the workflow with its
 *    static data from the database for every webhook call and saves changed static data as soon as
 *    the webhook has answered, before the execution runs. So the record survives restarts, and in
 *    queue mode it is shared by every main and webhook process through the database (workers run
 *    the execution, never webhook(), so they do not need it).
 *    Not covered: two deliveries handled at the same moment both read the old record, so both may
 *    start (and, as each saves its own copy, the later save can drop the other's id); and a
 *    workflow whose own nodes change static data during a run writes back the copy it started
 *    with, which can drop ids recorded meanwhile.
 * 2. A per-process memory of the same ids. It closes that concurrent window inside one process
 *    (a single n8n instance, or one webhook process), but not across processes or restarts.
 *
 * Agora resends only after its 10 s time-out or a non-200 answer, and the trigger answers at
 * once, so in practice the first delivery has been saved long before a resend arrives.
 * Exactly-once across processes would need a shared lock (database or Redis) that a community
 * node cannot reach; downstream steps that must never run twice should also key on noticeId.
 */

export const DEDUPE_LIMIT = 1000;
export const DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;
/** Key of the record in the node's static data. */
export const SEEN_KEY = 'seenNotices';

export type SeenRecord = Array<[string, number]>;

/** Reads the record from static data, ignoring anything malformed. */
export function readSeen(value: unknown): SeenRecord {
	if (!Array.isArray(value)) return [];
	return value.filter(
		(e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number',
	);
}

export function isSeen(record: SeenRecord, noticeId: string, now: number): boolean {
	return record.some(([id, at]) => id === noticeId && now - at < DEDUPE_TTL_MS);
}

/** A new record with the id added, expired entries removed and at most DEDUPE_LIMIT entries (newest kept). */
export function remember(record: SeenRecord, noticeId: string, now: number): SeenRecord {
	const kept = record.filter(([id, at]) => id !== noticeId && now - at < DEDUPE_TTL_MS);
	kept.push([noticeId, now]);
	return kept.slice(-DEDUPE_LIMIT);
}

const PROCESS_LIMIT = 10 * DEDUPE_LIMIT;
const processSeen = new Map<string, number>();

/** Records the id in this process; false when it was already recorded (and not expired). */
export function claimInProcess(scope: string, noticeId: string, now: number): boolean {
	const key = `${scope}\u0000${noticeId}`;
	const at = processSeen.get(key);
	if (at !== undefined && now - at < DEDUPE_TTL_MS) return false;
	processSeen.delete(key);
	processSeen.set(key, now);
	if (processSeen.size > PROCESS_LIMIT) {
		// Oldest first (insertion order): drop expired ones, then the oldest until within the bound.
		for (const [k, t] of processSeen) {
			if (processSeen.size <= PROCESS_LIMIT && now - t < DEDUPE_TTL_MS) break;
			processSeen.delete(k);
		}
	}
	return true;
}

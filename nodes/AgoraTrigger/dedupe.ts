/**
 * Agora resends a notification (same noticeId, new notifyMs) when it gets no 200 within 10 s, up
 * to 3 times. The trigger remembers the noticeIds that started the workflow so a resend starts
 * nothing.
 *
 * Two records, because neither covers every case alone:
 *
 * 1. The node's workflow static data (`seenNotices`: the last DEDUPE_LIMIT ids with the time they
 *    were seen, dropped after DEDUPE_TTL_MS). n8n loads it from the database for every webhook
 *    call and saves it right after the webhook answers, so it survives restarts and is shared by
 *    every main/webhook process in queue mode (workers never run webhook()). Limits: two calls
 *    handled at the same moment both read the old record (each saves its own copy, the last write
 *    wins, so a concurrent duplicate can start twice and an id can drop out); and a workflow whose
 *    own nodes change static data during a run may write back a copy older than later webhook calls.
 * 2. A per-process memory of the same ids, which closes the concurrent window within one process
 *    (a single n8n instance, or one webhook process) but not across processes and not across restarts.
 *
 * Agora resends only after its 10 s time-out or a non-200 answer, and the trigger answers at
 * once, so in practice the first delivery has been saved long before a resend arrives.
 * Exactly-once across processes would need a shared store (a database or Redis lock) that a
 * community node cannot rely on; downstream steps that must never run twice should key on noticeId.
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

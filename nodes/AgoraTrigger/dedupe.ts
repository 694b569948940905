/**
 * Agora resends a notification it got no 200 for; the trigger remembers the noticeIds that started
 * the workflow so a resend starts nothing. What holds in one process and across: docs/design.md.
 */
import type { IWebhookFunctions } from 'n8n-workflow';

import { ExpiringMap } from '../shared/expiringMap';

/**
 * Ids kept in the stored record. n8n copies the workflow's static data into every execution it
 * stores, so the record is kept small; Agora's resends come within a minute of the first delivery.
 */
export const DEDUPE_LIMIT = 200;
export const DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;
/** Key of the record in the node's static data. */
export const SEEN_KEY = 'seenNotices';

export type SeenRecord = Array<[string, number]>;

/** Ids claimed in this process, per trigger (mode, workflow, node). */
export const PROCESS_LIMIT = 1000;
/** Triggers remembered in this process (one per active Agora Trigger node and mode). */
const SCOPE_LIMIT = 100;
interface ScopeClaims {
	ids: ExpiringMap<string, number>;
	/** The id claimed last: if the stored record lacks it, another writer dropped this process's ids. */
	last?: string;
}
const claims = new ExpiringMap<string, ScopeClaims>({ maxEntries: SCOPE_LIMIT, ttlMs: DEDUPE_TTL_MS });

interface Scan {
	/** Valid, unexpired entries of the stored record other than the id looked for, oldest first. */
	kept: SeenRecord;
	/** The id looked for is in the record. */
	seen: boolean;
	/** `also` is in the record (true when none was given). */
	hasAlso: boolean;
}

/** One pass over the stored record (anything malformed is ignored). */
function scan(value: unknown, noticeId: string, now: number, also?: string): Scan {
	const result: Scan = { kept: [], seen: false, hasAlso: also === undefined };
	if (!Array.isArray(value)) return result;
	for (const entry of value) {
		if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number') continue;
		if (now - entry[1] >= DEDUPE_TTL_MS) continue;
		if (entry[0] === noticeId) result.seen = true;
		else result.kept.push(entry as [string, number]);
		if (entry[0] === also) result.hasAlso = true;
	}
	return result;
}

/** Reads the record from static data, ignoring anything malformed. */
export function readSeen(value: unknown): SeenRecord {
	return scan(value, '', -Infinity).kept;
}

export function isSeen(record: SeenRecord, noticeId: string, now: number): boolean {
	return scan(record, noticeId, now).seen;
}

/**
 * The record to store: the given entries merged (an id once, at its latest time), expired ones
 * removed, at most DEDUPE_LIMIT kept (newest), oldest first.
 */
export function mergeSeen(entries: Iterable<[string, number]>, now: number): SeenRecord {
	const latest = new Map<string, number>();
	for (const [id, at] of entries) {
		if (now - at >= DEDUPE_TTL_MS) continue;
		const known = latest.get(id);
		if (known === undefined || at > known) latest.set(id, at);
	}
	return [...latest].sort((a, b) => a[1] - b[1]).slice(-DEDUPE_LIMIT);
}

/** `kept` (oldest first) with the id appended, at most DEDUPE_LIMIT entries (newest kept). */
function appendSeen(kept: SeenRecord, noticeId: string, now: number): SeenRecord {
	kept.push([noticeId, now]);
	return kept.length > DEDUPE_LIMIT ? kept.slice(-DEDUPE_LIMIT) : kept;
}

/**
 * A new record with the id added, expired entries removed and at most DEDUPE_LIMIT entries (newest
 * kept). The record is kept oldest first, so appending keeps it ordered.
 */
export function remember(record: SeenRecord, noticeId: string, now: number): SeenRecord {
	return appendSeen(scan(record, noticeId, now).kept, noticeId, now);
}

function scopeClaims(scope: string): ScopeClaims {
	let entry = claims.get(scope);
	if (entry === undefined) {
		entry = { ids: new ExpiringMap<string, number>({ maxEntries: PROCESS_LIMIT, ttlMs: DEDUPE_TTL_MS }) };
		claims.set(scope, entry);
	}
	return entry;
}

/** Records the id in this process; false when it was already recorded (and not expired). */
export function claimInProcess(scope: string, noticeId: string, now: number): boolean {
	const entry = scopeClaims(scope);
	const at = entry.ids.get(noticeId);
	if (at !== undefined && now - at < DEDUPE_TTL_MS) return false;
	entry.ids.set(noticeId, now);
	entry.last = noticeId;
	return true;
}

/**
 * True when this delivery of `noticeId` is the first: claimed in this process (synchronously, so two
 * deliveries cannot both win) and written to static data, with this process's recent claims merged
 * back when a concurrent writer dropped them (docs/design.md, Notification dedupe).
 */
export function claimNotice(ctx: IWebhookFunctions, noticeId: string, now = Date.now()): boolean {
	const staticData = ctx.getWorkflowStaticData('node');
	const scope = `${ctx.getMode()}:${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
	const previous = claims.get(scope)?.last;
	const stored = scan(staticData[SEEN_KEY], noticeId, now, previous);
	if (stored.seen || !claimInProcess(scope, noticeId, now)) return false;
	// Reassigned (not mutated) so n8n's static-data proxy marks it changed and saves it.
	staticData[SEEN_KEY] = stored.hasAlso
		? appendSeen(stored.kept, noticeId, now)
		: mergeSeen([...stored.kept, ...(claims.get(scope)?.ids.live() ?? [])], now);
	return true;
}

/** Number of ids held in this process (for the memory soak test). */
export function claimedCount(): number {
	let total = 0;
	for (const [, entry] of claims.live()) total += entry.ids.size;
	return total;
}

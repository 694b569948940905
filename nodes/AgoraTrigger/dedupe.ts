/**
 * Agora resends a notification it got no 200 for; the trigger remembers the noticeIds that started
 * the workflow so a resend starts nothing. What holds in one process and across: docs/design.md.
 */
import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { ExpiringMap } from '../shared/expiringMap';

/**
 * Ids kept in the stored record. n8n copies the workflow's static data into every execution it
 * stores, so the record is kept small; Agora's resends come within a minute of the first delivery.
 */
export const DEDUPE_LIMIT = 200;
export const DEDUPE_TTL_MS = 24 * 60 * 60 * 1000;
/** Key of the record in the node's static data. */
export const SEEN_KEY = 'seenNotices';

type SeenRecord = Array<[string, number]>;

/** Ids claimed in this process, per trigger (mode, workflow, node). */
export const PROCESS_LIMIT = 1000;
/** Triggers remembered in this process (one per active Agora Trigger node and mode). */
const SCOPE_LIMIT = 100;
/** How long and how many of this process's recent calls' static data copies are kept up to date. */
const COPY_WINDOW_MS = 60_000;
const COPY_LIMIT = 64;
interface ScopeClaims {
	ids: ExpiringMap<string, number>;
	/** Static data of recent calls, which n8n may still save (in any order) after this claim. */
	copies: Array<{ data: IDataObject; at: number }>;
}
const claims = new ExpiringMap<string, ScopeClaims>({
	maxEntries: SCOPE_LIMIT,
	ttlMs: DEDUPE_TTL_MS,
});

interface Scan {
	/** Valid, unexpired entries of the stored record other than the id looked for, oldest first. */
	kept: SeenRecord;
	/** The id looked for is in the record. */
	seen: boolean;
}

/** One pass over the stored record (anything malformed is ignored). */
function scan(value: unknown, noticeId: string, now: number): Scan {
	const result: Scan = { kept: [], seen: false };
	if (!Array.isArray(value)) return result;
	for (const entry of value) {
		if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number')
			continue;
		if (now - entry[1] >= DEDUPE_TTL_MS) continue;
		if (entry[0] === noticeId) result.seen = true;
		else result.kept.push(entry as [string, number]);
	}
	return result;
}

/**
 * The record to store: the given entries merged (an id once, at its latest time), expired ones
 * removed, at most DEDUPE_LIMIT kept (newest), oldest first.
 */
function mergeSeen(entries: Iterable<[string, number]>, now: number): SeenRecord {
	const latest = new Map<string, number>();
	for (const [id, at] of entries) {
		if (now - at >= DEDUPE_TTL_MS) continue;
		const known = latest.get(id);
		if (known === undefined || at > known) latest.set(id, at);
	}
	return [...latest].sort((a, b) => a[1] - b[1]).slice(-DEDUPE_LIMIT);
}

function scopeClaims(scope: string): ScopeClaims {
	let entry = claims.get(scope);
	if (entry === undefined) {
		entry = {
			ids: new ExpiringMap<string, number>({ maxEntries: PROCESS_LIMIT, ttlMs: DEDUPE_TTL_MS }),
			copies: [],
		};
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
	return true;
}

/**
 * True when this delivery of `noticeId` is the first: claimed in this process (synchronously, so two
 * deliveries cannot both win) and written, with every id this process claimed, to this call's static
 * data and to recent calls' copies, so whichever copy n8n saves last holds them all (docs/design.md).
 */
export function claimNotice(ctx: IWebhookFunctions, noticeId: string, now = Date.now()): boolean {
	const staticData = ctx.getWorkflowStaticData('node');
	const scope = `${ctx.getMode()}:${ctx.getWorkflow().id ?? ''}:${ctx.getNode().id}`;
	const stored = scan(staticData[SEEN_KEY], noticeId, now);
	if (stored.seen || !claimInProcess(scope, noticeId, now)) return false;
	const entry = scopeClaims(scope);
	const record = mergeSeen([...stored.kept, ...entry.ids.live()], now);
	entry.copies = entry.copies
		.filter((copy) => now - copy.at < COPY_WINDOW_MS && copy.data !== staticData)
		.slice(1 - COPY_LIMIT);
	entry.copies.push({ data: staticData, at: now });
	// Reassigned (not mutated) so n8n's static-data proxy marks each copy changed.
	for (const copy of entry.copies) copy.data[SEEN_KEY] = record.slice();
	return true;
}

/** For tests (the memory soak): the number of ids held in this process. */
export function claimedCount(): number {
	let total = 0;
	for (const [, entry] of claims.live()) total += entry.ids.size;
	return total;
}

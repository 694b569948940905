/**
 * The trigger's resend record when n8n's static data is read and written whole by concurrent
 * webhook calls: each call gets its own copy of what was stored, and the last save wins.
 */
import {
	claimNotice,
	DEDUPE_LIMIT,
	DEDUPE_TTL_MS,
	SEEN_KEY,
} from '../../../nodes/AgoraTrigger/dedupe';

/** One webhook call's view: static data copied from the "database" when the call starts. */
function call(stored: unknown, workflowId: string) {
	const staticData: Record<string, unknown> = { [SEEN_KEY]: stored };
	const ctx = {
		getWorkflowStaticData: () => staticData,
		getMode: () => 'webhook',
		getWorkflow: () => ({ id: workflowId }),
		getNode: () => ({ id: 'trigger-node' }),
	} as never;
	return { ctx, saved: () => staticData[SEEN_KEY] };
}

const ids = (record: unknown) => (record as Array<[string, number]>).map(([id]) => id);
let workflow = 0;
const now = 1_800_000_000_000;

describe('resend record in static data', () => {
	let wf: string;
	beforeEach(() => (wf = `wf-${workflow++}`));

	test('two calls in one process that read the same stored copy: whichever n8n saves last keeps both ids', () => {
		const db: unknown = [];
		const first = call(db, wf);
		const second = call(db, wf);
		expect(claimNotice(first.ctx, 'a', now)).toBe(true);
		expect(claimNotice(second.ctx, 'b', now + 1)).toBe(true);
		expect(ids(second.saved())).toEqual(['a', 'b']);
		// The first call's copy, if n8n saves it after the second's, must not drop 'b'.
		expect(ids(first.saved())).toEqual(['a', 'b']);
	});

	test('a burst: the copy of any call, saved last, holds every id of the burst', () => {
		const calls = Array.from({ length: 30 }, () => call([], wf));
		calls.forEach((c, i) => expect(claimNotice(c.ctx, `burst-${i}`, now + i)).toBe(true));
		const expected = calls.map((_, i) => `burst-${i}`);
		for (const c of calls) expect(ids(c.saved())).toEqual(expected);
	});

	test('copies older than a minute are left alone', () => {
		const old = call([], wf);
		expect(claimNotice(old.ctx, 'early', now)).toBe(true);
		const late = call([], wf);
		expect(claimNotice(late.ctx, 'late', now + 61_000)).toBe(true);
		expect(ids(old.saved())).toEqual(['early']);
		expect(ids(late.saved())).toEqual(['early', 'late']);
	});

	test('an id another process overwrote comes back with this process’s next write', () => {
		const mine = call([], wf);
		expect(claimNotice(mine.ctx, 'a', now)).toBe(true);
		// Another process saved its own copy, read before ours was stored.
		const overwritten = [['x', now + 1]];
		const next = call(overwritten, wf);
		expect(claimNotice(next.ctx, 'b', now + 2)).toBe(true);
		expect(ids(next.saved())).toEqual(['a', 'x', 'b']);
	});

	test('an id found in the stored record is a resend, even if this process never claimed it', () => {
		const later = call([['from-elsewhere', now]], wf);
		expect(claimNotice(later.ctx, 'from-elsewhere', now + 60_000)).toBe(false);
	});

	test('a resend to the same process is refused without a write', () => {
		const first = call([], wf);
		expect(claimNotice(first.ctx, 'same', now)).toBe(true);
		const again = call([], wf);
		expect(claimNotice(again.ctx, 'same', now + 5)).toBe(false);
		expect(again.saved()).toEqual([]);
	});

	test('the stored record keeps the newest ids, oldest first, at most the limit', () => {
		let stored: unknown = [];
		for (let i = 0; i < DEDUPE_LIMIT + 20; i++) {
			const c = call(stored, wf);
			expect(claimNotice(c.ctx, `n${i}`, now + i)).toBe(true);
			stored = c.saved();
		}
		const kept = ids(stored);
		expect(kept).toHaveLength(DEDUPE_LIMIT);
		expect(kept[0]).toBe('n20');
		expect(kept[kept.length - 1]).toBe(`n${DEDUPE_LIMIT + 19}`);
	});

	test('an id stored 24 hours ago is no longer a resend, and leaves the record', () => {
		const c = call(
			[
				['old', now - DEDUPE_TTL_MS],
				['recent', now - 1],
			],
			wf,
		);
		expect(claimNotice(c.ctx, 'old', now)).toBe(true);
		expect(ids(c.saved())).toEqual(['recent', 'old']);
	});

	test('malformed entries of the stored record are ignored and dropped', () => {
		const c = call([['a', now], ['b'], [2, 3], 'c', ['d', now]], wf);
		expect(claimNotice(c.ctx, 'x', now + 1)).toBe(true);
		expect(ids(c.saved())).toEqual(['a', 'd', 'x']);
	});
});

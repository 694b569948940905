/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Memory held for the life of n8n (issue 17): 200,000 creates of players with unique names through
 * the pacer, and 200,000 distinct notifications through the trigger's in-process dedupe set (plus
 * 20,000 through the whole claim, static-data record included), in one process. The
 * pacer runs on a virtual clock (its sleeps advance the clock), so 4,000 seconds of traffic at
 * Agora's 50 creates/s take a few seconds of real time.
 *
 * Bound: after a forced GC the heap may grow by at most 8 MB over the baseline. What the two
 * structures may legitimately hold is far less: the pacer keeps a key only while its 1 s window has
 * bookings (about 50 name keys at 50/s), the dedupe keeps 1,000 ids per trigger in memory and
 * 1,000 in the static record. Without the bounds, 200,000 name keys or ids alone would take tens of
 * megabytes.
 */
import v8 from 'v8';
import vm from 'vm';

import { mediaPullRules } from '../../nodes/Agora/actions/cloudPlayer/common';
import { acquire, pacerClock, rateLimitKeyCount, resetRateLimits } from '../../nodes/Agora/transport/rateLimit';
import { claimedCount, claimInProcess, claimNotice, DEDUPE_LIMIT, readSeen, SEEN_KEY } from '../../nodes/AgoraTrigger/dedupe';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const HEAP_BOUND_BYTES = 8 * 1024 * 1024;
const COUNT = 200_000;
/** Each full claim rewrites the 1,000-entry record, as n8n stores it whole: fewer of those. */
const FULL_CLAIMS = 20_000;

function heapAfterGc(): number {
	gc();
	gc();
	return process.memoryUsage().heapUsed;
}

/** The parts of n8n's webhook context the dedupe uses, with static data kept in memory. */
function webhookContext(staticData: Record<string, unknown>) {
	return {
		getWorkflowStaticData: () => staticData,
		getMode: () => 'webhook',
		getWorkflow: () => ({ id: 'soak-workflow' }),
		getNode: () => ({ id: 'soak-trigger' }),
	} as never;
}

const savedClock = { ...pacerClock };
afterAll(() => {
	Object.assign(pacerClock, savedClock);
	resetRateLimits();
});

test(`${COUNT} unique-name creates through the pacer and ${COUNT} notices through the dedupe set keep the heap within ${HEAP_BOUND_BYTES / 1048576} MB`, async () => {
	let now = 1_800_000_000_000;
	pacerClock.now = () => now;
	pacerClock.sleep = async (ms: number) => {
		now += ms;
	};
	resetRateLimits();
	const staticData: Record<string, unknown> = {};
	const ctx = webhookContext(staticData);
	const baseline = heapAfterGc();

	let peakKeys = 0;
	for (let i = 0; i < COUNT; i++) {
		const release = await acquire(mediaPullRules.create('soak-app', `soak-player-${i}`));
		now += 2;
		release();
		peakKeys = Math.max(peakKeys, rateLimitKeyCount());
	}
	let accepted = 0;
	for (let i = 0; i < COUNT; i++) {
		if (claimInProcess('soak-scope', `soak-notice-${i}`, now)) accepted++;
		now += 5;
	}
	for (let i = 0; i < FULL_CLAIMS; i++) {
		if (claimNotice(ctx, `soak-full-${i}`, now)) accepted++;
		now += 5;
	}
	const grown = heapAfterGc() - baseline;

	expect(accepted).toBe(COUNT + FULL_CLAIMS);
	// 4,000 s of creates at 50/s went through the pacer without a second of real waiting.
	expect(now - 1_800_000_000_000).toBeGreaterThanOrEqual((COUNT / 50 - 1) * 1000);
	expect(peakKeys).toBeLessThanOrEqual(1001);
	// One set per trigger (two here), each bounded.
	expect(claimedCount()).toBeLessThanOrEqual(2 * DEDUPE_LIMIT);
	expect(readSeen(staticData[SEEN_KEY])).toHaveLength(DEDUPE_LIMIT);
	process.stderr.write(`memory soak: heap grew ${(grown / 1048576).toFixed(2)} MB, at most ${peakKeys} pacer keys\n`);
	expect(grown).toBeLessThan(HEAP_BOUND_BYTES);
}, 120000);

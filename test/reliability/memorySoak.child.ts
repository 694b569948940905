/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * The soak of memorySoak.test.ts, run in a fresh Node process started with --expose-gc, so that
 * the heap it measures holds nothing but what the pacer and the dedupe keep. Prints one JSON line.
 */
import { mediaPullRules } from '../../nodes/Agora/api/cloudPlayers';
import {
	acquire,
	pacerClock,
	rateLimitKeyCount,
	resetRateLimits,
} from '../../nodes/Agora/transport/rateLimit';
import {
	claimedCount,
	claimInProcess,
	claimNotice,
	SEEN_KEY,
} from '../../nodes/AgoraTrigger/dedupe';

export const COUNT = 200_000;
/** Each full claim rewrites the stored record, as n8n stores it whole: fewer of those. */
export const FULL_CLAIMS = 20_000;
/** Operations before the baseline: enough to fill every bounded structure once. */
const WARM_UP = 5_000;

const gc = (globalThis as { gc?: () => void }).gc;

function heapAfterGc(): number {
	gc!();
	gc!();
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

async function soak() {
	if (!gc) throw new Error('run with node --expose-gc');
	const start = 1_800_000_000_000;
	let now = start;
	pacerClock.now = () => now;
	pacerClock.sleep = async (ms: number) => {
		now += ms;
	};
	resetRateLimits();
	const staticData: Record<string, unknown> = {};
	const ctx = webhookContext(staticData);
	let peakKeys = 0;
	let accepted = 0;
	const create = async (i: number) => {
		const release = await acquire(mediaPullRules.create('soak-app', `soak-player-${i}`));
		now += 2;
		release();
		peakKeys = Math.max(peakKeys, rateLimitKeyCount());
	};
	const claim = (i: number) => {
		if (claimInProcess('soak-scope', `soak-notice-${i}`, now)) accepted++;
		now += 5;
	};
	const fullClaim = (i: number) => {
		if (claimNotice(ctx, `soak-full-${i}`, now)) accepted++;
		now += 5;
	};
	for (let i = 0; i < WARM_UP; i++) {
		await create(i);
		claim(i);
		fullClaim(i);
	}
	const baseline = heapAfterGc();
	for (let i = WARM_UP; i < COUNT; i++) await create(i);
	for (let i = WARM_UP; i < COUNT; i++) claim(i);
	for (let i = WARM_UP; i < FULL_CLAIMS; i++) fullClaim(i);
	const grownBytes = heapAfterGc() - baseline;
	return {
		grownBytes,
		accepted,
		peakKeys,
		claimed: claimedCount(),
		stored: (staticData[SEEN_KEY] as unknown[]).length,
		virtualSeconds: (now - start) / 1000,
	};
}

if (require.main === module) {
	soak().then(
		(result) => process.stdout.write(`${JSON.stringify(result)}\n`),
		(error) => {
			process.stderr.write(`${(error as Error).stack}\n`);
			process.exit(1);
		},
	);
}

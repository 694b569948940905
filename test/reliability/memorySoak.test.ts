/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Memory held for the life of n8n: 200,000 creates of players with unique names through
 * the pacer, and 200,000 distinct notifications through the trigger's in-process dedupe set (plus
 * 20,000 through the whole claim, static-data record included), in one process. The pacer runs on
 * a virtual clock (its sleeps advance the clock), so 4,000 seconds of traffic at Agora's 50
 * creates/s take a few seconds. The soak runs in a fresh Node process with --expose-gc
 * (memorySoak.child.ts), so the heap holds nothing but what it measures.
 *
 * Bound: after a forced GC, the heap may grow by at most 4 MB between the end of a warm-up that
 * fills every bounded structure once (5,000 of each) and the end of the run. Unbounded, the 195,000
 * further name keys alone would take tens of megabytes.
 */
import { execFile } from 'child_process';
import path from 'path';

import { DEDUPE_LIMIT, PROCESS_LIMIT } from '../../nodes/AgoraTrigger/dedupe';
import { COUNT, FULL_CLAIMS } from './memorySoak.child';

const HEAP_BOUND_BYTES = 4 * 1024 * 1024;

test(`${COUNT} unique-name creates through the pacer and ${COUNT} notices through the dedupe set: heap growth under ${HEAP_BOUND_BYTES / 1048576} MB`, async () => {
	const out = await new Promise<string>((resolve, reject) =>
		execFile(
			process.execPath,
			['--expose-gc', '-r', 'ts-node/register/transpile-only', path.join(__dirname, 'memorySoak.child.ts')],
			{ cwd: path.join(__dirname, '../..'), maxBuffer: 1 << 20 },
			(error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
		),
	);
	const result = JSON.parse(out.trim().split('\n').pop()!);
	process.stderr.write(`memory soak: ${JSON.stringify(result)}\n`);
	expect(result.accepted).toBe(COUNT + FULL_CLAIMS);
	// 4,000 s of creates at 50/s went through the pacer without a second of real waiting.
	expect(result.virtualSeconds).toBeGreaterThanOrEqual(COUNT / 50 - 1);
	expect(result.peakKeys).toBeLessThanOrEqual(1001);
	// One set per trigger (two here), each bounded; the stored record at its limit.
	expect(result.claimed).toBeLessThanOrEqual(2 * PROCESS_LIMIT);
	expect(result.stored).toBe(DEDUPE_LIMIT);
	expect(result.grownBytes).toBeLessThan(HEAP_BOUND_BYTES);
}, 120000);

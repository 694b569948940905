/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Memory held for the life of n8n: the pacer's name keys and the trigger's dedupe set stay bounded
 * over a long run in a fresh Node process (docs/testing.md, Reliability).
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
			[
				'--expose-gc',
				'-r',
				'ts-node/register/transpile-only',
				path.join(__dirname, 'memorySoak.child.ts'),
			],
			{ cwd: path.join(__dirname, '../..'), maxBuffer: 1 << 20 },
			(error, stdout, stderr) =>
				error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
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

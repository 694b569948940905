/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Experiment behind bench 2: the Agora node against the HTTP Request node in a real n8n, with the
 * installed copy patched by PATCH (e.g. PATCH=conc=100); see docs/benchmarks.md.
 */
import '../lib/env';

import axios from 'axios';
import fs from 'fs';
import path from 'path';

import { GET_WORKFLOWS, N8nFixture } from '../lib/n8nFixture';
import { spread } from '../lib/stats';

function replaceIn(file: string, from: string | RegExp, to: string): void {
	const text = fs.readFileSync(file, 'utf8');
	if (typeof from === 'string' ? !text.includes(from) : !from.test(text))
		throw new Error(`patch target not found in ${file}: ${from}`);
	fs.writeFileSync(file, text.replace(from, to));
}

function patcher(patches: string[]) {
	return (dir: string) => {
		for (const patch of patches) {
			if (patch.startsWith('conc=')) {
				replaceIn(
					path.join(dir, 'dist/nodes/Agora/Agora.node.js'),
					/concurrency \?\? \d+/,
					`concurrency ?? ${Number(patch.slice(5))}`,
				);
			} else if (patch) {
				throw new Error(`unknown patch ${patch}`);
			}
		}
	};
}

async function main() {
	const patches = (process.env.PATCH ?? '').split(',').filter(Boolean);
	const runs = Number(process.env.RUNS ?? 5);
	const fx = await N8nFixture.start((m) => console.error(m), { patchPackage: patcher(patches) });
	try {
		for (const s of [
			{ label: 'loopback', calls: 1000, latencyMs: 0 },
			{ label: '+50 ms', calls: 200, latencyMs: 50 },
		]) {
			await fx.sandbox.control('config', { latencyMs: s.latencyMs });
			const times: Record<'agora' | 'http', number[]> = { agora: [], http: [] };
			for (let r = -1; r < runs; r++) {
				for (const kind of (r % 2 ? ['http', 'agora'] : ['agora', 'http']) as Array<
					'agora' | 'http'
				>) {
					const w = GET_WORKFLOWS[kind];
					const after = await fx.lastExecutionId();
					await axios.post(
						fx.webhookUrl(w.path),
						{ count: s.calls, ids: fx.agentIds },
						{ timeout: 300000 },
					);
					const exec = await fx.latestExecution(w.id, after);
					if (r >= 0) times[kind].push(exec.runData[w.node][0].executionTime);
				}
			}
			const ratios = times.agora.map((a, i) => a / times.http[i]);
			console.log(
				`[${patches.join(',') || 'no patch'}] ${s.calls} calls ${s.label}: Agora/HTTP ${spread(ratios, 2)}; Agora ${spread(times.agora, 0, ' ms')}, HTTP ${spread(times.http, 0, ' ms')}`,
			);
		}
	} finally {
		await fx.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

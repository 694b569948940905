/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Experiment behind bench 10's "package's own cost": inside a real n8n (brainCostProbe.js
 * preloaded), where a turn's time goes per workflow of bench 10 — this package's trigger and
 * Reply, and n8n's getNodeParameters per node type. After `npm run build`:
 * `VERSION=2.41.1 TURNS=30 [PROFILE_DIR=/tmp/prof] [N8N_EXPRESSION_ENGINE_POOL_SIZE=2] npx ts-node --transpile-only test/bench/experiments/brain-cost.ts`
 */
import '../lib/env';

import fs from 'fs';
import os from 'os';
import path from 'path';

import { ROOT } from '../../../scripts/lib/n8nInstall';
import {
	MODEL,
	startCapacityHost,
	turnOn,
	warmUp,
	WORKFLOWS,
	type WorkflowKey,
} from '../benches/10-capacity';
import { n8nPid } from '../lib/brainLoad';
import { writeExperimentReport } from '../lib/report';
import { PACED_ANSWER, startPacedModel } from '../lib/pacedModel';
import { median, sleep } from '../lib/stats';

const VERSION = process.env.VERSION ?? '2.41.1';
const TURNS = Number(process.env.TURNS) || 30;

type Totals = Record<string, { calls: number; ms: number }>;
/** A folder to keep one CPU profile per workflow in (the probe then profiles n8n), or unset. */
const PROFILE = process.env.PROFILE_DIR;
const POOL_SIZE = process.env.N8N_EXPRESSION_ENGINE_POOL_SIZE;

interface CpuProfile {
	nodes: Array<{ id: number; callFrame: { functionName: string; url: string } }>;
	samples: number[];
	timeDeltas: number[];
}

/** CPU time (ms) of a profile by package (node_modules/<name>, or the file for Node's own), idle left out. */
function cpuByModule(profile: CpuProfile) {
	const url = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
	const byModule = new Map<string, number>();
	let total = 0;
	profile.samples.forEach((id, i) => {
		const frame = url.get(id);
		if (!frame || ['(idle)', '(program)'].includes(frame.functionName)) return;
		const ms = (profile.timeDeltas[i] ?? 0) / 1000;
		const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
		const module = match ? match[1] : frame.url === '' ? frame.functionName : 'node:internal';
		byModule.set(module, (byModule.get(module) ?? 0) + ms);
		total += ms;
	});
	return { total, top: [...byModule].sort((a, b) => b[1] - a[1]).slice(0, 12) };
}

/** What the experiment prints, kept for its result file. */
const printed: string[] = [];
const say = (line: string) => {
	printed.push(line);
	console.log(line);
};

async function main() {
	const loadAtStart = os.loadavg()[0];
	fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
	const folder = fs.mkdtempSync(path.join(ROOT, '.cache', 'bench-brain-cost-'));
	const out = path.join(folder, 'probe.json');
	const model = await startPacedModel(MODEL);
	const host = await startCapacityHost(VERSION, folder, model, {
		NODE_OPTIONS: `--require ${path.join(__dirname, 'brainCostProbe.js')}`,
		BRAIN_COST_OUT: out,
		BRAIN_COST_FIRST_TEXT: PACED_ANSWER.split(' ')[0],
		BRAIN_COST_MODEL_PORT: new URL(model.url).port,
		...(PROFILE ? { BRAIN_COST_PROFILE: '1' } : {}),
		// n8n 2.x's pool of warm expression isolates (default 1), to compare sizes
		...(POOL_SIZE ? { N8N_EXPRESSION_ENGINE_POOL_SIZE: POOL_SIZE } : {}),
	});
	try {
		const pid = n8nPid(host.userFolder);
		const read = async (): Promise<Totals> => {
			fs.rmSync(out, { force: true });
			process.kill(pid, 'SIGUSR2');
			for (let i = 0; i < 100 && !fs.existsSync(out); i++) await sleep(100);
			return JSON.parse(fs.readFileSync(out, 'utf8')) as Totals;
		};
		const profileOf = (key: string) => {
			if (!PROFILE || !fs.existsSync(`${out}.cpuprofile`)) return;
			const file = path.join(PROFILE, `${VERSION}-${key}.cpuprofile`);
			fs.copyFileSync(`${out}.cpuprofile`, file);
			const cpu = cpuByModule(JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile);
			say(`  CPU profile ${file}: ${(cpu.total / TURNS).toFixed(1)} ms CPU/turn (idle left out)`);
			for (const [module, ms] of cpu.top)
				say(`    ${(ms / TURNS).toFixed(2).padStart(7)} ms/turn  ${module}`);
		};
		say(
			`n8n ${VERSION}, ${TURNS} sequential turns per workflow, load ${os.loadavg()[0].toFixed(1)}`,
		);
		for (const key of Object.keys(WORKFLOWS) as WorkflowKey[]) {
			const turn = turnOn(host, model, key);
			await warmUp(turn, `warm-${key}`, 3);
			await sleep(1000);
			await read();
			const times: number[] = [];
			for (let i = 0; i < TURNS; i++) {
				const result = await turn(`cost-${key}`, [{ role: 'user', content: `question ${i}` }]);
				if (!result.ok) throw new Error(`${key} turn failed: ${JSON.stringify(result)}`);
				times.push(result.firstTextMs!);
			}
			await sleep(1500);
			const totals = await read();
			say(`\n${key}: time to first text median ${median(times).toFixed(1)} ms`);
			profileOf(key);
			for (const [name, t] of Object.entries(totals).sort((a, b) => b[1].ms - a[1].ms))
				say(
					`  ${(t.ms / TURNS).toFixed(2).padStart(7)} ms/turn  ${(t.calls / TURNS).toFixed(1).padStart(4)} calls/turn  ${name}`,
				);
		}
		const file = path.join(
			__dirname,
			`results-brain-cost-${VERSION}-pool${POOL_SIZE ?? 'default'}.md`,
		);
		writeExperimentReport(
			file,
			`brain-cost.ts on n8n ${VERSION}, expression isolate pool ${POOL_SIZE ?? "n8n's default"}`,
			VERSION,
			loadAtStart,
			printed,
		);
		console.log(`written to ${path.relative(ROOT, file)}`);
	} finally {
		await host.close();
		await model.close();
		fs.rmSync(folder, { recursive: true, force: true });
	}
}

main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);

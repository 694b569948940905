/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Experiment behind bench 10's long run: whose memory grows per turn. Sequential turns through each
 * of bench 10's four workflows (this package's trigger and Reply, and n8n's core Webhook around the
 * same AI Agent) on one real n8n, reading after each workflow n8n's RSS and its V8 isolates (each
 * reserves a large no-access region), then again after a full collection of n8n's main heap
 * (gcOnSignal.js preloaded). After `npm run build`:
 * `VERSION=1.123.81 TURNS=60 [N8N_EXPRESSION_ENGINE=legacy] npx ts-node --transpile-only test/bench/experiments/isolate-memory.ts`
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
import { n8nPid, processUsage } from '../lib/brainLoad';
import { writeExperimentReport } from '../lib/report';
import { startPacedModel } from '../lib/pacedModel';
import { sleep } from '../lib/stats';

const VERSION = process.env.VERSION ?? '1.123.81';
const TURNS = Number(process.env.TURNS) || 60;
const ENGINE = process.env.N8N_EXPRESSION_ENGINE;
/** V8 reserves at least this much address space, with no access, for each isolate it makes. */
const ISOLATE_RESERVATION_KB = 128 * 1024;

/** Anonymous no-access mappings of an isolate's size in a process: one per live V8 isolate. */
function isolateReservations(pid: number): number {
	let count = 0;
	for (const line of fs.readFileSync(`/proc/${pid}/maps`, 'utf8').split('\n')) {
		const m = /^([0-9a-f]+)-([0-9a-f]+) ---p \S+ \S+ 0\s*$/.exec(line);
		if (m && (parseInt(m[2], 16) - parseInt(m[1], 16)) / 1024 >= ISOLATE_RESERVATION_KB) count++;
	}
	return count;
}

const printed: string[] = [];
const say = (line: string) => {
	printed.push(line);
	console.log(line);
};

async function main() {
	const loadAtStart = os.loadavg()[0];
	fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
	const folder = fs.mkdtempSync(path.join(ROOT, '.cache', 'bench-isolate-memory-'));
	const model = await startPacedModel(MODEL);
	const host = await startCapacityHost(VERSION, folder, model, {
		NODE_OPTIONS: `--require ${path.join(__dirname, 'gcOnSignal.js')}`,
		...(ENGINE ? { N8N_EXPRESSION_ENGINE: ENGINE } : {}),
	});
	try {
		const pid = n8nPid(host.userFolder);
		const read = () => ({ rssMb: processUsage(pid).rssMb, isolates: isolateReservations(pid) });
		const collected = async () => {
			process.kill(pid, 'SIGWINCH');
			await sleep(3000);
			return read();
		};
		say(
			`n8n ${VERSION}, expression engine ${ENGINE ?? "n8n's default"}, ${TURNS} sequential turns per workflow, load ${os.loadavg()[0].toFixed(1)}`,
		);
		say('workflow: isolates and RSS before -> after the turns -> after a full collection');
		for (const key of Object.keys(WORKFLOWS) as WorkflowKey[]) {
			const turn = turnOn(host, model, key);
			await warmUp(turn, `warm-${key}`, 3);
			const before = await collected();
			for (let i = 0; i < TURNS; i++) {
				const result = await turn(`memory-${key}-${i % 5}`, [
					{ role: 'user', content: `question ${i}` },
				]);
				if (!result.ok) throw new Error(`${key} turn failed: ${JSON.stringify(result)}`);
			}
			await sleep(1500);
			const after = read();
			const gcd = await collected();
			const perTurn = (a: number, b: number) => ((b - a) / TURNS).toFixed(2);
			say(
				`${key}: isolates ${before.isolates} -> ${after.isolates} -> ${gcd.isolates} (${perTurn(before.isolates, after.isolates)} per turn, ${perTurn(before.isolates, gcd.isolates)} after the collection); RSS ${before.rssMb.toFixed(0)} -> ${after.rssMb.toFixed(0)} -> ${gcd.rssMb.toFixed(0)} MB (${perTurn(before.rssMb, after.rssMb)} MB per turn, ${perTurn(before.rssMb, gcd.rssMb)} after the collection)`,
			);
		}
		const file = path.join(
			__dirname,
			`results-isolate-memory-${VERSION}-${ENGINE ?? 'default'}.md`,
		);
		writeExperimentReport(
			file,
			`isolate-memory.ts on n8n ${VERSION}, expression engine ${ENGINE ?? "n8n's default"}`,
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

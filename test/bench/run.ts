/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run bench` (or `-- --smoke` for CI, timings not judged); `--only 1,3`, `--runs N`. Exits
 * non-zero only when a bench fails to run (docs/benchmarks.md).
 */
import './lib/env';

import { execFileSync } from 'child_process';
import os from 'os';
import path from 'path';

import { ROOT } from '../../scripts/lib/n8nInstall';
import { overheadBench } from './benches/1-overhead';
import { realN8nBench } from './benches/2-real-n8n';
import { bulkDeleteBench } from './benches/3-bulk-delete';
import { getManyBench } from './benches/4-get-many';
import { triggerBench } from './benches/5-trigger';
import { packageBench } from './benches/6-package';
import { queueBench } from './benches/7-queue';
import { brainTtftBench } from './benches/8-brain-ttft';
import { mcpToolsBench } from './benches/9-mcp-tools';
import { capacityBench } from './benches/10-capacity';
import { N8nFixture } from './lib/n8nFixture';
import {
	machine,
	renderReport,
	renderTable,
	writeReport,
	type BenchFailure,
	type Row,
} from './lib/report';
import type { Bench, BenchContext, CapacityOptions } from './lib/types';

const BENCHES: Bench[] = [
	overheadBench,
	realN8nBench,
	bulkDeleteBench,
	getManyBench,
	triggerBench,
	packageBench,
	queueBench,
	brainTtftBench,
	mcpToolsBench,
	capacityBench,
];
/** Benches that need `npm run build` (the packed package). */
const NEEDS_BUILD = new Set([2, 5, 6, 7, 8, 10]);

const USAGE =
	'use --smoke, --only 1,2, --runs N; for bench 10 --mode regular|queue, --turns N, --minutes M';

function positive(flag: string, text: string): number {
	const value = Number(text);
	if (!Number.isInteger(value) || value < 1)
		throw new Error(`${flag} takes a whole number of at least 1, not "${text}"`);
	return value;
}

function parseArgs(argv: string[]): {
	smoke: boolean;
	only?: Set<number>;
	runs: number;
	capacity: CapacityOptions;
} {
	let smoke = /^(1|true|yes)$/i.test(process.env.BENCH_SMOKE ?? '');
	let only: Set<number> | undefined;
	let runs: number | undefined;
	const capacity: CapacityOptions = {};
	for (let i = 0; i < argv.length; i++) {
		const [flag, inline] = argv[i].split('=', 2);
		const value = () => inline ?? argv[++i];
		if (flag === '--smoke') smoke = true;
		else if (flag === '--only') only = new Set(value().split(',').map(Number));
		else if (flag === '--runs') runs = Math.max(3, Number(value()) || 3);
		else if (flag === '--mode') {
			const mode = value();
			if (mode !== 'regular' && mode !== 'queue')
				throw new Error(`--mode is regular or queue, not "${mode}"`);
			capacity.mode = mode;
		} else if (flag === '--turns') capacity.turns = positive(flag, value());
		else if (flag === '--minutes') capacity.minutes = positive(flag, value());
		else throw new Error(`unknown option ${argv[i]} (${USAGE})`);
	}
	if (capacity.mode && capacity.turns)
		throw new Error('--turns runs on one n8n per version: leave out --mode');
	// A smoke run proves every bench still runs; one run per figure is enough for that.
	return { smoke, only, runs: runs ?? (smoke ? 1 : 3), capacity };
}

async function main(): Promise<number> {
	const started = Date.now();
	const loadAtStart = os.loadavg()[0];
	const opts = parseArgs(process.argv.slice(2));
	const wanted = BENCHES.filter((b) => !opts.only || opts.only.has(b.id));
	const skipped = opts.smoke ? wanted.filter((b) => b.smokeSkip) : [];
	const selected = wanted.filter((b) => !skipped.includes(b));
	const log = (message: string) =>
		process.stderr.write(
			`[bench ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${message}\n`,
		);
	if (loadAtStart > os.cpus().length)
		log(
			`note: load average ${loadAtStart.toFixed(1)} on ${os.cpus().length} cores — timings will be noisy`,
		);
	log(
		`${opts.smoke ? 'smoke' : 'full'} run of benches ${selected.map((b) => b.id).join(', ')}, ${opts.runs} runs per figure`,
	);
	for (const b of skipped) log(`bench ${b.id} left out of the smoke run: ${b.smokeSkip}`);

	let fixture: N8nFixture | undefined;
	let fixturePromise: Promise<N8nFixture> | undefined;
	const cleanup = async () => {
		const f = fixture ?? (fixturePromise ? await fixturePromise.catch(() => undefined) : undefined);
		await f?.stop();
	};
	const onSignal = (signal: NodeJS.Signals) => {
		log(`${signal}: stopping n8n and the sandbox`);
		cleanup().finally(() => process.exit(130));
	};
	process.once('SIGINT', onSignal);
	process.once('SIGTERM', onSignal);

	if (selected.some((b) => NEEDS_BUILD.has(b.id)) && !process.env.AGORA_DIST_BUILT) {
		log('npm run build');
		execFileSync('npm', ['run', 'build', '--silent'], {
			cwd: ROOT,
			stdio: ['ignore', 'ignore', 'inherit'],
		});
	}

	const ctx: BenchContext = {
		smoke: opts.smoke,
		runs: opts.runs,
		log,
		capacity: opts.capacity,
		n8n: () => {
			fixturePromise ??= N8nFixture.start(log).then((f) => (fixture = f));
			return fixturePromise;
		},
	};

	const rows: Row[] = [];
	const failures: BenchFailure[] = [];
	try {
		for (const bench of selected) {
			log(`== ${bench.id}. ${bench.title}`);
			const t0 = Date.now();
			try {
				const produced = await bench.run(ctx);
				if (
					produced.length === 0 ||
					produced.some((r) => r.values.length === 0 || r.values.some((v) => !Number.isFinite(v)))
				) {
					throw new Error('produced no numbers');
				}
				rows.push(...produced);
				for (const r of produced)
					log(
						`   ${r.name}: ${r.values.map((v) => v.toFixed(r.digits ?? 2)).join(', ')} ${r.unit}`,
					);
			} catch (error) {
				const message = (error as Error)?.stack ?? String(error);
				log(`   FAILED: ${message}`);
				failures.push({
					bench: bench.id,
					name: bench.title,
					error: String((error as Error)?.message ?? error),
				});
			}
			log(`   (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
		}
	} finally {
		await cleanup();
	}

	const report = renderReport({
		rows,
		failures,
		smoke: opts.smoke,
		machine: machine(fixture?.n8nVersion, loadAtStart),
		notes: [
			...selected.map((b) => b.method(opts.smoke, opts.capacity)),
			...skipped.map((b) => `**${b.id}** — not run with --smoke: ${b.smokeSkip}.`),
		],
		durationS: (Date.now() - started) / 1000,
	});
	for (const bench of selected) {
		for (const own of bench.ownResults?.(opts.smoke, opts.capacity) ?? []) {
			const ownFile = path.join(__dirname, own.file);
			writeReport(
				ownFile,
				renderReport({
					rows: rows.filter((r) => r.bench === bench.id && r.group === own.group),
					failures: failures.filter((f) => f.bench === bench.id),
					smoke: false,
					machine: machine(fixture?.n8nVersion, loadAtStart),
					notes: [own.method],
					durationS: (Date.now() - started) / 1000,
				}),
			);
			process.stdout.write(`Bench ${bench.id} also written to ${path.relative(ROOT, ownFile)}\n`);
		}
	}
	const file = opts.smoke
		? path.join(__dirname, 'out', 'results.smoke.md')
		: opts.only
			? path.join(__dirname, 'out', 'results.partial.md')
			: path.join(__dirname, 'results.md');
	writeReport(file, report);
	process.stdout.write(
		`\n${renderTable(rows, failures, opts.smoke)}\n\nWritten to ${path.relative(ROOT, file)}\n`,
	);
	if (failures.length) process.stdout.write(`${failures.length} bench(es) failed to run.\n`);
	return failures.length ? 1 : 0;
}

main().then(
	(code) => process.exit(code),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);

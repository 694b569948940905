/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Bench 10's long run: many turns through the brain on one n8n, calls of a few turns each with a
 * new session, sampling n8n's memory throughout; growth is read from after the warm-up to the end.
 */
import os from 'os';
import path from 'path';
import v8 from 'v8';
import vm from 'vm';

import { failureSummary, processTree, processUsage, quantile, type TurnResult } from './brainLoad';
import { isLost, settled, type BrainUnderTest, type History } from './capacityLevel';
import { PACED_ANSWER } from './pacedModel';
import type { Row } from './report';
import { median, sleep } from './stats';

export interface EndurancePlan {
	turns: number;
	/** Stop starting turns after this long, whatever is left of `turns`. */
	maxMs?: number;
	callers: number;
	/** A call: this many turns in one session, then the caller hangs up and calls again. */
	turnsPerCall: number;
	pauseMs: [number, number];
	/** Turns before the measured ones, not counted: n8n loads and compiles on its first turns. */
	warmUpTurns: number;
	/** How often n8n's memory is read. */
	sampleMs: number;
}

interface MemorySample {
	turns: number;
	/** n8n's process and its children (2.x's task runner). */
	rssMb: number;
	/** n8n's own process alone. */
	mainRssMb: number;
	heapUsedMb?: number;
	/** V8's external memory of n8n's process: buffers and native objects outside the heap. */
	externalMb?: number;
}

/** n8n's heap in use and external memory from its Prometheus endpoint (N8N_METRICS=true; names take n8n's prefix). */
async function v8Memory(metricsUrl: string): Promise<{ heapUsedMb?: number; externalMb?: number }> {
	try {
		const text = await (await fetch(metricsUrl)).text();
		const read = (metric: string) => {
			const match = new RegExp(`^(?:\\w+_)?${metric}\\s+([\\d.e+]+)`, 'm').exec(text);
			return match ? Number(match[1]) / 2 ** 20 : undefined;
		};
		return {
			heapUsedMb: read('nodejs_heap_size_used_bytes'),
			externalMb: read('nodejs_external_memory_bytes'),
		};
	} catch {
		return {};
	}
}

function rssOf(pid: number): number {
	return processTree(pid).reduce((sum, p) => {
		try {
			return sum + processUsage(p).rssMb;
		} catch {
			return sum;
		}
	}, 0);
}

const question = (index: number) => `Where is my order, question ${index + 1}?`;

/**
 * The heap n8n's Simple Memory needs per turn, measured apart: the run's messages saved into the
 * BufferWindowMemory of this n8n's install, as n8n's AI Agent saves them, between two full collections.
 */
export async function simpleMemoryMbPerTurn(
	n8nDir: string,
	turns: number,
	turnsPerCall: number,
): Promise<number> {
	const from = path.join(n8nDir, 'node_modules', '@n8n', 'n8n-nodes-langchain');
	const { BufferWindowMemory } = require(
		require.resolve('@langchain/classic/memory', { paths: [from] }),
	);
	v8.setFlagsFromString('--expose-gc');
	const gc = vm.runInNewContext('gc') as () => void;
	const held = new Map<string, { saveContext(i: object, o: object): Promise<void> }>();
	gc();
	const before = process.memoryUsage().heapUsed;
	for (let t = 0; t < turns; t++) {
		const session = `call-${Math.floor(t / turnsPerCall)}`;
		const memory =
			held.get(session) ??
			new BufferWindowMemory({
				sessionId: session,
				returnMessages: true,
				inputKey: 'input',
				outputKey: 'output',
				memoryKey: 'chat_history',
				k: 5,
			});
		held.set(session, memory);
		await memory.saveContext({ input: question(t % turnsPerCall) }, { output: PACED_ANSWER });
	}
	gc();
	const after = process.memoryUsage().heapUsed;
	held.clear();
	return (after - before) / 2 ** 20 / turns;
}

/** Callers taking turns until `turns` have started (or time is up); each call a fresh session. */
async function takeTurns(
	brain: BrainUnderTest,
	plan: EndurancePlan,
	turns: number,
	deadline: number,
	prefix: string,
	onTurn: (result: TurnResult) => void,
): Promise<void> {
	let started = 0;
	let calls = 0;
	const caller = async () => {
		while (started < turns && Date.now() < deadline) {
			const session = `${prefix}-call-${++calls}`;
			const history: History = [{ role: 'system', content: 'You are a parcel service agent.' }];
			for (let i = 0; i < plan.turnsPerCall && started < turns && Date.now() < deadline; i++) {
				started++;
				history.push({ role: 'user', content: question(i) });
				const result = await brain.turn(session, history);
				onTurn(result);
				history.push({ role: 'assistant', content: result.ok ? PACED_ANSWER : '' });
				const [min, max] = plan.pauseMs;
				await sleep(min + Math.random() * (max - min));
			}
		}
	};
	await Promise.all(Array.from({ length: plan.callers }, caller));
}

/** Median of a window of samples, by the share of turns done (0..1). */
function windowOf(samples: MemorySample[], total: number, from: number, to: number) {
	return samples.filter((s) => s.turns >= from * total && s.turns <= to * total);
}

const mb = (value: number) => `${value.toFixed(0)} MB`;
const memoryText = (s: MemorySample) =>
	`RSS ${mb(s.rssMb)} (n8n's process ${mb(s.mainRssMb)}), heap ${s.heapUsedMb?.toFixed(0) ?? '?'} MB, external ${s.externalMb?.toFixed(0) ?? '?'} MB`;

export async function runEndurance(args: {
	brain: BrainUnderTest;
	/** n8n's own process (its tree is read), its install and its /metrics URL. */
	pid: number;
	n8nDir: string;
	metricsUrl: string;
	plan: EndurancePlan;
	/** How n8n keeps execution data in this run, for the rows' detail. */
	settings: string;
	log: (message: string) => void;
}): Promise<Row[]> {
	const { brain, plan, log } = args;
	const deadline = plan.maxMs === undefined ? Infinity : Date.now() + plan.maxMs;
	const warmFailed: TurnResult[] = [];
	await takeTurns(brain, plan, plan.warmUpTurns, deadline, 'warm', (r) => {
		if (!r.ok) warmFailed.push(r);
	});
	if (warmFailed.length)
		log(
			`bench 10 ${brain.label} long run: ${warmFailed.length} of ${plan.warmUpTurns} warm-up turns failed, e.g. ${JSON.stringify(warmFailed[0])}`,
		);
	const afterId = await brain.lastExecutionId();
	const results: TurnResult[] = [];
	const samples: MemorySample[] = [];
	const sample = async () => {
		samples.push({
			turns: results.length,
			rssMb: rssOf(args.pid),
			mainRssMb: processUsage(args.pid).rssMb,
			...(await v8Memory(args.metricsUrl)),
		});
	};
	await sample();
	const started = Date.now();
	let sampling = Promise.resolve();
	const timer = setInterval(() => {
		sampling = sampling.then(sample);
		const last = samples[samples.length - 1];
		log(
			`bench 10 ${brain.label} long run: ${results.length} turns, ${memoryText(last)}, ${results.filter((r) => !r.ok).length} failed, load ${os.loadavg()[0].toFixed(1)}`,
		);
	}, plan.sampleMs);
	try {
		await takeTurns(brain, plan, plan.turns, deadline, 'run', (r) => results.push(r));
	} finally {
		clearInterval(timer);
	}
	await sampling;
	await sample();
	const wallS = (Date.now() - started) / 1000;
	const executions = await settled(brain, afterId);
	const answered = results.filter((r) => r.ok);
	const failed = results.filter((r) => !r.ok);
	const lost = failed.filter(isLost);
	for (const turn of failed.slice(0, 5))
		log(`bench 10 ${brain.label} long run: failed turn ${JSON.stringify(turn)}`);
	const firstText = answered.map((r) => r.firstTextMs!);
	const n = results.length;
	// The first and last tenth of the measured turns: RSS at its median, the heap at its floor
	// (its lowest reading, after a collection), so that garbage not yet collected is not growth.
	const [head, tail] = [windowOf(samples, n, 0, 0.1), windowOf(samples, n, 0.9, 1)];
	const rss = (w: MemorySample[]) => median(w.map((s) => s.rssMb));
	const floorOf = (w: MemorySample[]) =>
		w
			.filter((s) => s.heapUsedMb !== undefined)
			.reduce<
				MemorySample | undefined
			>((low, s) => (!low || s.heapUsedMb! < low.heapUsedMb! ? s : low), undefined);
	const short = n < plan.turns ? ` (time cap reached: ${n} of ${plan.turns} turns)` : '';
	const common = `${n} turns${short} after ${plan.warmUpTurns} warm-up turns, ${plan.callers} callers, calls of ${plan.turnsPerCall} turns each in a new session, pause ${plan.pauseMs.map((p) => p / 1000).join('-')} s; ${args.settings}; ${(n / wallS).toFixed(2)} turns/s over ${(wallS / 60).toFixed(1)} min; load ${os.loadavg()[0].toFixed(1)}`;
	const checkpoints = [0, 0.25, 0.5, 0.75, 1]
		.map((q) =>
			samples.reduce((best, s) =>
				Math.abs(s.turns - q * n) < Math.abs(best.turns - q * n) ? s : best,
			),
		)
		.map((s) => `${s.turns}: ${memoryText(s)}`)
		.join('; ');
	const rows: Row[] = [
		{
			bench: 10,
			group: 'turns',
			name: `Long run on ${brain.label}: n8n RSS growth from after warm-up to the end (median of the first and the last tenth of the turns)`,
			values: [rss(tail) - rss(head)],
			unit: 'MB',
			digits: 0,
			detail: `RSS ${mb(rss(head))} -> ${mb(rss(tail))}; at turn ${checkpoints}; ${common}`,
		},
	];
	const [low, high] = [floorOf(head), floorOf(tail)];
	if (low && high) {
		const growth = high.heapUsedMb! - low.heapUsedMb!;
		const perTurn = await simpleMemoryMbPerTurn(args.n8nDir, n, plan.turnsPerCall);
		const memoryShare = perTurn * (high.turns - low.turns);
		rows.push({
			bench: 10,
			group: 'turns',
			name: `Long run on ${brain.label}: n8n heap in use growth from after warm-up to the end (lowest reading of the first and the last tenth)`,
			values: [growth],
			unit: 'MB',
			digits: 1,
			detail: `heap floor ${low.heapUsedMb!.toFixed(1)} MB at turn ${low.turns} -> ${high.heapUsedMb!.toFixed(1)} MB at turn ${high.turns}, per 1,000 turns ${((growth * 1000) / Math.max(1, high.turns - low.turns)).toFixed(2)} MB; ${samples.length} readings of nodejs_heap_size_used_bytes on n8n's /metrics; n8n's Simple Memory holds every session of the last hour: the same messages in its BufferWindowMemory take ${(perTurn * 1024).toFixed(2)} kB per turn (measured apart, in the bench's Node), ${memoryShare.toFixed(1)} MB over these turns`,
		});
		rows.push({
			bench: 10,
			group: 'turns',
			name: `Long run on ${brain.label}: n8n heap growth beyond what Simple Memory holds by design`,
			values: [growth - memoryShare],
			unit: 'MB',
			digits: 1,
			detail: `${growth.toFixed(1)} MB heap growth - ${memoryShare.toFixed(1)} MB of Simple Memory's messages; over ${high.turns - low.turns} turns`,
		});
	}
	rows.push({
		bench: 10,
		group: 'turns',
		name: `Long run on ${brain.label}: turns lost (no answer and no OpenAI error within the Answer Timeout) + executions left running`,
		values: [lost.length + executions.open],
		unit: '',
		digits: 0,
		exact: true,
		target: { op: '<=', value: 0 },
		detail: `${answered.length} answered, ${failed.length} failed (${failed.length - lost.length} with an OpenAI error in time, ${results.filter((r) => r.timedOut).length} timed out), ${lost.length} lost${failed.length ? ` (${failureSummary(failed)})` : ''}; executions after warm-up: ${executions.error} error, ${executions.open} left running (n8n keeps no successful one: it marks them deleted as they end); time to first text median ${median(firstText).toFixed(0)} ms, p95 ${quantile(firstText, 0.95).toFixed(0)} ms, p99 ${quantile(firstText, 0.99).toFixed(0)} ms (raw: the model's own first token included)`,
	});
	return rows;
}

/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * One load level of bench 10 on a brain under test (one `n8n start`, or a queue-mode cluster):
 * callers in parallel beside a probe on the model itself, the CPU and memory of the processes, and
 * the executions the level left; then the knee and the lost turns over all levels.
 */
import os from 'os';

import {
	failureSummary,
	quantile,
	runCallers,
	sampled,
	type CallerPlan,
	type TurnResult,
} from './brainLoad';
import { PACED_ANSWER } from './pacedModel';
import type { Row } from './report';
import { median, sleep } from './stats';

/** The trigger's default Answer Timeout; the client waits 2 s longer before it counts a turn lost. */
export const ANSWER_TIMEOUT_MS = 8000;
export const CLIENT_TIMEOUT_MS = ANSWER_TIMEOUT_MS + 2000;
/** The knee: p95 of time to first text over the model's own within this, and no failed turn. */
export const KNEE_P95_MS = 300;
/** How long a level's executions may take to finish after its last turn: a saturated n8n drains slowly. */
export const SETTLE_MS = 90000;

export type History = Array<{ role: string; content: string }>;
export type Turn = (session: string, messages: History) => Promise<TurnResult>;

export interface ExecutionCounts {
	success: number;
	error: number;
	/** New, running or waiting. */
	open: number;
}

export interface BrainUnderTest {
	/** How the rows name it: "n8n 2.41.1", "n8n 2.41.1 in queue mode". */
	label: string;
	/** Results file group of its rows (Row.group). */
	group?: string;
	turn: Turn;
	/** Process trees to sample, by name: each a root process id, its descendants counted in. */
	processes(): Record<string, number>;
	/** The names of `processes()` that are n8n's (summed as "n8n"); the others are services. */
	n8nProcesses: string[];
	lastExecutionId(): Promise<number>;
	/** Executions of the brain workflow after `afterId`, by status. */
	executionCounts(afterId: number): Promise<ExecutionCounts>;
}

/** Neither answered nor refused with an OpenAI error within the Answer Timeout. */
export const isLost = (t: TurnResult) =>
	!t.ok && (t.timedOut || !t.openAiError || t.totalMs > ANSWER_TIMEOUT_MS + 1000);

/** The counts once none is open (or SETTLE_MS passed): n8n answers before it stores the end. */
export async function settled(brain: BrainUnderTest, afterId: number): Promise<ExecutionCounts> {
	const deadline = Date.now() + SETTLE_MS;
	for (;;) {
		const counts = await brain.executionCounts(afterId);
		if (counts.open === 0 || Date.now() > deadline) return counts;
		await sleep(500);
	}
}

export interface LevelFigures {
	callers: number;
	p95: number;
	failed: number;
	lost: number;
	open: number;
	row: Row;
}

const f = (ms: number) => `${ms.toFixed(0)} ms`;

export async function measureLevel(
	brain: BrainUnderTest,
	probe: Turn,
	callers: number,
	plan: (callers: number) => CallerPlan,
): Promise<LevelFigures> {
	const afterId = await brain.lastExecutionId();
	const started = Date.now();
	const answer = (r: TurnResult) => (r.ok ? PACED_ANSWER : undefined);
	const { value, usage, total } = await sampled(
		brain.processes(),
		() =>
			Promise.all([
				runCallers(
					plan(callers),
					(id, _i, history) => brain.turn(`caller-${callers}-${id}`, history),
					answer,
				),
				// One caller on the model itself throughout: the model's own time under the same load.
				runCallers(plan(1), (_id, _i, history) => probe('probe', history), answer),
			]),
		brain.n8nProcesses,
	);
	const wallS = (Date.now() - started) / 1000;
	const load = os.loadavg()[0];
	const [turns, probes] = value;
	const executions = await settled(brain, afterId);
	const own = median(probes.filter((p) => p.ok).map((p) => p.firstTextMs!));
	const over = turns.filter((t) => t.ok).map((t) => t.firstTextMs! - own);
	const failed = turns.filter((t) => !t.ok);
	const lost = failed.filter(isLost);
	const p95 = over.length > 0 ? quantile(over, 0.95) : CLIENT_TIMEOUT_MS;
	// CPU per answered turn, per process: what a core given to that process would carry.
	const perTurn = (cpuS: number) => f((cpuS * 1000) / Math.max(1, over.length));
	const names = Object.keys(usage);
	const breakdown =
		names.length > 1
			? `; per process (CPU cores, RSS peak, CPU per answered turn): ${names
					.map(
						(n) =>
							`${n} ${usage[n].cpuCores.toFixed(2)}, ${usage[n].peakRssMb.toFixed(0)} MB, ${perTurn(usage[n].cpuS)}`,
					)
					.join('; ')}`
			: '';
	return {
		callers,
		p95,
		failed: failed.length,
		lost: lost.length,
		open: executions.open,
		row: {
			bench: 10,
			group: brain.group,
			name: `Capacity on ${brain.label}, ${callers} callers: p95 time to first text over the model's own`,
			values: [p95],
			unit: 'ms',
			digits: 0,
			detail:
				`${(over.length / wallS).toFixed(2)} turns/s answered; over the model: median ${f(median(over))}, p95 ${f(p95)}, p99 ${f(quantile(over, 0.99))}; ` +
				`${turns.length} turns, ${failed.length} failed (${failed.length - lost.length} with an OpenAI error in time, ${turns.filter((t) => t.timedOut).length} timed out)${failed.length ? `, by reason: ${failureSummary(failed)}` : ''}; ` +
				`n8n CPU ${total.cpuCores.toFixed(2)} cores, RSS peak ${total.peakRssMb.toFixed(0)} MB (end ${total.endRssMb.toFixed(0)}), CPU per answered turn ${perTurn(total.cpuS)}${breakdown}; ` +
				`executions ${executions.success} success, ${executions.error} error, ${executions.open} left running; ` +
				`model's own first text ${f(own)}; load ${load.toFixed(1)}`,
		},
	};
}

/** The knee and the lost turns + executions left running over all levels of one brain. */
export function summaryRows(brain: BrainUnderTest, figures: LevelFigures[]): Row[] {
	const knee = figures
		.filter((l) => l.p95 <= KNEE_P95_MS && l.failed === 0)
		.reduce((most, l) => Math.max(most, l.callers), 0);
	return [
		{
			bench: 10,
			group: brain.group,
			name: `Capacity on ${brain.label}: the knee, most parallel callers with p95 ≤ ${KNEE_P95_MS} ms over the model and no failed turn`,
			values: [knee],
			unit: 'callers',
			digits: 0,
			detail: `levels ${figures.map((l) => `${l.callers}: p95 ${l.p95.toFixed(0)} ms, ${l.failed} failed`).join('; ')}; load ${os.loadavg()[0].toFixed(1)}`,
		},
		{
			bench: 10,
			group: brain.group,
			name: `Capacity on ${brain.label}: turns lost (no answer and no OpenAI error within the Answer Timeout) + executions left running, all levels`,
			values: [figures.reduce((sum, l) => sum + l.lost + l.open, 0)],
			unit: '',
			digits: 0,
			exact: true,
			target: { op: '<=', value: 0 },
			detail: figures
				.map((l) => `${l.callers} callers: ${l.lost} lost, ${l.open} left running`)
				.join('; '),
		},
	];
}

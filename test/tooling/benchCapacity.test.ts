/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Bench 10's pieces that need no n8n: the process trees it samples, and docs/brain.md's capacity
 * section written from its results files (rendered here as the bench renders them).
 */
import { spawn } from 'child_process';

import { benchmarksSummary, capacitySection } from '../bench/capacityDocs';
import { childrenTable, failureSummary, processTree } from '../bench/lib/brainLoad';
import { machine, renderReport, type Row } from '../bench/lib/report';

const report = (rows: Row[]) =>
	renderReport({ rows, failures: [], smoke: false, machine: machine(), notes: [], durationS: 1 });

const level = (label: string, callers: number, detail: string): Row => ({
	bench: 10,
	name: `Capacity on ${label}, ${callers} callers: p95 time to first text over the model's own`,
	values: [120],
	unit: 'ms',
	digits: 0,
	detail,
});

const common =
	'over the model: median 40 ms, p95 120 ms, p99 150 ms; 90 turns, 0 failed (0 with an OpenAI error in time, 0 timed out)';
const single = level(
	'n8n 2.41.1',
	25,
	`3.00 turns/s answered; ${common}; n8n CPU 0.60 cores, RSS peak 900 MB (end 880), CPU per answered turn 200 ms; executions 90 success, 0 error, 0 left running; model's own first text 301 ms; load 3.2`,
);
const queued = level(
	'n8n 2.41.1 in queue mode',
	25,
	`2.50 turns/s answered; ${common}; n8n CPU 0.90 cores, RSS peak 1500 MB (end 1400), CPU per answered turn 300 ms; per process (CPU cores, RSS peak, CPU per answered turn): main 0.02, 300 MB, 8 ms; webhook 0.20, 350 MB, 80 ms; worker1 0.30, 400 MB, 100 ms; worker2 0.30, 410 MB, 100 ms; redis 0.01, 10 MB, 4 ms; postgres 0.05, 120 MB, 20 ms; executions 90 success, 0 error, 0 left running; model's own first text 302 ms; load 4.1`,
);

describe("docs/brain.md's capacity section", () => {
	it('tables the levels of one n8n, and of queue mode with what a core per process would carry', () => {
		const section = capacitySection(report([single]), report([queued]));
		expect(section).toContain(
			'| 2.41.1 | 25 | 3.00 | 40 / 120 / 150 ms | 0 (0 timed out) | 0.60 | 900 MB | 3.2 |',
		);
		expect(section).toContain(
			'| 2.41.1 | 25 | 2.50 | 40 / 120 / 150 ms | 0 (0 timed out) | 0.90 | 1500 MB | 4.1 |',
		);
		// 200 ms on the workers together: one runs out at 1000 / 200 turns/s, both at twice that.
		expect(section).toContain(
			'a turn took 312 ms of CPU in all — 200 ms on the workers, 80 ms on the webhook process, 8 ms on main, 24 ms in Redis and Postgres; one n8n took 200 ms at the same level (results-10.md)',
		);
		expect(section).toContain(
			'a worker would run out at about 5.0 turns/s (2 workers: 10.0) and the webhook process at about 12.5 turns/s, against about 5.0 turns/s for one n8n on one core',
		);
	});

	it('leaves out what was not measured', () => {
		const section = capacitySection(report([single]));
		expect(section).not.toContain('queue mode');
		expect(section).not.toContain('long run');
	});
});

describe("docs/benchmarks.md's bench 10 verdicts", () => {
	const knee: Row = {
		bench: 10,
		name: 'Capacity on n8n 2.41.1: the knee, most parallel callers with p95 ≤ 300 ms over the model and no failed turn',
		values: [10],
		unit: 'callers',
		digits: 0,
		detail: 'levels 10: p95 284 ms, 0 failed',
	};
	const cost: Row = {
		bench: 10,
		name: "Package's own cost on n8n 2.41.1, streaming: time to first text, trigger + AI Agent + Reply - core Webhook",
		values: [4.2],
		unit: 'ms',
		digits: 1,
		detail: '3 runs',
	};
	const long = (name: string, value: number, detail: string): Row => ({
		bench: 10,
		group: 'turns',
		name: `Long run on n8n 2.41.1: ${name}`,
		values: [value],
		unit: '',
		digits: 0,
		detail,
	});

	it('give the knee, the package cost and the long run with its turn count', () => {
		const summary = benchmarksSummary(
			report([knee, cost]),
			undefined,
			report([
				long(
					'n8n RSS growth from after warm-up to the end',
					12,
					'RSS 900 MB -> 912 MB; 10000 turns after 60 warm-up turns, 8 callers',
				),
				long(
					'turns lost (no answer and no OpenAI error within the Answer Timeout) + executions left running',
					0,
					'10000 answered, 0 failed; time to first text median 600 ms',
				),
			]),
		);
		expect(summary).toContain('n8n 2.41.1: **10 callers**');
		expect(summary).toContain('n8n 2.41.1 streaming: 4.2 ms');
		expect(summary).toContain(
			'Long run on n8n 2.41.1, 10000 turns: turns lost + executions left running **0** (10000 answered, 0 failed).',
		);
		expect(summary).not.toContain('queue mode');
	});
});

describe("bench 10's failed turns", () => {
	it('are counted by the reason the client saw, on one line a table cell can hold', () => {
		const turn = (failure?: string, timedOut = false) => ({
			ok: false,
			totalMs: 1,
			timedOut,
			failure,
		});
		expect(
			failureSummary([
				turn('request ECONNRESET on a reused keep-alive socket'),
				turn(undefined, true),
				turn('request ECONNRESET on a reused keep-alive socket'),
				turn('status 502, 3 bytes: a|b\nc'),
			]),
		).toBe(
			'2 × request ECONNRESET on a reused keep-alive socket; 1 × no answer within the client timeout; 1 × status 502, 3 bytes: a b c',
		);
	});
});

describe('the process trees bench 10 samples', () => {
	it('hold a process and the children it started', async () => {
		const child = spawn('sleep', ['30']);
		try {
			await new Promise((resolve) => child.once('spawn', resolve));
			expect(processTree(process.pid)).toEqual(expect.arrayContaining([process.pid, child.pid]));
			expect(childrenTable().get(child.pid!)).toBeUndefined();
		} finally {
			const gone = new Promise((resolve) => child.once('exit', resolve));
			child.kill();
			await gone;
		}
	});
});

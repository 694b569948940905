/**
 * 7. Queue mode: how the package scales with workers in the queue suite's cluster, for trigger
 * notifications and bulk deletes (docs/benchmarks.md).
 */
import { QueueCluster } from '../../queue/cluster';
import { deliver, envelope, inParallel, newNotice } from '../../queue/notify';
import { DELETES_PER_S, preparePlayers, runDeletes } from '../../queue/deletes';
import { settle, TRIGGER } from '../../queue/scenarios';
import {
	BULK,
	BULK_STRICT,
	bulkDeleteWorkflow,
	NOTIFY,
	notifyWorkflow,
} from '../../queue/workflows';
import type { Row } from '../lib/report';
import { spread } from '../lib/stats';
import type { Bench } from '../lib/types';

/** Jobs each worker runs at once: low, so that one worker is the limit, not the machine's cores. */
const WORKER_CONCURRENCY = 5;
/** Agora's answer time for the trigger workflow's Create step. */
const LATENCY_MS = 400;
const NOTICES = 150;
const SENDERS = 20;
const BULK_EXECUTIONS = 4;
const BULK_PER_EXECUTION = 250;
const BULK_WORKERS = [1, 2, 4];

/** Executions per second of NOTICES notifications, from the first delivery to the last execution's end. */
async function triggerRate(cluster: QueueCluster): Promise<number> {
	const since = await cluster.lastExecutionId();
	const notices = Array.from({ length: NOTICES }, newNotice);
	const secret = cluster.sandbox!.notificationSecret;
	const started = Date.now();
	let refused = 0;
	await inParallel(NOTICES, SENDERS, async (i) => {
		if ((await deliver(cluster.webhook!.url, TRIGGER, envelope(notices[i]), secret)) !== 200)
			refused++;
	});
	await settle(cluster, NOTIFY.id, since, { expected: NOTICES, timeoutMs: 300000 });
	const executions = await cluster.executions(NOTIFY.id, since);
	const failed = executions.filter((e) => e.status !== 'success').length;
	if (refused || failed || executions.length !== NOTICES) {
		throw new Error(
			`${NOTICES} notifications: ${refused} not answered 200, ${executions.length} executions, ${failed} failed`,
		);
	}
	const ended = Math.max(...executions.map((e) => e.stoppedAt ?? 0));
	return NOTICES / ((ended - started) / 1000);
}

interface BulkRun {
	ratio: number;
	surfaced429: number;
	answered429: number;
}

async function bulkRun(cluster: QueueCluster): Promise<BulkRun> {
	const total = BULK_EXECUTIONS * BULK_PER_EXECUTION;
	const ids = await preparePlayers(cluster, total);
	const run = await runDeletes(cluster, BULK, ids, BULK_EXECUTIONS);
	const failed = Object.values(run.itemErrors).reduce((a, b) => a + b, 0);
	if (run.playersLeft || run.failedExecutions || failed - (run.itemErrors['429'] ?? 0)) {
		throw new Error(
			`bulk run: ${run.playersLeft} players left, ${run.failedExecutions} executions failed, errors ${JSON.stringify(run.itemErrors)}`,
		);
	}
	return {
		ratio: run.wallMs / 1000 / (total / DELETES_PER_S),
		surfaced429: run.itemErrors['429'] ?? 0,
		answered429: run.sent429,
	};
}

export const queueBench: Bench = {
	id: 7,
	title: 'Queue mode: scaling with workers (trigger), Agora’s limit as the ceiling (bulk)',
	smokeSkip:
		'needs Redis, Postgres and 4 to 6 n8n processes (about 2 min to start, several minutes to measure); the queue-mode suite (npm run test:queue) checks the same cluster for correctness',
	method: () =>
		`**7** — n8n in queue mode as test/queue runs it (Redis and Postgres from Debian on loopback, main + one webhook process + workers, N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true, the packed package, the sandbox as its own process with Media Pull rate limits). ` +
		`Trigger: ${NOTICES} distinct signed notifications, ${SENDERS} senders, to the webhook process; workflow Agora Trigger -> Agora Cloud Player > Create (the sandbox answers after ${LATENCY_MS} ms, as Agora takes a while) -> HTTP Request to a local recorder; workers run ${WORKER_CONCURRENCY} jobs each. ` +
		`Figure: executions per second (notifications / time from the first delivery to the end of the last execution, read from n8n's database) with 2 workers / the same with 1 worker, runs alternating. ` +
		`Bulk: ${BULK_EXECUTIONS} executions started at once, ${BULK_PER_EXECUTION} deletes each (Webhook -> Split Out -> Cloud Player > Delete, On Error: Continue), no sandbox latency; with ${BULK_WORKERS.join(', ')} workers; figure: wall time (first execution start to last end) / ${(BULK_EXECUTIONS * BULK_PER_EXECUTION) / DELETES_PER_S} s (${BULK_EXECUTIONS * BULK_PER_EXECUTION} deletes at Agora's ${DELETES_PER_S}/s); each run checks that no player is left and no item failed, and counts items failed with 429 (must be 0) and the 429s Agora answered (back-pressure the workers waited out).`,
	async run(ctx) {
		const cluster = new QueueCluster(ctx.log);
		const rows: Row[] = [];
		try {
			await cluster.start({
				workflows: (c) => [
					notifyWorkflow(c.recorder.url),
					bulkDeleteWorkflow(BULK, true),
					bulkDeleteWorkflow(BULK_STRICT, false),
				],
				workers: 2,
				workerConcurrency: WORKER_CONCURRENCY,
				built: true,
				env: { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
			});
			await cluster.webhook!.waitForRoute(TRIGGER);

			await cluster.sandbox!.control('config', { latencyMs: LATENCY_MS });
			const one: number[] = [];
			const two: number[] = [];
			for (let run = 0; run < ctx.runs; run++) {
				for (const workers of run % 2 ? [2, 1] : [1, 2]) {
					await cluster.setWorkers(workers);
					const rate = await triggerRate(cluster);
					(workers === 1 ? one : two).push(rate);
					ctx.log(`   trigger, ${workers} worker(s): ${rate.toFixed(1)} executions/s`);
				}
			}
			await cluster.sandbox!.control('config', { latencyMs: 0 });
			rows.push({
				bench: 7,
				name: `Trigger in queue mode: executions/s with 2 workers / 1 worker (${NOTICES} notifications)`,
				values: two.map((v, i) => v / one[i]),
				unit: '',
				target: { op: '>=', value: 1.7 },
				detail: `1 worker ${spread(one, 1, '/s')}; 2 workers ${spread(two, 1, '/s')}`,
			});

			for (const workers of BULK_WORKERS) {
				await cluster.setWorkers(workers);
				const runs: BulkRun[] = [];
				for (let run = 0; run < ctx.runs; run++) runs.push(await bulkRun(cluster));
				rows.push(
					{
						bench: 7,
						name: `Bulk delete, ${workers} worker${workers > 1 ? 's' : ''}: wall / ${(BULK_EXECUTIONS * BULK_PER_EXECUTION) / DELETES_PER_S} s allowed (${BULK_EXECUTIONS} × ${BULK_PER_EXECUTION})`,
						values: runs.map((r) => r.ratio),
						unit: '',
						target: { op: '<=', value: 1.2 },
						detail: `429s Agora answered (waited out): ${spread(
							runs.map((r) => r.answered429),
							0,
							'',
						)}`,
					},
					{
						bench: 7,
						name: `Bulk delete, ${workers} worker${workers > 1 ? 's' : ''}: items failed with 429`,
						values: runs.map((r) => r.surfaced429),
						unit: '',
						target: { op: '<=', value: 0 },
						detail: 'error items whose message names a 429',
						digits: 0,
						exact: true,
					},
				);
			}
		} finally {
			await cluster.stop();
		}
		return rows;
	},
};

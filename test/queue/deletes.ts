/** The queue-mode bulk-delete scenarios: many deletes against Agora's limits, and a worker killed mid-run. */
import { randomUUID } from 'crypto';

import { createPlayers } from '../bench/lib/players';
import { type N8nProcess, type QueueCluster, type StoredExecution } from './cluster';
import { settle, until, workerRunning, type Outcome } from './scenarios';
import { BULK, BULK_STRICT } from './workflows';

export interface DeleteRun {
	wallMs: number;
	executions: StoredExecution[];
	itemsOk: number;
	itemErrors: Record<string, number>;
	failedExecutions: number;
	playersLeft: number;
	sent429: number;
	peakSentPerS: number;
	peakAcceptedPerS: number;
}

/** Most requests inside any 1 s window (sliding), from the sandbox's request log. */
function peakPerSecond(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	let best = 0;
	let start = 0;
	for (let end = 0; end < sorted.length; end++) {
		while (sorted[end] - sorted[start] >= 1000) start++;
		best = Math.max(best, end - start + 1);
	}
	return best;
}

function errorKind(message: string): string {
	const m = /failed with (\d{3})/.exec(message);
	return m ? m[1] : message.slice(0, 60);
}

export async function preparePlayers(cluster: QueueCluster, count: number): Promise<string[]> {
	const sb = cluster.sandbox!;
	await sb.control('reset', {});
	await sb.control('config', { rateLimits: false });
	const ids = await createPlayers(sb, {
		count,
		channel: `queue-${randomUUID().slice(0, 8)}`,
		concurrency: 20,
	});
	await sb.control('config', { rateLimits: true });
	await sb.control('requests', undefined, 'DELETE');
	return ids;
}

/** Starts one execution per chunk at once (webhook process), waits for all, measures. */
export async function runDeletes(
	cluster: QueueCluster,
	which: typeof BULK | typeof BULK_STRICT,
	ids: string[],
	executions: number,
	during?: (sinceId: number) => Promise<void>,
	settleMs = 120000,
): Promise<DeleteRun> {
	const sb = cluster.sandbox!;
	const before = await sb.control('stats');
	const since = await cluster.lastExecutionId();
	const size = Math.ceil(ids.length / executions);
	const chunks = Array.from({ length: executions }, (_, i) =>
		ids.slice(i * size, (i + 1) * size).map((id) => ({ id })),
	);
	const answers = await Promise.all(
		chunks.map((chunk) =>
			fetch(`${cluster.webhook!.url}/webhook/${which.path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(chunk),
			}).then((r) => r.status),
		),
	);
	if (answers.some((s) => s !== 200)) throw new Error(`webhook answered ${answers.join(', ')}`);
	if (during) await during(since);
	await settle(cluster, which.id, since, { expected: executions, timeoutMs: settleMs });
	const stored = await cluster.executions(which.id, since);
	if (stored.length !== executions)
		throw new Error(
			`${executions} webhook calls answered 200 but ${stored.length} executions were stored`,
		);
	const after = await sb.control('stats');
	const requests = (await sb.control('requests')) as Array<{
		method: string;
		path: string;
		status: number;
		at: number;
	}>;
	const deletes = requests.filter((r) => r.method === 'DELETE' && r.path.includes('/players/'));
	const itemErrors: Record<string, number> = {};
	let itemsOk = 0;
	let failedExecutions = 0;
	for (const execution of stored) {
		const runs = execution.data?.resultData.runData.Delete ?? [];
		if (execution.status !== 'success') failedExecutions++;
		for (const run of runs) {
			if (run.error)
				itemErrors[errorKind(run.error.message)] =
					(itemErrors[errorKind(run.error.message)] ?? 0) + 1;
			for (const item of run.data?.main[0] ?? []) {
				const error = item.json.error as { message?: string } | string | undefined;
				if (error === undefined) itemsOk++;
				else {
					const kind = errorKind(
						typeof error === 'string' ? error : String(error.message ?? JSON.stringify(error)),
					);
					itemErrors[kind] = (itemErrors[kind] ?? 0) + 1;
				}
			}
		}
	}
	const state = await sb.control('state');
	const started = Math.min(...stored.map((e) => e.startedAt ?? Infinity));
	const stopped = Math.max(...stored.map((e) => e.stoppedAt ?? 0));
	return {
		wallMs: stopped - started,
		executions: stored,
		itemsOk,
		itemErrors,
		failedExecutions,
		playersLeft: (state.players as unknown[]).length,
		sent429: (after.rateLimited.byRule.delete ?? 0) - (before.rateLimited.byRule.delete ?? 0),
		peakSentPerS: peakPerSecond(deletes.map((r) => r.at)),
		peakAcceptedPerS: peakPerSecond(deletes.filter((r) => r.status === 200).map((r) => r.at)),
	};
}

function describeErrors(errors: Record<string, number>): string {
	const parts = Object.entries(errors).map(([kind, n]) => `${n} × ${kind}`);
	return parts.length ? parts.join(', ') : 'none';
}

export const DELETES_PER_S = 100;

export async function bulkDeletes(
	cluster: QueueCluster,
	args: { executions: number; perExecution: number; continueOnFail: boolean },
): Promise<Outcome> {
	const total = args.executions * args.perExecution;
	const ids = await preparePlayers(cluster, total);
	const run = await runDeletes(
		cluster,
		args.continueOnFail ? BULK : BULK_STRICT,
		ids,
		args.executions,
	);
	const boundS = total / DELETES_PER_S;
	const surfaced429 = run.itemErrors['429'] ?? 0;
	const workers = cluster.workerCount;
	const handling = args.continueOnFail ? 'On Error: Continue' : "n8n's default error handling";
	return {
		scenario: `${args.executions} executions × ${args.perExecution} deletes, ${workers} worker${workers > 1 ? 's' : ''}, ${handling}`,
		bad: surfaced429 + run.failedExecutions + run.playersLeft,
		result:
			`${surfaced429}/${total} items failed with 429, ${run.failedExecutions}/${args.executions} executions failed, ${run.playersLeft} players left; ` +
			`wall ${(run.wallMs / 1000).toFixed(1)} s against a ${boundS} s bound (${(run.wallMs / 1000 / boundS).toFixed(2)}×); ` +
			`peak ${run.peakSentPerS}/s sent, ${run.peakAcceptedPerS}/s accepted; ${run.sent429} answered 429`,
		figures: {
			wallS: run.wallMs / 1000,
			boundS,
			ratio: run.wallMs / 1000 / boundS,
			surfaced429,
			failedExecutions: run.failedExecutions,
			playersLeft: run.playersLeft,
			answered429: run.sent429,
			peakSentPerS: run.peakSentPerS,
			peakAcceptedPerS: run.peakAcceptedPerS,
			itemErrors: describeErrors(run.itemErrors),
		},
	};
}

/** One execution deleting `count` players; its worker is killed with -9 when `killAfter` are gone. */
export async function killDuringDeletes(
	cluster: QueueCluster,
	count: number,
	killAfter: number,
): Promise<Outcome> {
	const ids = await preparePlayers(cluster, count);
	let killed: N8nProcess | undefined;
	let deletedAtKill = 0;
	const run = await runDeletes(
		cluster,
		BULK,
		ids,
		1,
		async (since) => {
			const worker = await workerRunning(cluster, since);
			await until(`${killAfter} deletes`, 60000, async () => {
				const state = await cluster.sandbox!.control('state');
				deletedAtKill = count - (state.players as unknown[]).length;
				return deletedAtKill >= killAfter;
			});
			await worker.kill();
			killed = worker;
		},
		180000,
	);
	const reRun = cluster.workers.filter((w) => w !== killed && w.running);
	const failed404 = run.itemErrors['404'] ?? 0;
	const failed = Object.values(run.itemErrors).reduce((a, b) => a + b, 0);
	await killed?.start();
	return {
		scenario: `Worker killed with -9 mid-delete (${count} deletes, killed after ${deletedAtKill}); n8n re-runs the stalled job on another worker`,
		bad: failed + run.playersLeft + run.failedExecutions,
		result: `${failed404} items failed with 404 (${describeErrors(run.itemErrors)}), ${run.playersLeft} players left, execution ${run.executions.map((e) => e.status).join(', ')}`,
		figures: {
			deletedAtKill,
			itemsFailed: failed,
			failed404,
			playersLeft: run.playersLeft,
			reRunOn: reRun.map((w) => w.name).join(', '),
			status: run.executions.map((e) => e.status).join(', '),
		},
	};
}

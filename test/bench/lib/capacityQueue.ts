/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Bench 10 in queue mode: the queue suite's cluster (test/queue/cluster.ts: Redis, Postgres, main,
 * one webhook process, workers) with the streaming brain, taking the callers on the webhook process.
 */
import path from 'path';

import { brainCredentials } from '../../lib/brainWorkflows';
import { QueueCluster } from '../../queue/cluster';
import { childrenTable } from './brainLoad';
import type { BrainUnderTest, Turn } from './capacityLevel';
import { packageBrainWorkflow } from './capacityWorkflows';

/** Two workers: as many as cores, so that the per-process CPU shows what more cores would carry. */
export const QUEUE_WORKERS = 2;
/** n8n's default: jobs each worker runs at once. */
export const WORKER_CONCURRENCY = 10;

/** Where a webhook process serves production webhooks, for the bench's turn on a workflow. */
export interface WebhookHost {
	webhookUrl(pathname: string): string;
}

export interface QueueBrain {
	brain: BrainUnderTest;
	cluster: QueueCluster;
}

/** The process a watchdog (test/queue/watchdog.js) runs: what to sample, without the watchdog. */
function guarded(watchdogPid: number | undefined, name: string): number {
	const pid = watchdogPid === undefined ? undefined : childrenTable().get(watchdogPid)?.[0];
	if (pid === undefined) throw new Error(`the queue cluster's ${name} is not running`);
	return pid;
}

export async function startQueueBrain(args: {
	version: string;
	workflow: { id: string; webhookId: string };
	modelUrl: string;
	turnFor: (host: WebhookHost) => Turn;
	log: (message: string) => void;
}): Promise<QueueBrain> {
	const { version, workflow } = args;
	const cluster = new QueueCluster(args.log);
	try {
		await cluster.start({
			version,
			logDir: path.join(__dirname, '..', 'out', 'queue-logs'),
			built: true,
			workflows: () => [
				{ ...packageBrainWorkflow(workflow.id, workflow.webhookId, true), active: true },
			],
			credentials: brainCredentials(args.modelUrl),
			workers: QUEUE_WORKERS,
			workerConcurrency: WORKER_CONCURRENCY,
			// As docs/queue-mode.md asks: only the webhook process takes production webhooks. Logs as
			// quiet as bench 10's single n8n, so that both pay the same for logging.
			env: { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true', N8N_LOG_LEVEL: 'error' },
		});
		await cluster.webhook!.waitForRoute(`/webhook/${workflow.webhookId}/chat/completions`);
	} catch (error) {
		await cluster.stop();
		throw error;
	}
	const processes: Record<string, number> = {
		main: guarded(cluster.main!.pid, 'main'),
		webhook: guarded(cluster.webhook!.pid, 'webhook process'),
		...Object.fromEntries(cluster.workers.map((w) => [w.name, guarded(w.pid, w.name)])),
		redis: guarded(cluster.redis!.pid, 'Redis'),
		postgres: guarded(cluster.postgres!.pid, 'Postgres'),
	};
	const host: WebhookHost = {
		webhookUrl: (pathname) => `${cluster.webhook!.url}/webhook/${pathname}`,
	};
	const brain: BrainUnderTest = {
		label: `n8n ${version} in queue mode`,
		group: 'queue',
		turn: args.turnFor(host),
		processes: () => processes,
		n8nProcesses: ['main', 'webhook', ...cluster.workers.map((w) => w.name)],
		lastExecutionId: () => cluster.lastExecutionId(),
		async executionCounts(afterId) {
			const rows = await cluster.sql<{ status: string; n: string }>(
				`SELECT status, count(*) AS n FROM execution_entity WHERE "workflowId" = $1 AND id > $2 AND "deletedAt" IS NULL GROUP BY status`,
				[workflow.id, afterId],
			);
			const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
			return {
				success: count('success'),
				error: count('error'),
				open: count('new') + count('running') + count('waiting'),
			};
		},
	};
	return { brain, cluster };
}

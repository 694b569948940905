/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Queue mode in a real n8n cluster: every scenario asserts nothing ran twice, nothing was lost, no 429
 * reached the user and no item failed from a re-run; the table goes to test/queue/out/results.md.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import {
	BRAIN_PATH,
	brainAgentTurn,
	brainCredentials,
	brainStreamedFromWorker,
	brainThroughSdk,
	brainWorkflow,
	brainWrongKey,
	STREAMING_BRAIN_PATH,
	streamingBrainWorkflow,
	warmBrain,
} from './brain';
import { campaignWorkerKilled, campaignWorkflow } from './campaign';
import { N8N_VERSION, QueueCluster, STALL } from './cluster';
import { patchSharedLimiter } from './sharedLimiter';
import { bulkDeletes, killDuringDeletes } from './deletes';
import {
	distinctNotifications,
	forgedNotifications,
	killDuringNotifications,
	resendAfterRestart,
	resendElsewhere,
	simultaneousDeliveries,
	TRIGGER,
	type Outcome,
} from './scenarios';
import { BULK, BULK_STRICT, bulkDeleteWorkflow, notifyWorkflow } from './workflows';
import { devVendorKeys, VENDOR_KEYS_CREDENTIAL } from '../../scripts/lib/examples';

const began = Date.now();
const log = (message: string) =>
	process.stderr.write(
		`[queue ${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s] ${message}\n`,
	);
const outcomes: Outcome[] = [];
let cluster: QueueCluster;
let model: ScriptedModel;

/**
 * The setting README "Queue mode" asks for: Agora's notifications reach one process (main serves no
 * production webhooks; one webhook process). QUEUE_MAIN_RECEIVES=1 runs n8n's default instead
 * (main serves them too), to measure what happens without it.
 */
const MAIN_RECEIVES = process.env.QUEUE_MAIN_RECEIVES === '1';
/** Experiment: the installed package paces through a limiter shared in Redis (sharedLimiter.ts). */
const SHARED_LIMITER = process.env.QUEUE_SHARED_LIMITER === '1';
const ROUTING = MAIN_RECEIVES
	? 'n8n default routing: main and the webhook process both serve production webhooks'
	: 'N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true: only the webhook process serves production webhooks';

/** Runs a scenario and keeps its row for the table, also when it could not finish. */
async function measured(name: string, scenario: () => Promise<Outcome>): Promise<Outcome> {
	try {
		const outcome = await scenario();
		outcomes.push(outcome);
		log(`${outcome.scenario}: ${outcome.result}`);
		return outcome;
	} catch (error) {
		outcomes.push({
			scenario: name,
			bad: 1,
			result: `did not finish: ${(error as Error).message.split('\n')[0]}`,
			figures: {},
		});
		throw error;
	}
}

function writeResults(): void {
	const lines = [
		'# Queue-mode suite: measured results',
		'',
		`n8n ${N8N_VERSION} in queue mode (main, webhook, 2 workers), Redis and Postgres from Debian, sandbox with Media Pull rate limits; ${ROUTING}; ` +
			`Bull lock ${STALL.lockMs / 1000} s, stall check every ${STALL.checkMs / 1000} s.${SHARED_LIMITER ? ' EXPERIMENT: pacer replaced by a limiter shared in Redis.' : ''} ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)} at the end. ` +
			`Run took ${((Date.now() - began) / 1000).toFixed(0)} s, ${new Date().toISOString()}.`,
		'',
		'| Scenario | Result | Counted against |',
		'|---|---|---|',
		...outcomes.map(
			(o) => `| ${o.scenario} | ${o.result} | ${o.bad === 0 ? '0 ✓' : `**${o.bad}**`} |`,
		),
		'',
	];
	const dir = path.join(__dirname, 'out');
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'results.md'), lines.join('\n'));
	process.stderr.write(`\n${lines.join('\n')}\n`);
}

beforeAll(async () => {
	cluster = new QueueCluster(log);
	model = await startScriptedModel();
	await cluster.start({
		workflows: (c) => [
			notifyWorkflow(c.recorder.url),
			bulkDeleteWorkflow(BULK, true),
			bulkDeleteWorkflow(BULK_STRICT, false),
			brainWorkflow(),
			streamingBrainWorkflow(),
			campaignWorkflow(),
		],
		credentials: [
			...brainCredentials(model.url),
			{ ...VENDOR_KEYS_CREDENTIAL, type: 'agoraVendorKeysApi', data: devVendorKeys(model.url) },
		],
		workers: 2,
		env: MAIN_RECEIVES ? {} : { N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true' },
		patchPackage: SHARED_LIMITER
			? (dir, c) => patchSharedLimiter(dir, c.n8nDir, c.redis!.port)
			: undefined,
	});
	await cluster.webhook!.waitForRoute(TRIGGER);
	await cluster.webhook!.waitForRoute(BRAIN_PATH);
	await cluster.webhook!.waitForRoute(STREAMING_BRAIN_PATH);
	if (MAIN_RECEIVES) await cluster.main!.waitForRoute(TRIGGER);
	log('cluster ready');
}, 900000);

afterAll(async () => {
	writeResults();
	await cluster?.stop();
	await model?.close();
	log('stopped');
});

describe('the agent’s brain: webhook process in, worker runs, answer relayed', () => {
	beforeAll(() => warmBrain(cluster), 120000);

	test('the openai SDK reads the AI Agent’s answer from the webhook process, buffered and streamed', async () => {
		expect(
			(await measured('brain through the openai SDK', () => brainThroughSdk(cluster, 3))).bad,
		).toBe(0);
	});

	test('with Stream Answer on, the caller reads the AI Agent’s first word while the model on the worker still holds the rest', async () => {
		expect(
			(
				await measured('brain streamed from a worker', () =>
					brainStreamedFromWorker(cluster, model),
				)
			).bad,
		).toBe(0);
	});

	test('a wrong or missing key gets 401 from the webhook process and starts nothing', async () => {
		expect((await measured('brain with a wrong key', () => brainWrongKey(cluster))).bad).toBe(0);
	});

	test('a sandbox agent whose llm.url is the webhook process answers the caller', async () => {
		expect(
			(await measured('brain as a sandbox agent’s LLM', () => brainAgentTurn(cluster))).bad,
		).toBe(0);
	});
});

describe('notifications', () => {
	test('distinct notifications through the webhook process each run once', async () => {
		expect(
			(await measured('distinct notifications', () => distinctNotifications(cluster, 150))).bad,
		).toBe(0);
	});

	test('the same notification at the same moment to main and webhook runs once', async () => {
		expect(
			(
				await measured('same moment to main and webhook', () =>
					simultaneousDeliveries(cluster, 60, [cluster.main!, cluster.webhook!]),
				)
			).bad,
		).toBe(0);
	});

	test('a resend landing on another process does not run again', async () => {
		expect(
			(
				await measured('resend on another process', () =>
					resendElsewhere(cluster, 60, cluster.main!, cluster.webhook!, 3000),
				)
			).bad,
		).toBe(0);
	});

	test('a resend after the webhook process restarted does not run again', async () => {
		expect(
			(await measured('resend after a restart', () => resendAfterRestart(cluster, 30))).bad,
		).toBe(0);
	});

	test('both copies to the same webhook process run once', async () => {
		expect(
			(
				await measured('both copies to the webhook process', () =>
					simultaneousDeliveries(cluster, 30, [cluster.webhook!, cluster.webhook!]),
				)
			).bad,
		).toBe(0);
	});

	test('forged notifications start nothing', async () => {
		expect(
			(await measured('forged notifications', () => forgedNotifications(cluster, 20))).bad,
		).toBe(0);
	});
});

describe('bulk deletes under the 100/s limit', () => {
	test('4 executions × 250 deletes on 2 workers: no 429 reaches the items', async () => {
		expect(
			(
				await measured('4 × 250 deletes, 2 workers', () =>
					bulkDeletes(cluster, { executions: 4, perExecution: 250, continueOnFail: true }),
				)
			).bad,
		).toBe(0);
	});

	test("the same with n8n's default error handling: no execution fails", async () => {
		expect(
			(
				await measured('4 × 250 deletes, default error handling', () =>
					bulkDeletes(cluster, { executions: 4, perExecution: 250, continueOnFail: false }),
				)
			).bad,
		).toBe(0);
	});

	test('the same on 1 worker (control)', async () => {
		const second = cluster.workers[1];
		await second.stop();
		try {
			expect(
				(
					await measured('4 × 250 deletes, 1 worker', () =>
						bulkDeletes(cluster, { executions: 4, perExecution: 250, continueOnFail: true }),
					)
				).bad,
			).toBe(0);
		} finally {
			await second.start();
		}
	});
});

describe('a worker killed with -9', () => {
	test('mid-delete: the re-run on another worker fails no item', async () => {
		expect(
			(await measured('worker killed mid-delete', () => killDuringDeletes(cluster, 600, 250))).bad,
		).toBe(0);
	});

	test('mid-notification burst: nothing lost, nothing run twice', async () => {
		expect(
			(
				await measured('worker killed mid-notification burst', () =>
					killDuringNotifications(cluster, 120, 50),
				)
			).bad,
		).toBe(0);
	});

	test('mid-call in template 08’s campaign: no (contact, try) called twice, no more calls at once than configured, every contact ends with an outcome', async () => {
		expect(
			(await measured('campaign worker killed mid-call', () => campaignWorkerKilled(cluster))).bad,
		).toBe(0);
	});
});

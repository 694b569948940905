/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * 10. The brain under load: callers in parallel, each taking turns with a pause, through the
 * Agora Agent LLM Trigger, n8n's AI Agent with memory on a paced model, and the Reply (streaming);
 * and, in the same n8n, this package's own cost against n8n's core Webhook around the same AI Agent;
 * the same levels in queue mode; on demand (--turns), a long run that watches n8n's memory.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { BRAIN_EXAMPLES } from '../../../scripts/lib/examples';
import { ROOT } from '../../../scripts/lib/n8nInstall';
import { brainCredentials } from '../../lib/brainWorkflows';
import { N8nE2e } from '../../lib/n8nE2e';
import { n8nPid, timedTurn, type CallerPlan, type TurnResult } from '../lib/brainLoad';
import { runEndurance, type EndurancePlan } from '../lib/capacityEndurance';
import {
	ANSWER_TIMEOUT_MS,
	CLIENT_TIMEOUT_MS,
	KNEE_P95_MS,
	measureLevel,
	SETTLE_MS,
	summaryRows,
	type BrainUnderTest,
	type History,
	type LevelFigures,
} from '../lib/capacityLevel';
import {
	QUEUE_WORKERS,
	startQueueBrain,
	WORKER_CONCURRENCY,
	type WebhookHost,
} from '../lib/capacityQueue';
import { coreBrainWorkflow, packageBrainWorkflow } from '../lib/capacityWorkflows';
import { PACED_ANSWER, startPacedModel, type PacedModel } from '../lib/pacedModel';
import type { Row } from '../lib/report';
import { median } from '../lib/stats';
import type { Bench, BenchContext, CapacityOptions, OwnResults } from '../lib/types';

/**
 * BENCH10_VERSIONS, BENCH10_LEVELS and BENCH10_LEVEL_MS narrow a run while developing;
 * BENCH10_ATTRIBUTION_ONLY=1 measures the package's own cost alone (no caller levels, no knee).
 */
const fromEnv = (name: string) => process.env[name]?.split(',').filter(Boolean);
const ATTRIBUTION_ONLY = /^(1|true|yes)$/i.test(process.env.BENCH10_ATTRIBUTION_ONLY ?? '');
const VERSIONS = fromEnv('BENCH10_VERSIONS') ?? ['1.123.81', '2.41.1'];
/** The smoke run proves the bench runs on one n8n (bench 8's smoke runs the other). */
const versions = (smoke: boolean) =>
	smoke && !fromEnv('BENCH10_VERSIONS') ? VERSIONS.slice(-1) : VERSIONS;
/** A hosted small model as a voice agent meets it: first token after 300 ms, then 50 tokens/s. */
export const MODEL = { firstTokenMs: 300, tokensPerSecond: 50 };
const levels = (smoke: boolean) =>
	fromEnv('BENCH10_LEVELS')?.map(Number) ?? (smoke ? [2] : [1, 5, 10, 25, 50]);
/** Full: each level runs this long; smoke: 3 turns per caller. */
const LEVEL_MS = Number(process.env.BENCH10_LEVEL_MS) || 30000;
const plan = (callers: number, smoke: boolean): CallerPlan =>
	smoke
		? { callers, turnsPerCaller: 3, pauseMs: [100, 300] }
		: { callers, durationMs: LEVEL_MS, pauseMs: [2000, 5000] };
const warmUpTurns = (smoke: boolean) => (smoke ? 2 : 5);
const attributionTurns = (smoke: boolean) => (smoke ? 3 : 12);

export const WORKFLOWS = {
	packageStreaming: {
		id: 'agoraCapPkgStrm',
		webhookId: '5fbc8e6e-c17d-4cae-9f5f-9d6c7b8a9f0e',
		streaming: true,
	},
	packageBuffered: {
		id: 'agoraCapPkgBuf',
		webhookId: '6acd9f7f-d28e-4dbf-8a6a-ae7d8c9bab1f',
		streaming: false,
	},
	coreStreaming: {
		id: 'agoraCapCoreStrm',
		webhookId: '7bdeaf80-e39f-4ec0-9b7b-bf8e9dacbc20',
		streaming: true,
		path: 'bench-capacity-core-stream',
	},
	coreBuffered: {
		id: 'agoraCapCoreBuf',
		webhookId: '8cefb091-f4a0-4fd1-8c8c-c09fa0bdcd31',
		streaming: false,
		path: 'bench-capacity-core-buffered',
	},
} as const;
export type WorkflowKey = keyof typeof WORKFLOWS;

const TOKENS = PACED_ANSWER.split(' ');
const FIRST_TEXT = TOKENS[0];
const LAST_TEXT = TOKENS[TOKENS.length - 1];

/** A turn of `session` on a workflow (or on the model itself): the chat-completions request Agora's engine sends. */
export function turnOn(
	host: WebhookHost | undefined,
	model: PacedModel,
	key: WorkflowKey | 'model',
) {
	return (session: string, messages: History): Promise<TurnResult> => {
		const body = { model: 'gpt-4o-mini', messages, stream: true, user: session };
		const common = {
			body,
			firstText: FIRST_TEXT,
			lastText: LAST_TEXT,
			timeoutMs: CLIENT_TIMEOUT_MS,
		};
		if (key === 'model' || !host)
			return timedTurn({ ...common, url: `${model.url}/chat/completions` });
		const workflow = WORKFLOWS[key];
		if ('path' in workflow) return timedTurn({ ...common, url: host.webhookUrl(workflow.path) });
		return timedTurn({
			...common,
			url: `${host.webhookUrl(workflow.webhookId)}/chat/completions`,
			headers: { authorization: `Bearer ${BRAIN_EXAMPLES.key}` },
		});
	};
}

export async function startCapacityHost(
	version: string,
	folder: string,
	model: PacedModel,
	n8nEnv: NodeJS.ProcessEnv = {},
): Promise<N8nE2e> {
	const e2e = await N8nE2e.start({
		name: 'bench-capacity',
		version,
		sandbox: false,
		parentDir: folder,
		n8nEnv: { N8N_RUNNERS_ENABLED: 'false', N8N_LOG_LEVEL: 'error', ...n8nEnv },
	});
	try {
		await e2e.host.importCredentialData(brainCredentials(model.url));
		const workflows = Object.values(WORKFLOWS).map((w) =>
			'path' in w
				? coreBrainWorkflow(w.id, w.webhookId, w.path, w.streaming)
				: packageBrainWorkflow(w.id, w.webhookId, w.streaming),
		);
		await e2e.importWorkflows(workflows);
		await e2e.serve(workflows.map((w) => w.id));
		return e2e;
	} catch (error) {
		await e2e.close();
		throw error;
	}
}

/** Untimed turns; the first ones load n8n's AI Agent and may outlast the Answer Timeout on a busy machine. */
export async function warmUp(
	turn: ReturnType<typeof turnOn>,
	session: string,
	count: number,
): Promise<void> {
	for (let i = 0, failures = 0; i < count; ) {
		const result = await turn(session, [{ role: 'user', content: 'hello' }]);
		if (result.ok) i++;
		else if (++failures > 5)
			throw new Error(`warm-up turns keep failing: ${JSON.stringify(result)}`);
	}
}

/** The brain on one `n8n start` (SQLite): its n8n process and its executions. */
function singleBrain(host: N8nE2e, model: PacedModel): BrainUnderTest {
	const pid = n8nPid(host.userFolder);
	const workflowId = WORKFLOWS.packageStreaming.id;
	return {
		label: `n8n ${host.version}`,
		turn: turnOn(host, model, 'packageStreaming'),
		processes: () => ({ n8n: pid }),
		n8nProcesses: ['n8n'],
		async lastExecutionId() {
			const [row] = await host.host.query<{ id: number | null }>(
				'SELECT MAX(id) AS id FROM execution_entity',
			);
			return row?.id ?? 0;
		},
		async executionCounts(afterId) {
			const rows = await host.host.query<{ status: string; n: number }>(
				// An execution n8n does not keep (EXECUTIONS_DATA_SAVE_ON_SUCCESS=none) ends marked deleted, its status left running.
				'SELECT status, COUNT(*) AS n FROM execution_entity WHERE workflowId = ? AND id > ? AND deletedAt IS NULL GROUP BY status',
				[workflowId, afterId],
			);
			const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
			return {
				success: count('success'),
				error: count('error'),
				open: count('new') + count('running') + count('waiting'),
			};
		},
	};
}

async function measureLevels(
	brain: BrainUnderTest,
	model: PacedModel,
	smoke: boolean,
	log: (line: string) => void,
): Promise<Row[]> {
	const figures: LevelFigures[] = [];
	for (const callers of levels(smoke)) {
		const level = await measureLevel(brain, turnOn(undefined, model, 'model'), callers, (c) =>
			plan(c, smoke),
		);
		log(`bench 10 ${brain.label}, ${callers} callers: ${level.row.detail}`);
		figures.push(level);
	}
	return [...figures.map((l) => l.row), ...summaryRows(brain, figures)];
}

/** Sequential turns, the four workflows side by side in rotating order; per run the medians of time to first text. */
async function measureAttribution(
	host: N8nE2e,
	model: PacedModel,
	runs: number,
	count: number,
	log: (line: string) => void,
) {
	const keys = Object.keys(WORKFLOWS) as WorkflowKey[];
	const medians = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<
		WorkflowKey,
		number[]
	>;
	for (let run = 0; run < runs; run++) {
		const times = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<
			WorkflowKey,
			number[]
		>;
		for (let i = 0; i < count; i++) {
			for (let j = 0; j < keys.length; j++) {
				const key = keys[(i + j) % keys.length];
				const result = await turnOn(
					host,
					model,
					key,
				)(`attribution-${key}`, [{ role: 'user', content: `question ${i}` }]);
				if (!result.ok)
					throw new Error(`attribution turn on ${key} failed: ${JSON.stringify(result)}`);
				times[key].push(result.firstTextMs!);
			}
		}
		for (const key of keys) medians[key].push(median(times[key]));
		log(
			`bench 10 ${host.version} attribution run ${run + 1}: ${keys.map((k) => `${k} ${median(times[k]).toFixed(1)} ms`).join(', ')}`,
		);
	}
	return medians;
}

function attributionRows(version: string, count: number, m: Record<WorkflowKey, number[]>): Row[] {
	const row = (mode: 'buffered' | 'streaming', pkg: number[], core: number[]): Row => ({
		bench: 10,
		name: `Package's own cost on n8n ${version}, ${mode}: time to first text, trigger + AI Agent + Reply - core Webhook + the same AI Agent${mode === 'buffered' ? ' + Respond to Webhook' : ' (Webhook streaming)'}, ${count} sequential turns`,
		values: pkg.map((value, i) => value - core[i]),
		unit: 'ms',
		digits: 1,
		target: { op: '<=', value: 5 },
		detail: `run by run; run medians: package ${pkg.map((v) => v.toFixed(1)).join(', ')} ms; core ${core.map((v) => v.toFixed(1)).join(', ')} ms; load ${os.loadavg()[0].toFixed(1)}`,
	});
	return [
		row('buffered', m.packageBuffered, m.coreBuffered),
		row('streaming', m.packageStreaming, m.coreStreaming),
	];
}

/** The long run (--turns): calls of a few turns with short pauses, to reach many turns in the time. */
const endurancePlan = (capacity: CapacityOptions, smoke: boolean): EndurancePlan => ({
	turns: capacity.turns ?? 0,
	maxMs: capacity.minutes === undefined ? undefined : capacity.minutes * 60000,
	callers: 8,
	turnsPerCall: 10,
	pauseMs: [300, 800],
	warmUpTurns: smoke ? 6 : 60,
	sampleMs: smoke ? 1000 : 5000,
});
/** Execution data as a user running calls would keep it: failures only, pruned by n8n's defaults. */
const ENDURANCE_ENV = {
	EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'none',
	EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
	EXECUTIONS_DATA_SAVE_ON_PROGRESS: 'false',
	EXECUTIONS_DATA_PRUNE: 'true',
	N8N_METRICS: 'true',
};
const ENDURANCE_SETTINGS = `execution data: ${Object.entries(ENDURANCE_ENV)
	.filter(([name]) => name.startsWith('EXECUTIONS_'))
	.map(([name, value]) => `${name}=${value}`)
	.join(', ')} (n8n's default age and count limits)`;

type Part = 'regular' | 'queue' | 'turns';

/** What a run of bench 10 measures: the long run alone, or the levels (regular, queue or both). */
function parts(capacity: CapacityOptions, smoke: boolean): Part[] {
	if (capacity.turns) return ['turns'];
	if (capacity.mode) return [capacity.mode];
	// Queue mode needs Redis and Postgres (bench 7 too is left out of the smoke run for that).
	return smoke ? ['regular'] : ['regular', 'queue'];
}

const MODEL_TEXT = `The model: a local OpenAI-compatible endpoint (test/bench/lib/pacedModel.ts) whose first token comes after ${MODEL.firstTokenMs} ms, then ${MODEL.tokensPerSecond} tokens/s, ${TOKENS.length} tokens. The brain: Agora Agent LLM Trigger (Stream the AI Agent's Answer on, Answer Timeout ${ANSWER_TIMEOUT_MS / 1000} s) -> AI Agent 3 (streaming) with OpenAI Chat Model and Simple Memory (session = the request's user, window 5) -> Agora Agent LLM Reply.`;
const LOST_TEXT = `A turn fails unless it is a 200 with every token; it is lost when it timed out (${CLIENT_TIMEOUT_MS / 1000} s) or did not come back as an OpenAI error within the Answer Timeout.`;
const levelsText = (smoke: boolean) =>
	`Callers: ${levels(smoke).join(', ')} in parallel, ${smoke ? '3 turns each, pause 0.1-0.3 s' : `for ${LEVEL_MS / 1000} s, each turn after a pause of 2-5 s (the agent speaking, the caller answering)`}, the first turn staggered within one pause; each sends its growing conversation (stream: true) and reads the raw answer; one more caller beside them asks the model directly, for the model's own time to first text under the same load. Time to first text = request to the first bytes carrying the answer's first word; over the model's = minus the probe's median in that level. ${LOST_TEXT} Executions per level read from n8n's database once none is open (${SETTLE_MS / 1000} s at most): "left running" must be 0. Knee = the most callers whose p95 stays within ${KNEE_P95_MS} ms over the model with no failed turn.`;

const METHODS: Record<Part, (smoke: boolean, capacity: CapacityOptions) => string> = {
	regular: (smoke) =>
		`**10** — n8n ${versions(smoke).join(' and ')}, each its own \`n8n start\` (SQLite, regular mode, runners off where n8n has the setting) with the packed package. ${MODEL_TEXT} ${levelsText(smoke)} CPU (utime+stime) and RSS of the n8n process and its children (n8n 2.x's task runner) from /proc/<pid>/stat and status, sampled every 0.5 s; CPU per answered turn = CPU seconds / turns answered. Package's own cost, before the levels in the same n8n: the same AI Agent behind the trigger and Reply, or behind n8n's core Webhook (POST; Respond to Webhook with the agent's output when buffered, the Webhook's streaming mode when streaming), ${attributionTurns(smoke)} sequential turns per workflow per run, the four workflows in rotating order; figure = package median - core median per run (target ≤ 5 ms).`,
	queue: (smoke) =>
		`**10, queue mode** — n8n ${versions(smoke).join(' and ')} in queue mode, one after the other, as the queue suite starts it (test/queue/cluster.ts): Redis and Postgres from Debian, main (N8N_DISABLE_PRODUCTION_MAIN_PROCESS=true), one webhook process taking the callers, ${QUEUE_WORKERS} workers of concurrency ${WORKER_CONCURRENCY}, execution data kept as in the regular run (all), logs at error level. ${MODEL_TEXT} Before the levels, ${QUEUE_WORKERS * 2} callers in parallel take untimed warm-up turns, so that every worker has loaded n8n's AI nodes. ${levelsText(smoke)} CPU and RSS of each process with its children, sampled every 0.5 s: "n8n" sums main, the webhook process and the workers (RSS: the peak of the sum); Redis and Postgres (all its backends) are listed apart; Postgres's RSS counts its shared buffers once per backend, so it is an upper bound. CPU per answered turn, per process = its CPU seconds / turns answered: the CPU a turn needs from that process, so one core given to it carries about 1000 / that many turns per second.`,
	turns: (smoke, capacity) => {
		const p = endurancePlan(capacity, smoke);
		return `**10, long run** — n8n ${versions(smoke).join(' and ')}, each its own \`n8n start\` (SQLite, regular mode) with ${ENDURANCE_SETTINGS}, and N8N_METRICS=true. ${MODEL_TEXT} ${p.warmUpTurns} warm-up turns, then ${p.turns} turns${p.maxMs ? ` (or as many as ${p.maxMs / 60000} min allow)` : ''}: ${p.callers} callers, each a call of ${p.turnsPerCall} turns in a session of its own (its growing conversation, stream: true), then a new call; ${p.pauseMs.map((v) => v / 1000).join('-')} s between turns. Every ${p.sampleMs / 1000} s: RSS of n8n's process and its children (/proc), of n8n's process alone, and its heap in use and external memory (nodejs_heap_size_used_bytes, nodejs_external_memory_bytes on n8n's /metrics). Growth = the last tenth of the turns against the first tenth after the warm-up: RSS by the median of its readings, the heap by its lowest reading (after a collection). ${LOST_TEXT} Failed turns are listed by the reason the client saw. Executions left running are read from n8n's database once none is open (${SETTLE_MS / 1000} s at most). n8n's Simple Memory keeps every session it saw in the last hour in the process (it drops one an hour after its last use), the messages of its calls included: growth within an hour includes it.`;
	},
};

async function regularPart(ctx: BenchContext, model: PacedModel, folder: string): Promise<Row[]> {
	const rows: Row[] = [];
	for (const version of versions(ctx.smoke)) {
		ctx.log(`bench 10: starting n8n ${version}`);
		const host = await startCapacityHost(version, folder, model);
		try {
			for (const key of Object.keys(WORKFLOWS) as WorkflowKey[])
				await warmUp(turnOn(host, model, key), `warm-${key}`, warmUpTurns(ctx.smoke));
			const count = attributionTurns(ctx.smoke);
			const attribution = await measureAttribution(host, model, ctx.runs, count, ctx.log);
			rows.push(...attributionRows(version, count, attribution));
			if (ATTRIBUTION_ONLY) continue;
			rows.push(...(await measureLevels(singleBrain(host, model), model, ctx.smoke, ctx.log)));
		} finally {
			await host.close();
		}
	}
	return rows;
}

async function queuePart(ctx: BenchContext, model: PacedModel): Promise<Row[]> {
	const rows: Row[] = [];
	for (const version of versions(ctx.smoke)) {
		ctx.log(`bench 10: starting n8n ${version} in queue mode`);
		const { brain, cluster } = await startQueueBrain({
			version,
			workflow: WORKFLOWS.packageStreaming,
			modelUrl: model.url,
			turnFor: (host) => turnOn(host, model, 'packageStreaming'),
			log: ctx.log,
		});
		try {
			await Promise.all(
				Array.from({ length: QUEUE_WORKERS * 2 }, (_, i) =>
					warmUp(brain.turn, `warm-${i}`, warmUpTurns(ctx.smoke)),
				),
			);
			rows.push(...(await measureLevels(brain, model, ctx.smoke, ctx.log)));
		} finally {
			await cluster.stop();
		}
	}
	return rows;
}

async function turnsPart(ctx: BenchContext, model: PacedModel, folder: string): Promise<Row[]> {
	const rows: Row[] = [];
	for (const version of versions(ctx.smoke)) {
		ctx.log(`bench 10: starting n8n ${version} for the long run`);
		const host = await startCapacityHost(version, folder, model, ENDURANCE_ENV);
		try {
			const brain = singleBrain(host, model);
			// One caller first: the first turns load n8n's AI nodes, which on a busy machine outlasts the Answer Timeout.
			await warmUp(brain.turn, 'warm-first', warmUpTurns(ctx.smoke));
			rows.push(
				...(await runEndurance({
					brain,
					pid: n8nPid(host.userFolder),
					n8nDir: host.host.n8nDir,
					metricsUrl: `${host.host.baseUrl}/metrics`,
					plan: endurancePlan(ctx.capacity, ctx.smoke),
					settings: ENDURANCE_SETTINGS,
					log: ctx.log,
				})),
			);
		} finally {
			await host.close();
		}
	}
	return rows;
}

export const capacityBench: Bench = {
	id: 10,
	title: 'The brain under load: parallel callers, and the package’s own cost',
	method: (smoke, capacity = {}) =>
		parts(capacity, smoke)
			.map((part) => METHODS[part](smoke, capacity))
			.join('\n- '),
	ownResults: (smoke, capacity) => {
		// Narrowed runs (BENCH10_*) are for development: only the full set of levels is committed.
		const narrowed = Object.keys(process.env).some((name) => name.startsWith('BENCH10_'));
		const files: Record<Part, OwnResults | undefined> = {
			regular: narrowed
				? undefined
				: { file: 'results-10.md', method: METHODS.regular(false, capacity) },
			queue: narrowed
				? undefined
				: { file: 'results-10-queue.md', group: 'queue', method: METHODS.queue(false, capacity) },
			// A long run is kept from 1,000 turns on, whichever versions it ran.
			turns:
				(capacity.turns ?? 0) >= 1000
					? { file: 'results-10-turns.md', group: 'turns', method: METHODS.turns(false, capacity) }
					: undefined,
		};
		if (smoke) return [];
		return parts(capacity, false).flatMap((part) => files[part] ?? []);
	},
	async run(ctx) {
		fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
		const folder = fs.mkdtempSync(path.join(ROOT, '.cache', 'bench-capacity-'));
		const model = await startPacedModel(MODEL);
		try {
			const rows: Row[] = [];
			for (const part of parts(ctx.capacity, ctx.smoke)) {
				if (part === 'regular') rows.push(...(await regularPart(ctx, model, folder)));
				if (part === 'queue') rows.push(...(await queuePart(ctx, model)));
				if (part === 'turns') rows.push(...(await turnsPart(ctx, model, folder)));
			}
			return rows;
		} finally {
			await model.close();
			fs.rmSync(folder, { recursive: true, force: true });
		}
	},
};

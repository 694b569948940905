/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * 10. The brain under load: callers in parallel, each taking turns with a pause, through the
 * Agora Agent LLM Trigger, n8n's AI Agent with memory on a paced model, and the Reply (streaming);
 * and, in the same n8n, this package's own cost against n8n's core Webhook around the same AI Agent.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { BRAIN_EXAMPLES } from '../../../scripts/lib/examples';
import { ROOT } from '../../../scripts/lib/n8nInstall';
import { brainCredentials } from '../../lib/brainWorkflows';
import { N8nE2e } from '../../lib/n8nE2e';
import {
	n8nPid,
	quantile,
	runCallers,
	sampled,
	timedTurn,
	type CallerPlan,
	type TurnResult,
} from '../lib/brainLoad';
import { coreBrainWorkflow, packageBrainWorkflow } from '../lib/capacityWorkflows';
import { PACED_ANSWER, startPacedModel, type PacedModel } from '../lib/pacedModel';
import type { Row } from '../lib/report';
import { median } from '../lib/stats';
import type { Bench } from '../lib/types';

/**
 * BENCH10_VERSIONS, BENCH10_LEVELS and BENCH10_LEVEL_MS narrow a run while developing;
 * BENCH10_ATTRIBUTION_ONLY=1 measures the package's own cost alone (no caller levels, no knee).
 */
const fromEnv = (name: string) => process.env[name]?.split(',').filter(Boolean);
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
const ATTRIBUTION_ONLY = /^(1|true|yes)$/i.test(process.env.BENCH10_ATTRIBUTION_ONLY ?? '');
const plan = (callers: number, smoke: boolean): CallerPlan =>
	smoke
		? { callers, turnsPerCaller: 3, pauseMs: [100, 300] }
		: { callers, durationMs: LEVEL_MS, pauseMs: [2000, 5000] };
/** The knee: p95 of time to first text over the model's own within this, and no failed turn. */
const KNEE_P95_MS = 300;
/** The trigger's default Answer Timeout; the client waits 2 s longer before it counts a turn lost. */
const ANSWER_TIMEOUT_MS = 8000;
const CLIENT_TIMEOUT_MS = ANSWER_TIMEOUT_MS + 2000;
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

type History = Array<{ role: string; content: string }>;

/** A turn of `session` on a workflow (or on the model itself): the chat-completions request Agora's engine sends. */
export function turnOn(host: N8nE2e | undefined, model: PacedModel, key: WorkflowKey | 'model') {
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

/** How long a level's executions may take to finish after its last turn: a saturated n8n drains slowly. */
const SETTLE_MS = 90000;

/** Executions of `workflowId` after `afterId` by status, once none is open (or SETTLE_MS passed). */
async function settled(host: N8nE2e, workflowId: string, afterId: number) {
	const deadline = Date.now() + SETTLE_MS;
	for (;;) {
		const rows = await host.host.query<{ status: string; n: number }>(
			'SELECT status, COUNT(*) AS n FROM execution_entity WHERE workflowId = ? AND id > ? GROUP BY status',
			[workflowId, afterId],
		);
		const count = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
		const open = count('new') + count('running') + count('waiting');
		if (open === 0 || Date.now() > deadline)
			return { success: count('success'), error: count('error'), open };
		await new Promise((resolve) => setTimeout(resolve, 500));
	}
}

async function lastExecutionId(host: N8nE2e): Promise<number> {
	const [row] = await host.host.query<{ id: number | null }>(
		'SELECT MAX(id) AS id FROM execution_entity',
	);
	return row?.id ?? 0;
}

interface LevelFigures {
	callers: number;
	p95: number;
	failed: number;
	lost: number;
	open: number;
	row: Row;
}

async function measureLevel(
	version: string,
	callers: number,
	host: N8nE2e,
	model: PacedModel,
	smoke: boolean,
): Promise<LevelFigures> {
	const pid = n8nPid(host.userFolder);
	const viaN8n = turnOn(host, model, 'packageStreaming');
	const direct = turnOn(undefined, model, 'model');
	const afterId = await lastExecutionId(host);
	const started = Date.now();
	const answer = (r: TurnResult) => (r.ok ? PACED_ANSWER : undefined);
	const { value, cpuCores, peakRssMb, endRssMb } = await sampled(pid, () =>
		Promise.all([
			runCallers(
				plan(callers, smoke),
				(id, _i, history) => viaN8n(`caller-${callers}-${id}`, history),
				answer,
			),
			// One caller on the model itself throughout: the model's own time under the same load.
			runCallers(plan(1, smoke), (_id, _i, history) => direct('probe', history), answer),
		]),
	);
	const wallS = (Date.now() - started) / 1000;
	const load = os.loadavg()[0];
	const [turns, probes] = value;
	const executions = await settled(host, WORKFLOWS.packageStreaming.id, afterId);
	const own = median(probes.filter((p) => p.ok).map((p) => p.firstTextMs!));
	const over = turns.filter((t) => t.ok).map((t) => t.firstTextMs! - own);
	const failed = turns.filter((t) => !t.ok);
	// Lost: neither answered nor refused with an OpenAI error within the Answer Timeout.
	const lost = failed.filter(
		(t) => t.timedOut || !t.openAiError || t.totalMs > ANSWER_TIMEOUT_MS + 1000,
	);
	const p95 = over.length > 0 ? quantile(over, 0.95) : CLIENT_TIMEOUT_MS;
	const f = (ms: number) => `${ms.toFixed(0)} ms`;
	return {
		callers,
		p95,
		failed: failed.length,
		lost: lost.length,
		open: executions.open,
		row: {
			bench: 10,
			name: `Capacity on n8n ${version}, ${callers} callers: p95 time to first text over the model's own`,
			values: [p95],
			unit: 'ms',
			digits: 0,
			detail:
				`${(over.length / wallS).toFixed(2)} turns/s answered; over the model: median ${f(median(over))}, p95 ${f(p95)}, p99 ${f(quantile(over, 0.99))}; ` +
				`${turns.length} turns, ${failed.length} failed (${failed.length - lost.length} with an OpenAI error in time, ${turns.filter((t) => t.timedOut).length} timed out); ` +
				`n8n CPU ${cpuCores.toFixed(2)} cores, RSS peak ${peakRssMb.toFixed(0)} MB (end ${endRssMb.toFixed(0)}); ` +
				`executions ${executions.success} success, ${executions.error} error, ${executions.open} left running; ` +
				`model's own first text ${f(own)}; load ${load.toFixed(1)}`,
		},
	};
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

export const capacityBench: Bench = {
	id: 10,
	title: 'The brain under load: parallel callers, and the package’s own cost',
	method: (smoke) =>
		`**10** — n8n ${versions(smoke).join(' and ')}, each its own \`n8n start\` (SQLite, regular mode, runners off) with the packed package. The model: a local OpenAI-compatible endpoint (test/bench/lib/pacedModel.ts) whose first token comes after ${MODEL.firstTokenMs} ms, then ${MODEL.tokensPerSecond} tokens/s, ${TOKENS.length} tokens. The brain: Agora Agent LLM Trigger (Stream the AI Agent's Answer on, Answer Timeout ${ANSWER_TIMEOUT_MS / 1000} s) -> AI Agent 3 (streaming) with OpenAI Chat Model and Simple Memory (session = the request's user, window 5) -> Agora Agent LLM Reply. Callers: ${levels(smoke).join(', ')} in parallel, ${smoke ? '3 turns each, pause 0.1-0.3 s' : `for ${LEVEL_MS / 1000} s, each turn after a pause of 2-5 s (the agent speaking, the caller answering)`}, the first turn staggered within one pause; each sends its growing conversation (stream: true) and reads the raw answer; one more caller beside them asks the model directly, for the model's own time to first text under the same load. Time to first text = request to the first bytes carrying the answer's first word; over the model's = minus the probe's median in that level. A turn fails unless it is a 200 with every token; it is lost when it timed out (${CLIENT_TIMEOUT_MS / 1000} s) or did not come back as an OpenAI error within the Answer Timeout. CPU (utime+stime) and RSS of the n8n process from /proc/<pid>/stat and status, sampled every 0.5 s. Executions per level read from n8n's database once none is open (${SETTLE_MS / 1000} s at most): "left running" must be 0. Knee = the most callers whose p95 stays within ${KNEE_P95_MS} ms over the model with no failed turn. Package's own cost, before the levels in the same n8n: the same AI Agent behind the trigger and Reply, or behind n8n's core Webhook (POST; Respond to Webhook with the agent's output when buffered, the Webhook's streaming mode when streaming), ${attributionTurns(smoke)} sequential turns per workflow per run, the four workflows in rotating order; figure = package median - core median per run (target ≤ 5 ms).`,
	// Narrowed runs (BENCH10_*) are for development: only the full set is committed.
	ownResults: (smoke) =>
		smoke || Object.keys(process.env).some((name) => name.startsWith('BENCH10_'))
			? undefined
			: 'results-10.md',
	async run(ctx) {
		fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
		const folder = fs.mkdtempSync(path.join(ROOT, '.cache', 'bench-capacity-'));
		const model = await startPacedModel(MODEL);
		let host: N8nE2e | undefined;
		try {
			const rows: Row[] = [];
			for (const version of versions(ctx.smoke)) {
				ctx.log(`bench 10: starting n8n ${version}`);
				host = await startCapacityHost(version, folder, model);
				for (const key of Object.keys(WORKFLOWS) as WorkflowKey[])
					await warmUp(turnOn(host, model, key), `warm-${key}`, warmUpTurns(ctx.smoke));
				const attribution = await measureAttribution(
					host,
					model,
					ctx.runs,
					attributionTurns(ctx.smoke),
					ctx.log,
				);
				rows.push(...attributionRows(version, attributionTurns(ctx.smoke), attribution));
				if (ATTRIBUTION_ONLY) {
					await host.close();
					host = undefined;
					continue;
				}
				const figures: LevelFigures[] = [];
				for (const callers of levels(ctx.smoke)) {
					const level = await measureLevel(version, callers, host, model, ctx.smoke);
					ctx.log(`bench 10 ${version} ${callers} callers: ${level.row.detail}`);
					figures.push(level);
					rows.push(level.row);
				}
				const knee = figures
					.filter((l) => l.p95 <= KNEE_P95_MS && l.failed === 0)
					.reduce((most, l) => Math.max(most, l.callers), 0);
				rows.push({
					bench: 10,
					name: `Capacity on n8n ${version}: the knee, most parallel callers with p95 ≤ ${KNEE_P95_MS} ms over the model and no failed turn`,
					values: [knee],
					unit: 'callers',
					digits: 0,
					detail: `levels ${figures.map((l) => `${l.callers}: p95 ${l.p95.toFixed(0)} ms, ${l.failed} failed`).join('; ')}; load ${os.loadavg()[0].toFixed(1)}`,
				});
				rows.push({
					bench: 10,
					name: `Capacity on n8n ${version}: turns lost (no answer and no OpenAI error within the Answer Timeout) + executions left running, all levels`,
					values: [figures.reduce((sum, l) => sum + l.lost + l.open, 0)],
					unit: '',
					digits: 0,
					exact: true,
					target: { op: '<=', value: 0 },
					detail: figures
						.map((l) => `${l.callers} callers: ${l.lost} lost, ${l.open} left running`)
						.join('; '),
				});
				await host.close();
				host = undefined;
			}
			return rows;
		} finally {
			await host?.close();
			await model.close();
			fs.rmSync(folder, { recursive: true, force: true });
		}
	},
};

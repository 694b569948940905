/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * 8. The agent's brain: time to first text through n8n (the Agora Agent LLM Trigger, n8n's AI
 * Agent on the scripted model, Agora Agent LLM Reply), minus the scripted model's own time to first
 * text, buffered and streaming, on each supported n8n version; attribution rows split that into
 * n8n's own webhook floor, this package's trigger + Reply, and the AI Agent.
 */
import fs from 'fs';
import path from 'path';
import OpenAI from 'openai';

import { startScriptedModel, type ScriptedModel } from '../../../sandbox/src/scriptedModel';
import { BRAIN_EXAMPLES } from '../../../scripts/lib/examples';
import { ROOT } from '../../../scripts/lib/n8nInstall';
import {
	agentBrainWorkflow,
	CURRENT_TRIGGER_VERSION,
	brainCredentials,
	coreWebhookFloorWorkflow,
	replyOnlyWorkflow,
} from '../../lib/brainWorkflows';
import { N8nE2e } from '../../lib/n8nE2e';
import type { Row } from '../lib/report';
import { median, spread } from '../lib/stats';
import type { Bench } from '../lib/types';

const VERSIONS = ['1.123.81', '2.41.1'];
/** The smoke run proves the bench runs on one n8n; bench 10's smoke runs the brain on the other. */
const versions = (smoke: boolean) => (smoke ? VERSIONS.slice(0, 1) : VERSIONS);
const WARM_UP = 10;
const turns = (smoke: boolean) => (smoke ? 10 : 100);
const attributionTurns = (smoke: boolean) => (smoke ? 10 : 50);
const MODES = [
	{ label: 'buffered', webhookId: '1b7e4c2a-8d3f-4e6a-9c1b-5f2e3d4c5b6a', options: {}, target: 80 },
	{
		label: 'streaming',
		webhookId: '2c8f5d3b-9e4a-4f7b-8d2c-6a3f4e5d6c7b',
		options: { streamAnswer: true },
		target: 50,
	},
] as const;
/** The attribution workflows: trigger + Reply with a fixed answer, and n8n's core Webhook + Respond to Webhook (the SDK appends /chat/completions to its base URL). */
const REPLY_ONLY = { id: 'agoraBenchReplyOnly', webhookId: '3d9a6e4c-af5b-4a8c-9e3d-7b4a5f6e7d8c' };
const CORE_FLOOR = {
	id: 'agoraBenchCoreFloor',
	webhookId: '4eab7f5d-b06c-4b9d-8f4e-8c5b6a7f8e9d',
	base: 'bench-core-floor',
};
const FIXED_ANSWER = 'It is late.';

/** Milliseconds from the request to the first non-empty content delta of a streamed answer. */
async function firstText(client: OpenAI): Promise<number> {
	const start = process.hrtime.bigint();
	const stream = await client.chat.completions.create({
		model: 'gpt-4o-mini',
		messages: [{ role: 'user', content: 'how late is it' }],
		stream: true,
	});
	let ms: number | undefined;
	for await (const chunk of stream) {
		if (ms === undefined && (chunk.choices[0]?.delta?.content ?? '') !== '')
			ms = Number(process.hrtime.bigint() - start) / 1e6;
	}
	if (ms === undefined) throw new Error('the answer had no text');
	return ms;
}

const p90 = (values: number[]) =>
	[...values].sort((a, b) => a - b)[
		Math.min(values.length - 1, Math.ceil(values.length * 0.9) - 1)
	];

/** One n8n version with the buffered and the streaming brain workflow active. */
async function startBrainHost(
	version: string,
	folder: string,
	model: ScriptedModel,
): Promise<N8nE2e> {
	const e2e = await N8nE2e.start({
		name: 'bench-brain',
		version,
		sandbox: false,
		parentDir: folder,
		n8nEnv: { N8N_RUNNERS_ENABLED: 'false', N8N_LOG_LEVEL: 'warn' },
	});
	try {
		await e2e.host.importCredentialData(brainCredentials(model.url));
		const workflows = [
			...MODES.map((mode, index) =>
				agentBrainWorkflow(
					`agoraBenchBrain${index}`,
					mode.webhookId,
					mode.options,
					CURRENT_TRIGGER_VERSION,
				),
			),
			replyOnlyWorkflow(REPLY_ONLY.id, REPLY_ONLY.webhookId, FIXED_ANSWER),
			coreWebhookFloorWorkflow(
				CORE_FLOOR.id,
				CORE_FLOOR.webhookId,
				`${CORE_FLOOR.base}/chat/completions`,
				FIXED_ANSWER,
			),
		];
		await e2e.importWorkflows(workflows);
		await e2e.serve(workflows.map((workflow) => workflow.id));
		return e2e;
	} catch (error) {
		await e2e.close();
		throw error;
	}
}

/**
 * An untimed turn. The first ones load n8n's AI Agent: on a busy machine one can outlast example
 * 15's 8 s Answer Timeout (a 504), which is asked again; a timed turn is never retried.
 */
async function warmTurn(client: OpenAI): Promise<void> {
	for (let attempt = 1; ; attempt++) {
		try {
			await firstText(client);
			return;
		} catch (error) {
			if (attempt >= 5 || !(error instanceof OpenAI.APIError && error.status === 504)) throw error;
		}
	}
}

/** Run medians of time to first text of trigger + Reply (a) and of the core Webhook floor (b), turn by turn side by side. */
async function measureAttribution(
	host: N8nE2e,
	runs: number,
	count: number,
	log: (line: string) => void,
) {
	const replyOnly = new OpenAI({
		apiKey: BRAIN_EXAMPLES.key,
		baseURL: host.webhookUrl(REPLY_ONLY.webhookId),
		maxRetries: 0,
	});
	const floor = new OpenAI({
		apiKey: 'sk-unused',
		baseURL: host.webhookUrl(CORE_FLOOR.base),
		maxRetries: 0,
	});
	for (let i = 0; i < WARM_UP; i++) {
		await warmTurn(replyOnly);
		await warmTurn(floor);
	}
	const result = {
		reply: [] as number[],
		floor: [] as number[],
		replyTurns: [] as number[],
		floorTurns: [] as number[],
	};
	for (let run = 0; run < runs; run++) {
		const reply: number[] = [];
		const core: number[] = [];
		for (let i = 0; i < count; i++) {
			reply.push(await firstText(replyOnly));
			core.push(await firstText(floor));
		}
		result.reply.push(median(reply));
		result.floor.push(median(core));
		result.replyTurns.push(...reply);
		result.floorTurns.push(...core);
		log(
			`bench 8 ${host.version} attribution run ${run + 1}: trigger + Reply ${median(reply).toFixed(1)} ms, core Webhook ${median(core).toFixed(1)} ms`,
		);
	}
	return result;
}

/** The attribution rows of one version: (a), (b), (a) - (b) and (AI Agent path, buffered) - (a); no targets. */
function attributionRows(
	version: string,
	count: number,
	a: Awaited<ReturnType<typeof measureAttribution>>,
	agentBuffered: number[],
): Row[] {
	const turnsDetail = (all: number[]) =>
		`all turns: median ${median(all).toFixed(1)} ms, p90 ${p90(all).toFixed(1)} ms`;
	const minus = (x: number[], y: number[]) => x.map((value, i) => value - y[i]);
	const row = (name: string, values: number[], detail: string): Row => ({
		bench: 8,
		name: `(attribution) Brain on n8n ${version}: ${name}`,
		values,
		unit: 'ms',
		detail,
		digits: 1,
	});
	return [
		row(
			`trigger + Reply, no AI Agent: time to first text, buffered, fixed answer, ${count} turns`,
			a.reply,
			turnsDetail(a.replyTurns),
		),
		row(
			`core Webhook + Respond to Webhook, no AI Agent: time to first text, fixed SSE body, ${count} turns`,
			a.floor,
			turnsDetail(a.floorTurns),
		),
		row(
			`this package's own cost per turn: trigger + Reply - core Webhook floor`,
			minus(a.reply, a.floor),
			`run by run; medians ${median(a.reply).toFixed(1)} - ${median(a.floor).toFixed(1)} ms`,
		),
		row(
			`the AI Agent's cost per turn: AI Agent path (buffered, minus the model) - trigger + Reply`,
			minus(agentBuffered, a.reply),
			`run by run, the brain's buffered overhead of the same run minus trigger + Reply`,
		),
	];
}

export const brainTtftBench: Bench = {
	id: 8,
	title: 'The agent’s brain: time to first text through n8n',
	method: (smoke) =>
		`**8** — n8n ${versions(smoke).join(' and ')}, each its own \`n8n start\` with the packed package and two active workflows: Agora Agent LLM Trigger -> n8n's AI Agent 3 (streaming on) with the OpenAI Chat Model on the scripted model (sandbox/src/scriptedModel) -> Agent LLM › Reply; the trigger buffered (default) or with Stream the AI Agent's Answer on. The official openai SDK streams from the Production URL; time to first text = request to the first non-empty content delta. The model's own time to first text is measured the same way on the model directly, turn by turn beside each n8n turn. Overhead = n8n's time - the model's median; figure = median per run of ${turns(smoke)} sequential turns after ${WARM_UP} untimed ones (targets <= 80 ms buffered, <= 50 ms streaming); the detail gives median and p90 of every turn. Attribution (no targets), in the same n8n right after: (a) the trigger -> Reply with a fixed answer, no AI Agent, buffered; (b) n8n's core Webhook (POST, Respond to Webhook node) -> Respond to Webhook with a fixed SSE body (one chunk, [DONE]), read by the same client; ${attributionTurns(smoke)} turns per run, (a) and (b) side by side; (a) - (b) = this package's own cost per turn, the buffered AI Agent path - (a) = the AI Agent's.`,
	async run(ctx) {
		const folder = fs.mkdtempSync(path.join(ROOT, '.cache', 'bench-brain-'));
		const model = await startScriptedModel();
		let host: N8nE2e | undefined;
		try {
			const direct = new OpenAI({ apiKey: 'sk-fake-local', baseURL: model.url, maxRetries: 0 });
			const rows: Row[] = [];
			for (const version of versions(ctx.smoke)) {
				ctx.log(`bench 8: starting n8n ${version}`);
				host = await startBrainHost(version, folder, model);
				const bufferedMedians: number[] = [];
				for (const mode of MODES) {
					const client = new OpenAI({
						apiKey: BRAIN_EXAMPLES.key,
						baseURL: host.webhookUrl(mode.webhookId),
						maxRetries: 0,
					});
					for (let i = 0; i < WARM_UP; i++) await warmTurn(client);
					const medians: number[] = [];
					const overheads: number[] = [];
					const modelTimes: number[] = [];
					for (let run = 0; run < ctx.runs; run++) {
						const n8nTimes: number[] = [];
						const own: number[] = [];
						for (let i = 0; i < turns(ctx.smoke); i++) {
							own.push(await firstText(direct));
							n8nTimes.push(await firstText(client));
						}
						const runOverheads = n8nTimes.map((ms) => ms - median(own));
						medians.push(median(runOverheads));
						overheads.push(...runOverheads);
						modelTimes.push(...own);
						ctx.log(
							`bench 8 ${version} ${mode.label} run ${run + 1}: overhead median ${median(runOverheads).toFixed(1)} ms, model ${median(own).toFixed(1)} ms`,
						);
					}
					rows.push({
						bench: 8,
						name: `Brain on n8n ${version}, ${mode.label}: time to first text through n8n - the model's own, ${turns(ctx.smoke)} turns`,
						values: medians,
						unit: 'ms',
						target: { op: '<=', value: mode.target },
						detail: `all turns: median ${median(overheads).toFixed(1)} ms, p90 ${p90(overheads).toFixed(1)} ms; run medians ${spread(medians, 1, ' ms')}; model's own ${median(modelTimes).toFixed(1)} ms`,
						digits: 1,
					});
					if (mode.label === 'buffered') bufferedMedians.push(...medians);
				}
				const attribution = await measureAttribution(
					host,
					ctx.runs,
					attributionTurns(ctx.smoke),
					ctx.log,
				);
				rows.push(
					...attributionRows(version, attributionTurns(ctx.smoke), attribution, bufferedMedians),
				);
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

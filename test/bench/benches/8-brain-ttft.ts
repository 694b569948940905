/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * 8. The agent's brain: time to first text through n8n (the Agora Agent LLM Trigger, n8n's AI
 * Agent on the scripted model, Agent LLM › Reply), minus the scripted model's own time to first
 * text, buffered and streaming, on each supported n8n version.
 */
import fs from 'fs';
import path from 'path';
import OpenAI from 'openai';

import { startScriptedModel, type ScriptedModel } from '../../../sandbox/src/scriptedModel';
import { BRAIN_EXAMPLES } from '../../../scripts/lib/examples';
import { ROOT } from '../../../scripts/lib/n8nHost';
import { agentBrainWorkflow, brainCredentials } from '../../lib/brainWorkflows';
import { N8nE2e } from '../../lib/n8nE2e';
import type { Row } from '../lib/report';
import { median, spread } from '../lib/stats';
import type { Bench } from '../lib/types';

const VERSIONS = ['1.123.81', '2.41.1'];
const WARM_UP = 10;
const turns = (smoke: boolean) => (smoke ? 10 : 100);
const MODES = [
	{ label: 'buffered', webhookId: '1b7e4c2a-8d3f-4e6a-9c1b-5f2e3d4c5b6a', options: {}, target: 80 },
	{ label: 'streaming', webhookId: '2c8f5d3b-9e4a-4f7b-8d2c-6a3f4e5d6c7b', options: { streamAnswer: true }, target: 50 },
] as const;

/** Milliseconds from the request to the first non-empty content delta of a streamed answer. */
async function firstText(client: OpenAI): Promise<number> {
	const start = process.hrtime.bigint();
	const stream = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'how late is it' }], stream: true });
	let ms: number | undefined;
	for await (const chunk of stream) {
		if (ms === undefined && (chunk.choices[0]?.delta?.content ?? '') !== '') ms = Number(process.hrtime.bigint() - start) / 1e6;
	}
	if (ms === undefined) throw new Error('the answer had no text');
	return ms;
}

const p90 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(values.length * 0.9) - 1)];

/** One n8n version with the buffered and the streaming brain workflow active. */
async function startBrainHost(version: string, folder: string, model: ScriptedModel): Promise<N8nE2e> {
	const e2e = await N8nE2e.start({ name: 'bench-brain', version, sandbox: false, parentDir: folder, n8nEnv: { N8N_RUNNERS_ENABLED: 'false', N8N_LOG_LEVEL: 'warn' } });
	try {
		await e2e.host.importCredentialData(brainCredentials(model.url));
		const workflows = MODES.map((mode, index) => agentBrainWorkflow(`agoraBenchBrain${index}`, mode.webhookId, mode.options));
		await e2e.importWorkflows(workflows);
		await e2e.serve(workflows.map((workflow) => workflow.id));
		return e2e;
	} catch (error) {
		await e2e.close();
		throw error;
	}
}

export const brainTtftBench: Bench = {
	id: 8,
	title: 'The agent’s brain: time to first text through n8n',
	method: (smoke) =>
		`**8** — n8n ${VERSIONS.join(' and ')}, each its own \`n8n start\` with the packed package and two active workflows: Agora Agent LLM Trigger -> n8n's AI Agent 3 (streaming on) with the OpenAI Chat Model on the scripted model (sandbox/src/scriptedModel) -> Agent LLM › Reply; the trigger buffered (default) or with Stream the AI Agent's Answer on. The official openai SDK streams from the Production URL; time to first text = request to the first non-empty content delta. The model's own time to first text is measured the same way on the model directly, turn by turn beside each n8n turn. Overhead = n8n's time - the model's median; figure = median per run of ${turns(smoke)} sequential turns after ${WARM_UP} untimed ones (targets <= 80 ms buffered, <= 50 ms streaming); the detail gives median and p90 of every turn.`,
	async run(ctx) {
		const folder = fs.mkdtempSync(path.join(ROOT, '.cache', 'bench-brain-'));
		const model = await startScriptedModel();
		let host: N8nE2e | undefined;
		try {
						const direct = new OpenAI({ apiKey: 'sk-fake-local', baseURL: model.url, maxRetries: 0 });
			const rows: Row[] = [];
			for (const version of VERSIONS) {
				ctx.log(`bench 8: starting n8n ${version}`);
				host = await startBrainHost(version, folder, model);
				for (const mode of MODES) {
					const client = new OpenAI({ apiKey: BRAIN_EXAMPLES.key, baseURL: host.webhookUrl(mode.webhookId), maxRetries: 0 });
					for (let i = 0; i < WARM_UP; i++) await firstText(client);
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
						ctx.log(`bench 8 ${version} ${mode.label} run ${run + 1}: overhead median ${median(runOverheads).toFixed(1)} ms, model ${median(own).toFixed(1)} ms`);
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
				}
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

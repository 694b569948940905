/**
 * 2. In a real n8n: the same "get agent" calls made by the Agora node and by n8n's HTTP Request
 * node (4.2, Basic auth), compared by each node's own executionTime in the saved run data.
 */
import axios from 'axios';

import { AGENT_COUNT, GET_WORKFLOWS, type N8nFixture } from '../lib/n8nFixture';
import type { Row } from '../lib/report';
import { ratioRuns, spread } from '../lib/stats';
import type { Bench } from '../lib/types';

interface Scenario {
	label: string;
	calls: number;
	latencyMs: number;
}

function scenarios(smoke: boolean): Scenario[] {
	return [
		{ label: 'loopback', calls: smoke ? 100 : 1000, latencyMs: 0 },
		{ label: 'sandbox +50 ms per answer', calls: smoke ? 40 : 200, latencyMs: 50 },
	];
}

/** Runs one workflow through its production webhook and returns the node's executionTime (ms). */
async function runOnce(
	fx: N8nFixture,
	kind: 'agora' | 'http',
	calls: number,
): Promise<{ nodeMs: number; wallMs: number }> {
	const w = GET_WORKFLOWS[kind];
	const after = await fx.lastExecutionId();
	const t0 = Date.now();
	const res = await axios.post(
		fx.webhookUrl(w.path),
		{ count: calls, ids: fx.agentIds },
		{ timeout: 300000, validateStatus: () => true },
	);
	const wallMs = Date.now() - t0;
	if (res.status !== 200)
		throw new Error(
			`${w.node} workflow answered ${res.status}: ${JSON.stringify(res.data).slice(0, 300)}`,
		);
	const exec = await fx.latestExecution(w.id, after);
	const run = exec.runData[w.node]?.[0];
	if (exec.status !== 'success' || !run || run.error) {
		throw new Error(
			`${w.node} execution ${exec.id} ended ${exec.status}: ${run?.error?.message ?? 'no run data'}`,
		);
	}
	const items = run.data?.main?.[0] ?? [];
	const agents = items.filter(
		(item) => typeof item.json.agent_id === 'string' && typeof item.json.status === 'string',
	);
	if (items.length !== calls || agents.length !== calls) {
		throw new Error(
			`${w.node} returned ${items.length} items (${agents.length} agents), expected ${calls}`,
		);
	}
	return { nodeMs: run.executionTime, wallMs };
}

export const realN8nBench: Bench = {
	id: 2,
	title: 'Agora node against the HTTP Request node in a real n8n',
	method: (smoke) =>
		`**2** — In \`n8n start\` (the e2e install, package packed and installed as a community package, N8N_RUNNERS_ENABLED=false), two active workflows Webhook (respond when last node finishes) -> Code (makes the N items {id}, ${AGENT_COUNT} agents cycled) -> node under test: the Agora node (Agent > Get, default options, i.e. its default concurrency) or n8n's HTTP Request node 4.2 (GET {sandbox}/api/conversational-ai-agent/v2/projects/{appId}/agents/{{$json.id}}, Generic credential > httpBasicAuth, default options: all items sent at once, no batching). The sandbox runs as its own process. Figure: the Agora node's executionTime / the HTTP Request node's executionTime, both read from the execution n8n saved (run data of the node, first run); N = ${scenarios(
			smoke,
		)
			.map((s) => `${s.calls} on ${s.label}`)
			.join(
				', ',
			)}. Each run checks that every item came back as an agent. One untimed full-size warm-up of each workflow per scenario; runs alternate which node goes first.`,
	async run(ctx) {
		const fx = await ctx.n8n();
		const rows: Row[] = [];
		try {
			for (const s of scenarios(ctx.smoke)) {
				await fx.sandbox.control('config', { latencyMs: s.latencyMs });
				// Full-size warm-up: n8n's expression runtime and the JIT take a few runs to settle.
				await runOnce(fx, 'agora', s.calls);
				await runOnce(fx, 'http', s.calls);
				const walls = { agora: [] as number[], http: [] as number[] };
				const r = await ratioRuns(
					Math.max(ctx.runs, 5),
					async () => {
						const m = await runOnce(fx, 'agora', s.calls);
						walls.agora.push(m.wallMs);
						return m.nodeMs;
					},
					async () => {
						const m = await runOnce(fx, 'http', s.calls);
						walls.http.push(m.wallMs);
						return m.nodeMs;
					},
				);
				rows.push({
					bench: 2,
					name: `Real n8n: Agora node / HTTP Request node executionTime, ${s.calls} get agent, ${s.label}`,
					values: r.ratios,
					unit: '',
					target: { op: '<=', value: 0.8 },
					detail: `Agora ${spread(r.a, 0, ' ms')}, HTTP Request ${spread(r.b, 0, ' ms')} (whole workflow via webhook: Agora ${spread(walls.agora, 0, ' ms')}, HTTP ${spread(walls.http, 0, ' ms')})`,
				});
			}
		} finally {
			await fx.sandbox.control('config', { latencyMs: 0 }).catch(() => undefined);
		}
		return rows;
	},
};

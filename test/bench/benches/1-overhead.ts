/**
 * 1. In-process overhead: N "get agent" items through the Agora node in n8n's engine, against a
 * raw axios loop sending the same N requests with the same concurrency (10) to the same sandbox.
 */
import axios from 'axios';
import { randomUUID } from 'crypto';
import http from 'http';

import { startSandbox } from '../../sandbox';
import { agoraWorkflow, runWorkflow } from '../../workflow/harness';
import { createAgents } from '../lib/agents';
import type { Row } from '../lib/report';
import { pool, ratioRuns, spread, timed } from '../lib/stats';
import type { Bench } from '../lib/types';

const CONCURRENCY = 10;
const AGENTS = 20;

function size(smoke: boolean): number {
	return smoke ? 200 : 2000;
}

export const overheadBench: Bench = {
	id: 1,
	title: 'In-process overhead of the Agora node',
	method: (smoke) =>
		`**1** — ${size(smoke)} "get agent" items (${AGENTS} agents, ids cycled) through Items -> Agora node (Get agent, default concurrency ${CONCURRENCY}) run by n8n-core's WorkflowExecute (test/workflow/harness.ts), wall time of runWorkflow; divided by the wall time of a raw axios loop sending the same ${size(smoke)} GETs (Basic auth, X-Request-ID, Accept: application/json) with ${CONCURRENCY} in flight to the same in-process sandbox. Keep-alive: OFF on both sides — n8n's request helper builds a new http.Agent (keepAlive false) for every request, so the baseline uses one http.Agent({keepAlive:false}), i.e. a new TCP connection per request on both sides. One untimed warm-up of each side first; runs alternate which side goes first.`,
	async run(ctx) {
		const n = size(ctx.smoke);
		const runs = Math.max(ctx.runs, 5);
		const sb = await startSandbox({});
		try {
			const ids = await createAgents(sb, AGENTS);
			const items = Array.from({ length: n }, (_, i) => ({ id: ids[i % ids.length] }));
			const credential = { customerId: sb.customerId, customerSecret: sb.customerSecret, appId: sb.appId, host: 'custom', customBaseUrl: sb.url };
			const workflow = agoraWorkflow({ resource: 'agent', operation: 'get', agentId: '={{$json.id}}' }, items);
			const warmWorkflow = agoraWorkflow({ resource: 'agent', operation: 'get', agentId: '={{$json.id}}' }, items.slice(0, 200));

			const viaNode = async (wf = workflow, expected = n): Promise<number> => {
				const { ms, value } = await timed(() => runWorkflow(wf, credential));
				const error = value.error('Agora');
				if (error) throw new Error(`Agora node failed: ${error.message}`);
				const out = value.output('Agora');
				if (out.length !== expected || out.some((item) => item.status !== 'RUNNING' && item.status !== 'STARTING')) {
					throw new Error(`Agora node returned ${out.length} items, expected ${expected} agents`);
				}
				return ms;
			};

			const agent = new http.Agent({ keepAlive: false });
			const client = axios.create({
				baseURL: `${sb.url}/api/conversational-ai-agent/v2/projects/${sb.appId}`,
				auth: { username: sb.customerId, password: sb.customerSecret },
				httpAgent: agent,
				validateStatus: () => true,
			});
			const viaAxios = async (count = n): Promise<number> => {
				let bad = 0;
				const { ms } = await timed(() =>
					pool(count, CONCURRENCY, async (i) => {
						const res = await client.get(`/agents/${encodeURIComponent(items[i].id)}`, {
							headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
						});
						if (res.status !== 200) bad++;
					}),
				);
				if (bad) throw new Error(`raw loop: ${bad} answers were not 200`);
				return ms;
			};

			await viaNode(warmWorkflow, 200);
			await viaAxios(200);
			const r = await ratioRuns(runs, () => viaNode(), () => viaAxios());
			const row: Row = {
				bench: 1,
				name: `In-process: Agora node / raw axios loop, ${n} get agent, concurrency ${CONCURRENCY}`,
				values: r.ratios,
				unit: '',
				target: { op: '<=', value: 1.15 },
				detail: `node ${spread(r.a, 0, ' ms')}, axios ${spread(r.b, 0, ' ms')}; ${Math.round((n / (r.a.reduce((x, y) => x + y, 0) / r.a.length)) * 1000)} items/s via node`,
			};
			agent.destroy();
			return [row];
		} finally {
			await sb.close();
		}
	},
};

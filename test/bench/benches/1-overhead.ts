/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * 1. In-process overhead: "get agent" items through the Agora node in n8n's engine against a raw axios
 * loop and two reference nodes (lib/minimalNode.ts), to split n8n's cost from the node's.
 */
import axios from 'axios';
import { randomUUID } from 'crypto';
import http from 'http';
import type { IDataObject } from 'n8n-workflow';

import { agoraWorkflow, registerNodeType, runWorkflow, type TestWorkflow } from '../../lib/harness';
import { startSandboxWithCredential } from '../../lib/sandbox';
import { createAgents } from '../lib/agents';
import { MinimalGetAgent } from '../lib/minimalNode';
import type { Row } from '../lib/report';
import { pool, rotateRuns, spread, timed } from '../lib/stats';
import type { Bench } from '../lib/types';

const CONCURRENCY = 10;
const AGENTS = 20;

function size(smoke: boolean): number {
	return smoke ? 200 : 2000;
}

function minimalWorkflow(items: IDataObject[], readVia: 'item' | 'expression'): TestWorkflow {
	return {
		nodes: [
			{ name: 'Items', type: 'test.items', parameters: { items: JSON.stringify(items) } },
			{
				name: 'Minimal',
				type: 'bench.minimalGetAgent',
				parameters: { agentId: '={{$json.id}}', readVia },
				credentials: { agoraApi: { id: '1', name: 'Agora account' } },
			},
		],
		connections: { Items: { main: [[{ node: 'Minimal', type: 'main', index: 0 }]] } },
	};
}

export const overheadBench: Bench = {
	id: 1,
	title: 'In-process overhead of the Agora node',
	method: (smoke) =>
		`**1** — ${size(smoke)} "get agent" items (${AGENTS} agents, ids cycled, Agent ID = {{$json.id}}) through Items -> Agora node (Agent > Get, Request Options > Concurrency ${CONCURRENCY}) run by n8n-core's WorkflowExecute (test/lib/harness.ts); figure = its wall time / the wall time of a raw axios loop sending the same ${size(smoke)} GETs (Basic auth, X-Request-ID, Accept: application/json) with ${CONCURRENCY} in flight to the same in-process sandbox. Keep-alive: OFF on both sides — n8n's request helper builds a new http.Agent (keepAlive false) for every request and offers no way to pass one, so the baseline uses one http.Agent({keepAlive:false}): a new TCP connection per request on both sides. Beside them, two reference nodes (test/bench/lib/minimalNode.ts: the same request through n8n's this.helpers.httpRequestWithAuthentication with the credential handed over once, ${CONCURRENCY} in flight, nothing else): "helper floor" reads the Agent ID straight from the item, so "helper floor / axios" is what any node that sends through n8n's request helper pays, and "Agora / helper floor" is the Agora node's own cost; "expression node" reads it with getNodeParameter (n8n's expression engine evaluates {{$json.id}} per item), the cost the Agora node avoids by reading plain {{ $json… }} expressions from the item (nodes/Agora/form/parameters.ts). One untimed warm-up of each side; the order of the sides rotates per run.`,
	async run(ctx) {
		const n = size(ctx.smoke);
		const runs = Math.max(ctx.runs, 5);
		registerNodeType('bench.minimalGetAgent', new MinimalGetAgent());
		const { sb, credential } = await startSandboxWithCredential({});
		const agent = new http.Agent({ keepAlive: false });
		try {
			const ids = await createAgents(sb, AGENTS);
			const items = Array.from({ length: n }, (_, i) => ({ id: ids[i % ids.length] }));
			// The node's default concurrency is higher; the brief compares at the same concurrency as the loop.
			const params = {
				resource: 'agent',
				operation: 'get',
				agentId: '={{$json.id}}',
				requestOptions: { concurrency: CONCURRENCY },
			};

			const viaWorkflow = async (
				wf: TestWorkflow,
				node: string,
				expected: number,
			): Promise<number> => {
				const { ms, value } = await timed(() => runWorkflow(wf, credential));
				const error = value.error(node);
				if (error) throw new Error(`${node} node failed: ${error.message}`);
				const out = value.output(node);
				if (
					out.length !== expected ||
					out.some((item) => typeof item.agent_id !== 'string' || typeof item.status !== 'string')
				) {
					throw new Error(`${node} node returned ${out.length} items, expected ${expected} agents`);
				}
				return ms;
			};

			const client = axios.create({
				baseURL: `${sb.url}/api/conversational-ai-agent/v2/projects/${sb.appId}`,
				auth: { username: sb.customerId, password: sb.customerSecret },
				httpAgent: agent,
				validateStatus: () => true,
			});
			const viaAxios = async (count: number): Promise<number> => {
				let bad = 0;
				const { ms } = await timed(() =>
					pool(count, CONCURRENCY, async (i) => {
						const res = await client.get(`/agents/${encodeURIComponent(items[i].id)}`, {
							headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
						});
						if (res.status !== 200 || typeof res.data?.agent_id !== 'string') bad++;
					}),
				);
				if (bad) throw new Error(`raw loop: ${bad} answers were not an agent`);
				return ms;
			};

			const warm = items.slice(0, 200);
			await viaWorkflow(agoraWorkflow(params, warm), 'Agora', warm.length);
			await viaWorkflow(minimalWorkflow(warm, 'item'), 'Minimal', warm.length);
			await viaWorkflow(minimalWorkflow(warm, 'expression'), 'Minimal', warm.length);
			await viaAxios(warm.length);

			const agoraWf = agoraWorkflow(params, items);
			const floorWf = minimalWorkflow(items, 'item');
			const expressionWf = minimalWorkflow(items, 'expression');
			const r = await rotateRuns(runs, {
				agora: () => viaWorkflow(agoraWf, 'Agora', n),
				floor: () => viaWorkflow(floorWf, 'Minimal', n),
				expression: () => viaWorkflow(expressionWf, 'Minimal', n),
				axios: () => viaAxios(n),
			});
			const ratio = (a: number[], b: number[]) => a.map((x, i) => x / b[i]);
			const rows: Row[] = [
				{
					bench: 1,
					name: `In-process: Agora node / raw axios loop, ${n} get agent, concurrency ${CONCURRENCY}`,
					values: ratio(r.agora, r.axios),
					unit: '',
					target: { op: '<=', value: 1.15 },
					detail: `Agora node ${spread(r.agora, 0, ' ms')}, axios ${spread(r.axios, 0, ' ms')}`,
				},
				{
					bench: 1,
					name: `(attribution) helper floor / raw axios loop: n8n's request helper, which every node must use`,
					values: ratio(r.floor, r.axios),
					unit: '',
					detail: `helper floor ${spread(r.floor, 0, ' ms')}; per item ${spread(
						r.floor.map((m, i) => ((m - r.axios[i]) / n) * 1000),
						0,
						' µs',
					)} more than axios`,
				},
				{
					bench: 1,
					name: `(attribution) Agora node / helper floor: the Agora node's own code`,
					values: ratio(r.agora, r.floor),
					unit: '',
					detail: `per item ${spread(
						r.agora.map((a, i) => ((a - r.floor[i]) / n) * 1000),
						0,
						' µs',
					)} more than the helper floor`,
				},
				{
					bench: 1,
					name: `(attribution) expression node / raw axios loop: n8n's request helper + n8n's expression engine per item`,
					values: ratio(r.expression, r.axios),
					unit: '',
					detail: `expression node ${spread(r.expression, 0, ' ms')}; per item ${spread(
						r.expression.map((m, i) => ((m - r.floor[i]) / n) * 1000),
						0,
						' µs',
					)} more than the helper floor`,
				},
			];
			return rows;
		} finally {
			agent.destroy();
			await sb.close();
		}
	},
};

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Evidence for bench 1 (in-process Agora node / raw axios loop, target 1.15): what any n8n node
 * pays per "get agent" item before its own code runs, split into n8n's two costs. One reference
 * node runs in n8n's engine (test/lib/harness.ts) in six variants, each sending the same 2000
 * GETs with 10 in flight to the same in-process sandbox, keep-alive off everywhere (n8n's helper
 * makes a new http.Agent per request):
 *   raw axios loop             no engine: the bench's baseline
 *   engine + axios             the node reads items[i].json.id and sends with a shared axios client
 *   engine + expr + axios      ... Agent ID read with getNodeParameter('agentId', i) = {{$json.id}}
 *   engine + httpRequest       n8n's this.helpers.httpRequest with explicit Basic auth
 *   engine + withAuth          n8n's httpRequestWithAuthentication (credential handed over once)
 *   engine + expr + withAuth   both n8n costs: the least a node that uses n8n's expression
 *                              engine and request helper can do
 * Usage: npx ts-node --transpile-only test/bench/experiments/n8n-floor.ts
 * Measured 2026-11-22 (2 cores, quiet), medians of 5: 1.00, 0.99, 1.59, 1.56, 1.59, 2.12. n8n's
 * engine itself costs nothing measurable; n8n's expression evaluation (~250 µs per item) and its
 * request helper (~235 µs per request) each add about 0.55 of the raw loop's time. The Agora node
 * no longer pays the first for plain {{ $json… }} reads (nodes/Agora/actions/common/parameters.ts); the
 * helper, which a community node must use, stays: bench 1's "helper floor" row measures it.
 */
import '../lib/env';

import axios from 'axios';
import { randomUUID } from 'crypto';
import http from 'http';
import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { startSandbox } from '../../../sandbox/src';
import { registerNodeType, runWorkflow, type TestWorkflow } from '../../lib/harness';
import { createAgents } from '../lib/agents';
import { median, pool, spread } from '../lib/stats';

const N = 2000;
const CONCURRENCY = 10;
const RUNS = 5;
const agent = new http.Agent({ keepAlive: false });

type Variant = 'axios' | 'expr+axios' | 'httpRequest' | 'withAuth' | 'expr+withAuth';
let variant: Variant = 'axios';

class FloorNode implements INodeType {
	description = {
		displayName: 'Floor',
		name: 'floor',
		group: ['transform'],
		version: 1,
		description: 'Reference node for the n8n-floor experiment',
		defaults: { name: 'Floor' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'agoraApi', required: true }],
		properties: [{ displayName: 'Agent ID', name: 'agentId', type: 'string', default: '' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData();
		const c = await this.getCredentials('agoraApi');
		const auth = { username: String(c.customerId), password: String(c.customerSecret) };
		const base = `${String(c.customBaseUrl)}/api/conversational-ai-agent/v2/projects/${String(c.appId)}`;
		const client = axios.create({ auth, httpAgent: agent, validateStatus: () => true });
		const handOver = { credentialsDecrypted: { id: '1', name: 'A', type: 'agoraApi', data: c } };
		const out = new Array<INodeExecutionData>(items.length);
		await pool(items.length, CONCURRENCY, async (i) => {
			const id = variant.startsWith('expr') ? (this.getNodeParameter('agentId', i) as string) : String(items[i].json.id);
			const request = {
				method: 'GET' as const,
				url: `${base}/agents/${encodeURIComponent(id)}`,
				headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
			};
			const n8nOptions = { ...request, returnFullResponse: true, ignoreHttpStatusErrors: true, json: true };
			let status: number;
			if (variant.endsWith('withAuth')) {
				status = ((await this.helpers.httpRequestWithAuthentication.call(this, 'agoraApi', n8nOptions, handOver)) as { statusCode: number }).statusCode;
			} else if (variant === 'httpRequest') {
				status = ((await this.helpers.httpRequest({ ...n8nOptions, auth })) as { statusCode: number }).statusCode;
			} else {
				status = (await client.request(request)).status;
			}
			if (status !== 200) throw new Error(`answer ${status}`);
			out[i] = { json: { id } };
		});
		return [out];
	}
}

async function main(): Promise<void> {
	registerNodeType('bench.floor', new FloorNode());
	const sb = await startSandbox({});
	try {
		const ids = await createAgents(sb, 20);
		const items = Array.from({ length: N }, (_, i) => ({ id: ids[i % ids.length] }));
		const credential = { customerId: sb.customerId, customerSecret: sb.customerSecret, appId: sb.appId, host: 'custom', customBaseUrl: sb.url };
		const workflow: TestWorkflow = {
			nodes: [
				{ name: 'Items', type: 'test.items', parameters: { items: JSON.stringify(items) } },
				{ name: 'Floor', type: 'bench.floor', parameters: { agentId: '={{$json.id}}' }, credentials: { agoraApi: { id: '1', name: 'A' } } },
			],
			connections: { Items: { main: [[{ node: 'Floor', type: 'main', index: 0 }]] } },
		};
		const client = axios.create({
			baseURL: `${sb.url}/api/conversational-ai-agent/v2/projects/${sb.appId}`,
			auth: { username: sb.customerId, password: sb.customerSecret },
			httpAgent: agent,
			validateStatus: () => true,
		});
		const sides: Record<string, () => Promise<void>> = {
			'raw axios loop': () =>
				pool(N, CONCURRENCY, async (i) => {
					const r = await client.get(`/agents/${encodeURIComponent(items[i].id)}`, { headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' } });
					if (r.status !== 200) throw new Error(`answer ${r.status}`);
				}),
		};
		for (const v of ['axios', 'expr+axios', 'httpRequest', 'withAuth', 'expr+withAuth'] as Variant[]) {
			sides[`engine + ${v.replace('+', ' + ')}`] = async () => {
				variant = v;
				const run = await runWorkflow(workflow, credential);
				const error = run.error('Floor');
				if (error) throw error;
			};
		}
		const times: Record<string, number[]> = {};
		for (let r = 0; r <= RUNS; r++) {
			for (const [name, side] of Object.entries(sides)) {
				const t = process.hrtime.bigint();
				await side();
				if (r > 0) (times[name] ??= []).push(Number(process.hrtime.bigint() - t) / 1e6); // run 0 warms up
			}
		}
		const raw = median(times['raw axios loop']);
		for (const [name, ms] of Object.entries(times)) {
			console.log(`${name.padEnd(28)} ${(median(ms) / raw).toFixed(2)} of the raw loop   ${spread(ms, 0, ' ms')}`);
		}
	} finally {
		await sb.close();
	}
}

// n8n-core leaves timers behind, so the process is ended explicitly.
main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);

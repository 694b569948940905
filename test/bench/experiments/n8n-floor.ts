/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * Experiment behind bench 1: what any n8n node pays per "get agent" item (engine, expressions, request
 * helper), six variants of one reference node; see docs/benchmarks.md. Run with ts-node.
 */
import '../lib/env';

import axios from 'axios';
import { randomUUID } from 'crypto';
import http from 'http';
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

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
			const id = variant.startsWith('expr')
				? (this.getNodeParameter('agentId', i) as string)
				: String(items[i].json.id);
			const request = {
				method: 'GET' as const,
				url: `${base}/agents/${encodeURIComponent(id)}`,
				headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
			};
			const n8nOptions = {
				...request,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				json: true,
			};
			let status: number;
			if (variant.endsWith('withAuth')) {
				status = (
					(await this.helpers.httpRequestWithAuthentication.call(
						this,
						'agoraApi',
						n8nOptions,
						handOver,
					)) as { statusCode: number }
				).statusCode;
			} else if (variant === 'httpRequest') {
				status = (
					(await this.helpers.httpRequest({ ...n8nOptions, auth })) as { statusCode: number }
				).statusCode;
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
		const credential = {
			customerId: sb.customerId,
			customerSecret: sb.customerSecret,
			appId: sb.appId,
			host: 'custom',
			customBaseUrl: sb.url,
		};
		const workflow: TestWorkflow = {
			nodes: [
				{ name: 'Items', type: 'test.items', parameters: { items: JSON.stringify(items) } },
				{
					name: 'Floor',
					type: 'bench.floor',
					parameters: { agentId: '={{$json.id}}' },
					credentials: { agoraApi: { id: '1', name: 'A' } },
				},
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
					const r = await client.get(`/agents/${encodeURIComponent(items[i].id)}`, {
						headers: { 'X-Request-ID': randomUUID(), Accept: 'application/json' },
					});
					if (r.status !== 200) throw new Error(`answer ${r.status}`);
				}),
		};
		for (const v of [
			'axios',
			'expr+axios',
			'httpRequest',
			'withAuth',
			'expr+withAuth',
		] as Variant[]) {
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
			console.log(
				`${name.padEnd(28)} ${(median(ms) / raw).toFixed(2)} of the raw loop   ${spread(ms, 0, ' ms')}`,
			);
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

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, import-x/no-unresolved -- not part of the published package: test or dev code run by plain Node; the MCP SDK resolves through its exports map, which the lint resolver does not read */
/**
 * 9. The agent's tools in n8n: how long one `tools/call` takes through n8n's own MCP Server Trigger
 * (the workflow of the MCP end-to-end test), with the official MCP SDK client as Agora's agent
 * uses it, on each tested n8n version.
 */
import fs from 'fs';
import path from 'path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { HOURS_ANSWER, HOURS_TOOL_NODE, MCP_TOKEN, ORDER_TOOL_NODE, orderAnswer, startMcpN8n, toolName } from '../../e2e/mcpServer';
import { DEFAULT_N8N_VERSION, ROOT } from '../../e2e/n8nHost';
import type { Row } from '../lib/report';
import { median, spread } from '../lib/stats';
import type { Bench } from '../lib/types';

/** The e2e suite's versions (N8N_E2E_VERSIONS), by default both tested ones. */
function versions(smoke: boolean): string[] {
	if (smoke) return [DEFAULT_N8N_VERSION];
	return (process.env.N8N_E2E_VERSIONS ?? '1.123.81 2.41.1').split(/\s+/).filter(Boolean);
}

const callsPerRun = (smoke: boolean): number => (smoke ? 3 : 30);
const WARM_UP_CALLS = 5;

interface Tool {
	name: string;
	args: Record<string, unknown>;
	answer: string;
}
const TRIVIAL: Tool = { name: toolName(HOURS_TOOL_NODE), args: { input: 'today' }, answer: HOURS_ANSWER };
const SUB_WORKFLOW: Tool = { name: toolName(ORDER_TOOL_NODE), args: { orderId: '42' }, answer: orderAnswer('42') };

/** Milliseconds of each sequential tools/call; every answer is checked. */
async function callTimes(client: Client, tool: Tool, calls: number): Promise<number[]> {
	const times: number[] = [];
	for (let i = 0; i < calls; i++) {
		const t0 = performance.now();
		const result = await client.callTool({ name: tool.name, arguments: tool.args });
		times.push(performance.now() - t0);
		if (result.isError || !JSON.stringify(result.content).includes(tool.answer)) {
			throw new Error(`${tool.name} answered ${JSON.stringify(result).slice(0, 300)}`);
		}
	}
	return times;
}

export const mcpToolsBench: Bench = {
	id: 9,
	title: 'tools/call through n8n’s MCP Server Trigger',
	method: (smoke) =>
		`**9** — \`n8n start\` of each version (${versions(smoke).join(', ')}${smoke ? '; the smoke run measures the default version only' : ''}), fresh user folder, N8N_RUNNERS_ENABLED=false, with the MCP end-to-end test's workflow (test/e2e/mcpServer.ts): MCP Server Trigger 2 (bearer auth, httpBearerAuth credential) with a Code Tool returning a constant string (the trivial tool) and a Workflow Tool running a two-node sub-workflow (Execute Workflow Trigger -> Set). One official MCP SDK client (Streamable HTTP, as the sandbox's agent) initializes once and calls tools/call sequentially; ${WARM_UP_CALLS} untimed warm-up calls of each tool, then per run ${callsPerRun(smoke)} calls of each tool. Figure: the median latency of the run's calls (client side: request sent to result parsed; it includes n8n saving the execution each call starts); every answer is checked.`,
	async run(ctx) {
		const rows: Row[] = [];
		for (const version of versions(ctx.smoke)) {
			const folder = fs.mkdtempSync(path.join(ROOT, '.cache', 'bench-mcp-'));
			try {
				ctx.log(`starting n8n ${version} with the MCP Server Trigger`);
				const n8n = await startMcpN8n(version, folder, { N8N_RUNNERS_ENABLED: 'false', N8N_LOG_LEVEL: 'warn' });
				const client = new Client({ name: 'agora-bench', version: '1.0.0' });
				try {
					await client.connect(new StreamableHTTPClientTransport(new URL(n8n.url), { requestInit: { headers: { Authorization: `Bearer ${MCP_TOKEN}` } } }));
					const tools = [TRIVIAL, SUB_WORKFLOW];
					for (const tool of tools) await callTimes(client, tool, WARM_UP_CALLS);
					// Per tool: the median of each run, and every call's time.
					const medians = new Map(tools.map((t) => [t, [] as number[]]));
					const all = new Map(tools.map((t) => [t, [] as number[]]));
					for (let run = 0; run < ctx.runs; run++) {
						for (const tool of tools) {
							const times = await callTimes(client, tool, callsPerRun(ctx.smoke));
							medians.get(tool)!.push(median(times));
							all.get(tool)!.push(...times);
						}
					}
					rows.push({
						bench: 9,
						name: `MCP tools/call, trivial tool (Code Tool), n8n ${version}`,
						values: medians.get(TRIVIAL)!,
						unit: 'ms',
						digits: 1,
						target: { op: '<=', value: 100 },
						detail: `all ${all.get(TRIVIAL)!.length} calls: ${spread(all.get(TRIVIAL)!, 1, ' ms')}`,
					});
					rows.push({
						bench: 9,
						name: `(reference) MCP tools/call, Workflow Tool running a sub-workflow, n8n ${version}`,
						values: medians.get(SUB_WORKFLOW)!,
						unit: 'ms',
						digits: 1,
						detail: `all ${all.get(SUB_WORKFLOW)!.length} calls: ${spread(all.get(SUB_WORKFLOW)!, 1, ' ms')}`,
					});
				} finally {
					await client.close().catch(() => undefined);
					await n8n.stop();
				}
			} finally {
				if (!process.env.BENCH_KEEP) fs.rmSync(folder, { recursive: true, force: true });
			}
		}
		return rows;
	},
};

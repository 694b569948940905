/* eslint-disable import-x/no-unresolved -- the MCP SDK resolves through its package exports map, which the lint resolver does not read */
/**
 * 9. The agent's tools in n8n: one `tools/call` through n8n's MCP Server Trigger (bearer auth,
 * Streamable HTTP), as Agora's engine makes it during a turn, timed from the client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { MCP_TOOLS } from '../lib/n8nFixture';
import type { Row } from '../lib/report';
import { median, spread, timed } from '../lib/stats';
import type { Bench } from '../lib/types';

const WARM_UP = 20;
const calls = (smoke: boolean) => (smoke ? 20 : 200);

export const mcpToolsBench: Bench = {
	id: 9,
	title: 'tools/call through n8n’s MCP Server Trigger',
	method: (smoke) =>
		`**9** — Same \`n8n start\` as 2. An active workflow: MCP Server Trigger version 2 (bearer auth) with n8n's Calculator tool. The official MCP SDK client (Streamable HTTP, the bearer header) initializes once, lists the tools, makes ${WARM_UP} untimed calls, then ${calls(smoke)} sequential \`tools/call\` calculator {"input": "6*7"}, each timed from request to answer; figure = median per run (target <= 100 ms). Every answer must be 42.`,
	async run(ctx) {
		const fx = await ctx.n8n();
		const url = new URL(`${fx.host.baseUrl}/mcp/${MCP_TOOLS.path}`);
		const client = new Client({ name: 'bench-agent', version: '1.0.0' });
		await client.connect(
			new StreamableHTTPClientTransport(url, {
				requestInit: { headers: { Authorization: `Bearer ${MCP_TOOLS.token}` } },
			}),
		);
		try {
			const names = (await client.listTools()).tools.map((t) => t.name);
			if (!names.includes('calculator'))
				throw new Error(`the trigger lists ${JSON.stringify(names)}, no calculator`);
			const call = async () => {
				const result = (await client.callTool({
					name: 'calculator',
					arguments: { input: '6*7' },
				})) as { content?: Array<{ text?: string }> };
				const text = result.content?.map((c) => c.text ?? '').join('') ?? '';
				if (!text.includes('42')) throw new Error(`calculator answered ${JSON.stringify(result)}`);
			};
			for (let i = 0; i < WARM_UP; i++) await call();
			const medians: number[] = [];
			for (let run = 0; run < ctx.runs; run++) {
				const times: number[] = [];
				for (let i = 0; i < calls(ctx.smoke); i++) times.push((await timed(call)).ms);
				medians.push(median(times));
				ctx.log(`bench 9 run ${run + 1}: median ${median(times).toFixed(1)} ms`);
			}
			const row: Row = {
				bench: 9,
				name: `Agent tools: median tools/call through n8n's MCP Server Trigger, ${calls(ctx.smoke)} calls`,
				values: medians,
				unit: 'ms',
				target: { op: '<=', value: 100 },
				detail: `medians ${spread(medians, 1, ' ms')}`,
				digits: 1,
			};
			return [row];
		} finally {
			await client.close();
		}
	},
};

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The benches' real n8n (test/lib/n8nE2e.ts) with their credentials and workflows, active and served;
 * shared by benches 2, 5 and 9, stopped by run.ts, also on failure.
 */
import fs from 'fs';
import path from 'path';

import { type N8nHost } from '../../../scripts/lib/n8nHost';
import { DEFAULT_N8N_VERSION, ROOT } from '../../../scripts/lib/n8nInstall';
import { type SandboxProcess } from '../../../scripts/lib/sandboxProcess';
import { N8nE2e } from '../../lib/n8nE2e';
import { createAgents } from './agents';

export const AGORA_CREDENTIAL = { id: 'benchAgoraCred01', name: 'Agora bench' };
export const BASIC_CREDENTIAL = { id: 'benchBasicCred01', name: 'Sandbox basic auth' };

/** Bench 2: Webhook (answers when the last node is done) -> Code (N items) -> node under test. */
export const GET_WORKFLOWS = {
	agora: { id: 'benchGetAgora0001', path: 'bench-get-agora', node: 'Agora' },
	http: { id: 'benchGetHttp00001', path: 'bench-get-http', node: 'HTTP Request' },
} as const;

/** Bench 5: a single trigger node each, both answering at once. */
export const NOTIFY_WORKFLOWS = {
	trigger: {
		id: 'benchNotifyAgora1',
		webhookId: '3b1f7d2e-5c4a-4e8b-9f60-1a2b3c4d5e6f',
		node: 'Agora Trigger',
	},
	webhook: {
		id: 'benchNotifyHook01',
		path: 'bench-notify',
		webhookId: '8e2d4c6a-1b3f-4a5d-8c7e-9f0a1b2c3d4e',
		node: 'Webhook',
	},
} as const;

export const AGENT_COUNT = 20;

/** An MCP Server Trigger (bearer auth) with n8n's calculator tool: the agent's tools as bench 8 calls them. */
export const MCP_TOOLS = {
	id: 'benchMcpTools01',
	path: 'bench-tools',
	token: 'bench-mcp-bearer-token',
	credential: { id: 'benchMcpBearer01', name: 'Bench MCP bearer' },
};

function mcpToolsWorkflow(): object {
	return {
		id: MCP_TOOLS.id,
		name: 'Bench: MCP Server Trigger',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'mcp-trigger',
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '4c1d7e28-5a9b-4f3e-8d60-2b7e9c1a3f55',
				parameters: { authentication: 'bearerAuth', path: MCP_TOOLS.path },
				credentials: { httpBearerAuth: MCP_TOOLS.credential },
			},
			{
				id: 'mcp-calculator',
				name: 'calculator',
				type: '@n8n/n8n-nodes-langchain.toolCalculator',
				typeVersion: 1,
				position: [0, 200],
				parameters: {},
			},
		],
		connections: {
			calculator: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
		},
	};
}

/** Makes N items {id} cycling over the agent ids sent in the webhook body {count, ids}. */
const CODE = `const body = $input.first().json.body;
const out = [];
for (let i = 0; i < body.count; i++) out.push({ json: { id: body.ids[i % body.ids.length] } });
return out;`;

function getWorkflow(kind: 'agora' | 'http', sandbox: SandboxProcess): object {
	const w = GET_WORKFLOWS[kind];
	const target =
		kind === 'agora'
			? {
					name: w.node,
					type: 'n8n-nodes-agora.agora',
					typeVersion: 1,
					parameters: { resource: 'agent', operation: 'get', agentId: '={{ $json.id }}' },
					credentials: { agoraApi: AGORA_CREDENTIAL },
				}
			: {
					name: w.node,
					type: 'n8n-nodes-base.httpRequest',
					typeVersion: 4.2,
					parameters: {
						url: `=${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/agents/{{ $json.id }}`,
						authentication: 'genericCredentialType',
						genericAuthType: 'httpBasicAuth',
						options: {},
					},
					credentials: { httpBasicAuth: BASIC_CREDENTIAL },
				};
	return {
		id: w.id,
		name: `Bench: get agent via ${w.node}`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${kind}-hook`,
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: `bench-${kind}-get-hook-0000000000`,
				parameters: { httpMethod: 'POST', path: w.path, responseMode: 'lastNode', options: {} },
			},
			{
				id: `${kind}-code`,
				name: 'Code',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [200, 0],
				parameters: { jsCode: CODE },
			},
			{ id: `${kind}-target`, position: [400, 0], ...target },
		],
		connections: {
			Webhook: { main: [[{ node: 'Code', type: 'main', index: 0 }]] },
			Code: { main: [[{ node: w.node, type: 'main', index: 0 }]] },
		},
	};
}

export function notifyWorkflows(): object[] {
	const t = NOTIFY_WORKFLOWS.trigger;
	const h = NOTIFY_WORKFLOWS.webhook;
	return [
		{
			id: t.id,
			name: 'Bench: Agora Trigger',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{
					id: 'notify-trigger',
					name: t.node,
					type: 'n8n-nodes-agora.agoraTrigger',
					typeVersion: 1,
					position: [0, 0],
					webhookId: t.webhookId,
					parameters: { product: 'conversationalAi', conversationalAiEvents: ['*'], options: {} },
					credentials: { agoraApi: AGORA_CREDENTIAL },
				},
			],
			connections: {},
		},
		{
			id: h.id,
			name: 'Bench: Webhook node',
			active: false,
			settings: { executionOrder: 'v1' },
			nodes: [
				{
					id: 'notify-webhook',
					name: h.node,
					type: 'n8n-nodes-base.webhook',
					typeVersion: 2,
					position: [0, 0],
					webhookId: h.webhookId,
					parameters: { httpMethod: 'POST', path: h.path, responseMode: 'onReceived', options: {} },
				},
			],
			connections: {},
		},
	];
}

export interface ExecutionSummary {
	id: number;
	status: string;
	runData: Record<
		string,
		Array<{
			executionTime: number;
			data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
			error?: { message: string };
		}>
	>;
}

export class N8nFixture {
	agentIds: string[] = [];
	n8nVersion = '';

	private constructor(private readonly e2e: N8nE2e) {}

	get host(): N8nHost {
		return this.e2e.host;
	}

	get sandbox(): SandboxProcess {
		return this.e2e.sandbox;
	}

	static async start(log: (m: string) => void): Promise<N8nFixture> {
		log(
			'installing n8n if missing (first time: several minutes), packing and installing the package',
		);
		fs.mkdirSync(path.join(ROOT, '.cache'), { recursive: true });
		const e2e = await N8nE2e.start({
			name: 'bench',
			version: DEFAULT_N8N_VERSION,
			parentDir: path.join(ROOT, '.cache'),
			sandbox: { SANDBOX_PLAYER_QUOTA: '100000' },
			n8nEnv: {
				N8N_RUNNERS_ENABLED: 'false',
				N8N_LOG_LEVEL: 'warn',
				N8N_PAYLOAD_SIZE_MAX: '64',
				// For profiling n8n itself, e.g. BENCH_N8N_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof".
				NODE_OPTIONS: process.env.BENCH_N8N_NODE_OPTIONS ?? '',
				...(process.env.BENCH_SQLITE_POOL_SIZE
					? { DB_SQLITE_POOL_SIZE: process.env.BENCH_SQLITE_POOL_SIZE }
					: {}),
			},
		});
		const fixture = new N8nFixture(e2e);
		try {
			const { host, sandbox } = e2e;
			fixture.n8nVersion = JSON.parse(
				fs.readFileSync(path.join(host.n8nDir, 'node_modules', 'n8n', 'package.json'), 'utf8'),
			).version;
			await host.importCredentialData([
				{
					...AGORA_CREDENTIAL,
					type: 'agoraApi',
					data: {
						customerId: sandbox.customerId,
						customerSecret: sandbox.customerSecret,
						appId: sandbox.appId,
						host: 'custom',
						customBaseUrl: sandbox.url,
						notificationSecret: sandbox.notificationSecret,
					},
				},
				{
					...BASIC_CREDENTIAL,
					type: 'httpBasicAuth',
					data: { user: sandbox.customerId, password: sandbox.customerSecret },
				},
				{ ...MCP_TOOLS.credential, type: 'httpBearerAuth', data: { token: MCP_TOOLS.token } },
			]);
			const workflows = [
				getWorkflow('agora', sandbox),
				getWorkflow('http', sandbox),
				...notifyWorkflows(),
				mcpToolsWorkflow(),
			];
			await e2e.importWorkflows(workflows);
			fixture.agentIds = await createAgents(sandbox, AGENT_COUNT);
			log(`starting n8n ${fixture.n8nVersion} on ${host.baseUrl}`);
			await e2e.serve(workflows.map((wf) => (wf as { id: string }).id));
			return fixture;
		} catch (error) {
			await e2e.close();
			throw error;
		}
	}

	/** Production webhook URL of a path (`webhook/<path>`). */
	webhookUrl(pathname: string): string {
		return `${this.host.baseUrl}/webhook/${pathname}`;
	}

	/** n8n's database, read with a busy wait (see N8nHost.query: a read during a burst hit SQLITE_BUSY). */
	private db<T>(sql: string, params: unknown[]): Promise<T[]> {
		return this.host.query<T>(sql, params);
	}

	/** Executions of a workflow that have ended (any status). */
	async finishedCount(workflowId: string): Promise<number> {
		const rows = await this.db<{ n: number }>(
			`SELECT COUNT(*) AS n FROM execution_entity WHERE workflowId = ? AND status NOT IN ('new', 'running', 'waiting')`,
			[workflowId],
		);
		return rows[0].n;
	}

	async statusCounts(workflowId: string): Promise<Record<string, number>> {
		const rows = await this.db<{ status: string; n: number }>(
			`SELECT status, COUNT(*) AS n FROM execution_entity WHERE workflowId = ? GROUP BY status`,
			[workflowId],
		);
		return Object.fromEntries(rows.map((r) => [r.status, r.n]));
	}

	/** The newest ended execution of a workflow with an id above `afterId`, with its run data. */
	async latestExecution(
		workflowId: string,
		afterId: number,
		timeoutMs = 30000,
	): Promise<ExecutionSummary> {
		const flatted = require(path.join(this.host.n8nDir, 'node_modules', 'flatted'));
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const rows = await this.db<{ id: number; status: string; data: string }>(
				`SELECT e.id, e.status, d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id
				 WHERE e.workflowId = ? AND e.id > ? AND e.status NOT IN ('new', 'running', 'waiting') ORDER BY e.id DESC LIMIT 1`,
				[workflowId, afterId],
			);
			if (rows.length) {
				const data = flatted.parse(rows[0].data);
				return { id: rows[0].id, status: rows[0].status, runData: data.resultData.runData };
			}
			if (Date.now() > deadline)
				throw new Error(`no finished execution of ${workflowId} after id ${afterId}`);
			await new Promise((r) => setTimeout(r, 100));
		}
	}

	async lastExecutionId(): Promise<number> {
		const rows = await this.db<{ id: number | null }>(
			`SELECT MAX(id) AS id FROM execution_entity`,
			[],
		);
		return rows[0].id ?? 0;
	}

	/** Waits until n8n has no execution left running (background runs of answered webhooks). */
	async drain(workflowId: string, expected: number, timeoutMs = 120000): Promise<number> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const done = await this.finishedCount(workflowId);
			if (done >= expected) return done;
			if (Date.now() > deadline)
				throw new Error(
					`only ${done} of ${expected} executions of ${workflowId} ended within ${timeoutMs} ms`,
				);
			await new Promise((r) => setTimeout(r, 250));
		}
	}

	async stop(): Promise<void> {
		await this.e2e.close(Boolean(process.env.BENCH_KEEP));
	}
}

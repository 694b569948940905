/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, import-x/no-unresolved -- not part of the published package: test or dev code run by plain Node */
/**
 * The agent's tools in a real n8n: n8n's own MCP Server Trigger (bearer auth) with a Workflow Tool
 * and a Code Tool, reached by the official MCP SDK client directly and by a sandbox agent (playing
 * Agora's agent) whose scripted model calls a tool during a caller turn.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import type { IHttpRequestOptions } from 'n8n-workflow';

import { listMcpToolNames } from '../../nodes/shared/mcpToolList';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import {
	HOURS_ANSWER,
	HOURS_TOOL_NODE,
	MCP_TOKEN,
	MCP_WORKFLOW_ID,
	ORDER_TOOL_NODE,
	ORDER_WORKFLOW_ID,
	orderAnswer,
	serveMcp,
	toolName,
	type McpN8n,
} from './mcpServer';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { N8N_VERSION as version, useN8nE2e } from '../lib/n8nE2e';

const ORDER_TOOL = toolName(ORDER_TOOL_NODE);
const HOURS_TOOL = toolName(HOURS_TOOL_NODE);

let n8n: McpN8n;
let sandbox: SandboxProcess;
let model: ScriptedModel;
let receiver: http.Server;
const notices: Array<{ eventType: number; payload: Record<string, unknown> }> = [];

beforeAll(async () => {
	receiver = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (d) => (raw += d));
		req.on('end', () => {
			notices.push(JSON.parse(raw));
			res.end('ok');
		});
	});
	await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
	model = await startScriptedModel({ orderId: '42' });
});

const notifyUrl = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
useN8nE2e(
	{
		name: 'mcp-e2e',
		sandbox: () => ({
			SANDBOX_START_DELAY_MS: '20',
			SANDBOX_STOP_DELAY_MS: '20',
			SANDBOX_NOTIFY_URL: notifyUrl(),
		}),
	},
	async (e2e) => {
		sandbox = e2e.sandbox;
		n8n = await serveMcp(e2e);
	},
);

afterAll(async () => {
	await model?.close();
	await new Promise((resolve) => receiver?.close(resolve));
});

function mcpClient(token: string): { client: Client; transport: StreamableHTTPClientTransport } {
	const transport = new StreamableHTTPClientTransport(new URL(n8n.url), {
		requestInit: { headers: { Authorization: `Bearer ${token}` } },
	});
	return { client: new Client({ name: 'agora-e2e', version: '1.0.0' }), transport };
}

/** Executions of a workflow that have ended, once at least `atLeast` have (n8n saves them after answering). */
async function ended(
	workflowId: string,
	atLeast: number,
): Promise<Array<{ id: number; status: string; mode: string }>> {
	for (let tries = 0; ; tries++) {
		const rows = await n8n.host.query<{ id: number; status: string; mode: string }>(
			`SELECT id, status, mode FROM execution_entity WHERE workflowId = ? AND status NOT IN ('new', 'running', 'waiting') ORDER BY id`,
			[workflowId],
		);
		if (rows.length >= atLeast || tries > 600) return rows;
		await new Promise((r) => setTimeout(r, 100));
	}
}

const agora = (pathname: string, body?: unknown) => sandbox.agentApi(pathname, body);

/** Starts an agent as the Agora node sends it, with n8n's MCP server, and waits until it runs. */
async function toolAgent(name: string, token: string, allowedTools?: string[]): Promise<string> {
	const started = await agora('/join', {
		name,
		properties: {
			channel: name,
			token: 'tok',
			agent_rtc_uid: '1001',
			remote_rtc_uids: ['2002'],
			advanced_features: { enable_tools: true },
			llm: {
				url: `${model.url}/chat/completions`,
				api_key: 'model-key',
				system_messages: [{ role: 'system', content: 'You help customers with their orders.' }],
				mcp_servers: [
					{
						name: 'n8n',
						endpoint: n8n.url,
						transport: 'streamable_http',
						headers: { Authorization: `Bearer ${token}` },
						allowed_tools: allowedTools,
					},
				],
			},
			tts: { vendor: 'microsoft', params: { voice_name: 'en-US-AndrewNeural' } },
		},
	});
	expect(started.status).toBe(200);
	const id = started.data.agent_id as string;
	for (let tries = 0; (await agora(`/agents/${id}`)).data.status !== 'RUNNING'; tries++) {
		if (tries > 400) throw new Error(`agent ${id} did not run`);
		await new Promise((r) => setTimeout(r, 50));
	}
	// The conversation view answers once the agent's MCP servers are initialized.
	await sandbox.control(`agents/${id}/conversation`);
	return id;
}

describe(`n8n ${version}: MCP Server Trigger`, () => {
	test('the MCP SDK client initializes, lists the tool nodes by name, calls the Workflow Tool and the Code Tool', async () => {
		const { client, transport } = mcpClient(MCP_TOKEN);
		await client.connect(transport);
		try {
			expect(client.getServerCapabilities()?.tools).toBeDefined();
			const listed = await client.listTools();
			expect(listed.tools.map((t) => t.name).sort()).toEqual([HOURS_TOOL, ORDER_TOOL].sort());
			const order = await client.callTool({ name: ORDER_TOOL, arguments: { orderId: '7' } });
			expect(JSON.stringify(order.content)).toContain(orderAnswer('7'));
			expect(order.isError).toBeFalsy();
			const hours = await client.callTool({ name: HOURS_TOOL, arguments: { input: 'today' } });
			expect(JSON.stringify(hours.content)).toContain(HOURS_ANSWER);
		} finally {
			await client.close();
		}
		const runs = await ended(ORDER_WORKFLOW_ID, 1);
		expect(runs.map((r) => r.status)).toEqual(['success']);
	});

	test('the node’s own MCP client (Allowed Tools list and check) reads the tools n8n’s trigger lists', async () => {
		// The fields of n8n's request helper the client uses, over fetch: method, url, headers, body, full response.
		const request = async (options: IHttpRequestOptions) => {
			const response = await fetch(options.url, {
				method: options.method,
				headers: options.headers as Record<string, string>,
				body: options.body as string,
			});
			return {
				statusCode: response.status,
				headers: Object.fromEntries(response.headers.entries()),
				body: await response.text(),
			};
		};
		const listed = await listMcpToolNames(request, n8n.url, {
			Authorization: `Bearer ${MCP_TOKEN}`,
		});
		expect(listed.ok && [...listed.names].sort()).toEqual([HOURS_TOOL, ORDER_TOOL].sort());
		expect(
			await listMcpToolNames(request, n8n.url, { Authorization: 'Bearer not-the-token' }),
		).toMatchObject({ ok: false });
	});

	test('a wrong bearer token is refused before any session starts', async () => {
		const { client, transport } = mcpClient('not-the-token');
		await expect(client.connect(transport)).rejects.toThrow(/403|401|Authorization/i);
		await client.close();
		const missing = await fetch(n8n.url, {
			method: 'POST',
			headers: {
				'Content-Type': 'application/json',
				Accept: 'application/json, text/event-stream',
			},
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: {
					protocolVersion: '2025-03-26',
					capabilities: {},
					clientInfo: { name: 'x', version: '1' },
				},
			}),
		});
		expect([401, 403]).toContain(missing.status);
	});

	test('an agent in the sandbox lists the tool nodes by name', async () => {
		const id = await toolAgent('mcp-e2e-all-tools', MCP_TOKEN);
		const conversation = await sandbox.control(`agents/${id}/conversation`);
		expect(conversation.tools.failures).toEqual([]);
		expect([...conversation.tools.tools].sort()).toEqual([HOURS_TOOL, ORDER_TOOL].sort());
		await agora(`/agents/${id}/leave`, {});
	});

	test('in a caller turn the agent model calls the Workflow Tool, whose workflow runs once, and speaks its result', async () => {
		const before = (await ended(ORDER_WORKFLOW_ID, 0)).length;
		const mcpBefore = (await ended(MCP_WORKFLOW_ID, 0)).length;
		model.requests.length = 0;
		// The scripted model calls the first tool offered, and n8n versions list the tools in different
		// orders: Allowed Tools (Agora's allowed_tools) offers the Workflow Tool alone.
		const id = await toolAgent('mcp-e2e-order-tool', MCP_TOKEN, [ORDER_TOOL]);
		expect((await sandbox.control(`agents/${id}/conversation`)).tools).toEqual({
			tools: [ORDER_TOOL],
			failures: [],
		});

		const said = await sandbox.control(`agents/${id}/say`, { text: 'Where is order 42?' });
		expect(model.requests[0].body.tools).toEqual([
			{
				type: 'function',
				function: expect.objectContaining({
					name: ORDER_TOOL,
					parameters: expect.objectContaining({ properties: { orderId: expect.anything() } }),
				}),
			},
		]);
		expect(said).toMatchObject({
			failed: false,
			toolCalls: [
				{ name: ORDER_TOOL, arguments: '{"orderId":"42"}', server: 'n8n', isError: false },
			],
		});
		expect(said.toolCalls[0].result).toContain(orderAnswer('42'));
		expect(said.answer).toContain(orderAnswer('42'));

		// One tool call: one execution of the MCP server's workflow, and one of the tool's sub-workflow.
		const mcpRuns = await ended(MCP_WORKFLOW_ID, mcpBefore + 1);
		expect(mcpRuns.slice(mcpBefore).map((r) => r.status)).toEqual(['success']);
		const toolRuns = await ended(ORDER_WORKFLOW_ID, before + 1);
		expect(toolRuns.slice(before).map((r) => r.status)).toEqual(['success']);
		await agora(`/agents/${id}/leave`, {});
	});

	test('a wrong bearer token: the agent reports the MCP failure as Agora does (110, Get message)', async () => {
		notices.length = 0;
		const id = await toolAgent('mcp-e2e-wrong-token', 'not-the-token');
		const conversation = await sandbox.control(`agents/${id}/conversation`);
		expect(conversation.tools).toEqual({
			tools: [],
			failures: [expect.stringMatching(/^MCP server n8n failed to initialize/)],
		});
		const get = await agora(`/agents/${id}`);
		expect(get.data).toMatchObject({
			status: 'RUNNING',
			message: expect.stringContaining('MCP server n8n failed to initialize'),
		});
		for (
			let tries = 0;
			!notices.some((n) => n.eventType === 110 && n.payload.agent_id === id);
			tries++
		) {
			if (tries > 400) throw new Error(`no 110 for ${id}: ${JSON.stringify(notices)}`);
			await new Promise((r) => setTimeout(r, 50));
		}
		const error = notices.find((n) => n.eventType === 110 && n.payload.agent_id === id)!;
		expect(error.payload).toMatchObject({
			errors: [{ module: 'mcp', code: 'mcp_init_failed', message: expect.stringContaining('n8n') }],
		});
		expect(JSON.stringify(error.payload)).not.toContain('not-the-token');
		await agora(`/agents/${id}/leave`, {});
	});
});

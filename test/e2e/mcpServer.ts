/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n's own MCP Server Trigger (v2, bearer auth) with a Workflow Tool and a Code Tool that need no
 * network; serveMcp(e2e) imports and serves it for the MCP end-to-end test.
 */

import type { N8nHost } from '../../scripts/lib/n8nHost';
import type { N8nE2e } from '../lib/n8nE2e';

export const MCP_PATH = 'agora-agent-tools';
export const MCP_TOKEN = 'mcp-e2e-bearer-token-4d1f';
export const BEARER_CREDENTIAL = { id: 'mcpBearerCred001', name: 'MCP bearer token' };

export const MCP_WORKFLOW_ID = 'mcpServerTools01';
/** The sub-workflow the Workflow Tool runs: its executions count the tool's runs. */
export const ORDER_WORKFLOW_ID = 'mcpLookUpOrder01';

/** Tool nodes; the MCP Server Trigger names each tool after its node (n8n's nodeNameToToolName). */
export const ORDER_TOOL_NODE = 'Look Up Order';
export const HOURS_TOOL_NODE = 'Opening Hours';
export const toolName = (node: string): string => node.replace(/[^a-zA-Z0-9_-]+/g, '_');

/** What the sub-workflow answers for an order id. */
export const orderAnswer = (orderId: string): string => `Order ${orderId} ships on Tuesday.`;
export const HOURS_ANSWER = 'We are open from 9 to 17, Monday to Friday.';

function orderWorkflow(): object {
	return {
		id: ORDER_WORKFLOW_ID,
		name: 'MCP tool: look up an order',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'order-in',
				name: 'When called by the tool',
				type: 'n8n-nodes-base.executeWorkflowTrigger',
				typeVersion: 1.1,
				position: [0, 0],
				parameters: { workflowInputs: { values: [{ name: 'orderId' }] } },
			},
			{
				id: 'order-out',
				name: 'Answer',
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, 0],
				parameters: {
					assignments: {
						assignments: [
							{
								id: 'a1',
								name: 'response',
								type: 'string',
								value: `=${orderAnswer('{{ $json.orderId }}')}`,
							},
						],
					},
					options: {},
				},
			},
		],
		connections: {
			'When called by the tool': { main: [[{ node: 'Answer', type: 'main', index: 0 }]] },
		},
	};
}

function mcpWorkflow(): object {
	const toTrigger = { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] };
	return {
		id: MCP_WORKFLOW_ID,
		name: 'MCP server: the agent’s tools',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'mcp-trigger',
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '5a0c8e3d-7b41-4f29-9d6e-2c8f1a4b7e90',
				parameters: { authentication: 'bearerAuth', path: MCP_PATH },
				credentials: { httpBearerAuth: BEARER_CREDENTIAL },
			},
			{
				id: 'tool-order',
				name: ORDER_TOOL_NODE,
				type: '@n8n/n8n-nodes-langchain.toolWorkflow',
				typeVersion: 2.2,
				position: [-100, 220],
				parameters: {
					description: 'Looks up an order by its number and says when it ships.',
					workflowId: { __rl: true, mode: 'id', value: ORDER_WORKFLOW_ID },
					workflowInputs: {
						mappingMode: 'defineBelow',
						value: { orderId: "={{ $fromAI('orderId', 'The order number', 'string') }}" },
						matchingColumns: [],
						schema: [
							{
								id: 'orderId',
								displayName: 'orderId',
								required: false,
								defaultMatch: false,
								display: true,
								canBeUsedToMatch: true,
								type: 'string',
							},
						],
						attemptToConvertTypes: false,
						convertFieldsToString: false,
					},
				},
			},
			{
				id: 'tool-hours',
				name: HOURS_TOOL_NODE,
				type: '@n8n/n8n-nodes-langchain.toolCode',
				typeVersion: 1.3,
				position: [100, 220],
				parameters: {
					description: 'Says when the shop is open.',
					jsCode: `return ${JSON.stringify(HOURS_ANSWER)};`,
				},
			},
		],
		connections: { [ORDER_TOOL_NODE]: toTrigger, [HOURS_TOOL_NODE]: toTrigger },
	};
}

export interface McpN8n {
	host: N8nHost;
	version: string;
	/** The production URL of the MCP Server Trigger. */
	url: string;
}

/** Imports the bearer credential and both workflows into `e2e`, activates them and serves the MCP endpoint. */
export async function serveMcp(e2e: N8nE2e): Promise<McpN8n> {
	await e2e.host.importCredentialData([
		{ ...BEARER_CREDENTIAL, type: 'httpBearerAuth', data: { token: MCP_TOKEN } },
	]);
	await e2e.importWorkflows([orderWorkflow(), mcpWorkflow()]);
	// n8n 2.x runs only a published (active) sub-workflow from a Workflow Tool; n8n 1.x runs it as
	// saved, and its REST API refuses to activate a workflow without a trigger.
	if (!e2e.version.startsWith('1.')) await e2e.activate(ORDER_WORKFLOW_ID);
	await e2e.serve([MCP_WORKFLOW_ID]);
	return { host: e2e.host, version: e2e.version, url: `${e2e.host.baseUrl}/mcp/${MCP_PATH}` };
}

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Example 17 in a real n8n against the sandbox process: an agent whose llm.tools points at an n8n
 * Webhook workflow (Header Auth) answers a turn with that workflow's result; the webhook ran once;
 * its secret header never appears in the starting run's output or execution data.
 */
import fs from 'fs';
import path from 'path';

import { EXAMPLES_DIR, WEBHOOK_TOOL_EXAMPLE as EX } from '../../scripts/lib/examples';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e } from '../lib/n8nE2e';

const SECRET = 'e2e-webhook-tool-secret-0123456789';
let host: N8nHost;
let sandbox: SandboxProcess;
/** The agent's LLM: calls the first tool it is offered with orderId 42, then repeats what the tool said. */
let agentModel: ScriptedModel;
let toolUrl: string;

useN8nE2e({ name: 'http-tools-e2e', resetSandbox: true }, async (e2e) => {
	({ host, sandbox } = e2e);
	toolUrl = `${host.baseUrl}/webhook/${EX.webhookPath}`;
	agentModel = await startScriptedModel({ orderId: '42' });
	await e2e.importAgoraCredential();
	await host.importCredentialData([
		{
			...EX.headerAuthCredential,
			type: 'httpHeaderAuth',
			data: { name: EX.headerName, value: SECRET },
		},
		{
			id: 'agoraVendorKeysExCred',
			name: 'Agora vendor keys',
			type: 'agoraVendorKeysApi',
			data: {
				llmApiKey: 'sk-agent-llm',
				toolSecretHeaders: JSON.stringify({ lookup_order: { [EX.headerName]: SECRET } }),
			},
		},
	]);
	const workflow = JSON.parse(
		fs.readFileSync(path.join(EXAMPLES_DIR, '17-webhook-tool.json'), 'utf8'),
	);
	for (const node of workflow.nodes) {
		if (node.name !== 'Start Agent With a Webhook Tool') continue;
		node.parameters.model.llmUrl = `${agentModel.url}/chat/completions`;
		node.parameters.model.llmOptions.tools.tool[0].url = toolUrl;
	}
	await e2e.importWorkflows([workflow]);
	await e2e.serve([EX.workflowId]);
});

afterAll(async () => await agentModel?.close());

test('17: the agent’s Webhook tool answers a turn; the webhook ran once; its secret never shows', async () => {
	const data = await host.executeSucceeded(EX.workflowId);
	const agentId = String(nodeOutput(data, 'Start Agent With a Webhook Tool')[0].agent_id);
	const { agents } = (await sandbox.control('state')) as {
		agents: Array<{ agentId: string; request: any }>;
	};
	const sent = agents.find((a) => a.agentId === agentId)!.request.properties;
	expect(sent.llm.tools[0]).toMatchObject({
		function: { name: 'lookup_order' },
		server: { method: 'POST', url: toolUrl, headers: { [EX.headerName]: SECRET } },
	});
	expect(sent.advanced_features).toEqual({ enable_tools: true });
	expect(JSON.stringify(data)).not.toContain(SECRET);

	const before = (await host.executions(EX.workflowId)).length;
	await sandbox.control('clock', { advanceMs: 20 });
	const turn = await sandbox.control(`agents/${agentId}/say`, { text: 'Where is order 42?' });
	expect(turn.toolCalls).toEqual([
		expect.objectContaining({ name: 'lookup_order', isError: false }),
	]);
	expect(turn.answer).toBe('Tool said: {"order":"42","status":"shipped","eta":"Tuesday"}');
	const after = await host.settledExecutions(EX.workflowId, (list) => list.length > before);
	expect(after.length - before).toBe(1);

	// A call without the secret is refused by the Webhook's Header Auth.
	const refused = await fetch(toolUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: '{"orderId": "1"}',
	});
	expect(refused.status).toBe(403);
}, 240000);

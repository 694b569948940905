/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Example 17 in a real n8n against the sandbox process: an agent whose llm.tools points at an n8n
 * Webhook workflow (Header Auth) books a slot in a Data Table during a turn and hears the result; the
 * webhook ran once; a slot is never booked twice; its secret header never appears in the starting
 * run's output or execution data.
 */
import fs from 'fs';
import path from 'path';

import { EXAMPLES_DIR, WEBHOOK_TOOL_EXAMPLE as EX } from '../../scripts/lib/examples';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import {
	dataTableNodes,
	dataTableRows,
	selectTable,
	type DataTable,
} from '../../scripts/lib/dataTables';
import { createBookingsTable, expectAnnaBooked } from '../lib/bookings';
import { useN8nE2e } from '../lib/n8nE2e';

const SECRET = 'e2e-webhook-tool-secret-0123456789';
const BOOKING = { slot: 'Tuesday 10:00', name: 'Anna', phone: '+14155550123' };
let host: N8nHost;
let sandbox: SandboxProcess;
/** The agent's LLM: calls the first tool it is offered with BOOKING, then repeats what the tool said. */
let agentModel: ScriptedModel;
let toolUrl: string;
/** Template 17's table; toolExamples, in the same n8n, makes template 10's. */
const BOOKINGS_TABLE = 'agora_bookings_webhook_tool';
let bookings: DataTable;

useN8nE2e({ name: 'http-tools-e2e', resetSandbox: true }, async (e2e) => {
	({ host, sandbox } = e2e);
	toolUrl = `${host.baseUrl}/webhook/${EX.webhookPath}`;
	agentModel = await startScriptedModel(BOOKING);
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
				toolSecretHeaders: JSON.stringify({ book_slot: { [EX.headerName]: SECRET } }),
			},
		},
	]);
	// The table as the template's sticky note asks for it, with two free slots.
	await e2e.serve([]);
	bookings = await createBookingsTable(host, BOOKINGS_TABLE);
	const workflow = JSON.parse(
		fs.readFileSync(path.join(EXAMPLES_DIR, '17-webhook-tool.json'), 'utf8'),
	);
	selectTable(dataTableNodes(workflow.nodes), bookings.id, BOOKINGS_TABLE);
	for (const node of workflow.nodes) {
		if (node.name !== 'Start Agent With a Webhook Tool') continue;
		node.parameters.model.llmUrl = `${agentModel.url}/chat/completions`;
		node.parameters.model.llmOptions.tools.tool[0].url = toolUrl;
	}
	await e2e.importWorkflows([workflow]);
	await e2e.serve([EX.workflowId]);
});

afterAll(async () => await agentModel?.close());

const book = (headers: Record<string, string>, body: object) =>
	fetch(toolUrl, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});

test('17: the agent’s Webhook tool books a slot in the Data Table during a turn; the webhook ran once; its secret never shows', async () => {
	const data = await host.executeSucceeded(EX.workflowId);
	const agentId = String(nodeOutput(data, 'Start Agent With a Webhook Tool')[0].agent_id);
	const { agents } = (await sandbox.control('state')) as {
		agents: Array<{ agentId: string; request: any }>;
	};
	const sent = agents.find((a) => a.agentId === agentId)!.request.properties;
	expect(sent.llm.tools[0]).toMatchObject({
		function: { name: 'book_slot' },
		server: { method: 'POST', url: toolUrl, headers: { [EX.headerName]: SECRET } },
	});
	expect(sent.advanced_features).toEqual({ enable_tools: true });
	expect(JSON.stringify(data)).not.toContain(SECRET);

	const before = (await host.executions(EX.workflowId)).length;
	await sandbox.control('clock', { advanceMs: 20 });
	const turn = await sandbox.control(`agents/${agentId}/say`, {
		text: 'Tuesday at ten, please. Anna, +14155550123.',
	});
	expect(turn.toolCalls).toEqual([expect.objectContaining({ name: 'book_slot', isError: false })]);
	expect(turn.answer).toBe('Tool said: {"booked":true,"slot":"Tuesday 10:00"}');
	const after = await host.settledExecutions(EX.workflowId, (list) => list.length > before);
	expect(after.length - before).toBe(1);

	// The booking row is written; the other slot stays free.
	const rows = await dataTableRows(host, bookings);
	expectAnnaBooked(rows);

	// The same slot again is refused and the first booking kept.
	const again = await book({ [EX.headerName]: SECRET }, { ...BOOKING, name: 'Ben' });
	expect(await again.json()).toEqual({ booked: false, slot: 'Tuesday 10:00' });
	expect((await dataTableRows(host, bookings))[0].name).toBe('Anna');

	// A call without the secret is refused by the Webhook's Header Auth.
	expect((await book({}, { ...BOOKING, slot: 'Tuesday 11:00' })).status).toBe(403);
}, 240000);

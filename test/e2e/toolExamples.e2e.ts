/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, import-x/no-unresolved -- not part of the published package: test or dev code run by plain Node */
/**
 * The tool examples 10 to 14 in a real n8n against the sandbox process: booking tools behind an MCP
 * Server Trigger writing to a Data Table, the agent that calls them, chat agent placing a call,
 * summaries in a Data Table, live supervisor (docs/testing.md).
 */
import fs from 'fs';
import path from 'path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { EXAMPLES_DIR } from '../../scripts/lib/examples';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import {
	createDataTable,
	dataTableRows,
	selectTable,
	unsetTableNodes,
	type DataTable,
} from '../../scripts/lib/dataTables';
import { createContactsTable, newContact } from '../../scripts/lib/campaign';
import { createBookingsTable, expectAnnaBooked } from '../lib/bookings';
import { useN8nE2e } from '../lib/n8nE2e';

const MCP_TOKEN = 'e2e-mcp-bearer-token-0123456789';
const IDS = {
	mcpServer: 'agoraExMcpTools1',
	mcpAgent: 'agoraExMcpAgent1',
	chatCall: 'agoraExChatCall1',
};
const CHAT_WEBHOOK_ID = '5b2e7c41-9a3d-4f6e-8b1c-2d4e6f8a0b13';
const CALLEE = '+14155550123';
const WEBHOOKS = {
	afterCall: '7a1f3e95-2c4b-4d8e-9f06-1b3c5d7e9a24',
	supervisor: '2e8b4d17-6c3a-4f59-b0d2-9a7c1e3f5b68',
};
const BOOKING = { slot: 'Tuesday 10:00', name: 'Anna', phone: '+14155550123' };
/** What the chat model extracts from a transcript in which the callee confirms (13's Information Extractor). */
const EXTRACTED = { outcome: 'confirmed', next_step: 'nothing', sentiment: 'positive' };
/** The chat model's answer to 13's extraction prompt: the fields as JSON, from the transcript it was given. */
const extraction = ({ system, question }: { system: string; question: string }) =>
	system.includes('transcript of a phone call')
		? '```json\n' +
			JSON.stringify(
				/Callee: .*works for me/.test(question)
					? EXTRACTED
					: { outcome: 'no decision', next_step: 'call again', sentiment: 'neutral' },
			) +
			'\n```'
		: undefined;

let host: N8nHost;
let sandbox: SandboxProcess;
/** The voice agent's LLM: calls the first tool it is offered, then repeats what the tool said. */
let agentModel: ScriptedModel;
/** The chat AI Agent's model: calls the phone tool with a number and a goal. */
let chatModel: ScriptedModel;
let mcpUrl: string;
let bookings: DataTable;
let summaries: DataTable;
/** 13 writes a campaign call's fields into the campaign's contacts (template 08's table). */
let contacts: DataTable;

/** An example with some parameters replaced (`over` by node name), its Data Table nodes on `table`. */
function patchedExample(
	file: string,
	over: Record<string, (parameters: any) => void>,
	table?: DataTable,
): object {
	const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
	for (const node of workflow.nodes) over[node.name]?.(node.parameters);
	if (table) selectTable(unsetTableNodes(workflow.nodes), table.id, 'table under test');
	return workflow;
}

useN8nE2e({ name: 'tools-e2e', resetSandbox: true }, async (e2e) => {
	({ host, sandbox } = e2e);
	mcpUrl = `${host.baseUrl}/mcp/agora-agent-tools`;
	agentModel = await startScriptedModel(BOOKING);
	chatModel = await startScriptedModel(
		{ toNumber: CALLEE, goal: 'Ask whether Tuesday at 10 works for the appointment.' },
		0,
		extraction,
	);
	await e2e.importAgoraCredential();
	await host.importCredentialData([
		{
			id: 'mcpBearerExCred',
			name: 'MCP bearer token',
			type: 'httpBearerAuth',
			data: { token: MCP_TOKEN },
		},
		{
			id: 'agoraVendorKeysExCred',
			name: 'Agora vendor keys',
			type: 'agoraVendorKeysApi',
			data: { llmApiKey: 'sk-agent-llm', mcpBearerToken: MCP_TOKEN },
		},
		{
			id: 'openAiExampleCred',
			name: 'OpenAI account',
			type: 'openAiApi',
			data: { apiKey: 'sk-fake-e2e', url: chatModel.url },
		},
	]);
	// The stores as the templates' sticky notes ask for them: slots to book, summaries.
	await e2e.serve([]);
	bookings = await createBookingsTable(host, 'agora_bookings');
	summaries = await createDataTable(host, 'agora_call_summaries', [
		['agent_id', 'string'],
		['channel', 'string'],
		['summary', 'string'],
		['transcript', 'string'],
	]);
	contacts = await createContactsTable(host, 'agora_campaign_contacts_after_call', [
		{ ...newContact('Ada', '+14155550131', 'Europe/Berlin'), status: 'answered', tries: 1 },
		{ ...newContact('Ben', '+14155550132', 'Europe/Berlin'), status: 'calling', tries: 2 },
	]);
	await e2e.importWorkflows([
		patchedExample(
			'13-after-the-call.json',
			{
				'Write to the Campaign Row': (p) =>
					selectTable([{ parameters: p } as any], contacts.id, 'contacts under test'),
			},
			summaries,
		),
		// Every answer counts as slow, so that the scripted model's quick answers are steered too.
		patchedExample('14-live-supervisor.json', {
			'Slow Answer?': (p) => (p.conditions.conditions[0].rightValue = -1),
		}),
		patchedExample('10-n8n-tools-mcp-server.json', {}, bookings),
		// The scripted model calls the first tool it is offered: only Book_a_Slot is.
		patchedExample('11-agent-with-n8n-tools.json', {
			'Start Agent With n8n Tools': (p) => {
				p.model.llmUrl = `${agentModel.url}/chat/completions`;
				Object.assign(p.model.llmOptions.mcpServers.servers[0], {
					endpoint: mcpUrl,
					allowedToolsMode: 'list',
					allowedTools: ['Book_a_Slot'],
				});
			},
		}),
		patchedExample('12-chat-agent-makes-phone-call.json', {
			'Set me: Caller ID': (p) => (p.assignments.assignments[0].value = '+14155550100'),
			'When chat message received': (p) => Object.assign(p, { public: true, mode: 'webhook' }),
			'Place Phone Call': (p) => {
				p.model.llmUrl = `${agentModel.url}/chat/completions`;
				p.pollSeconds = 1;
			},
		}),
	]);
	await e2e.serve([IDS.mcpServer, IDS.chatCall, 'agoraExAfterCall', 'agoraExSupervisor']);
});

afterAll(async () => {
	await agentModel?.close();
	await chatModel?.close();
});

const executed = (id: string) => host.executeSucceeded(id);

/** n8n's MCP server as Agora's agent reaches it, with the template's bearer token. */
async function mcpClient(): Promise<Client> {
	const transport = new StreamableHTTPClientTransport(new URL(mcpUrl), {
		requestInit: { headers: { Authorization: `Bearer ${MCP_TOKEN}` } },
	});
	const client = new Client({ name: 'agora-e2e', version: '1.0.0' });
	await client.connect(transport);
	return client;
}

const toolText = (result: any): string =>
	(result.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');

test('10 + 11: the agent books a slot through the n8n MCP server during a turn; the row is in the Data Table and read back', async () => {
	const client = await mcpClient();
	try {
		// Each tool goes by its node's name, spaces as underscores.
		const { tools } = await client.listTools();
		expect(tools.map((t) => t.name).sort()).toEqual([
			'Book_a_Slot',
			'Check_Availability',
			'Find_My_Booking',
		]);
		const listed = (await host.executions(IDS.mcpServer)).length;
		const free = toolText(await client.callTool({ name: 'Check_Availability', arguments: {} }));
		expect(free).toContain('Tuesday 10:00');
		expect(free).toContain('Tuesday 11:00');
		// n8n saves a tool's execution after answering: counted once saved.
		const before = (await host.settledExecutions(IDS.mcpServer, (list) => list.length > listed))
			.length;
		const data = await executed(IDS.mcpAgent);
		const agentId = String(nodeOutput(data, 'Start Agent With n8n Tools')[0].agent_id);
		const { agents } = (await sandbox.control('state')) as {
			agents: Array<{ agentId: string; request: any }>;
		};
		const sent = agents.find((a) => a.agentId === agentId)!.request.properties;
		expect(sent.llm.mcp_servers).toEqual([
			{
				name: 'n8ntools',
				endpoint: mcpUrl,
				transport: 'streamable_http',
				timeout_ms: 10000,
				headers: { Authorization: `Bearer ${MCP_TOKEN}` },
				allowed_tools: ['Book_a_Slot'],
			},
		]);
		expect(sent.advanced_features).toEqual({ enable_tools: true });
		expect(JSON.stringify(data)).not.toContain(MCP_TOKEN);

		await sandbox.control('clock', { advanceMs: 20 });
		// The conversation view waits for the agent's MCP connections (initialize, tools/list).
		const conversation = await sandbox.control(`agents/${agentId}/conversation`);
		expect(conversation.tools.failures).toEqual([]);
		expect(conversation.tools.tools).toEqual(['Book_a_Slot']);

		const turn = await sandbox.control(`agents/${agentId}/say`, {
			text: 'Tuesday at ten, please. Anna, +14155550123.',
		});
		expect(turn.toolCalls).toEqual([
			expect.objectContaining({ server: 'n8ntools', isError: false }),
		]);
		expect(turn.answer).toMatch(/^Tool said: .*Tuesday 10:00/);

		// The tool call ran the MCP Server Trigger's workflow once and wrote the booking.
		const after = await host.settledExecutions(IDS.mcpServer, (list) => list.length > before);
		expect(after.length - before).toBe(1);
		const rows = await dataTableRows(host, bookings);
		expectAnnaBooked(rows);

		// Read back; and the booked slot cannot be booked again.
		const mine = toolText(
			await client.callTool({ name: 'Find_My_Booking', arguments: { phone: BOOKING.phone } }),
		);
		expect(mine).toContain('Tuesday 10:00');
		await client.callTool({ name: 'Book_a_Slot', arguments: { ...BOOKING, name: 'Ben' } });
		expect((await dataTableRows(host, bookings))[0].name).toBe('Anna');
	} finally {
		await client.close();
	}
}, 240000);

test('10: a wrong bearer token is refused by the trigger', async () => {
	const res = await fetch(mcpUrl, {
		method: 'POST',
		headers: {
			authorization: 'Bearer not-the-token',
			'content-type': 'application/json',
			accept: 'application/json, text/event-stream',
		},
		body: JSON.stringify({
			jsonrpc: '2.0',
			id: 1,
			method: 'initialize',
			params: {
				protocolVersion: '2025-03-26',
				capabilities: {},
				clientInfo: { name: 'e2e', version: '1' },
			},
		}),
	});
	expect(res.status).toBe(403);
});

test('12: the chat agent places the call through the Agora tool; its answer carries the call’s outcome and transcript', async () => {
	await sandbox.control('telephony/callees', {
		number: CALLEE,
		script: {
			action: 'answer',
			afterMs: 500,
			hangUpAfterMs: 6000,
			lines: ['Hi, Anna here.', 'Tuesday works.'],
		},
	});
	const res = await fetch(`${host.baseUrl}/webhook/${CHAT_WEBHOOK_ID}/chat`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({
			action: 'sendMessage',
			sessionId: 'e2e-session',
			chatInput: `Call Anna at ${CALLEE} and ask whether Tuesday works.`,
		}),
	});
	expect(res.status).toBe(200);
	const answer = JSON.stringify(await res.json());
	expect(answer).toContain('answered');
	expect(answer).toContain('Callee: Tuesday works.');
	const { calls } = (await sandbox.control('state')) as {
		calls: Array<{ toNumber: string; state: string; reason?: string }>;
	};
	expect(calls).toEqual([
		expect.objectContaining({ toNumber: CALLEE, state: 'HANGUP', reason: 'hangup' }),
	]);
}, 240000);

/** An agent started directly at the sandbox (as an app would), RUNNING, its LLM the scripted model. */
async function runningAgent(name: string, labels?: Record<string, string>): Promise<string> {
	const auth =
		'Basic ' + Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64');
	const res = await fetch(
		`${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/join`,
		{
			method: 'POST',
			headers: { authorization: auth, 'content-type': 'application/json' },
			body: JSON.stringify({
				name,
				properties: {
					channel: `room-${name}`,
					token: '',
					agent_rtc_uid: '0',
					remote_rtc_uids: ['1'],
					llm: { url: `${chatModel.url}/chat/completions` },
					tts: { vendor: 'microsoft', params: {} },
					...(labels ? { labels } : {}),
				},
			}),
		},
	);
	const { agent_id } = (await res.json()) as { agent_id: string };
	await sandbox.control('clock', { advanceMs: 20 });
	return agent_id;
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
	for (let i = 0; i < 300; i++) {
		const value = await read();
		if (value !== undefined) return value;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`never happened: ${what}`);
}

test('13: the agent history (103) of an ended conversation becomes a summary row in the Data Table', async () => {
	await sandbox.control('config', {
		notify: {
			url: `${host.baseUrl}/webhook/${WEBHOOKS.afterCall}/webhook`,
			secret: sandbox.notificationSecret,
		},
	});
	const agentId = await runningAgent('after-call');
	await sandbox.control(`agents/${agentId}/say`, { text: 'Tuesday works for me.' });
	const auth =
		'Basic ' + Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64');
	await fetch(
		`${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/agents/${agentId}/leave`,
		{ method: 'POST', headers: { authorization: auth } },
	);
	const row = await eventually(
		async () => (await dataTableRows(host, summaries)).find((r) => r.agent_id === agentId),
		'the row',
	);
	expect(row.channel).toBe('room-after-call');
	expect(row.summary).toBeTruthy();
	expect(row.transcript).toContain('Tuesday works for me.');
}, 120000);

test('13: a campaign call’s transcript becomes outcome, next step and sentiment in its contact’s row, at that try only', async () => {
	await sandbox.control('config', {
		notify: {
			url: `${host.baseUrl}/webhook/${WEBHOOKS.afterCall}/webhook`,
			secret: sandbox.notificationSecret,
		},
	});
	const [ada, ben] = await dataTableRows(host, contacts);
	const auth =
		'Basic ' + Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64');
	const talkAndLeave = async (name: string, labels: Record<string, string>) => {
		const agentId = await runningAgent(name, labels);
		await sandbox.control(`agents/${agentId}/say`, { text: 'Yes, Tuesday works for me.' });
		await fetch(
			`${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/agents/${agentId}/leave`,
			{ method: 'POST', headers: { authorization: auth } },
		);
		return agentId;
	};
	// Ben's row is already at his second try: a notification of his first try leaves it alone.
	const late = await talkAndLeave('campaign-ben-try-1', {
		campaign: 'appointment-confirmation',
		contact_id: String(ben.id),
		try: '1',
	});
	await talkAndLeave('campaign-ada-try-1', {
		campaign: 'appointment-confirmation',
		contact_id: String(ada.id),
		try: '1',
	});
	const written = await eventually(async () => {
		const row = (await dataTableRows(host, contacts)).find((r) => r.id === ada.id);
		return row?.outcome ? row : undefined;
	}, 'the fields in Ada’s row');
	expect(written).toMatchObject({ ...EXTRACTED, status: 'answered', tries: 1 });
	// Ben's run went through the extraction and its write, which matched no row: his row is unchanged.
	const bensRun = await eventually(async () => {
		const list = await host.executions('agoraExAfterCall');
		return list.find(
			(e) =>
				e.status === 'success' &&
				(nodeOutput(e.data, 'Agora Trigger')[0]?.payload as { agent_id?: string })?.agent_id ===
					late,
		);
	}, 'the finished run of Ben’s notification');
	expect(nodeOutput(bensRun.data, 'Extract Call Fields')).toHaveLength(1);
	expect((await dataTableRows(host, contacts)).find((r) => r.id === ben.id)).toEqual(ben);
}, 120000);

test('14: after a slow answer’s metrics (111) Agent › Think reaches the live conversation as Agora documents it', async () => {
	await sandbox.control('config', {
		notify: {
			url: `${host.baseUrl}/webhook/${WEBHOOKS.supervisor}/webhook`,
			secret: sandbox.notificationSecret,
		},
	});
	const agentId = await runningAgent('supervised');
	await sandbox.control(`agents/${agentId}/say`, {
		text: 'Tell me everything about your opening hours.',
	});
	const think = await eventually(async () => {
		const log = (await sandbox.control('requests')) as Array<{
			method: string;
			path: string;
			body: any;
		}>;
		return log.find((r) => r.method === 'POST' && r.path.endsWith(`/agents/${agentId}/think`));
	}, 'the think request');
	// Think is user input: the note says whose it is, and it cuts the slow answer rather than being dropped.
	expect(think.body).toMatchObject({
		text: expect.stringContaining('not words of the caller'),
		on_listening_action: 'inject',
		on_thinking_action: 'interrupt',
		on_speaking_action: 'interrupt',
	});
	const { agents } = (await sandbox.control('state')) as {
		agents: Array<{ agentId: string; thinks: Array<{ accepted: boolean }> }>;
	};
	expect(agents.find((a) => a.agentId === agentId)!.thinks).toEqual([
		expect.objectContaining({ accepted: true }),
	]);
}, 120000);

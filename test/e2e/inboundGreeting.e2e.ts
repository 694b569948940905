/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Template 20 in a real n8n: a call to an imported number is answered by its inbound agent, the
 * signed 201 ANSWERED notification starts the template, the caller's number is looked up in the
 * Data Table and only that call's agent gets one Update naming the caller and one Speak greeting
 * them. An unknown caller, a forged notification and Agora's resend of a notice change nothing.
 */
import fs from 'fs';
import path from 'path';

import {
	createDataTable,
	selectTable,
	unsetTableNodes,
	type DataTable,
} from '../../scripts/lib/dataTables';
import { importPhoneNumber } from '../../scripts/lib/campaign';
import { KNOWN_CALLERS_TABLE_SPEC } from '../../scripts/lib/devCampaign';
import { EXAMPLES_DIR, INBOUND_GREETING_WORKFLOW_ID } from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e } from '../lib/n8nE2e';

const TEMPLATE = path.join(EXAMPLES_DIR, '20-greet-known-caller-by-name.json');
const TEMPLATE_ID = INBOUND_GREETING_WORKFLOW_ID;
const WEBHOOK_ID = '5d2b8e61-3f7a-4c19-a0e4-7b6c9d1f2a83';
const OUR_NUMBER = '+14155550170';
const ADA = {
	phone: '+14155550171',
	name: 'Ada Lovelace',
	notes: 'Prefers mornings; owns two dogs.',
};
const STRANGER = '+14155550179';
const INSTRUCTIONS = 'You are the front desk of Acme Vets. Keep answers short.';

let host: N8nHost;
let sandbox: SandboxProcess;
let callers: DataTable;

/** The template as a user sets it up: the callers table selected, their own instructions typed in. */
function template(): object {
	const workflow = JSON.parse(fs.readFileSync(TEMPLATE, 'utf8'));
	selectTable(unsetTableNodes(workflow.nodes), callers.id, 'known callers under test');
	const setMe = workflow.nodes.find((n: any) => n.name === 'Set me: Caller Greeting');
	setMe.parameters.assignments.assignments.find((a: any) => a.name === 'instructions').value =
		INSTRUCTIONS;
	return workflow;
}

/** Our number imported with inbound calls answered by a pipeline, as Agora Console sets it up. */
async function importInboundNumber(): Promise<void> {
	await importPhoneNumber(sandbox, {
		phone_number: OUR_NUMBER,
		label: 'front desk',
		inbound: true,
		outbound: false,
		inbound_config: { allowed_addresses: [], pipeline_id: 'front-desk-pipeline' },
	});
}

useN8nE2e({ name: 'inbound-greeting-e2e' }, async (e2e) => {
	({ host, sandbox } = e2e);
	await e2e.importAgoraCredential();
	await e2e.serve([]);
	// The table as dev makes it for this template, with this test's callers.
	callers = await createDataTable(
		host,
		KNOWN_CALLERS_TABLE_SPEC.name,
		KNOWN_CALLERS_TABLE_SPEC.columns,
		[ADA, { phone: '+14155550172', name: 'Ben Example', notes: '' }],
	);
	await e2e.importWorkflows([template()]);
	await e2e.serve([TEMPLATE_ID]);
	await importInboundNumber();
	await sandbox.control('config', {
		notify: { url: e2e.webhookUrl(`${WEBHOOK_ID}/webhook`), secret: sandbox.notificationSecret },
	});
});

/** The template's runs, once there are at least `count` and none is open. */
const runs = (count: number) => host.settledExecutions(TEMPLATE_ID, (list) => list.length >= count);

/** The agent API requests the sandbox got for one agent's `action` (update, speak). */
async function agentRequests(agentId: string, action: string): Promise<any[]> {
	const all = (await sandbox.control('requests')) as Array<{
		method: string;
		path: string;
		body: any;
	}>;
	return all.filter((r) => r.method === 'POST' && r.path.endsWith(`/agents/${agentId}/${action}`));
}

const anyAgentRequests = async (action: string) =>
	((await sandbox.control('requests')) as Array<{ path: string }>).filter((r) =>
		r.path.endsWith(`/${action}`),
	);

/** A call from `from` to our number; returns its agent's id once the call is answered. */
async function callIn(from: string): Promise<string> {
	const answer = await sandbox.control('telephony/inbound', {
		to_number: OUR_NUMBER,
		from_number: from,
	});
	expect(answer.agent_id).toEqual(expect.any(String));
	return answer.agent_id;
}

/** The notifications the sandbox delivered about one call, in order. */
async function noticesOf(agentId: string): Promise<any[]> {
	const log = (await sandbox.control('notifications')) as any[];
	return log.filter((n) => n.eventType === 201 && n.payload?.agent_id === agentId);
}

test('a known caller: one Update naming them and one Speak greeting them, for their call only; a stranger, a forgery and a resend change nothing', async () => {
	const adaAgent = await callIn(ADA.phone);
	// START and ANSWERED: two runs, only the ANSWERED one goes past the filter
	const first = await runs(2);
	expect(first).toHaveLength(2);
	expect(first.every((e) => e.status === 'success')).toBe(true);

	const updates = await agentRequests(adaAgent, 'update');
	expect(updates).toHaveLength(1);
	const system = updates[0].body.properties.llm.system_messages;
	expect(system).toEqual([{ role: 'system', content: expect.stringContaining(INSTRUCTIONS) }]);
	expect(system[0].content).toContain(ADA.name);
	expect(system[0].content).toContain(ADA.notes);
	expect(Object.keys(updates[0].body.properties)).toEqual(['llm']);
	const speaks = await agentRequests(adaAgent, 'speak');
	expect(speaks).toHaveLength(1);
	expect(speaks[0].body).toMatchObject({
		text: `Hi ${ADA.name}, good to hear from you again. How can I help today?`,
		priority: 'APPEND',
	});
	// the sandbox applied it: the running agent's prompt names Ada
	const state = await sandbox.control('state');
	const agent = state.agents.find((a: any) => a.agentId === adaAgent || a.agent_id === adaAgent);
	expect(JSON.stringify(agent)).toContain(ADA.name);

	// A caller who is not in the table: the agent carries on as configured.
	const strangerAgent = await callIn(STRANGER);
	const second = await runs(4);
	expect(second).toHaveLength(4);
	expect(second.every((e) => e.status === 'success')).toBe(true);
	expect(await agentRequests(strangerAgent, 'update')).toEqual([]);
	expect(await agentRequests(strangerAgent, 'speak')).toEqual([]);
	const strangerRun = second.find(
		(e) => nodeOutput(e.data, 'Get the Call')[0]?.agent_id === strangerAgent,
	)!;
	expect(nodeOutput(strangerRun.data, 'Get the Call')[0]).toMatchObject({ from_number: STRANGER });
	expect(nodeOutput(strangerRun.data, 'Find the Caller')).toEqual([]);

	// Agora's resend of Ada's ANSWERED notice (same noticeId): the trigger starts nothing.
	const answered = (await noticesOf(adaAgent)).find((n) => n.payload.state === 'ANSWERED');
	const resent = await sandbox.control('notify', {
		productId: 17,
		eventType: 201,
		noticeId: answered.noticeId,
		payload: answered.payload,
	});
	expect(resent.status).toBe(200);
	// A stranger's ANSWERED about Ada's agent with a bad signature: refused.
	const forged = await sandbox.control('notify', {
		productId: 17,
		eventType: 201,
		payload: answered.payload,
		badSignature: true,
	});
	expect(forged.tries.map((t: any) => t.status)).toEqual([401, 401, 401, 401]);

	const all = await runs(4);
	expect(all).toHaveLength(4);
	expect(await agentRequests(adaAgent, 'update')).toHaveLength(1);
	expect(await agentRequests(adaAgent, 'speak')).toHaveLength(1);
	expect(await anyAgentRequests('update')).toHaveLength(1);
	expect(await anyAgentRequests('speak')).toHaveLength(1);
}, 300_000);

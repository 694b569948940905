/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The phone call examples in a real n8n: 08 calls three contacts and summarises each call; 09 routes
 * ended calls by campaign label, fed by the sandbox's signed call notifications.
 */
import path from 'path';

import { decodeAccessToken2 } from '../../sandbox/src/accessToken2Decoder';
import { EXAMPLES_DIR, PHONE_EXAMPLES } from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost, type RecordedExecution } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e } from '../lib/n8nE2e';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';

let host: N8nHost;
let sandbox: SandboxProcess;
let webhookUrl: string;
let serve: (ids: string[]) => Promise<void>;

interface SandboxCall {
	agentId: string;
	toNumber: string;
	fromNumber: string;
	state: string;
	reason?: string;
	labels: Record<string, string>;
	states: Array<{ state: string; at: number }>;
}
interface SandboxRequest {
	method: string;
	path: string;
	status: number;
	body: { sip?: Record<string, string>; properties?: Record<string, unknown> };
}
const calls = async () => ((await sandbox.control('state')) as { calls: SandboxCall[] }).calls;
const requests = async () => (await sandbox.control('requests')) as SandboxRequest[];

useN8nE2e({ name: 'phone-e2e', resetSandbox: true }, async (e2e) => {
	({ host, sandbox } = e2e);
	serve = (ids) => e2e.serve(ids);
	webhookUrl = e2e.webhookUrl(`${PHONE_EXAMPLES.callEndedWebhookId}/webhook`);
	await e2e.importAgoraCredential({ appCertificate: APP_CERTIFICATE });
	await e2e.importWorkflows(
		['08-phone-call-campaign.json', '09-trigger-route-call-ended-by-label.json'].map((file) =>
			path.join(EXAMPLES_DIR, file),
		),
	);
});

test('08: three contacts called one after the other, answered, read back and summarised', async () => {
	// The callee script: everyone answers a second after the phone starts ringing.
	await sandbox.control('telephony/callees', {
		number: '*',
		script: { action: 'answer', afterMs: 1000 },
	});
	const { run, raw } = await host.execute(PHONE_EXAMPLES.campaignWorkflowId);
	const finished =
		run.status === 'success' ||
		((run as { finished?: boolean }).finished === true && !run.data.resultData.error);
	if (!finished)
		throw new Error(
			`08 ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {})}\n${raw.stderr.slice(-2000)}`,
		);

	const summary = nodeOutput(run.data, 'Summary');
	expect(summary.map((s) => [s.contact, s.phone, s.status, s.answered])).toEqual([
		['Ada Lovelace', '+14155550101', 'answered', true],
		['Grace Hopper', '+14155550102', 'answered', true],
		['Alan Turing', '+14155550103', 'answered', true],
	]);

	const placed = await calls();
	expect(placed.map((c) => [c.toNumber, c.fromNumber, c.state])).toEqual([
		['+14155550101', '+14155550100', 'ANSWERED'],
		['+14155550102', '+14155550100', 'ANSWERED'],
		['+14155550103', '+14155550100', 'ANSWERED'],
	]);
	expect(placed.map((c) => c.labels)).toEqual([
		{ campaign: 'appointment-confirmation', contact: 'Ada Lovelace' },
		{ campaign: 'appointment-confirmation', contact: 'Grace Hopper' },
		{ campaign: 'appointment-confirmation', contact: 'Alan Turing' },
	]);
	expect(summary.map((s) => s.agent_id)).toEqual(placed.map((c) => c.agentId));
	// Paced: the Wait node holds each next call back by 2 s (a slow machine only widens the gap).
	const starts = placed.map((c) => c.states[0].at);
	for (let i = 1; i < starts.length; i++)
		expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(1900);

	const log = await requests();
	const posts = log.filter((r) => r.method === 'POST' && r.path.endsWith('/call'));
	expect(posts).toHaveLength(3);
	// Both tokens were left empty: the node made them from the App Certificate.
	const [first] = posts;
	const channel = String(first.body.properties!.channel);
	expect(decodeAccessToken2(String(first.body.sip!.rtc_token)).services[0]).toMatchObject({
		channelName: channel,
		uid: '100',
	});
	expect(decodeAccessToken2(String(first.body.properties!.token)).services[0]).toMatchObject({
		channelName: channel,
	});
	expect(log.filter((r) => r.method === 'GET' && /\/calls\/[^/]+$/.test(r.path))).toHaveLength(3);
	expect(JSON.stringify(run.data)).not.toContain('sk-your-llm-key');
	expect(JSON.stringify(run.data)).not.toContain(APP_CERTIFICATE);
}, 240000);

describe('09: the call-ended trigger in a running n8n', () => {
	const workflowId = PHONE_EXAMPLES.callEndedWorkflowId;
	const auth = () =>
		'Basic ' + Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64');

	/** A call placed straight at the sandbox (as any client of Agora could), with labels. */
	async function placeCall(to: string, campaign: string): Promise<string> {
		const res = await fetch(
			`${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/call`,
			{
				method: 'POST',
				headers: { authorization: auth(), 'content-type': 'application/json' },
				body: JSON.stringify({
					name: `call-${to.slice(1)}`,
					sip: { to_number: to, from_number: '+14155550100', rtc_uid: '100', rtc_token: '' },
					pipeline_id: 'pl_reminders',
					properties: {
						channel: `room-${to.slice(1)}`,
						token: '',
						agent_rtc_uid: '111',
						labels: { campaign },
					},
				}),
			},
		);
		expect(res.status).toBe(200);
		return ((await res.json()) as { agent_id: string }).agent_id;
	}

	const executionsUntil = (done: (list: RecordedExecution[]) => boolean) =>
		host.settledExecutions(workflowId, done, 90000);

	beforeAll(async () => {
		await serve([workflowId]);
	}, 180000);

	test('every state change starts the workflow; only the HANGUP passes, routed by the campaign label', async () => {
		await sandbox.control('config', {
			notify: { url: webhookUrl, secret: sandbox.notificationSecret },
		});
		await sandbox.control('telephony/callees', {
			number: '+14155550201',
			script: { action: 'answer', afterMs: 300, hangUpAfterMs: 500 },
		});
		await sandbox.control('telephony/callees', {
			number: '+14155550202',
			script: { action: 'reject', afterMs: 300 },
		});
		const answered = await placeCall('+14155550201', 'appointment-confirmation');
		const rejected = await placeCall('+14155550202', 'newsletter');

		const ended = (list: RecordedExecution[]) =>
			list.filter(
				(e) =>
					nodeOutput(e.data, 'Agora Trigger')[0]?.payload &&
					(nodeOutput(e.data, 'Agora Trigger')[0].payload as { state: string }).state === 'HANGUP',
			);
		const list = await executionsUntil((l) => ended(l).length >= 2);
		await sandbox.control('config', { notify: null });

		expect(list.every((e) => e.status === 'success')).toBe(true);
		const byCall = (agentId: string) =>
			ended(list).find(
				(e) =>
					(nodeOutput(e.data, 'Agora Trigger')[0].payload as { agent_id: string }).agent_id ===
					agentId,
			)!;
		const first = byCall(answered);
		expect(nodeOutput(first.data, 'Agora Trigger')[0]).toMatchObject({
			event: 'outbound_call_state',
			labels: { campaign: 'appointment-confirmation' },
		});
		expect(nodeOutput(first.data, 'Appointment Call Ended')).toHaveLength(1);
		expect(nodeOutput(byCall(rejected).data, 'Other Calls Ended')).toHaveLength(1);
		// The other state changes (START, CALLING, RINGING, ANSWERED) started runs that stopped at the filter.
		const notEnded = list.filter((e) => !ended(list).includes(e));
		expect(notEnded.length).toBeGreaterThanOrEqual(6);
		for (const e of notEnded) expect(nodeOutput(e.data, 'Campaign?')).toHaveLength(0);
		const states = (await calls()).map((c) => [c.agentId, c.reason]);
		expect(states).toEqual([
			[answered, 'hangup'],
			[rejected, 'failed'],
		]);
	}, 180000);
});

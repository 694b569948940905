/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The phone call examples in a real n8n: 08 calls a list of contacts kept in an n8n Data Table
 * (calling hours, retries, bounded concurrency, outcomes written back); 09 routes ended calls by
 * campaign label, fed by the sandbox's signed call notifications.
 */
import path from 'path';

import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import {
	devVendorKeys,
	EXAMPLES_DIR,
	PHONE_EXAMPLES,
	VENDOR_KEYS_CREDENTIAL,
} from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost, type RecordedExecution } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import {
	importCallerNumber,
	CAMPAIGN_TABLE,
	createContactsTable,
	newContact,
	zoneAt,
} from '../../scripts/lib/campaign';
import { dataTableRows, type DataTable } from '../../scripts/lib/dataTables';
import { mostAtOnce, sandboxCalls, saveCampaign, triesCalledTwice } from '../lib/campaign';
import { useN8nE2e } from '../lib/n8nE2e';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';

let host: N8nHost;
let sandbox: SandboxProcess;
let webhookUrl: string;
let serve: (ids: string[]) => Promise<void>;
/** The agents' LLM: answers each line a callee says. */
let model: ScriptedModel;

const calls = () => sandboxCalls(sandbox);

useN8nE2e({ name: 'phone-e2e', resetSandbox: true }, async (e2e) => {
	({ host, sandbox } = e2e);
	serve = (ids) => e2e.serve(ids);
	webhookUrl = e2e.webhookUrl(`${PHONE_EXAMPLES.callEndedWebhookId}/webhook`);
	await e2e.importAgoraCredential({ appCertificate: APP_CERTIFICATE });
	model = await startScriptedModel({});
	await host.importCredentialData([
		{ ...VENDOR_KEYS_CREDENTIAL, type: 'agoraVendorKeysApi', data: devVendorKeys(model.url) },
	]);
	await e2e.importWorkflows(
		['08-phone-call-campaign.json', '09-trigger-route-call-ended-by-label.json'].map((file) =>
			path.join(EXAMPLES_DIR, file),
		),
	);
});

afterAll(async () => {
	await model?.close();
});

const basicAuth = () =>
	'Basic ' + Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64');

describe('08: the campaign calls a list of 20 contacts from a Data Table', () => {
	const CONCURRENCY = 3;
	const MAX_TRIES = 3;
	const CALLER_NUMBERS = ['+14155550100', '+14155550110', '+14155550120'];
	// Scripted callees: 8 answer (and say a line), 4 decline, 4 are busy, 4 never answer.
	const SCRIPTS: Array<[string, object]> = [
		['answer', { action: 'answer', afterMs: 200, lines: ['Yes, Tuesday works for me.'] }],
		['reject', { action: 'reject', afterMs: 200 }],
		['busy', { action: 'busy', afterMs: 200 }],
		['no-answer', { action: 'no-answer' }],
	];
	const scriptOf = (i: number) => SCRIPTS[i < 8 ? 0 : 1 + Math.floor((i - 8) / 4)];
	const phoneOf = (i: number) => `+1415555${String(1101 + i)}`;
	let table: DataTable;
	const rows = () => dataTableRows(host, table);
	const run = async () => {
		const { run: done, raw } = await host.execute(PHONE_EXAMPLES.campaignWorkflowId);
		if (done.status !== 'success')
			throw new Error(
				`08 ended ${done.status}: ${JSON.stringify(done.data.resultData.error ?? {})}\n${raw.stderr.slice(-2000)}`,
			);
		return done;
	};

	beforeAll(async () => {
		await serve([]);
		const inHours = zoneAt(12);
		const outOfHours = zoneAt(0);
		table = await createContactsTable(host, CAMPAIGN_TABLE, [
			...Array.from({ length: 20 }, (_, i) => newContact(`Contact ${i + 1}`, phoneOf(i), inHours)),
			newContact('Night Owl 1', '+14155551198', outOfHours),
			newContact('Night Owl 2', '+14155551199', outOfHours),
		]);
	}, 240000);

	test('outcomes written back, retries up to the limit, never twice per try, never more than 3 at once', async () => {
		await sandbox.control('config', { ringTimeoutMs: 1000 });
		for (let i = 0; i < 20; i++)
			await sandbox.control('telephony/callees', { number: phoneOf(i), script: scriptOf(i)[1] });
		for (const number of CALLER_NUMBERS) await importCallerNumber(sandbox, number);
		// The template with this table and the test's pace: no retry delay, every day, a check each second.
		await saveCampaign(host, table.id, {
			concurrency: CONCURRENCY,
			settings: { maxTries: MAX_TRIES, retryDelayMinutes: 0, callingDays: '1,2,3,4,5,6,7' },
		});

		// A second run starts while the first one's calls are under way: it finds them claimed.
		const first = run();
		while ((await calls()).length === 0) await new Promise((r) => setTimeout(r, 200));
		const overlapping = await run();
		expect(nodeOutput(overlapping.data, 'Call Contact')).toHaveLength(0);
		await first;
		// Then as the schedule would: runs until one places no call.
		let runs = 1;
		for (let placed = -1; placed !== 0 && runs < 6; runs++) {
			const before = (await calls()).length;
			await run();
			placed = (await calls()).length - before;
		}
		expect(runs).toBe(MAX_TRIES + 1);

		const placed = await calls();
		const stored = await rows();
		for (const [i, row] of stored.slice(0, 20).entries()) {
			const kind = scriptOf(i)[0];
			const mine = placed.filter((c) => c.toNumber === row.phone);
			// Each try is one call, and the row counts them.
			expect(mine).toHaveLength(row.tries);
			if (kind === 'answer') {
				expect(row).toMatchObject({ status: 'answered', answered: true, tries: 1 });
				expect(row.summary).toContain('Yes, Tuesday works for me.');
				expect(row.duration_seconds).toBeGreaterThanOrEqual(0);
			} else {
				expect(row).toMatchObject({ status: 'unreachable', answered: false, tries: MAX_TRIES });
				expect(row.reason).toBe('failed');
			}
			expect(row.agent_id).toBe(mine[mine.length - 1].agentId);
		}
		// Out of their calling hours: never called.
		expect(stored.slice(20).map((r) => [r.status, r.tries])).toEqual([
			['pending', 0],
			['pending', 0],
		]);
		expect(placed).toHaveLength(8 + 12 * MAX_TRIES);
		// Caller numbers take turns.
		expect(new Set(placed.map((c) => c.fromNumber))).toEqual(new Set(CALLER_NUMBERS));
		// At most 3 calls at once, from each call's first state to its hang-up (sandbox clock).
		const most = mostAtOnce(placed);
		expect(most).toBeLessThanOrEqual(CONCURRENCY);
		expect(most).toBeGreaterThan(1);
		expect(triesCalledTwice(placed)).toEqual([]);
		// A run after the last try calls nobody.
		await run();
		expect(await calls()).toHaveLength(placed.length);
	}, 600000);
});

describe('09: the call-ended trigger in a running n8n', () => {
	const workflowId = PHONE_EXAMPLES.callEndedWorkflowId;
	const auth = basicAuth;

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

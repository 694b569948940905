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
	WEBHOOK_TOOL_EXAMPLE,
} from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost, type RecordedExecution } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import {
	importCallerNumber,
	CAMPAIGN_TABLE,
	createContactsTable,
	heardVoicemail,
	localHourAt,
	newContact,
	VOICEMAIL_TOOL,
	zoneAt,
} from '../../scripts/lib/campaign';
import { dataTableRows, type DataTable } from '../../scripts/lib/dataTables';
import { mostAtOnce, sandboxCalls, saveCampaign, triesCalledTwice } from '../lib/campaign';
import { useN8nE2e } from '../lib/n8nE2e';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';
/** The voicemail tool's Header Auth secret: in the Webhook's credential and the Vendor Keys' tool headers. */
const TOOL_SECRET = 'e2e-campaign-voicemail-secret-0123456789';
const { headerName, headerAuthCredential } = WEBHOOK_TOOL_EXAMPLE;

let host: N8nHost;
let sandbox: SandboxProcess;
let webhookUrl: string;
let serve: (ids: string[]) => Promise<void>;
/** The agents' LLM: answers each line a callee says; calls the voicemail tool when a mailbox answers. */
let model: ScriptedModel;

const calls = () => sandboxCalls(sandbox);

useN8nE2e({ name: 'phone-e2e', resetSandbox: true }, async (e2e) => {
	({ host, sandbox } = e2e);
	serve = (ids) => e2e.serve(ids);
	webhookUrl = e2e.webhookUrl(`${PHONE_EXAMPLES.callEndedWebhookId}/webhook`);
	await e2e.importAgoraCredential({ appCertificate: APP_CERTIFICATE });
	model = await startScriptedModel(async ({ question, tool }) =>
		tool === VOICEMAIL_TOOL.name && heardVoicemail(question) ? {} : undefined,
	);
	await host.importCredentialData([
		{
			...VENDOR_KEYS_CREDENTIAL,
			type: 'agoraVendorKeysApi',
			data: {
				...devVendorKeys(model.url),
				toolSecretHeaders: JSON.stringify({ [VOICEMAIL_TOOL.name]: { [headerName]: TOOL_SECRET } }),
			},
		},
		{
			...headerAuthCredential,
			type: 'httpHeaderAuth',
			data: { name: headerName, value: TOOL_SECRET },
		},
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
	const WAIT_LIMIT_MS = 60000;
	const CALLER_NUMBERS = ['+14155550100', '+14155550110', '+14155550120'];
	// Scripted callees: 5 answer (and say a line), 2 mailboxes, 3 decline, 2 are busy, 2 never answer, 2 fail.
	const kinds: Array<[string, number, object]> = [
		['answer', 5, { action: 'answer', afterMs: 200, lines: ['Yes, Tuesday works for me.'] }],
		[
			'voicemail',
			2,
			{
				action: 'answer',
				afterMs: 200,
				lines: ['Hi, this is Sam. I cannot take your call, please leave a message after the tone.'],
			},
		],
		['reject', 3, { action: 'reject', afterMs: 200 }],
		['busy', 2, { action: 'busy', afterMs: 200 }],
		['no-answer', 2, { action: 'no-answer' }],
		['fail', 2, { action: 'fail' }],
	];
	const SCRIPTS = kinds.flatMap(([kind, count, script]) =>
		Array.from({ length: count }, (): [string, object] => [kind, script]),
	);
	const phoneOf = (i: number) => `+1415555${String(1101 + i)}`;
	const zone = zoneAt(12);
	// Four rows that can never be called: each must be marked with its reason.
	const INVALID: Array<[object, RegExp]> = [
		[
			{ ...newContact('Bad Zone', phoneOf(SCRIPTS.length), 'Mars/Olympus_Mons') },
			/time_zone "Mars\/Olympus_Mons"/,
		],
		[{ ...newContact('No Number', '', zone) }, /phone "" is not an E\.164 number/],
		[{ ...newContact('Short Number', '12345', zone) }, /phone "12345" is not an E\.164 number/],
		[
			{ ...newContact('No Tries', phoneOf(SCRIPTS.length + 1), zone), tries: null },
			/tries must be a whole number/,
		],
	];
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
	const settings = (callingHoursUntil: number) => ({
		maxTries: MAX_TRIES,
		retryDelayMinutes: 0,
		callingDays: '1,2,3,4,5,6,7',
		callingHoursFrom: 0,
		callingHoursUntil,
		waitLimitMinutes: WAIT_LIMIT_MS / 60000,
	});
	/** Runs as the schedule would, one after the other, until one places no call. */
	const runUntilIdle = async () => {
		for (let runs = 1; runs < 60; runs++) {
			const before = (await calls()).length;
			await run();
			if ((await calls()).length === before) return;
		}
		throw new Error('the campaign still placed calls after 60 runs');
	};

	beforeAll(async () => {
		await serve([]);
		table = await createContactsTable(host, CAMPAIGN_TABLE, [
			...SCRIPTS.map((_, i) => newContact(`Contact ${i + 1}`, phoneOf(i), zone)),
			...INVALID.map(([row]) => row),
		]);
	}, 240000);

	test('hours that close mid-run stop the dialling (no call unless they stay open for its wait limit); then outcomes written back, retries up to the limit, never twice per try, never more than 3 at once; invalid rows marked', async () => {
		await sandbox.control('config', { ringTimeoutMs: 1000 });
		for (const [i, [, script]] of SCRIPTS.entries())
			await sandbox.control('telephony/callees', { number: phoneOf(i), script });
		for (const number of CALLER_NUMBERS) await importCallerNumber(sandbox, number);
		// Active for its voicemail Webhook; its schedule (once a day here) stays out of the way.
		await saveCampaign(host, table.id, {
			concurrency: CONCURRENCY,
			settings: settings(0),
			scheduleAway: true,
		});
		await serve([PHONE_EXAMPLES.campaignWorkflowId]);
		// The hours close 12 s after the last moment a call may start (one wait limit before the close).
		const closeAt = Date.now() + WAIT_LIMIT_MS + 12000;
		await saveCampaign(host, table.id, {
			concurrency: CONCURRENCY,
			settings: settings(localHourAt(zone, closeAt)),
			scheduleAway: true,
		});
		while (Date.now() < closeAt - WAIT_LIMIT_MS + 2000) await runUntilIdle();
		const inHours = await calls();
		// Some were called, and the campaign was not over when the hours closed.
		expect(inHours.length).toBeGreaterThan(0);
		expect((await rows()).filter((r) => r.status === 'pending').length).toBeGreaterThan(0);
		for (const call of inHours)
			expect(call.states[0].at + WAIT_LIMIT_MS).toBeLessThanOrEqual(closeAt);
		// Once the hours are (about to be) closed, a run dials nobody.
		await run();
		expect(await calls()).toHaveLength(inHours.length);
		// The rows that can never be called were marked at once, each with its reason.
		const marked = await rows();
		for (const [k, [, reason]] of INVALID.entries())
			expect(marked[SCRIPTS.length + k]).toMatchObject({
				status: 'invalid',
				reason: expect.stringMatching(reason),
			});

		// Then the hours open again (until midnight) and the campaign runs to its end.
		await saveCampaign(host, table.id, {
			concurrency: CONCURRENCY,
			settings: settings(24),
			scheduleAway: true,
		});

		// A second run starts while the first one's calls are under way: their calls use every line.
		const before = (await calls()).length;
		const first = run();
		while ((await calls()).length === before) await new Promise((r) => setTimeout(r, 200));
		const overlapping = await run();
		expect(nodeOutput(overlapping.data, 'Call Contact')).toHaveLength(0);
		await first;
		await runUntilIdle();

		const placed = await calls();
		const stored = await rows();
		for (const [i, row] of stored.slice(0, SCRIPTS.length).entries()) {
			const kind = SCRIPTS[i][0];
			const mine = placed.filter((c) => c.toNumber === row.phone);
			// Each try is one call, and the row counts them.
			expect(mine).toHaveLength(row.tries);
			if (kind === 'answer') {
				expect(row).toMatchObject({ status: 'answered', answered: true, tries: 1 });
				expect(row.summary).toContain('Yes, Tuesday works for me.');
				expect(row.duration_seconds).toBeGreaterThanOrEqual(0);
			} else if (kind === 'voicemail') {
				// The agent's tool flagged the mailbox and hung up each try; tried again like no answer.
				expect(row).toMatchObject({
					status: 'voicemail',
					answered: false,
					tries: MAX_TRIES,
					reason: 'voicemail',
				});
				expect(mine.map((c) => c.reason)).toEqual(mine.map(() => 'request'));
			} else {
				expect(row).toMatchObject({ status: 'unreachable', answered: false, tries: MAX_TRIES });
				expect(row.reason).toBe('failed');
			}
			expect(row.agent_id).toBe(mine[mine.length - 1].agentId);
		}
		// Every row ends with an outcome or a reason; the invalid ones were never called.
		for (const row of stored)
			expect(['answered', 'voicemail', 'unreachable', 'invalid']).toContain(row.status);
		expect(placed.filter((c) => !SCRIPTS.some((_, i) => phoneOf(i) === c.toNumber))).toEqual([]);
		expect(placed).toHaveLength(5 + 11 * MAX_TRIES);
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

		// A stranger at the voicemail Webhook: refused without the secret; with it, a claim that is
		// not live (here the last try of a mailbox contact) changes nothing.
		const toolUrl = `${host.baseUrl}/webhook/${VOICEMAIL_TOOL.path}`;
		const mailbox = stored[SCRIPTS.findIndex(([kind]) => kind === 'voicemail')];
		const claim = {
			contact_id: String(mailbox.id),
			try: String(mailbox.tries),
			claimed_at: String(mailbox.claimed_at),
		};
		const post = (headers: Record<string, string>) =>
			fetch(toolUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify(claim),
			});
		expect((await post({})).status).toBe(403);
		expect((await post({ [headerName]: 'a-guess' })).status).toBe(403);
		const known = await post({ [headerName]: TOOL_SECRET });
		expect([known.status, await known.json()]).toEqual([404, { ended: false }]);
		expect((await rows())[SCRIPTS.findIndex(([kind]) => kind === 'voicemail')]).toEqual(mailbox);
	}, 900000);
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

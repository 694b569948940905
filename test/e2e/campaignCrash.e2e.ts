/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * Template 08 when n8n itself dies mid-run (regular mode, one n8n of its own: the file kills it):
 * after the restart the claims are still there; the schedule's next runs read the calls at Agora,
 * settle the dead run's rows without dialling them again and go on with the rest. No contact is
 * called twice for one try. Queue mode, a worker killed: test/queue/campaign.ts.
 */
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import {
	CAMPAIGN_FILE,
	CAMPAIGN_TABLE,
	createContactsTable,
	heardVoicemail,
	importCallerNumber,
	newContact,
	VOICEMAIL_TOOL,
	zoneAt,
} from '../../scripts/lib/campaign';
import { dataTableRows } from '../../scripts/lib/dataTables';
import {
	devVendorKeys,
	PHONE_EXAMPLES,
	VENDOR_KEYS_CREDENTIAL,
	WEBHOOK_TOOL_EXAMPLE,
} from '../../scripts/lib/examples';
import type { N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { sandboxCalls, saveCampaign, triesCalledTwice } from '../lib/campaign';
import { inLane, useN8nE2e } from '../lib/n8nE2e';

// Once per e2e run, in the last version's lane: the queue suite kills a worker on the first version.
inLane('last')('n8n killed in the middle of a campaign run', () => {
	let host: N8nHost;
	let sandbox: SandboxProcess;
	let model: ScriptedModel;
	let e2eActivate: (id: string) => Promise<void>;

	useN8nE2e({ name: 'campaign-crash', ownN8n: true }, async (e2e) => {
		({ host, sandbox } = e2e);
		e2eActivate = (id) => e2e.activate(id);
		await e2e.importAgoraCredential();
		model = await startScriptedModel(async ({ question, tool }) =>
			tool === VOICEMAIL_TOOL.name && heardVoicemail(question) ? {} : undefined,
		);
		await host.importCredentialData([
			{ ...VENDOR_KEYS_CREDENTIAL, type: 'agoraVendorKeysApi', data: devVendorKeys(model.url) },
			// The template's voicemail Webhook is published with the schedule.
			{
				...WEBHOOK_TOOL_EXAMPLE.headerAuthCredential,
				type: 'httpHeaderAuth',
				data: { name: WEBHOOK_TOOL_EXAMPLE.headerName, value: 'e2e-crash-tool-secret-0123456789' },
			},
		]);
		await e2e.importWorkflows([CAMPAIGN_FILE]);
		await host.start();
	});

	afterAll(async () => {
		await model?.close();
	});

	test('n8n killed mid-run: after the restart the schedule settles the dead run’s claims from Agora’s call records, never dials them again, and calls the rest within a period', async () => {
		const CONCURRENCY = 3;
		const PERIOD_MS = 60000;
		// A call that ended this recently may still be written by the run that placed it (Check Claims).
		const JUST_ENDED_MS = 30000;
		const phones = Array.from({ length: 6 }, (_, i) => `+1415555${String(1201 + i)}`);
		for (const phone of phones)
			await sandbox.control('telephony/callees', {
				number: phone,
				script: { action: 'answer', afterMs: 200, hangUpAfterMs: 3000 },
			});
		await importCallerNumber(sandbox, '+14155550100');
		const table = await createContactsTable(
			host,
			CAMPAIGN_TABLE,
			phones.map((phone, i) => newContact(`Crash ${i + 1}`, phone, zoneAt(12))),
		);
		const settings = { retryDelayMinutes: 0, callingDays: '1,2,3,4,5,6,7', maxTries: 3 };
		// The template's schedule, once a minute: the first run claims three contacts (the free lines).
		await saveCampaign(host, table.id, {
			concurrency: CONCURRENCY,
			settings,
			everySeconds: PERIOD_MS / 1000,
		});
		await e2eActivate(PHONE_EXAMPLES.campaignWorkflowId);
		const calls = () => sandboxCalls(sandbox);
		const rows = () => dataTableRows(host, table);
		while ((await calls()).length < CONCURRENCY) await new Promise((r) => setTimeout(r, 200));

		// n8n dies while the first three calls are under way; their rows stay claimed.
		const claimed = (await rows()).filter((r) => r.status === 'calling');
		expect(claimed.map((r) => r.tries)).toEqual([1, 1, 1]);
		await host.stop(0);
		await host.start();
		const restartedAt = Date.now();

		// The schedule goes on by itself: the dead run's calls ended answered, so their rows are
		// settled as interrupted, never dialled again; the other three are called.
		const FINAL = ['answered', 'interrupted'];
		const deadline = Date.now() + 4 * PERIOD_MS;
		while (!(await rows()).every((r) => FINAL.includes(r.status))) {
			if (Date.now() > deadline)
				throw new Error(
					`not settled: ${JSON.stringify((await rows()).map((r) => [r.status, r.reason]))}`,
				);
			await new Promise((r) => setTimeout(r, 500));
		}
		await host.deactivate(PHONE_EXAMPLES.campaignWorkflowId);
		const placed = await calls();
		expect(placed).toHaveLength(phones.length);
		expect(triesCalledTwice(placed)).toEqual([]);
		const final = await rows();
		for (const row of claimed)
			expect(final.find((r) => r.id === row.id)).toMatchObject({
				status: 'interrupted',
				tries: 1,
				reason: expect.stringContaining('not called again'),
				agent_id: placed.find((c) => c.labels.contact_id === String(row.id))!.agentId,
			});
		expect(final.filter((r) => r.status === 'answered')).toHaveLength(phones.length - CONCURRENCY);
		// The campaign went on within one schedule period of the restart (after the just-ended grace).
		const firstAfter = Math.min(...placed.slice(CONCURRENCY).map((c) => c.states[0].at));
		expect(firstAfter - restartedAt).toBeLessThanOrEqual(PERIOD_MS + JUST_ENDED_MS);
	}, 600000);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * Template 08 when n8n itself dies mid-run (regular mode, one n8n of its own: the file kills it):
 * after the restart the claims are still there, the next run releases them with that try spent, and
 * no contact is called twice for one try. Queue mode, a worker killed: test/queue/campaign.ts.
 */
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import {
	CAMPAIGN_FILE,
	CAMPAIGN_TABLE,
	createContactsTable,
	importCallerNumber,
	newContact,
	zoneAt,
} from '../../scripts/lib/campaign';
import { dataTableRows } from '../../scripts/lib/dataTables';
import { devVendorKeys, PHONE_EXAMPLES, VENDOR_KEYS_CREDENTIAL } from '../../scripts/lib/examples';
import type { N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { sandboxCalls, saveCampaign, triesCalledTwice } from '../lib/campaign';
import { inLane, useN8nE2e } from '../lib/n8nE2e';

// Once per e2e run, in the last version's lane: the queue suite kills a worker on the first version.
inLane('last')('n8n killed in the middle of a campaign run', () => {
	let host: N8nHost;
	let sandbox: SandboxProcess;
	let model: ScriptedModel;

	useN8nE2e({ name: 'campaign-crash', ownN8n: true }, async (e2e) => {
		({ host, sandbox } = e2e);
		await e2e.importAgoraCredential();
		model = await startScriptedModel({});
		await host.importCredentialData([
			{ ...VENDOR_KEYS_CREDENTIAL, type: 'agoraVendorKeysApi', data: devVendorKeys(model.url) },
		]);
		await e2e.importWorkflows([CAMPAIGN_FILE]);
		await host.start();
	});

	afterAll(async () => {
		await model?.close();
	});

	test('n8n killed mid-run: the claimed contacts are released with that try spent, and none is called twice for one try', async () => {
		const CONCURRENCY = 3;
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
		await saveCampaign(host, table.id, { concurrency: CONCURRENCY, settings });
		const calls = () => sandboxCalls(sandbox);
		const rows = () => dataTableRows(host, table);

		// The run claims all six, calls three at a time; n8n dies while the first three are under way.
		void host.execute(PHONE_EXAMPLES.campaignWorkflowId).catch(() => undefined);
		while ((await calls()).length < CONCURRENCY) await new Promise((r) => setTimeout(r, 200));
		await host.stop(0);
		await host.start();
		expect((await rows()).map((r) => [r.status, r.tries])).toEqual(
			phones.map(() => ['calling', 1]),
		);

		// Claims older than 0 minutes count as stale: the next run releases them and calls the next try.
		await saveCampaign(host, table.id, {
			concurrency: CONCURRENCY,
			settings: { ...settings, staleClaimMinutes: 0 },
		});
		const { run } = await host.execute(PHONE_EXAMPLES.campaignWorkflowId);
		expect(run.status).toBe('success');
		expect((await rows()).map((r) => [r.status, r.tries])).toEqual(
			phones.map(() => ['answered', 2]),
		);
		const placed = await calls();
		expect(placed).toHaveLength(CONCURRENCY + phones.length);
		expect(placed.slice(CONCURRENCY).every((c) => c.labels.try === '2')).toBe(true);
		expect(triesCalledTwice(placed)).toEqual([]);
	}, 600000);
});

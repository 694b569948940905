/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Dev's own n8n (scripts/lib/devN8nOwn.ts), the one place that writes n8n's database, read back by
 * n8n itself on each tested version: credentials saved with "Agora account" last (the one n8n's
 * editor pre-selects), the trigger example activated (its webhook served), and template 08's
 * contacts table listed with its columns and samples, read and claimed by the template's nodes.
 */
import fs from 'fs';

import {
	CAMPAIGN_COLUMNS,
	CAMPAIGN_SETTINGS,
	CAMPAIGN_TABLE,
	campaignTemplate,
} from '../../scripts/lib/campaign';
import {
	dataTableRows,
	findDataTables,
	selectTable,
	unsetTableNodes,
} from '../../scripts/lib/dataTables';
import {
	CAMPAIGN_TABLE_SPEC,
	devTable,
	SAMPLE_CALLER,
	SAMPLE_CONTACTS,
} from '../../scripts/lib/devCampaign';
import type { WorkflowJson } from '../../scripts/lib/devN8n';
import { OwnN8n } from '../../scripts/lib/devN8nOwn';
import {
	EXAMPLE_CREDENTIAL,
	exampleCredentials,
	exampleFiles,
	VENDOR_KEYS_CREDENTIAL,
} from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { useN8nE2e } from '../lib/n8nE2e';

let host: N8nHost;

let n8n: OwnN8n;

useN8nE2e({ name: 'dev-own-n8n', ownN8n: true, sandbox: false }, async (e2e) => {
	host = e2e.host;
	n8n = new OwnN8n(host);
});

test('what dev writes is n8n’s: the credential saved last, the active trigger, the contacts table read and claimed by template 08’s nodes', async () => {
	// As dev does, n8n not started yet: the credentials (the Vendor Keys one in the same import)
	const credentials = [
		...exampleCredentials({
			customerId: 'dev-own-customer',
			customerSecret: 'dev-own-secret',
			appId: 'devownapp',
			host: 'custom',
			customBaseUrl: 'http://127.0.0.1:9',
		}),
		{ ...VENDOR_KEYS_CREDENTIAL, type: 'agoraVendorKeysApi', data: { llmApiKey: 'k' } },
	];
	await n8n.saveCredentials(credentials, EXAMPLE_CREDENTIAL.id);
	const trigger = exampleFiles()
		.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as WorkflowJson)
		.find((workflow) => workflow.id === EXAMPLE_CREDENTIAL.triggerWorkflowId)!;
	await n8n.importWorkflows([trigger]);
	await n8n.activate([trigger.id]);
	const ids = credentials.map((c) => c.id);
	expect([...(await n8n.fingerprints('credentials', ids)).keys()].sort()).toEqual([...ids].sort());
	expect([...(await n8n.fingerprints('workflows', [trigger.id, 'none'])).keys()]).toEqual([
		trigger.id,
	]);

	const made = await devTable(n8n, CAMPAIGN_TABLE_SPEC, { reset: false, samples: true });
	expect(made.made).toMatch(/^[0-9A-Za-z]{16}$/);
	expect(made.use).toBe(made.made);
	// The next dev start finds it and makes none.
	expect(
		await devTable(n8n, CAMPAIGN_TABLE_SPEC, {
			madeBefore: made.made,
			reset: false,
			samples: true,
		}),
	).toEqual({
		use: made.made,
	});

	// A busy machine boots n8n slowly
	await host.start(600000);
	// n8n serves the trigger it activated, and its editor's newest credential is "Agora account"
	await host.waitForWebhooks([trigger.id]);
	const listed = await host.rest<Array<{ id: string; updatedAt: string }>>('GET', 'credentials');
	const newest = listed.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b));
	expect(newest.id).toBe(EXAMPLE_CREDENTIAL.id);

	const tables = await findDataTables(host, CAMPAIGN_TABLE);
	expect(tables.map((t) => t.id)).toEqual([made.made]);
	const columns = await host.rest<Array<{ name: string; type: string; index: number }>>(
		'GET',
		`${tables[0].path}/columns`,
	);
	expect(columns.sort((a, b) => a.index - b.index).map((c) => [c.name, c.type])).toEqual(
		CAMPAIGN_COLUMNS,
	);
	const rows = await dataTableRows(host, tables[0]);
	expect(rows.map((r) => [r.name, r.phone, r.status, r.tries])).toEqual(
		SAMPLE_CONTACTS.map((c) => [c.name, c.phone, 'pending', 0]),
	);

	// The template's own nodes, with the table selected as dev imports it: Due Contacts, Claim Contact.
	const template = campaignTemplate();
	selectTable(unsetTableNodes(template.nodes), made.made!, CAMPAIGN_TABLE);
	const keep = [
		'When clicking ‘Execute workflow’',
		CAMPAIGN_SETTINGS,
		'Due Contacts',
		'Claim Contact',
	];
	const nodes = template.nodes.filter((n) => keep.includes(n.name));
	const claim = nodes.find((n) => n.name === 'Claim Contact')!.parameters as any;
	claim.columns.value.caller_number = SAMPLE_CALLER;
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	const { run } = await host.executeDefinition({
		name: 'dev table check',
		active: false,
		nodes,
		connections: {
			[keep[0]]: link(CAMPAIGN_SETTINGS),
			[CAMPAIGN_SETTINGS]: link('Due Contacts'),
			'Due Contacts': link('Claim Contact'),
		},
		settings: { executionOrder: 'v1' },
	});
	expect(run.status).toBe('success');
	expect(nodeOutput(run.data, 'Due Contacts')).toHaveLength(SAMPLE_CONTACTS.length);
	const after = await dataTableRows(host, tables[0]);
	expect(after.map((r) => [r.status, r.tries, r.caller_number])).toEqual(
		SAMPLE_CONTACTS.map(() => ['calling', 1, SAMPLE_CALLER]),
	);
	expect(after.every((r) => r.claimed_at > 0)).toBe(true);
}, 300000);

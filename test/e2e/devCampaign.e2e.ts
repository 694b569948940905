/* eslint-disable @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * The contacts table `npm run dev` writes into n8n's database before n8n starts (scripts/lib/
 * devCampaign.ts), read back by n8n itself: its REST API lists it with its columns and sample
 * contacts, and template 08's own Data Table nodes read and claim them.
 */
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
import { campaignTable, SAMPLE_CALLER, SAMPLE_CONTACTS } from '../../scripts/lib/devCampaign';
import { exampleCredentials } from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import { useN8nE2e } from '../lib/n8nE2e';

let host: N8nHost;

useN8nE2e({ name: 'dev-campaign', ownN8n: true, sandbox: false }, async (e2e) => {
	host = e2e.host;
	// As dev does first: the credentials imported (n8n's database made), n8n not started yet.
	await host.importCredentialData(
		exampleCredentials({
			customerId: 'dev-campaign-customer',
			customerSecret: 'dev-campaign-secret',
			appId: 'devcampaignapp',
			host: 'custom',
			customBaseUrl: 'http://127.0.0.1:9',
		}),
	);
});

test('the table dev writes is n8n’s: listed with its columns and contacts, read and claimed by template 08’s nodes', async () => {
	const made = await campaignTable(host, { reset: false, samples: true });
	expect(made.made).toMatch(/^[0-9A-Za-z]{16}$/);
	expect(made.use).toBe(made.made);
	// The next dev start finds it and makes none.
	expect(await campaignTable(host, { madeBefore: made.made, reset: false, samples: true })).toEqual(
		{ use: made.made },
	);

	await host.start();
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

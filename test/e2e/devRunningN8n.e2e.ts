/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev` with an n8n the user already runs (DEV_N8N_URL and its owner's login;
 * scripts/lib/devN8nRunning.ts): everything goes through n8n's REST API. Dev's credentials and
 * examples arrive once (a restart makes no copies), "Agora account" is the newest credential, the
 * trigger and brain examples are active, template 08's table is made, and what the user changed
 * stays as they left it.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { CAMPAIGN_TABLE } from '../../scripts/lib/campaign';
import { dataTableRows, findDataTables } from '../../scripts/lib/dataTables';
import { SAMPLE_CONTACTS } from '../../scripts/lib/devCampaign';
import { setUpDev, type DevContext } from '../../scripts/lib/devSteps';
import { BRAIN_EXAMPLES, EXAMPLE_CREDENTIAL, exampleFiles } from '../../scripts/lib/examples';
import { OWNER, type N8nHost } from '../../scripts/lib/n8nHost';
import { N8N_VERSION, useN8nE2e } from '../lib/n8nE2e';

let host: N8nHost;
let folder: string;
let said: string[] = [];
let ctx: DevContext;

useN8nE2e({ name: 'dev-running', ownN8n: true, sandbox: false }, async (e2e) => {
	host = e2e.host;
	// A busy machine boots n8n slowly
	await host.start(600000);
	// The user's n8n has its owner already
	await host.rest('GET', 'credentials');
	folder = fs.mkdtempSync(path.join(os.tmpdir(), `agora-dev-running-${N8N_VERSION}-`));
});

afterAll(async () => {
	await stopDev();
	if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

async function startDev(): Promise<void> {
	said = [];
	ctx = {
		n8nDir: '',
		version: N8N_VERSION,
		folder,
		say: (m) => said.push(m),
		cleanups: [],
		isStopping: () => false,
	};
	const dev = await setUpDev(ctx, {
		DEV_N8N_URL: host.baseUrl,
		DEV_N8N_EMAIL: OWNER.email,
		DEV_N8N_PASSWORD: OWNER.password,
		SANDBOX_PORT: '0',
	});
	expect(dev?.n8n.baseUrl).toBe(host.baseUrl);
}

async function stopDev(): Promise<void> {
	for (const cleanup of (ctx?.cleanups ?? []).reverse()) await cleanup().catch(() => undefined);
}

type Listed = { id: string; name: string; active?: boolean; updatedAt: string };
const list = async (kind: 'workflows' | 'credentials') => {
	const answer = await host.rest<Listed[] | { data: Listed[] }>('GET', kind);
	return Array.isArray(answer) ? answer : answer.data;
};
const examples = () =>
	exampleFiles().map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as Listed);
const exampleNames = () => examples().map((example) => example.name);
const exampleName = (id: string) => examples().find((example) => example.id === id)!.name;
const named = async (name: string) => (await list('workflows')).filter((w) => w.name === name);

test('dev sets up a running n8n through its REST API, once, and keeps what the user changed', async () => {
	await startDev();
	const workflows = await list('workflows');
	for (const name of exampleNames())
		expect(workflows.filter((w) => w.name === name)).toHaveLength(1);
	const credentials = await list('credentials');
	expect(credentials.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b)).name).toBe(
		EXAMPLE_CREDENTIAL.name,
	);
	const [brain] = await named(exampleName(BRAIN_EXAMPLES.brainWorkflowId));
	expect((await host.rest<Listed>('GET', `workflows/${brain.id}`)).active).toBe(true);
	const [table] = await findDataTables(host, CAMPAIGN_TABLE);
	expect((await dataTableRows(host, table)).map((row) => row.phone)).toEqual(
		SAMPLE_CONTACTS.map((contact) => contact.phone),
	);

	// The user renames an example and saves a credential of their own over dev's
	const [edited] = await named(exampleNames()[0]);
	const { versionId } = await host.rest<{ versionId: string }>('GET', `workflows/${edited.id}`);
	await host.rest('PATCH', `workflows/${edited.id}`, { name: 'My copy', versionId });
	const openAi = credentials.find((c) => c.name === 'OpenAI account')!;
	await host.rest('PATCH', `credentials/${openAi.id}`, {
		name: 'OpenAI account',
		type: 'openAiApi',
		data: { apiKey: 'sk-typed-by-the-user', url: 'https://api.openai.com/v1' },
	});
	await stopDev();
	await startDev();

	expect(said.join('\n')).toMatch(/kept as you changed them: "OpenAI account", "01-/);
	expect((await host.rest<Listed>('GET', `workflows/${edited.id}`)).name).toBe('My copy');
	const again = await list('workflows');
	expect(again).toHaveLength(workflows.length);
	expect((await list('credentials')).map((c) => c.id).sort()).toEqual(
		credentials.map((c) => c.id).sort(),
	);
	expect(await findDataTables(host, CAMPAIGN_TABLE)).toHaveLength(1);
}, 600000);

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n's real editor in headless Chromium: what a new user sees of the Agora nodes, read against the
 * node's own description (docs/testing.md, Browser tests).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { Locator, Page } from 'playwright-core';

import { Agora } from '../../nodes/Agora/Agora.node';
import { AgoraTrigger } from '../../nodes/AgoraTrigger/AgoraTrigger.node';
import { devVendorKeys } from '../../scripts/lib/examples';
import { DEFAULT_N8N_VERSION } from '../../scripts/lib/n8nInstall';
import { startScriptedModel } from '../../sandbox/src/scriptedModel';
import { agentPath, client, startBody } from '../../sandbox/src/helpers';
import type { Sandbox } from '../../sandbox/src/types';
import { startEditorHost, waitForText, type EditorHost } from './editorHost';

const version = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;
const agora = new Agora().description;
const trigger = new AgoraTrigger().description;

let editor: EditorHost;
let page: Page;

beforeAll(async () => {
	editor = await startEditorHost(version);
	page = editor.page;
}, 900000);

afterAll(async () => {
	await editor?.stop();
});

/** Every action the node panel should list: the `action` label of each resource's operations. */
function expectedActions(): string[] {
	const resources = agora.properties.find((p) => p.name === 'resource')!
		.options as INodePropertyOptions[];
	return resources.flatMap((resource) => {
		const operation = agora.properties.find(
			(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource.value),
		);
		return ((operation?.options ?? []) as INodePropertyOptions[]).map((o) => o.action ?? o.name);
	});
}

/** Editor elements named after the parameter (n8n gives collections and notices no such name). */
const RENDERED_BY_NAME = new Set([
	'string',
	'number',
	'boolean',
	'options',
	'multiOptions',
	'json',
	'fixedCollection',
]);
const testIdOf = (p: INodeProperties) =>
	p.type === 'fixedCollection' ? `fixed-collection-${p.name}` : `parameter-input-${p.name}`;

/**
 * Agent → Start fields shown only in one mode, from the description: fields whose display depends
 * on resource, operation and mode alone.
 */
function startFieldsOnlyIn(mode: string, other: string): INodeProperties[] {
	const fields = agora.properties.filter((p) => {
		const show = p.displayOptions?.show;
		if (!show || p.displayOptions?.hide || !RENDERED_BY_NAME.has(p.type)) return false;
		if (!show.resource?.includes('agent') || !show.operation?.includes('start')) return false;
		return Object.keys(show).every((key) => ['resource', 'operation', 'mode'].includes(key));
	});
	const shownIn = (m: string) =>
		new Set(
			fields
				.filter((p) => !p.displayOptions!.show!.mode || p.displayOptions!.show!.mode.includes(m))
				.map((p) => p.name),
		);
	const inMode = shownIn(mode);
	const inOther = shownIn(other);
	const names = [...inMode].filter((name) => !inOther.has(name));
	return names.map((name) => fields.find((p) => p.name === name)!);
}

const nodeCreator = () => page.getByTestId('node-creator');
const ndv = () => page.getByTestId('ndv');

async function newWorkflow(): Promise<void> {
	await page.goto(`${editor.host.baseUrl}/workflow/new`);
	await page.getByTestId('canvas-plus-button').waitFor();
}

/** The Agora entry of the node panel's search results, found by its name (n8n 2.x shows the description inside the same item). */
const agoraEntry = () =>
	nodeCreator()
		.getByTestId('item-iterator-item')
		.filter({
			has: page.getByTestId('node-creator-item-name').filter({ hasText: /^\s*Agora\s*$/ }),
		});

/** Opens the node panel, searches, and opens the Agora entry's actions. */
async function openAgoraActions(): Promise<Locator> {
	await page.getByTestId('canvas-plus-button').click();
	await page.getByTestId('node-creator-search-bar').fill('Agora');
	const entry = agoraEntry();
	await entry.first().waitFor();
	await entry.first().click();
	return nodeCreator();
}

async function addAction(action: string): Promise<void> {
	const panel = await openAgoraActions();
	const item = panel.getByTestId('item-iterator-item').filter({ hasText: action });
	if (!(await item.first().isVisible()))
		await panel
			.getByTestId('node-creator-category-item')
			.filter({ hasText: /Actions/ })
			.click();
	await item.first().click();
	await ndv().waitFor();
}

/** Creates an Agora API credential for the sandbox from the node's credential select; leaves its modal open, showing the test's result. */
async function createSandboxCredential(): Promise<Locator> {
	// n8n 2.x shows a "Connect to Agora" button while no credential of the type exists.
	const select = ndv().getByTestId('node-credentials-select');
	const connect = ndv().getByTestId('node-credentials-empty-state').getByRole('button');
	await select.or(connect).first().waitFor();
	if (await connect.count()) {
		await connect.first().click();
	} else {
		await select.click();
		await page.getByTestId('node-credentials-select-item-new').click();
	}
	const modal = page.getByTestId('editCredential-modal');
	const field = (name: string) => modal.getByTestId(`parameter-input-${name}`).locator('input');
	await field('customerId').fill(editor.sandbox.customerId);
	await field('customerSecret').fill(editor.sandbox.customerSecret);
	await field('appId').fill(editor.sandbox.appId);
	await modal.getByTestId('parameter-input-host').click();
	await page.getByRole('option', { name: 'Custom Base URL' }).click();
	await field('customBaseUrl').fill(editor.sandbox.url);
	await modal.getByTestId('credential-save-button').click();
	// n8n 2.x closes the modal once the saved credential tests fine: reopen it to read the result.
	const tested = modal.getByText(/Connection tested successfully/);
	for (
		let polls = 0;
		polls < 120 && !(await tested.isVisible()) && (await modal.isVisible());
		polls++
	) {
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	if (!(await modal.isVisible())) await ndv().getByTestId('credential-edit-button').click();
	await waitForText(modal, /Connection tested successfully/);
	return modal;
}

/**
 * Creates an Agora Vendor Keys credential from its select (the node's second credential) and
 * closes its modal once the credential test has answered.
 */
async function createVendorKeysCredential(data: Record<string, string>): Promise<void> {
	const connect = ndv().getByTestId('node-credentials-empty-state').getByRole('button');
	const select = ndv().getByTestId('node-credentials-select').nth(1);
	await select.or(connect).first().waitFor();
	if (await connect.count()) {
		await connect.first().click();
	} else {
		await select.click();
		await page
			.getByTestId('node-credentials-select-item-new')
			.locator('visible=true')
			.first()
			.click();
	}
	const modal = page.getByTestId('editCredential-modal');
	for (const [name, value] of Object.entries(data))
		await modal
			.getByTestId(`parameter-input-${name}`)
			.locator('input, textarea')
			.first()
			.fill(value);
	await modal.getByTestId('credential-save-button').click();
	// n8n 2.x closes the modal once the saved credential tests fine; 1.x shows the result.
	const tested = modal.getByText(/Connection tested successfully|well formed/);
	for (
		let polls = 0;
		polls < 120 && !(await tested.isVisible()) && (await modal.isVisible());
		polls++
	) {
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	if (await modal.isVisible()) {
		await modal.locator('.el-dialog__headerbtn').first().click();
		await modal.waitFor({ state: 'hidden' });
	}
}

/** Chooses where Agent › Start takes its vendor keys from (the Vendor Keys credential's picker shows only for From Credential). */
async function chooseVendorKeys(option: 'Typed Into This Node' | 'From Credential'): Promise<void> {
	await ndv().getByTestId('parameter-input-vendorKeys').click();
	await page.getByRole('option', { name: option }).click();
}

/** The action label of one operation, as the node panel lists it. */
function actionOf(resource: string, operation: string): string {
	const property = agora.properties.find(
		(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource),
	)!;
	const option = (property.options as INodePropertyOptions[]).find((o) => o.value === operation)!;
	return option.action ?? option.name;
}

async function missing(testIds: string[]): Promise<string[]> {
	const absent: string[] = [];
	for (const id of testIds) if ((await ndv().getByTestId(id).count()) === 0) absent.push(id);
	return absent;
}

async function present(testIds: string[]): Promise<string[]> {
	const shown: string[] = [];
	for (const id of testIds) if ((await ndv().getByTestId(id).count()) > 0) shown.push(id);
	return shown;
}

describe(`n8n ${version} editor`, () => {
	it('finds Agora in the node search, by name and by alias, with the package’s description and every action by name', async () => {
		await newWorkflow();
		const panel = await openAgoraActions();
		await editor.screenshot('01-agora-entry');
		// n8n shows the trigger's description for the entry that merges node and trigger.
		expect(await waitForText(panel, /voice agents/)).toContain(trigger.description);
		const actions = panel.getByTestId('node-creator-category-item').filter({ hasText: /Actions/ });
		if (
			!(await panel
				.getByTestId('item-iterator-item')
				.filter({ hasText: expectedActions()[0] })
				.isVisible())
		)
			await actions.click();
		const listed = await waitForText(panel, new RegExp(expectedActions().at(-1)!));
		await editor.screenshot('02-agora-actions');
		for (const action of expectedActions()) expect(listed).toContain(action);
		expect(listed).toMatch(/Triggers \(1\)/);

		// The codex file's aliases are searchable.
		await newWorkflow();
		await page.getByTestId('canvas-plus-button').click();
		await page.getByTestId('node-creator-search-bar').fill('voice agent');
		await agoraEntry().first().waitFor();
		await editor.screenshot('03-search-by-alias');
	});

	it('Agent → Start shows the cascade fields; Mode → MLLM hides them and shows the MLLM fields', async () => {
		const cascadeOnly = startFieldsOnlyIn('cascade', 'mllm').map(testIdOf);
		const mllmOnly = startFieldsOnlyIn('mllm', 'cascade').map(testIdOf);
		// Enough fields on each side that the check cannot pass by finding nothing.
		expect(cascadeOnly.length).toBeGreaterThanOrEqual(3);
		expect(mllmOnly.length).toBeGreaterThanOrEqual(3);

		await newWorkflow();
		await addAction('Start an agent');
		await ndv().getByTestId('parameter-input-mode').waitFor();
		// The node's docs link (a tab in n8n 1.x, a header link in 2.x) comes from the codex file.
		await ndv()
			.locator('a[href^="https://github.com/n8n-nodes-agora/n8n-nodes-agora?"]')
			.first()
			.waitFor({ state: 'attached' });
		await editor.screenshot('04-start-cascade');
		expect(await missing(cascadeOnly)).toEqual([]);
		expect(await present(mllmOnly)).toEqual([]);

		await ndv().getByTestId('parameter-input-mode').click();
		const mllm = (
			agora.properties.find((p) => p.name === 'mode')!.options as INodePropertyOptions[]
		).find((o) => o.value === 'mllm')!;
		await page.getByRole('option', { name: mllm.name }).click();
		await ndv().getByTestId(mllmOnly[0]).waitFor();
		await editor.screenshot('05-start-mllm');
		expect(await missing(mllmOnly)).toEqual([]);
		expect(await present(cascadeOnly)).toEqual([]);
	});

	it('the resource locator lists agents from the sandbox', async () => {
		// A running agent in the sandbox, started through Agora's API as any client would.
		const api = client(editor.sandbox as unknown as Sandbox);
		const name = `browser-listed-${Date.now()}`;
		const started = await api.post(
			agentPath(editor.sandbox as unknown as Sandbox, '/join'),
			startBody({ name, channel: 'browser-room' }),
		);
		expect(started.status).toBe(200);

		await newWorkflow();
		await addAction(actionOf('agent', 'get'));
		const modal = await createSandboxCredential();
		// The dialog's own close button: Escape closes the node panel too in n8n 2.x.
		await modal.locator('.el-dialog__headerbtn').first().click();
		await modal.waitFor({ state: 'hidden' });
		await ndv().getByTestId('rlc-input').first().click();
		// The list's items (inside a dropdown in n8n 1.x, a popover in 2.x).
		const item = page.getByTestId('rlc-item').filter({ hasText: name });
		await item.first().waitFor({ timeout: 30000 });
		await editor.screenshot('06-locator-lists-agents');
		expect(await item.first().innerText()).toContain(name);
		await item.first().click();
		expect(await ndv().getByTestId('rlc-input').first().inputValue()).toContain(name);
	});

	it('tests the credential: success with the sandbox credential, a clear failure with a wrong secret', async () => {
		await newWorkflow();
		await addAction('Start an agent');
		await chooseVendorKeys('Typed Into This Node');
		const modal = await createSandboxCredential();
		const field = (name: string) => modal.getByTestId(`parameter-input-${name}`).locator('input');
		await editor.screenshot('07-credential-tested');

		await field('customerSecret').fill('not-the-secret');
		await modal.getByTestId('credential-save-button').click();
		await waitForText(modal, /Couldn.t connect with these settings/);
		await modal.getByText('More details').click();
		// The reason names the fields to fix.
		await waitForText(modal, /Customer ID or Customer Secret/);
		await editor.screenshot('08-credential-wrong-secret');
	});

	it('a new Agent → Start with only Channel and User UID and the Vendor Keys credential starts an agent that answers; typed keys without an LLM URL name the field', async () => {
		const model = await startScriptedModel();
		try {
			await newWorkflow();
			await addAction('Start an agent');
			// One credential picker at a time: the Agora API credential first, then the Vendor Keys one.
			await chooseVendorKeys('Typed Into This Node');
			const modal = await createSandboxCredential();
			await modal.locator('.el-dialog__headerbtn').first().click();
			await modal.waitFor({ state: 'hidden' });
			await chooseVendorKeys('From Credential');
			// What `npm run dev` gives: the scripted local model as the LLM, a TTS the sandbox accepts.
			await createVendorKeysCredential(devVendorKeys(model.url));
			const input = (name: string) =>
				ndv().getByTestId(`parameter-input-${name}`).locator('input, textarea').first();
			// The fields the form marks required, from the description (the credentials are chosen above).
			const required = agora.properties.filter(
				(p) =>
					p.required &&
					p.displayOptions?.show?.operation?.includes('start') &&
					p.name !== 'name' &&
					!p.displayOptions?.show?.mode,
			);
			expect(required.map((p) => p.name).sort()).toEqual(['channel', 'remoteRtcUid']);
			await input('channel').fill('browser-start');
			await input('remoteRtcUid').fill('1002');
			await editor.screenshot('10-start-required-filled');
			await ndv().getByTestId('node-execute-button').first().click();
			await waitForText(ndv(), /agent_id/, 60000);
			await editor.screenshot('11-start-agent-started');

			// The caller speaks in the agent's channel; the agent answers through the scripted model.
			type Agent = { agentId: string; channel: string; status: string };
			const agentOf = async () =>
				((await editor.sandbox.control('state')) as { agents: Agent[] }).agents.find(
					(a) => a.channel === 'browser-start',
				);
			let agent = await agentOf();
			for (let polls = 0; polls < 240 && agent?.status !== 'RUNNING'; polls++) {
				await new Promise((resolve) => setTimeout(resolve, 250));
				agent = await agentOf();
			}
			expect(agent?.status).toBe('RUNNING');
			const turn = (await editor.sandbox.control(`agents/${agent!.agentId}/say`, {
				text: 'hello from the browser',
			})) as { answer?: string };
			expect(turn.answer).toBe('You said: hello from the browser');

			// Keys typed into the node, and no LLM URL: the error names the form's field.
			await chooseVendorKeys('Typed Into This Node');
			await input('channel').fill('browser-start-2');
			await ndv().getByTestId('node-execute-button').first().click();
			await waitForText(ndv(), /Invalid “LLM URL”/, 60000);
			await editor.screenshot('12-start-missing-llm-url');
		} finally {
			await model.close();
		}
	});

	it('shows the Agora Trigger’s webhook URLs and its set-up notice', async () => {
		await newWorkflow();
		const panel = await openAgoraActions();
		await panel
			.getByTestId('item-iterator-item')
			.filter({ hasText: /Agora event/ })
			.first()
			.click();
		await ndv().waitFor();
		// The editor renders the notice's guide link as a link: compare its text.
		const notice = trigger.properties
			.find((p) => p.type === 'notice')!
			.displayName.replace(/<[^>]+>/g, '');
		expect(await waitForText(ndv().getByTestId('node-parameters'), /Agora Console/)).toContain(
			notice,
		);

		// n8n's webhook panel (no test ids of its own): production URL = WEBHOOK_URL + webhook/<id>/<path>.
		await ndv().locator('.webhooks .headline').click();
		await ndv().getByTestId('radio-button-production').click();
		const production = await waitForText(ndv().locator('.webhooks .webhook-url'), /\/webhook\//);
		expect(production.trim()).toMatch(
			new RegExp(`^${editor.host.baseUrl}/webhook/[0-9a-f-]{36}/${trigger.webhooks![0].path}$`),
		);
		await ndv().getByTestId('radio-button-test').click();
		expect(
			(await waitForText(ndv().locator('.webhooks .webhook-url'), /webhook-test/)).trim(),
		).toMatch(/\/webhook-test\/[0-9a-f-]{36}\/webhook$/);
		await editor.screenshot('09-trigger');
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n's real editor in headless Chromium: what a new user sees of the Agora nodes, read against the
 * node's own description (docs/testing.md, Browser tests).
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { Locator, Page } from 'playwright-core';

import { devVendorKeys } from '../../scripts/lib/examples';
import { DEFAULT_N8N_VERSION } from '../../scripts/lib/n8nInstall';
import { startScriptedModel } from '../../sandbox/src/scriptedModel';
import { startAgentAt } from '../../sandbox/src/helpers';
import { controlsOfNewNode } from '../tooling/formControls';
import { startEditorHost, waitForText, type EditorHost } from './editorHost';
import { nodePanel } from './editorPanel';
import {
	actionOf,
	agora,
	expectedActions,
	offeredOnlyIn,
	savedNodeForm,
	startGroups,
	trigger,
} from './editorExpectations';

const version = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;

let editor: EditorHost;
let page: Page;

beforeAll(async () => {
	editor = await startEditorHost(version);
	page = editor.page;
}, 900000);

afterAll(async () => {
	await editor?.stop();
});

const nodeCreator = () => page.getByTestId('node-creator');
const ndv = () => page.getByTestId('ndv');
const { groupOf, groupList, addGroupOption, renderedControls } = nodePanel(() => page);

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
 * Creates an Agora Vendor Keys credential from its select (the node's first credential, above the
 * Agora one) and closes its modal once the credential test has answered.
 */
async function createVendorKeysCredential(data: Record<string, string>): Promise<void> {
	const connect = ndv().getByTestId('node-credentials-empty-state').getByRole('button');
	const select = ndv().getByTestId('node-credentials-select').first();
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
	// From version 1.3 Vendor Keys is an option of the Identity and Security group: added once.
	const picker = ndv().getByTestId('parameter-input-vendorKeys');
	if (!(await picker.count())) {
		const group = startGroups().find((g) =>
			(g.options as INodeProperties[]).some((o) => o.name === 'vendorKeys'),
		)!;
		const vendorKeys = (group.options as INodeProperties[]).find((o) => o.name === 'vendorKeys')!;
		await addGroupOption(group.displayName, vendorKeys.displayName);
		await picker.waitFor();
	}
	await picker.click();
	await page.getByRole('option', { name: option }).click();
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
		// From version 1.3 the mode's fields are options of the "Add Option" groups.
		const cascadeOnly = offeredOnlyIn('cascade', 'mllm');
		const mllmOnly = offeredOnlyIn('mllm', 'cascade');
		const count = (only: Map<string, INodeProperties[]>) =>
			[...only.values()].reduce((sum, options) => sum + options.length, 0);
		// Enough fields on each side that the check cannot pass by finding nothing.
		expect(count(cascadeOnly)).toBeGreaterThanOrEqual(3);
		expect(count(mllmOnly)).toBeGreaterThanOrEqual(3);
		const expected = controlsOfNewNode(agora, { resource: 'agent', operation: 'start' });
		expect(expected.length).toBeLessThanOrEqual(15);

		await newWorkflow();
		await addAction('Start an agent');
		await ndv().getByTestId('parameter-input-mode').waitFor();
		// The node's docs link (a tab in n8n 1.x, a header link in 2.x) comes from the codex file.
		await ndv()
			.locator('a[href^="https://github.com/n8n-nodes-agora/n8n-nodes-agora?"]')
			.first()
			.waitFor({ state: 'attached' });
		await editor.screenshot('04-start-cascade');
		// A new Start shows what a user must fill and the groups: as many controls as the description gives.
		const rendered = await renderedControls();
		expect(rendered).toHaveLength(expected.length);
		expect(rendered.filter((c) => c.startsWith('collection:'))).toHaveLength(startGroups().length);
		for (const group of startGroups()) expect(await groupOf(group.displayName).count()).toBe(1);

		/** Each group's list offers its options of `shown` and none of `hidden`. */
		const expectOffers = async (
			shown: Map<string, INodeProperties[]>,
			hidden: Map<string, INodeProperties[]>,
		) => {
			for (const group of startGroups()) {
				const listed = await groupList(group.displayName);
				const want = (shown.get(group.displayName) ?? []).map((o) => o.displayName);
				const unwanted = (hidden.get(group.displayName) ?? []).map((o) => o.displayName);
				expect({
					group: group.displayName,
					missing: want.filter((n) => !listed.includes(n)),
				}).toEqual({
					group: group.displayName,
					missing: [],
				});
				expect({
					group: group.displayName,
					shown: unwanted.filter((n) => listed.includes(n)),
				}).toEqual({
					group: group.displayName,
					shown: [],
				});
			}
		};
		await expectOffers(cascadeOnly, mllmOnly);

		await ndv().getByTestId('parameter-input-mode').click();
		const mllm = (
			agora.properties.find((p) => p.name === 'mode')!.options as INodePropertyOptions[]
		).find((o) => o.value === 'mllm')!;
		await page.getByRole('option', { name: mllm.name }).click();
		await expectOffers(mllmOnly, cascadeOnly);

		// An MLLM-only option, added to its group, shows its field.
		const [groupName, options] = [...mllmOnly].find(([, o]) => o.length > 0)!;
		const field = options.find((o) => o.type === 'string' || o.type === 'options')!;
		await addGroupOption(groupName, field.displayName);
		await groupOf(groupName).getByTestId(`parameter-input-${field.name}`).waitFor();
		await editor.screenshot('05-start-mllm');
	});

	it('saved Start and Call nodes of versions 1.3 and 1.4 show their own fields and groups', async () => {
		const saved = [1.3, 1.4].flatMap((typeVersion) =>
			[actionOf('agent', 'start'), actionOf('phoneCall', 'call')].map((action, at) => ({
				name: `${action} ${typeVersion}`,
				typeVersion,
				parameters:
					at === 0
						? { resource: 'agent', operation: 'start' }
						: { resource: 'phoneCall', operation: 'call' },
			})),
		);
		const nodes = saved.map((node, at) => ({
			...node,
			id: `saved-${at}`,
			type: 'n8n-nodes-agora.agora',
			position: [at * 300, 0],
		}));
		const { id } = await editor.host.rest<{ id: string }>('POST', 'workflows', {
			name: 'Saved Start and Call forms',
			active: false,
			nodes,
			connections: {},
			settings: {},
		});
		for (const node of saved) {
			const { resource, operation } = node.parameters;
			const form = savedNodeForm(resource, operation, node.typeVersion);
			await page.goto(`${editor.host.baseUrl}/workflow/${id}`);
			await page.getByTestId('canvas-node').filter({ hasText: node.name }).first().dblclick();
			await ndv().getByTestId('parameter-input-mode').waitFor();
			const rendered = await renderedControls();
			expect({ node: node.name, controls: rendered.length }).toEqual({
				node: node.name,
				controls: form.controls,
			});
			expect(rendered.filter((c) => c.startsWith('collection:'))).toHaveLength(form.groups.length);
			for (const group of form.groups) {
				const listed = await groupList(group.displayName);
				expect({ node: node.name, group: group.displayName, listed: listed.sort() }).toEqual({
					node: node.name,
					group: group.displayName,
					listed: [...group.offers].sort(),
				});
			}
		}
		await editor.screenshot('13-saved-call-1.4');
	});

	it('the resource locator lists agents from the sandbox', async () => {
		// A running agent in the sandbox, started through Agora's API as any client would.
		const name = `browser-listed-${Date.now()}`;
		await startAgentAt(editor.sandbox, { name, channel: 'browser-room' });

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
			// One credential picker at a time: the Agora API credential first, then the Vendor Keys one (shown above it).
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
			const required = controlsOfNewNode(agora, { resource: 'agent', operation: 'start' }).filter(
				(c) => c.required && !c.name.startsWith('credential:'),
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

	it('shows the Recording Storage credential on Cloud Recording, and on Start only once Record the Conversation is added', async () => {
		// The credential pickers (or their "connect" buttons), each under its credential type's label.
		const pickers = () =>
			ndv()
				.locator(
					'[data-test-id="node-credentials-select"], [data-test-id="node-credentials-empty-state"]',
				)
				.locator('visible=true');
		const waitForPickers = async (count: number) => {
			for (let polls = 0; polls < 60 && (await pickers().count()) !== count; polls++)
				await new Promise((resolve) => setTimeout(resolve, 250));
			expect(await pickers().count()).toBe(count);
		};
		await newWorkflow();
		await addAction('Start a cloud recording');
		await waitForPickers(2);
		await newWorkflow();
		await addAction('Start an agent');
		await ndv().getByTestId('parameter-input-mode').waitFor();
		const before = await pickers().count();
		await addGroupOption('Conversation', 'Record the Conversation');
		await waitForPickers(before + 1);
		await editor.screenshot('13-start-record-conversation');
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

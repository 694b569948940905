/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A newcomer's first hour in `npm run dev` (its own set-up, scripts/lib/devSteps.ts), in n8n's
 * editor in headless Chromium: a new Agent › Start comes up with "Agora account" selected; an Agora
 * Trigger listening for a test event receives one sent from the talk page; and an example the user
 * edited and a key typed into a credential are still there after dev restarts.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import type { DevContext, DevSetup } from '../../scripts/lib/devSteps';
import { EXAMPLE_CREDENTIAL } from '../../scripts/lib/examples';
import { DEFAULT_N8N_VERSION } from '../../scripts/lib/n8nInstall';
import { inLane } from '../lib/n8nE2e';
import { openSignedInBrowser, startDevIn, waitForText } from './editorHost';

const version = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;
const maybe = inLane('last');
const EDITED_EXAMPLE = 'agoraExAgentLife';
const TYPED_CREDENTIAL = 'openAiExampleCred';

let folder: string;
let ctx: DevContext;
let dev: DevSetup;
let said: string[] = [];
let browser: Browser;
let context: BrowserContext;
let page: Page;

/** dev's set-up and n8n, in the test's dev folder, on free ports. */
async function startDev(): Promise<void> {
	said = [];
	({ ctx, dev } = await startDevIn(version, folder, (m) => said.push(m)));
}

async function stopDev(): Promise<void> {
	for (const cleanup of (ctx?.cleanups ?? []).reverse()) await cleanup().catch(() => undefined);
}

// Once per run, in the lane of dev's default n8n; devBrain takes the other lane. With devStop and
// campaignCrash, that keeps the two lanes even.
maybe(`npm run dev on n8n ${version}`, () => {
	beforeAll(async () => {
		folder = fs.mkdtempSync(path.join(os.tmpdir(), `agora-dev-work-${version}-`));
		await startDev();
		({ browser, context } = await openSignedInBrowser(dev.host.baseUrl));
		page = await context.newPage();
	}, 900000);

	afterAll(async () => {
		await browser?.close();
		await stopDev();
		if (folder) fs.rmSync(folder, { recursive: true, force: true });
	});

	const ndv = () => page.getByTestId('ndv');
	const nodeCreator = () => page.getByTestId('node-creator');

	/** A new workflow, the node panel searched for Agora and its entry opened. */
	async function openAgoraEntry(): Promise<void> {
		await page.goto(`${dev.host.baseUrl}/workflow/new`);
		await page.getByTestId('canvas-plus-button').click();
		await page.getByTestId('node-creator-search-bar').fill('Agora');
		const entry = nodeCreator()
			.getByTestId('item-iterator-item')
			.filter({
				has: page.getByTestId('node-creator-item-name').filter({ hasText: /^\s*Agora\s*$/ }),
			});
		await entry.first().click();
	}

	async function addItem(text: RegExp): Promise<void> {
		await openAgoraEntry();
		const item = nodeCreator().getByTestId('item-iterator-item').filter({ hasText: text });
		if (!(await item.first().isVisible()))
			await nodeCreator()
				.getByTestId('node-creator-category-item')
				.filter({ hasText: /Actions/ })
				.click();
		await item.first().click();
		await ndv().waitFor();
	}

	/** The name shown in the node's n-th credential picker, once the editor has filled it (or '' after 10 s). */
	async function selectedCredential(index: number): Promise<string> {
		const select = ndv().getByTestId('node-credentials-select').nth(index);
		await select.waitFor();
		let value = '';
		for (let polls = 0; polls < 40 && value === ''; polls++) {
			value = await select.locator('input').first().inputValue();
			if (value === '') await page.waitForTimeout(250);
		}
		if (value === '') {
			await page.screenshot({
				path: path.join(os.tmpdir(), `devWork-${version}-credential-${index}.png`),
				fullPage: true,
			});
			const listed = (
				await (await context.request.get(`${dev.host.baseUrl}/rest/credentials`)).json()
			).data as Array<Record<string, unknown>>;
			fs.writeFileSync(
				path.join(os.tmpdir(), `devWork-${version}-credentials.json`),
				JSON.stringify(
					listed.map(({ name, type, updatedAt }) => ({ name, type, updatedAt })),
					null,
					2,
				),
			);
		}
		return value;
	}

	type Row = { name?: string; data?: string };
	const row = async (sql: string, id: string) => (await dev.host.query<Row>(sql, [id]))[0];

	test('a new Agent › Start comes up with the “Agora account” credential selected', async () => {
		await addItem(/Start an agent/);
		// The Agora credential's picker comes last (Agora.node.ts lists it last for n8n 1.x's choice).
		expect(await selectedCredential(1)).toBe(EXAMPLE_CREDENTIAL.name);
	});

	test('a Start run without one of its credentials is stopped naming it as the form does, before any request', async () => {
		await addItem(/Start an agent/);
		// n8n pre-selects one credential in a new node: the other picker stays empty until chosen
		expect(
			[await selectedCredential(0), await selectedCredential(1)].filter((name) => name === ''),
		).toHaveLength(1);
		const input = (name: string) =>
			ndv().getByTestId(`parameter-input-${name}`).locator('input, textarea').first();
		await input('channel').fill('dev-room');
		await input('remoteRtcUid').fill('1002');
		await ndv().getByTestId('node-execute-button').first().click();
		const flagged = await waitForText(
			page.locator('body'),
			/No “Agora (Vendor Keys )?API” credential selected|Credentials for .?Agora (Vendor Keys )?API.? are not set/,
			60000,
		);
		expect(flagged).not.toMatch(/agoraVendorKeysApi|agoraApi/);
		expect(((await dev.sandbox!.control('state')) as { agents: unknown[] }).agents).toEqual([]);
	});

	test('an Agora Trigger listening for a test event receives the one the talk page sends to its Test URL', async () => {
		await addItem(/Agora event/);
		// n8n's webhook panel (no test ids of its own): the Test URL
		await ndv().locator('.webhooks .headline').click();
		await ndv().getByTestId('radio-button-test').click();
		const testUrl = (
			await waitForText(ndv().locator('.webhooks .webhook-url'), /webhook-test/)
		).trim();
		await ndv().getByTestId('node-execute-button').first().click();
		await waitForText(ndv(), /Listening/i);

		const talk = await context.newPage();
		await talk.goto(`${dev.sandbox!.url}/_sandbox/talk`);
		await talk.locator('#notify-url').fill(testUrl);
		await talk.locator('#notify-type').selectOption({ label: '17 / 101: agent joined' });
		await talk.locator('#notify-send').click();
		expect(await waitForText(talk.locator('#notify-result'), /answered|not sent/)).toMatch(
			/^answered 200 after 1 attempt/,
		);
		await talk.close();

		// The node's output: the agent that joined, from the signed notification
		expect(await waitForText(ndv(), /A42AC47HT37DK62MY86KP45/, 60000)).toMatch(/agent-1/);
	});

	test('an edited example and a key typed into a credential survive a restart of dev', async () => {
		// Edits as the editor makes them, through its REST API in the signed-in browser session
		const base = dev.host.baseUrl;
		const workflow = (
			await (await context.request.get(`${base}/rest/workflows/${EDITED_EXAMPLE}`)).json()
		).data;
		const renamed = `${workflow.name} (my copy)`;
		const saved = await context.request.patch(`${base}/rest/workflows/${EDITED_EXAMPLE}`, {
			data: { name: renamed, versionId: workflow.versionId },
		});
		expect(saved.ok()).toBe(true);
		const credential = await context.request.patch(`${base}/rest/credentials/${TYPED_CREDENTIAL}`, {
			data: {
				name: 'OpenAI account',
				type: 'openAiApi',
				data: { apiKey: 'sk-typed-by-the-user', url: 'https://api.openai.com/v1' },
			},
		});
		expect(credential.ok()).toBe(true);
		const typed = await row('SELECT data FROM credentials_entity WHERE id = ?', TYPED_CREDENTIAL);

		await stopDev();
		await startDev();

		expect((await row('SELECT name FROM workflow_entity WHERE id = ?', EDITED_EXAMPLE))?.name).toBe(
			renamed,
		);
		expect(
			(await row('SELECT data FROM credentials_entity WHERE id = ?', TYPED_CREDENTIAL))?.data,
		).toBe(typed?.data);
		expect(said.join('\n')).toMatch(
			/kept as you changed them: "OpenAI account", "01-voice-agent-lifecycle"/,
		);
		// the examples nobody touched are dev's copies, imported again
		expect(
			(await row('SELECT name FROM workflow_entity WHERE id = ?', 'agoraExMllmAgent'))?.name,
		).toMatch(/^02 /);
	}, 900000);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A newcomer's first hour in `npm run dev` (its own set-up, scripts/lib/devSteps.ts), in n8n's
 * editor in headless Chromium: a new Agent › Start comes up with "Agora account" selected and, with
 * only its channel, user UID, Instructions and Greeting typed, starts an agent that greets with that
 * greeting and answers on the talk page (a new Phone Call › Call with its two numbers places a
 * call); an Agora Trigger listening for a test event receives one sent from the talk page; and an example the user
 * edited and a key typed into a credential are still there after dev restarts.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import type { DevContext, DevSetup } from '../../scripts/lib/devSteps';
import { EXAMPLE_CREDENTIAL, EXAMPLES_DIR } from '../../scripts/lib/examples';
import { DEFAULT_N8N_VERSION } from '../../scripts/lib/n8nInstall';
import { inLane } from '../lib/n8nE2e';
import { openSignedInBrowser, startDevIn, waitForText } from './editorHost';

const version = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;
const maybe = inLane('last');
const EDITED_EXAMPLE = 'agoraExAgentLife';
const TYPED_CREDENTIAL = 'openAiExampleCred';
const SAID = 'Is the pool open?';
const INSTRUCTIONS = 'You are a helpful receptionist.';
const GREETING = 'Hello from the new form';

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

	/** The top-level fields a newcomer types into a new node, by parameter name: nothing else is chosen. */
	const NEW_START_FIELDS: Array<[string, string]> = [
		['channel', 'dev-first-room'],
		['remoteRtcUid', '1002'],
		['instructions', INSTRUCTIONS],
		['greeting', GREETING],
	];
	const NEW_CALL_FIELDS: Array<[string, string]> = [
		['toNumber', '+14155550123'],
		['fromNumber', '+14155550100'],
	];

	/** Types each value into its field of the open node (no group opened, no credential chosen) and runs it. */
	async function fillAndRun(fields: Array<[string, string]>): Promise<void> {
		for (const [name, value] of fields)
			await ndv()
				.getByTestId(`parameter-input-${name}`)
				.locator('input, textarea')
				.first()
				.fill(value);
		await ndv().getByTestId('node-execute-button').first().click();
	}

	type SandboxAgent = { agentId: string; request: { properties: Record<string, unknown> } };
	async function newAgent(before: number): Promise<SandboxAgent> {
		for (let attempt = 0; attempt < 240; attempt++) {
			const { agents } = (await dev.sandbox!.control('state')) as { agents: SandboxAgent[] };
			if (agents.length > before) return agents.at(-1)!;
			await page.waitForTimeout(250);
		}
		throw new Error(`the node started no agent; the editor shows: ${await ndv().innerText()}`);
	}
	const agentCount = async () =>
		((await dev.sandbox!.control('state')) as { agents: unknown[] }).agents.length;

	test('a new Agent › Start with only its channel, user UID, Instructions and Greeting runs, and its agent greets and answers on the talk page', async () => {
		await addItem(/Start an agent/);
		const before = await agentCount();
		await fillAndRun(NEW_START_FIELDS);
		const agent = await newAgent(before);
		expect(agent.request.properties).toMatchObject({
			channel: 'dev-first-room',
			remote_rtc_uids: ['1002'],
			llm: {
				credential_mode: 'managed',
				system_messages: [{ role: 'system', content: INSTRUCTIONS }],
				greeting_message: GREETING,
			},
		});

		const talk = await context.newPage();
		await talk.goto(`${dev.sandbox!.url}/_sandbox/talk`);
		const box = talk.locator(`section[data-agent-id="${agent.agentId}"]`);
		await box.locator('h2', { hasText: '(RUNNING)' }).waitFor({ timeout: 60000 });
		// The first agent line is the typed greeting, on the page and in the sandbox's agent state
		const first = box.locator('.assistant').first();
		await first.waitFor({ timeout: 60000 });
		expect(await first.textContent()).toBe(`Agent (greeting): ${GREETING}`);
		const state = (await dev.sandbox!.control(`agents/${agent.agentId}/conversation`)) as {
			agent: { greeting?: string };
		};
		expect(state.agent.greeting).toBe(GREETING);
		await box.locator('input[name="text"]').fill(SAID);
		await box.locator('button', { hasText: 'Say' }).click();
		const answer = box.locator('.assistant', { hasText: /^Agent: / });
		await answer.waitFor({ timeout: 60000 });
		expect(await box.locator('.error').count()).toBe(0);
		// The scripted model plays Agora's managed LLM in dev
		expect((await answer.textContent())?.replace(/first token.*$/, '')).toBe(
			`Agent: You said: ${SAID}`,
		);
		await talk.close();
	});

	test('a new Phone Call › Call with only its two numbers places the call', async () => {
		await addItem(/Place a phone call/);
		const before = await agentCount();
		await fillAndRun(NEW_CALL_FIELDS);
		const agent = await newAgent(before);
		expect(agent.request.properties).toMatchObject({ llm: { credential_mode: 'managed' } });
		expect(await waitForText(ndv(), /agent_id/, 60000)).not.toMatch(/credential selected/);
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
		).toBe(JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, '02-mllm-agent.json'), 'utf8')).name);
	}, 900000);
});

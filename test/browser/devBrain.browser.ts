/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * A newcomer talks to the example brain in dev: `npm run dev`'s own set-up (scripts/dev.ts: the
 * package, the sandbox, the scripted model, the credentials and examples, the brain active), then
 * in headless Chromium: example 16 run from n8n's editor starts an agent whose LLM is example 15,
 * and the sandbox's talk page carries the caller's words to it and shows the brain's answer.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import type { DevContext, DevSetup } from '../../scripts/lib/devSteps';
import { BRAIN_EXAMPLES, brainUrl } from '../../scripts/lib/examples';
import { nodeOutput } from '../../scripts/lib/n8nHost';
import { DEFAULT_N8N_VERSION } from '../../scripts/lib/n8nInstall';
import { inLane } from '../lib/n8nE2e';
import { openSignedInBrowser, startDevIn } from './editorHost';

const version = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;
const maybe = inLane('first');
const SAID = 'Is the pool open?';

let folder: string;
let ctx: DevContext;
let dev: DevSetup;
let browser: Browser;
let context: BrowserContext;

// Once per run, in the lane devWork leaves (it takes dev's default n8n). With devStop and
// campaignCrash, that keeps the two lanes even.
maybe(`npm run dev on n8n ${version}`, () => {
	beforeAll(async () => {
		folder = fs.mkdtempSync(path.join(os.tmpdir(), `agora-dev-brain-${version}-`));
		({ ctx, dev } = await startDevIn(version, folder));
		await dev.host.waitForWebhooks([BRAIN_EXAMPLES.brainWorkflowId]);
		({ browser, context } = await openSignedInBrowser(dev.host.baseUrl));
	}, 900000);

	afterAll(async () => {
		await browser?.close();
		for (const cleanup of (ctx?.cleanups ?? []).reverse()) await cleanup().catch(() => undefined);
		if (folder) fs.rmSync(folder, { recursive: true, force: true });
	});

	/** Example 16 run the way a newcomer runs it: opened in the editor, Execute workflow. */
	async function startAgentFromEditor(page: Page): Promise<{ agentId: string; request: any }> {
		const sandbox = dev.sandbox!;
		const before = ((await sandbox.control('state')) as { agents: unknown[] }).agents.length;
		await page.goto(`${dev.host.baseUrl}/workflow/${BRAIN_EXAMPLES.startWorkflowId}`);
		await page
			.locator('[data-test-id="execute-workflow-button"]')
			.first()
			.click({ timeout: 60000 });
		for (let attempt = 0; attempt < 240; attempt++) {
			const { agents } = (await sandbox.control('state')) as {
				agents: Array<{ agentId: string; request: any }>;
			};
			if (agents.length > before) return agents.at(-1)!;
			await page.waitForTimeout(250);
		}
		throw new Error('running example 16 from the editor started no agent in the sandbox');
	}

	test('a newcomer talks to the example brain in dev: the caller’s words reach the AI Agent in n8n and its answer shows on the talk page', async () => {
		const editor = await context.newPage();
		const agent = await startAgentFromEditor(editor);
		expect(agent.request.properties.llm).toMatchObject({
			url: brainUrl(dev.webhookBase),
			api_key: BRAIN_EXAMPLES.key,
			vendor: 'custom',
		});

		const talk = await context.newPage();
		await talk.goto(`${dev.sandbox!.url}/_sandbox/talk`);
		const box = talk.locator(`section[data-agent-id="${agent.agentId}"]`);
		await box.locator('h2', { hasText: '(RUNNING)' }).waitFor({ timeout: 60000 });
		await box
			.locator('.assistant', { hasText: 'Agent (greeting): Hello! How can I help you today?' })
			.waitFor();
		await box.locator('input[name="text"]').fill(SAID);
		await box.locator('button', { hasText: 'Say' }).click();
		const answer = box.locator('.assistant', { hasText: /^Agent: / });
		await answer.waitFor({ timeout: 60000 });
		expect(await box.locator('.error').count()).toBe(0);
		expect(await answer.locator('.latency').textContent()).toMatch(
			/^first token \d+ ms · total \d+ ms$/,
		);
		// The scripted model's words, which reached the page through n8n's AI Agent and the Reply
		expect((await answer.textContent())?.replace(/first token.*$/, '')).toBe(
			`Agent: You said: ${SAID}`,
		);

		// The model was asked by the AI Agent, with the agent's system message that example 16 set
		const asked = dev.model.requests.at(-1)!.body.messages as Array<{
			role: string;
			content: unknown;
		}>;
		expect(asked.at(-1)).toEqual({ role: 'user', content: SAID });
		expect(JSON.stringify(asked.filter((m) => m.role === 'system'))).toContain(
			'support agent for Acme',
		);
		// and the brain workflow ran: its execution's AI Agent gave the answer the page shows
		const runs = await dev.host.settledExecutions(
			BRAIN_EXAMPLES.brainWorkflowId,
			(list) => list.length > 0,
		);
		expect(runs.map((run) => run.status)).toEqual(['success']);
		expect(nodeOutput(runs[0].data, 'AI Agent')).toEqual([
			expect.objectContaining({ output: `You said: ${SAID}` }),
		]);
	});
});

/**
 * The sandbox's talk page in headless Chromium: an agent whose llm.url is the scripted model is
 * listed; typing as the caller shows the agent's answer and the turn's latency. Needs no n8n.
 */
import { chromium, type Browser } from 'playwright-core';
import { startSandbox, type Sandbox } from '../../sandbox/src/index';
import { agentPath, client, startBody } from '../../sandbox/src/helpers';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { chromiumPath, CHROMIUM_FLAGS } from './editorHost';

let sb: Sandbox;
let model: ScriptedModel;
let browser: Browser;

beforeAll(async () => {
	model = await startScriptedModel();
	sb = await startSandbox({ startDelayMs: 10 });
	browser = await chromium.launch({
		executablePath: chromiumPath(),
		headless: true,
		args: CHROMIUM_FLAGS,
	});
});
afterAll(async () => {
	await browser?.close();
	await sb?.close();
	await model?.close();
});

test('talk page: type as the caller, read the answer and its latency', async () => {
	const api = client(sb);
	const body = startBody({
		name: 'front-desk',
		properties: {
			llm: {
				url: `${model.url}/chat/completions`,
				api_key: 'k',
				system_messages: [],
				greeting_message: 'Hi!',
			},
		},
	});
	const started = await api.post(agentPath(sb, '/join'), body);
	expect(started.status).toBe(200);
	const id = started.data.agent_id as string;
	const page = await browser.newPage();
	// no internet at test time: anything but the sandbox is refused
	await page.route(
		(url) => url.hostname !== '127.0.0.1',
		(route) => route.abort(),
	);
	await page.goto(`${sb.url}/_sandbox/talk`);
	const box = page.locator(`section[data-agent-id="${id}"]`);
	await box.locator('h2', { hasText: 'front-desk (RUNNING)' }).waitFor();
	await box.locator('.assistant', { hasText: 'Agent (greeting): Hi!' }).waitFor();
	await box.locator('input[name="text"]').fill('Is the pool open?');
	await box.locator('button', { hasText: 'Say' }).click();
	const answer = box.locator('.assistant', { hasText: 'You said: Is the pool open?' });
	await answer.waitFor();
	expect(await box.locator('.user').first().textContent()).toBe('You: Is the pool open?');
	expect(await answer.locator('.latency').textContent()).toMatch(
		/^first token \d+ ms · total \d+ ms$/,
	);
	expect(model.requests.at(-1)?.body.messages.at(-1)).toEqual({
		role: 'user',
		content: 'Is the pool open?',
	});
});

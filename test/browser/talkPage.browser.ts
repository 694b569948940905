/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The sandbox's talk page in headless Chromium: an agent whose llm.url is the scripted model is
 * listed; typing as the caller shows the agent's answer and the turn's latency; as a website's
 * client it joins a session from a backend and stops it. Needs no n8n.
 */
import http from 'http';
import { chromium, type Browser } from 'playwright-core';
import type { Sandbox } from '../../sandbox/src/index';
import { agentPath, agoraToken, client } from '../../sandbox/src/helpers';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { seedAgent, useSandbox } from '../lib/sandbox';
import { chromiumPath, CHROMIUM_FLAGS } from './editorHost';

let sb: Sandbox;
let model: ScriptedModel;
let browser: Browser;

useSandbox({ startDelayMs: 10 }, (started) => ({ sb } = started), { resetEach: false });
beforeAll(async () => {
	model = await startScriptedModel();
	browser = await chromium.launch({
		executablePath: chromiumPath(),
		headless: true,
		args: CHROMIUM_FLAGS,
	});
});
afterAll(async () => {
	await browser?.close();
	await model?.close();
});

test('talk page: type as the caller, read the answer and its latency', async () => {
	const id = await seedAgent(sb, {
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

/**
 * A website's backend as template 18 answers (a token for the visitor's UID and an agent started in
 * the channel, CORS as n8n's Webhook answers it), for the page's "Be the website" form.
 */
async function startBackend(): Promise<{
	url: string;
	stopped: string[];
	close: () => Promise<void>;
}> {
	const api = client(sb);
	const stopped: string[] = [];
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', async () => {
			res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
			res.setHeader('access-control-allow-headers', 'content-type');
			if (req.method === 'OPTIONS') {
				res.writeHead(204).end();
				return;
			}
			const body = JSON.parse(Buffer.concat(chunks).toString() || '{}');
			let answer: object;
			if (req.url === '/session') {
				const channel = 'web-1';
				const uid = 4242;
				const agentId = await seedAgent(sb, {
					name: 'website-agent',
					channel,
					properties: {
						remote_rtc_uids: [String(uid)],
						llm: { url: `${model.url}/chat/completions`, api_key: 'k', system_messages: [] },
					},
				});
				answer = {
					appId: sb.appId,
					channel,
					uid,
					token: agoraToken(sb, channel, uid),
					session: `session-of-${agentId}`,
				};
			} else {
				const agentId = String(body.session).replace(/^session-of-/, '');
				await api.post(agentPath(sb, `/agents/${agentId}/leave`));
				stopped.push(agentId);
				answer = { stopped: true };
			}
			res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as { port: number };
	return {
		url: `http://127.0.0.1:${port}`,
		stopped,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

test('talk page as a website: a session from the backend, joined, talked to, stopped', async () => {
	const backend = await startBackend();
	try {
		const page = await browser.newPage();
		await page.route(
			(url) => url.hostname !== '127.0.0.1',
			(route) => route.abort(),
		);
		const query = new URLSearchParams({
			session: `${backend.url}/session`,
			stop: `${backend.url}/stop`,
		});
		await page.goto(`${sb.url}/_sandbox/talk?${query.toString()}`);
		await page.locator('#session-start').click();
		await page
			.locator('#session-result', {
				hasText: 'joined channel web-1 as UID 4242; agents listening to you: website-agent',
			})
			.waitFor();
		const box = page.locator('section.agent.yours');
		await box.locator('h2', { hasText: 'website-agent (RUNNING)' }).waitFor();
		await box.locator('input[name="text"]').fill('Hello from the website');
		await box.locator('button', { hasText: 'Say' }).click();
		await box.locator('.assistant', { hasText: 'You said: Hello from the website' }).waitFor();
		await page.locator('#session-stop').click();
		await page.locator('#session-result', { hasText: 'stopped the session' }).waitFor();
		expect(backend.stopped).toHaveLength(1);
		await box.locator('h2', { hasText: /website-agent \((STOPPING|STOPPED)\)/ }).waitFor();
	} finally {
		await backend.close();
	}
});

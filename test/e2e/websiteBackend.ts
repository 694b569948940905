/* eslint-disable @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Example 18 (website voice agent backend) in the real n8n of examples.e2e.ts: its session webhook
 * answers what a web client joins with (the sandbox's POST /_sandbox/join checks it, as the talk page
 * does), the agent it started answers, and the stop webhook ends it.
 */
import { decodeAccessToken2 } from '../../sandbox/src/accessToken2Decoder';
import type { ScriptedModel } from '../../sandbox/src/scriptedModel';
import { WEBSITE_BACKEND_EXAMPLE } from '../../scripts/lib/examples';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';

export interface WebsiteBackendContext {
	sandbox: SandboxProcess;
	/** The model the Vendor Keys credential points agents at. */
	openAi: ScriptedModel;
	serve: (ids: string[]) => Promise<void>;
	hookUrl: (pathname: string) => string;
	appCertificate: string;
}

type Agent = { agentId: string; channel: string; status: string; request: any };

export function websiteBackendTests(context: () => WebsiteBackendContext): void {
	describe('18: the website backend, with the talk page’s join as its web client', () => {
		let sandbox: SandboxProcess;
		let openAi: ScriptedModel;
		let hookUrl: (pathname: string) => string;
		let APP_CERTIFICATE: string;
		const state = async () => (await sandbox.control('state')) as { agents: Agent[] };
		const requests = async () => (await sandbox.control('requests')) as Array<{ path: string }>;

		const post = async (url: string, body: object, headers: Record<string, string> = {}) => {
			const res = await fetch(url, {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...headers },
				body: JSON.stringify(body),
			});
			const text = await res.text();
			return {
				status: res.status,
				headers: res.headers,
				body: text ? JSON.parse(text) : undefined,
			};
		};
		const join = (session: any) =>
			post(`${sandbox.url}/_sandbox/join`, {
				appId: session.appId,
				channel: session.channel,
				uid: session.uid,
				token: session.token,
			});

		beforeAll(async () => {
			const ctx = context();
			({ sandbox, openAi, hookUrl, appCertificate: APP_CERTIFICATE } = ctx);
			await ctx.serve([WEBSITE_BACKEND_EXAMPLE.workflowId]);
		}, 180000);

		test('a session joins its channel, talks to the agent started for it, and the stop webhook ends it', async () => {
			const sessionUrl = hookUrl(WEBSITE_BACKEND_EXAMPLE.sessionPath);
			// The talk page calls from the sandbox's origin: n8n allows it (the Webhook's default CORS).
			const preflight = await fetch(sessionUrl, {
				method: 'OPTIONS',
				headers: {
					origin: sandbox.url,
					'access-control-request-method': 'POST',
					'access-control-request-headers': 'content-type',
				},
			});
			expect(preflight.headers.get('access-control-allow-origin')).toBe(sandbox.url);

			const answer = await post(sessionUrl, { channel: 'web-e2e' }, { origin: sandbox.url });
			expect(answer.status).toBe(200);
			const session = answer.body;
			expect(session).toMatchObject({
				appId: sandbox.appId,
				channel: 'web-e2e',
				uid: expect.any(Number),
				token: expect.stringMatching(/^007/),
				agentId: expect.any(String),
				agentUid: WEBSITE_BACKEND_EXAMPLE.agentUid,
			});
			expect(JSON.stringify(session)).not.toContain(APP_CERTIFICATE);
			const [agent] = (await state()).agents;
			expect(agent.agentId).toBe(session.agentId);
			const sent = agent.request.properties;
			expect(sent).toMatchObject({
				channel: 'web-e2e',
				remote_rtc_uids: [String(session.uid)],
				agent_rtc_uid: '1001',
				idle_timeout: 120,
				llm: { url: `${openAi.url}/chat/completions`, api_key: 'sk-local-scripted-model' },
			});
			expect(decodeAccessToken2(sent.token).services[0]).toMatchObject({
				channelName: 'web-e2e',
				uid: '1001',
			});

			// Past the sandbox's start delay on its own clock: the agent is RUNNING when the page joins.
			await sandbox.control('clock', { advanceMs: 20 });
			const joined = await join(session);
			expect(joined.status).toBe(200);
			expect(joined.body.agents).toEqual([
				expect.objectContaining({
					agent_id: session.agentId,
					status: 'RUNNING',
					listens_to_you: true,
				}),
			]);
			// The token is for this channel and UID only.
			expect((await join({ ...session, channel: 'web-other' })).status).toBe(403);
			expect((await join({ ...session, uid: session.uid + 1 })).status).toBe(403);

			const said = await post(`${sandbox.url}/_sandbox/agents/${session.agentId}/say`, {
				text: 'Hello from the website',
			});
			expect(said.status).toBe(200);
			expect(said.body.answer).toBe('You said: Hello from the website');

			const stopped = await post(hookUrl(WEBSITE_BACKEND_EXAMPLE.stopPath), {
				agentId: session.agentId,
			});
			expect(stopped).toMatchObject({
				status: 200,
				body: { stopped: true, agentId: session.agentId },
			});
			const leaves = (await requests()).filter((r) => r.path.endsWith(`/${session.agentId}/leave`));
			expect(leaves).toHaveLength(1);
			await sandbox.control('clock', { advanceMs: 20 });
			expect((await state()).agents[0].status).toBe('STOPPED');
			expect((await join(session)).body.agents).toEqual([]);
			// Stopping again (a second click, a page unload) is no error.
			expect(
				(await post(hookUrl(WEBSITE_BACKEND_EXAMPLE.stopPath), { agentId: session.agentId }))
					.status,
			).toBe(200);
		}, 120000);

		test('without a channel the backend makes one per session', async () => {
			const sessionUrl = hookUrl(WEBSITE_BACKEND_EXAMPLE.sessionPath);
			const first = (await post(sessionUrl, {})).body;
			const second = (await post(sessionUrl, {})).body;
			expect(first.channel).toMatch(/^web-\w+$/);
			expect(second.channel).not.toBe(first.channel);
			expect((await join(first)).status).toBe(200);
			expect((await state()).agents.map((a) => a.channel).sort()).toEqual(
				[first.channel, second.channel].sort(),
			);
		}, 120000);
	});
}

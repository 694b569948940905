/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @typescript-eslint/no-explicit-any -- not part of the published package: test code run by plain Node */
/**
 * Template 18 (a website voice agent with an n8n brain) in a real n8n, read as its web page and as an
 * attacker of its three webhooks: the sandbox is Agora and plays the visitor's browser (its join
 * checks the token as the Web SDK's join would) and the caller speaking to each agent.
 */
import { decodeAccessToken2 } from '../../sandbox/src/accessToken2Decoder';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import {
	BRAIN_EXAMPLES,
	scriptedOpenAiCredential,
	WEBSITE_AGENT_EXAMPLE,
	websiteAgentWorkflow,
} from '../../scripts/lib/examples';
import type { N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e, type N8nE2e } from '../lib/n8nE2e';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';
const OTHER_ORIGIN = 'https://attacker.invalid';

type Agent = { agentId: string; channel: string; status: string; request: any };
type Answer = { status: number; headers: Headers; body: any };
interface Session {
	appId: string;
	channel: string;
	uid: number;
	token: string;
	expiresAt: number;
	session: string;
	agentUid: number;
}

let e2e: N8nE2e;
let host: N8nHost;
let sandbox: SandboxProcess;
let model: ScriptedModel;
/** The website's own origin: the template's Allowed Origins as its notes tell a user to set them. */
let siteOrigin: string;

// The sandbox waits for the brain longer than Agora would: n8n's first AI Agent run loads its AI
// nodes, which on a busy machine takes many seconds.
const SANDBOX_ENV = {
	SANDBOX_START_DELAY_MS: '20',
	SANDBOX_STOP_DELAY_MS: '20',
	SANDBOX_LLM_TIMEOUT_MS: '60000',
};

useN8nE2e({ name: 'website', sandbox: SANDBOX_ENV }, async (started) => {
	e2e = started;
	({ host, sandbox } = e2e);
	siteOrigin = new URL(sandbox.url).origin;
	model = await startScriptedModel();
	await e2e.importAgoraCredential({ appCertificate: APP_CERTIFICATE });
	await host.importCredentialData([scriptedOpenAiCredential(model.url)]);
	// A longer Answer Timeout than the template's: n8n loads its AI nodes on their first run, which on a
	// busy machine outlasts 8 s.
	const workflow = websiteAgentWorkflow(siteOrigin);
	for (const node of workflow.nodes)
		if (node.type === 'n8n-nodes-agora.agoraLlmTrigger')
			node.parameters.options = { ...node.parameters.options, answerTimeoutMs: 30000 };
	await e2e.importWorkflows([workflow]);
	await e2e.serve([WEBSITE_AGENT_EXAMPLE.workflowId]);
	// One turn straight to the brain, so the tests' first turn finds the AI nodes loaded.
	await fetch(hook(`${WEBSITE_AGENT_EXAMPLE.brainWebhookId}/chat/completions`), {
		method: 'POST',
		headers: { 'content-type': 'application/json', authorization: `Bearer ${BRAIN_EXAMPLES.key}` },
		body: JSON.stringify({ messages: [{ role: 'user', content: 'warm up' }], user: 'warm-up' }),
	}).catch(() => undefined);
});

afterAll(async () => {
	await model?.close();
});

const hook = (pathname: string) => e2e.webhookUrl(pathname);
const post = async (
	url: string,
	body: unknown,
	origin: string | undefined = siteOrigin,
): Promise<Answer> => {
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
		body: JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
};
const startSession = (body: unknown = {}, origin?: string) =>
	post(hook(WEBSITE_AGENT_EXAMPLE.sessionPath), body, origin);
const stop = (body: unknown, origin?: string) =>
	post(hook(WEBSITE_AGENT_EXAMPLE.stopPath), body, origin);
const renew = (body: unknown, origin?: string) =>
	post(hook(WEBSITE_AGENT_EXAMPLE.renewPath), body, origin);

const agents = async () => ((await sandbox.control('state')) as { agents: Agent[] }).agents;
const liveIn = async (channel: string) =>
	(await agents()).filter(
		(a) => a.channel === channel && ['STARTING', 'RUNNING', 'IDLE'].includes(a.status),
	);
/** Past the sandbox's start (or stop) delay on its own clock. */
const settle = () => sandbox.control('clock', { advanceMs: 50 });
const join = (s: Pick<Session, 'appId' | 'channel' | 'uid' | 'token'>) =>
	post(
		`${sandbox.url}/_sandbox/join`,
		{ appId: s.appId, channel: s.channel, uid: s.uid, token: s.token },
		undefined,
	);
const say = async (agentId: string, text: string): Promise<string> => {
	const said = await post(`${sandbox.url}/_sandbox/agents/${agentId}/say`, { text }, undefined);
	expect({ status: said.status, error: said.body?.error }).toEqual({
		status: 200,
		error: undefined,
	});
	return said.body.answer;
};
/** The origin n8n allows in its answer to a browser's preflight of the session webhook from `origin`. */
const allowedOriginFor = async (origin: string) =>
	(
		await fetch(hook(WEBSITE_AGENT_EXAMPLE.sessionPath), {
			method: 'OPTIONS',
			headers: {
				origin,
				'access-control-request-method': 'POST',
				'access-control-request-headers': 'content-type',
			},
		})
	).headers.get('access-control-allow-origin');
const tokenChannel = (token: string) => decodeAccessToken2(token).services[0].channelName;

async function newSession(): Promise<Session & { agentId: string }> {
	const answer = await startSession();
	expect({ status: answer.status, body: answer.body }).toMatchObject({
		status: 200,
		body: { token: expect.stringMatching(/^007/) },
	});
	await settle();
	const [agent] = await liveIn(answer.body.channel);
	return { ...answer.body, agentId: agent.agentId };
}

describe('the web page’s session', () => {
	test('a session: a fresh random channel, a token for it, an agent already listening; the page never sees an agent id', async () => {
		expect(await allowedOriginFor(siteOrigin)).toBe(siteOrigin);

		const answer = await startSession();
		expect(answer.status).toBe(200);
		const session = answer.body as Session;
		expect(session).toEqual({
			appId: sandbox.appId,
			channel: expect.stringMatching(/^web-[0-9a-f]{40}$/),
			uid: expect.any(Number),
			token: expect.stringMatching(/^007/),
			expiresAt: expect.any(Number),
			session: expect.stringMatching(/^[0-9a-f]{64}$/),
			agentUid: WEBSITE_AGENT_EXAMPLE.agentUid,
		});
		expect(JSON.stringify(session)).not.toContain(APP_CERTIFICATE);
		const [agent] = await liveIn(session.channel);
		const sent = agent.request.properties;
		expect(sent).toMatchObject({
			channel: session.channel,
			remote_rtc_uids: [String(session.uid)],
			agent_rtc_uid: '1001',
			idle_timeout: 120,
			llm: {
				url: hook(`${WEBSITE_AGENT_EXAMPLE.brainWebhookId}/chat/completions`),
				vendor: 'custom',
				params: { user: session.channel },
			},
		});

		await settle();
		const joined = await join(session);
		expect(joined.status).toBe(200);
		expect(joined.body.agents).toEqual([
			expect.objectContaining({
				agent_id: agent.agentId,
				status: 'RUNNING',
				listens_to_you: true,
			}),
		]);
		// The brain (the same workflow's AI Agent on the scripted model) answers the visitor.
		expect(await say(agent.agentId, 'Hello from the website')).toBe(
			'You said: Hello from the website',
		);

		// Renewal: a fresh token for the same channel and UID, that joins.
		const renewed = await renew({ session: session.session });
		expect(renewed.status).toBe(200);
		expect(renewed.body).toMatchObject({ channel: session.channel, uid: session.uid });
		const services = decodeAccessToken2(renewed.body.token).services[0];
		expect(services).toMatchObject({ channelName: session.channel, uid: String(session.uid) });
		expect((await join({ ...session, token: renewed.body.token })).status).toBe(200);

		expect(await stop({ session: session.session })).toMatchObject({
			status: 200,
			body: { stopped: true },
		});
		await settle();
		expect(await liveIn(session.channel)).toEqual([]);
		// A second stop (a second click, the page unloading) or a renewal after it: 404, nothing to do.
		expect(await stop({ session: session.session })).toMatchObject({
			status: 404,
			body: { error: 'unknown_session', message: expect.any(String) },
		});
		expect((await renew({ session: session.session })).status).toBe(404);
	}, 180000);
});

describe('an attacker of the three webhooks', () => {
	let victim: Session & { agentId: string };
	/** Tokens handed out during the attacks: none may be for the victim's channel. */
	const handedOut: string[] = [];

	beforeAll(async () => {
		victim = await newSession();
	}, 120000);

	/** The victim's call is as it was: its one agent running, no other agent in its channel. */
	async function victimUntouched(): Promise<void> {
		const live = await liveIn(victim.channel);
		expect(live.map((a) => [a.agentId, a.status])).toEqual([[victim.agentId, 'RUNNING']]);
		for (const token of handedOut) expect(tokenChannel(token)).not.toBe(victim.channel);
	}

	test('a session request naming the victim’s channel, or a guessed one, gets a fresh channel of its own', async () => {
		for (const channel of [
			victim.channel,
			'web-1233',
			'web-0000000000000000000000000000000000000000',
		]) {
			const answer = await startSession({ channel, uid: victim.uid, session: victim.session });
			expect(answer.status).toBe(200);
			expect(answer.body.channel).not.toBe(channel);
			expect(answer.body.session).not.toBe(victim.session);
			handedOut.push(answer.body.token);
			expect(tokenChannel(answer.body.token)).toBe(answer.body.channel);
			await stop({ session: answer.body.session });
		}
		await settle();
		await victimUntouched();
	}, 180000);

	test('a stop or a renewal with the victim’s agent id, channel or UID, or a forged or tampered session, is refused', async () => {
		const last = victim.session.at(-1) === '0' ? '1' : '0';
		const tampered = victim.session.slice(0, -1) + last;
		const forged = 'f'.repeat(64);
		for (const body of [
			{ agentId: victim.agentId },
			{ channel: victim.channel, uid: victim.uid },
			{ session: tampered },
			{ session: forged },
			{ session: victim.channel },
			{ session: victim.session.toUpperCase() },
			{ session: [victim.session] },
			{},
		]) {
			const stopped = await stop({ ...body, agentId: victim.agentId });
			expect({ body, status: stopped.status, error: stopped.body?.error }).toEqual({
				body,
				status: 404,
				error: 'unknown_session',
			});
			const renewed = await renew(body);
			expect({ body, status: renewed.status, token: renewed.body?.token }).toEqual({
				body,
				status: 404,
				token: undefined,
			});
		}
		await settle();
		await victimUntouched();
	}, 180000);

	test('another session’s stop ends only its own agent, even when it names the victim’s agent', async () => {
		const other = await newSession();
		const stopped = await stop({ session: other.session, agentId: victim.agentId });
		expect(stopped.status).toBe(200);
		await settle();
		expect(await liveIn(other.channel)).toEqual([]);
		await victimUntouched();
	}, 180000);

	test('a phone call’s agent (a campaign call) cannot be stopped through the website', async () => {
		await sandbox.control('telephony/callees', {
			number: '+14155550301',
			script: { action: 'answer', afterMs: 100, hangUpAfterMs: 600000 },
		});
		const placed = await fetch(
			`${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/call`,
			{
				method: 'POST',
				headers: {
					authorization:
						'Basic ' +
						Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64'),
					'content-type': 'application/json',
				},
				body: JSON.stringify({
					name: 'campaign-call-14155550301',
					sip: {
						to_number: '+14155550301',
						from_number: '+14155550100',
						rtc_uid: '100',
						rtc_token: '',
					},
					pipeline_id: 'pl_reminders',
					properties: {
						channel: 'room-14155550301',
						token: '',
						agent_rtc_uid: '111',
						labels: { campaign: 'reminders' },
					},
				}),
			},
		);
		expect(placed.status).toBe(200);
		const callAgent = ((await placed.json()) as { agent_id: string }).agent_id;
		await settle();
		const before = (await agents()).find((a) => a.agentId === callAgent)!;
		expect(before.status).not.toBe('STOPPED');
		for (const body of [
			{ agentId: callAgent },
			{ session: callAgent },
			{ channel: before.channel },
		]) {
			expect((await stop(body)).status).toBe(404);
		}
		await settle();
		expect((await agents()).find((a) => a.agentId === callAgent)!.status).toBe(before.status);
		await victimUntouched();
	}, 180000);

	test('a page from another origin is refused: n8n’s CORS answers the allowed origin, the workflow answers 403 and starts nothing', async () => {
		// n8n 1.123 and 2.41 alike name the first allowed origin: a browser on another origin stops here.
		expect(await allowedOriginFor(OTHER_ORIGIN)).toBe(siteOrigin);
		const agentsBefore = (await agents()).length;
		// A request a browser sends without asking first (a "simple" request), or a script faking the header.
		const refused = await startSession({}, OTHER_ORIGIN);
		expect(refused).toMatchObject({
			status: 403,
			body: { error: 'origin_not_allowed', message: expect.any(String) },
		});
		expect(refused.headers.get('access-control-allow-origin')).toBe(siteOrigin);
		expect((await stop({ session: victim.session }, OTHER_ORIGIN)).status).toBe(403);
		expect((await renew({ session: victim.session }, OTHER_ORIGIN)).status).toBe(403);
		await settle();
		expect((await agents()).length).toBe(agentsBefore);
		await victimUntouched();
	}, 180000);
});

describe('failures the page can show', () => {
	test('Agora refusing the agent’s start reaches the page as 502 with a message, and nothing is left running', async () => {
		const agentsBefore = (await agents()).length;
		await sandbox.control('faults', {
			method: 'POST',
			pathIncludes: '/join',
			kind: '500',
			count: 20,
		});
		try {
			const failed = await startSession();
			expect(failed).toMatchObject({
				status: 502,
				body: { error: 'agent_not_started', message: expect.stringMatching(/could not start/) },
			});
			expect(failed.body.token).toBeUndefined();
		} finally {
			await sandbox.control('faults', undefined, 'DELETE');
		}
		expect((await agents()).length).toBe(agentsBefore);
		// And the next visitor is served again.
		const next = await startSession();
		expect(next.status).toBe(200);
		await stop({ session: next.body.session });
	}, 180000);
});

describe('the brain: one memory per call', () => {
	test('two callers at once, interleaved: each one’s model request holds its own earlier turns and never the other’s', async () => {
		const alice = await newSession();
		const bob = await newSession();
		expect(await say(alice.agentId, 'My name is Alice Cooperstone.')).toContain('Alice');
		expect(await say(bob.agentId, 'My name is Bob Marleyfield.')).toContain('Bob');
		const [toAlice, toBob] = await Promise.all([
			say(alice.agentId, 'Alice asks: what is my name?'),
			say(bob.agentId, 'Bob asks: what is my name?'),
		]);
		expect([toAlice, toBob]).toEqual([
			'You said: Alice asks: what is my name?',
			'You said: Bob asks: what is my name?',
		]);
		const requestFor = (question: string) => {
			const found = model.requests.filter((r) =>
				JSON.stringify(r.body.messages).includes(question),
			);
			expect(found).toHaveLength(1);
			return JSON.stringify(found[0].body.messages);
		};
		const aliceContext = requestFor('Alice asks: what is my name?');
		const bobContext = requestFor('Bob asks: what is my name?');
		expect(aliceContext).toContain('Alice Cooperstone');
		expect(aliceContext).not.toContain('Bob');
		expect(bobContext).toContain('Bob Marleyfield');
		expect(bobContext).not.toContain('Alice');
		await stop({ session: alice.session });
		await stop({ session: bob.session });
	}, 240000);
});

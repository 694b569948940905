/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * The example workflows in a real n8n with the packed package: run with `n8n execute`, and the Agora
 * Trigger fed signed notifications through n8n's production webhook server; Agora is the sandbox.
 */
import fs from 'fs';
import path from 'path';

import { decodeAccessToken2 } from '../../sandbox/src/accessToken2Decoder';
import { signatures } from '../../sandbox/src/notifier';
import {
	devVendorKeys,
	EXAMPLE_CREDENTIAL,
	EXAMPLES_DIR,
	exampleFiles,
	TRIGGER_WEBHOOK_ID,
	VENDOR_KEYS_CREDENTIAL,
} from '../../scripts/lib/examples';
import { startAgentAt } from '../../sandbox/src/helpers';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { nodeOutput, type CliResult, type N8nHost } from '../../scripts/lib/n8nHost';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { DEFAULT_N8N_VERSION, installN8n } from '../../scripts/lib/n8nInstall';
import { useN8nE2e } from '../lib/n8nE2e';
import {
	importWarnings,
	newestNodeVersions,
	outdatedNodes,
	parameterIssues,
} from '../lib/workflowChecks';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';

let host: N8nHost;
let sandbox: SandboxProcess;
let openAi: ScriptedModel;
let userFolder: string;
let webhookUrl: string;
let serve: (ids: string[]) => Promise<void>;
let imported: CliResult;
let importWorkflows: (workflows: object[]) => Promise<CliResult>;

type Agent = {
	agentId: string;
	name: string;
	channel: string;
	status: string;
	labels?: Record<string, string>;
	request: any;
	speaks: Array<{ text: string }>;
};
type Player = {
	id: string;
	name?: string;
	channelName: string;
	isPause?: boolean;
	volume?: number;
	updatesApplied: number;
	request: any;
};
const state = async () =>
	(await sandbox.control('state')) as {
		agents: Agent[];
		players: Player[];
		destroyedPlayers: Player[];
	};
const requests = async () =>
	(await sandbox.control('requests')) as Array<{
		method: string;
		path: string;
		status: number;
		body: any;
		headers: Record<string, string>;
	}>;

useN8nE2e({ name: 'e2e', resetSandbox: true }, async (e2e) => {
	({ host, sandbox, userFolder } = e2e);
	serve = (ids) => e2e.serve(ids);
	webhookUrl = e2e.webhookUrl(`${TRIGGER_WEBHOOK_ID}/webhook`);
	openAi = await startScriptedModel({ agentId: 'PLACEHOLDER' });
	// No switch for community nodes as tools: neither tested version has one (both allow them).
	await e2e.importAgoraCredential({ appCertificate: APP_CERTIFICATE });
	await host.importCredentialData([
		{
			id: 'openAiExampleCred',
			name: 'OpenAI account',
			type: 'openAiApi',
			data: { apiKey: 'sk-fake-e2e', url: openAi.url },
		},
		// As `npm run dev` makes it: the agents of 01, 02 and 07 take their
		// LLM URL and keys from it.
		{
			...VENDOR_KEYS_CREDENTIAL,
			type: 'agoraVendorKeysApi',
			data: devVendorKeys(openAi.url),
		},
	]);
	imported = await e2e.importWorkflows(exampleFiles());
	importWorkflows = (workflows) => e2e.importWorkflows(workflows);
});

afterAll(async () => {
	await openAi?.close();
});

test('every template imports without a warning; n8n marks no parameter of it but the Data Tables to select', async () => {
	expect(imported.stdout + imported.stderr).toContain(
		`Successfully imported ${exampleFiles().length} workflows`,
	);
	expect(importWarnings(imported)).toEqual([]);
	await serve([]);
	const found: Record<string, Record<string, string[]>> = {};
	const expected: typeof found = {};
	for (const file of exampleFiles()) {
		const workflow = JSON.parse(fs.readFileSync(file, 'utf8'));
		const name = path.basename(file);
		found[name] = await parameterIssues(host, workflow.id);
		// The user picks their own table, as they pick a credential (the sticky note says which).
		for (const node of workflow.nodes.filter((n: any) => /\.dataTable(Tool)?$/.test(n.type)))
			(expected[name] ??= {})[node.name] = [expect.stringMatching(/^dataTableId: /)];
		expected[name] ??= {};
	}
	expect(found).toEqual(expected);
}, 240000);

test('every template uses the newest version of each n8n node that both tested n8n versions have', () => {
	const here = newestNodeVersions(host.n8nDir);
	// The oldest n8n supported (the default, or an older one this run tests): a template must import there too.
	const numbers = (version: string) => version.split('.').map(Number);
	const oldestVersion = [DEFAULT_N8N_VERSION, ...(process.env.N8N_E2E_VERSIONS ?? '').split(/\s+/)]
		.filter(Boolean)
		.sort((a, b) => {
			const [x, y] = [numbers(a), numbers(b)];
			return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
		})[0];
	const oldest = newestNodeVersions(installN8n(oldestVersion));
	const outdated = exampleFiles().flatMap((file) =>
		outdatedNodes(JSON.parse(fs.readFileSync(file, 'utf8')).nodes, here, oldest).map(
			(line) => `${path.basename(file)}: ${line}`,
		),
	);
	expect(outdated).toEqual([]);
});

async function execute(id: string) {
	return await host.executeSucceeded(id);
}

test('n8n loaded the package from its community nodes folder', () => {
	const installed = path.join(
		userFolder,
		'.n8n',
		'nodes',
		'node_modules',
		'n8n-nodes-agora',
		'package.json',
	);
	const pkg = JSON.parse(fs.readFileSync(installed, 'utf8'));
	expect(pkg.devDependencies).toBeUndefined();
	expect(pkg.dependencies ?? {}).toEqual({});
	// zod is not ours: n8n resolves it from its own node_modules at run time.
	expect(fs.existsSync(path.join(path.dirname(installed), 'node_modules', 'zod'))).toBe(false);
});

test('01: start a cascade agent with labels, speak, get, stop', async () => {
	const data = await execute('agoraExAgentLife');
	const [started] = nodeOutput(data, 'Start Agent');
	expect(started).toMatchObject({
		channel: 'support-room-1',
		labels: { campaign: 'spring', ticket: 'T-100' },
	});
	expect(JSON.stringify(data)).not.toContain('sk-your-llm-key');
	expect(JSON.stringify(data)).not.toContain('your-azure-speech-key');
	expect(nodeOutput(data, 'Speak')[0].agent_id).toBe(started.agent_id);
	expect(nodeOutput(data, 'Get Status')[0]).toMatchObject({
		agent_id: started.agent_id,
		name: started.name,
	});
	const { agents } = await state();
	expect(agents).toHaveLength(1);
	const [agent] = agents;
	expect(agent.labels).toEqual({ campaign: 'spring', ticket: 'T-100' });
	expect(agent.speaks.map((s) => s.text)).toEqual([
		'Thanks for calling Acme. Your order has shipped.',
	]);
	expect(['STOPPING', 'STOPPED']).toContain(agent.status);
	const sent = agent.request.properties;
	// The LLM URL and every key come from the "Agora vendor keys" credential; none is in the workflow.
	const keys = devVendorKeys(openAi.url);
	expect(sent.llm).toMatchObject({
		url: keys.llmUrl,
		api_key: keys.llmApiKey,
		params: { model: 'gpt-4o-mini', max_tokens: 512 },
	});
	expect(sent.tts).toMatchObject({
		vendor: 'microsoft',
		params: { region: 'eastus', key: JSON.parse(keys.ttsSecretParams).key },
	});
	expect(JSON.stringify(data)).not.toContain(keys.llmApiKey);
	// The credential has an App Certificate and the token was left empty: the node made one.
	const token = decodeAccessToken2(sent.token);
	expect(token.appId).toBe(sandbox.appId);
	expect(token.services[0]).toMatchObject({ channelName: 'support-room-1', uid: '1001' });
});

test('02: start an MLLM agent: mllm.enable and no ASR, LLM or TTS', async () => {
	const data = await execute('agoraExMllmAgent');
	expect(nodeOutput(data, 'Start MLLM Agent')[0].agent_id).toBeTruthy();
	const [agent] = (await state()).agents;
	const p = agent.request.properties;
	expect(p.mllm).toMatchObject({
		enable: true,
		vendor: 'openai',
		url: 'wss://api.openai.com/v1/realtime',
		api_key: devVendorKeys(openAi.url).mllmApiKey,
		turn_detection: { mode: 'semantic_vad' },
	});
	expect(p.llm).toBeUndefined();
	expect(p.tts).toBeUndefined();
	expect(p.asr).toBeUndefined();
});

test('03: list the running agents of one channel', async () => {
	for (const [name, channel] of [
		['x1', 'support-room-1'],
		['x2', 'support-room-1'],
		['y1', 'elsewhere'],
	]) {
		await startAgentAt(sandbox, { name, channel });
	}
	// Past the sandbox's start delay on its own clock (no wall-clock wait): all three are RUNNING.
	await sandbox.control('clock', { advanceMs: 20 });
	expect((await state()).agents.map((a) => a.status)).toEqual(['RUNNING', 'RUNNING', 'RUNNING']);
	const data = await execute('agoraExListAgent');
	const listed = nodeOutput(data, 'Running Agents');
	expect(listed).toHaveLength(2);
	const list = (await requests()).filter((r) => r.method === 'GET' && r.path.endsWith('/agents'));
	expect(list.length).toBeGreaterThan(0);
});

/** A template with its "Set me: …" node's first value set, as its note asks the user to. */
function withSetMe(file: string, value: string): object {
	const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'));
	const setMe = workflow.nodes.find((n: any) => n.name.startsWith('Set me: '));
	setMe.parameters.assignments.assignments[0].value = value;
	return workflow;
}

test('04: cloud player from an HTTPS MP4: create, pause + volume, list, delete', async () => {
	await importWorkflows([
		withSetMe('04-cloud-player-lifecycle.json', 'https://media.example.com/videos/intro.mp4'),
	]);
	const data = await execute('agoraExPlayerLif');
	const [created] = nodeOutput(data, 'Create Player');
	expect(created.id).toBeTruthy();
	expect(nodeOutput(data, 'Players in Lobby').map((p) => p.id)).toContain(created.id);
	expect(nodeOutput(data, 'Delete Player')[0]).toMatchObject({ deleted: true, id: created.id });
	const { players, destroyedPlayers } = await state();
	expect(players).toHaveLength(0);
	expect(destroyedPlayers.find((p) => p.id === created.id)).toMatchObject({
		destroyReason: 'Delete Request',
	});
	const log = await requests();
	const update = log.find((r) => r.method === 'PATCH')!;
	expect(update).toMatchObject({
		status: 200,
		body: { player: { isPause: true, audioOptions: { volume: 50 } } },
	});
	expect(update.path).toBe(`/na/v1/projects/${sandbox.appId}/cloud-player/players/${created.id}`);
	expect(
		Number((update as unknown as { query: Record<string, string> }).query.sequence),
	).toBeGreaterThan(0);
	const create = log.find((r) => r.method === 'POST' && r.path.includes('/cloud-player/players'))!;
	expect(create.path.startsWith('/na/v1/projects/')).toBe(true);
	expect(create.body.player).toMatchObject({
		streamUrl: 'https://media.example.com/videos/intro.mp4',
		channelName: 'lobby',
		uid: 5000,
		idleTimeout: 120,
	});
}, 120000);

test('07: generate an RTC+RTM token, then start an agent with it', async () => {
	const data = await execute('agoraExTokenAgt1');
	const [generated] = nodeOutput(data, 'Generate Token');
	const decoded = decodeAccessToken2(String(generated.token));
	expect(decoded.services.map((s) => s.type).sort()).toEqual([1, 2]);
	const [agent] = (await state()).agents;
	expect(agent.request.properties.token).toBe(generated.token);
	expect(agent.request.properties.advanced_features).toEqual({ enable_rtm: true });
	expect(agent.request.properties.llm).toMatchObject({
		url: `${openAi.url}/chat/completions`,
		api_key: devVendorKeys(openAi.url).llmApiKey,
	});
	expect(JSON.stringify(data)).not.toContain(APP_CERTIFICATE);
});

test('06: an AI Agent calls the Agora node as a tool', async () => {
	const agent_id = await startAgentAt(sandbox, { name: 'tool-target', channel: 'c' });
	openAi.requests.length = 0;
	await openAi.close();
	openAi = await startScriptedModel({ agentId: agent_id }, Number(new URL(openAi.url).port));
	const data = await execute('agoraExAiAgent01');
	const answer = nodeOutput(data, 'AI Agent')[0].output as string;
	expect(answer).toContain(agent_id);
	expect(answer).toContain('tool-target');
	const tools = openAi.requests[0].body.tools.map((t: any) => t.function.name);
	expect(tools.length).toBe(1);
	expect(
		(await requests()).some((r) => r.method === 'GET' && r.path.endsWith(`/agents/${agent_id}`)),
	).toBe(true);
}, 120000);

describe('05: the Agora Trigger in a running n8n', () => {
	const workflowId = EXAMPLE_CREDENTIAL.triggerWorkflowId;
	const post = (body: string, headers: Record<string, string>) =>
		fetch(webhookUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...headers },
			body,
		});
	const signed = (envelope: object, secret = sandbox.notificationSecret) => {
		const body = JSON.stringify(envelope);
		const sig = signatures(body, secret);
		return post(body, { 'Agora-Signature': sig.sha1, 'Agora-Signature-V2': sig.sha256 });
	};
	// As Agora does when a delivery fails (on a busy machine a reused keep-alive connection can be
	// reset): the same notification again; the trigger drops it if the first one got through.
	const resendOnNetworkError = async (send: () => Promise<Response>): Promise<Response> => {
		let failure: unknown;
		for (let attempt = 1; attempt <= 3; attempt++) {
			const outcome = await send().then(
				(response) => ({ response }),
				(error: unknown) => ({ error }),
			);
			if ('response' in outcome) return outcome.response;
			failure = outcome.error;
			if (!(failure instanceof TypeError)) break;
		}
		throw new Error(`notification not delivered: ${String(failure)}`);
	};
	const leftEvent = (noticeId: string, campaign: string) => ({
		noticeId,
		productId: 17,
		eventType: 102,
		notifyMs: Date.now(),
		sid: 's-' + noticeId,
		payload: {
			agent_id: 'A-' + noticeId,
			name: 'n',
			start_ts: 1,
			stop_ts: 2,
			channel: 'support',
			status: 'STOPPED',
			message: '',
			labels: { campaign },
		},
	});
	const settle = (count: number) =>
		host.settledExecutions(workflowId, (list) => list.length >= count);

	beforeAll(async () => {
		await serve([workflowId]);
	}, 180000);

	test('signed notifications start the workflow, routed by label; forged, resent and unselected ones start nothing', async () => {
		expect((await signed(leftEvent('n-1', 'spring'))).status).toBe(200);
		expect((await signed(leftEvent('n-1', 'spring'))).status).toBe(200); // Agora's resend
		expect((await signed(leftEvent('n-2', 'autumn'))).status).toBe(200);
		expect((await signed(leftEvent('n-3', 'spring'), 'not-the-secret')).status).toBe(401);
		expect((await post(JSON.stringify(leftEvent('n-4', 'spring')), {})).status).toBe(401);
		expect((await signed({ ...leftEvent('n-5', 'spring'), eventType: 101 })).status).toBe(200); // not selected
		expect((await post('not json', { 'Agora-Signature-V2': 'x' })).status).toBeGreaterThanOrEqual(
			400,
		);
		expect(
			(
				await fetch(webhookUrl, {
					method: 'POST',
					headers: { 'content-type': 'text/plain' },
					body: 'x',
				})
			).status,
		).toBe(415);
		// A long conversation's notification fits (the default limit is n8n's own 16 MB, documentedConfigs.e2e.ts).
		// Over it n8n refuses the body itself (413 or 500 by version) and nothing starts (counted below).
		expect(
			(await signed({ ...leftEvent('n-6', 'spring'), pad: 'x'.repeat(17 * 1024 * 1024) })).status,
		).toBeGreaterThanOrEqual(400);

		const executions = await settle(2);
		expect(executions).toHaveLength(2);
		const byNotice = Object.fromEntries(
			executions.map((e) => [nodeOutput(e.data, 'Agora Trigger')[0].noticeId, e]),
		);
		expect(Object.keys(byNotice).sort()).toEqual(['n-1', 'n-2']);
		expect(nodeOutput(byNotice['n-1'].data, 'Agora Trigger')[0]).toMatchObject({
			event: 'agent_left',
			labels: { campaign: 'spring' },
			productId: 17,
		});
		expect(nodeOutput(byNotice['n-1'].data, 'Spring Campaign Follow-up')).toHaveLength(1);
		expect(nodeOutput(byNotice['n-2'].data, 'Other Campaigns')).toHaveLength(1);
	}, 120000);

	test('the sandbox’s own agent-left notification carries the labels set at start', async () => {
		await sandbox.control('config', {
			notify: { url: webhookUrl, secret: sandbox.notificationSecret },
		});
		const before = (await host.executions(workflowId)).length;
		const agent_id = await startAgentAt(sandbox, {
			name: 'labelled',
			channel: 'c',
			properties: { labels: { campaign: 'spring', customer: 'C-7' } },
		});
		// RUNNING before it leaves (the sandbox's start delay, passed on its own clock).
		await sandbox.control('clock', { advanceMs: 20 });
		await sandbox.agentApi(`/agents/${agent_id}/leave`, {});
		const executions = await settle(before + 1);
		const last = executions[executions.length - 1];
		expect(nodeOutput(last.data, 'Agora Trigger')[0]).toMatchObject({
			event: 'agent_left',
			labels: { campaign: 'spring', customer: 'C-7' },
			payload: { agent_id },
		});
		expect(nodeOutput(last.data, 'Spring Campaign Follow-up')).toHaveLength(1);
		await sandbox.control('config', { notify: null });
	}, 120000);

	// Enough to overlap 20 senders' deliveries many times over; how much load n8n takes is bench 5's question.
	const BURST = 200;
	test('a burst of 200 signed notifications from 20 senders starts exactly 200 executions', async () => {
		const before = (await host.executions(workflowId)).length;
		let next = 0;
		const statuses: number[] = [];
		await Promise.all(
			Array.from({ length: 20 }, async () => {
				while (next < BURST) {
					const i = next++;
					statuses.push(
						(
							await resendOnNetworkError(() =>
								signed(leftEvent(`burst-${i}`, i % 2 ? 'spring' : 'autumn')),
							)
						).status,
					);
				}
			}),
		);
		expect(statuses.filter((s) => s === 200)).toHaveLength(BURST);
		const executions = await settle(before + BURST);
		expect(executions.length - before).toBe(BURST);
		expect(executions.slice(before).every((e) => e.status === 'success')).toBe(true);
		// n8n is still healthy.
		expect((await fetch(`${host.baseUrl}/healthz`)).status).toBe(200);
	}, 300000);
});

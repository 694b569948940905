/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev`'s steps (scripts/dev.ts runs them; the dev browser test runs the same): the package
 * installed into n8n, the sandbox or real Agora, the scripted model, credentials and examples.
 * The credential goes to n8n through a pipe, and n8n stores it encrypted with a random key kept in
 * the dev folder (mode 600).
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

import {
	askedDateOrTime,
	BRAIN_EXAMPLES,
	devVendorKeys,
	EXAMPLE_CREDENTIAL,
	exampleCredentials,
	exampleFiles,
	INBOUND_GREETING_WORKFLOW_ID,
	PHONE_EXAMPLES,
	recordingBucketCredential,
	TRIGGER_WEBHOOK_ID,
	VENDOR_KEYS_CREDENTIAL,
	WEBSITE_AGENT_EXAMPLE,
	websiteAgentWorkflow,
} from './examples';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { startObjectStore, type ObjectStore } from '../../sandbox/src/objectStore';
import { heardVoicemail, VOICEMAIL_TOOL } from './campaign';
import { selectTable, unsetTableNodes } from './dataTables';
import {
	CAMPAIGN_TABLE_SPEC,
	devTable,
	KNOWN_CALLERS_TABLE_SPEC,
	scriptSampleCallees,
	type DevTableSpec,
} from './devCampaign';
import { planImports, readImportRecord, writeImportRecord } from './devImports';
import type { DevN8n, WorkflowJson } from './devN8n';
import { OwnN8n } from './devN8nOwn';
import { RunningN8n } from './devN8nRunning';
import { readExample } from './devSetMe';
import { N8nHost, type StoredCredential } from './n8nHost';
import { installBuiltPackage } from './n8nInstall';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';

export interface DevContext {
	n8nDir: string;
	version: string;
	/** This version's dev folder: n8n's user folder, its log, the encryption key. */
	folder: string;
	say(message: string): void;
	/** Stopped in reverse order when dev stops. */
	cleanups: Array<() => Promise<void>>;
	isStopping(): boolean;
	/** `--reset-examples`: import every example and credential again, over the user's changes. */
	resetExamples?: boolean;
}

/** The encryption key of this dev folder: made once, readable by its owner only. */
function encryptionKey(folder: string): string {
	const file = path.join(folder, 'encryption-key');
	if (!fs.existsSync(file))
		fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), {
			mode: 0o600,
			flag: 'wx',
		});
	fs.chmodSync(file, 0o600);
	return fs.readFileSync(file, 'utf8').trim();
}

function realAgoraCredential(env: NodeJS.ProcessEnv): Record<string, string> | undefined {
	if (!env.AGORA_CUSTOMER_ID || !env.AGORA_CUSTOMER_SECRET || !env.AGORA_APP_ID) return undefined;
	return {
		customerId: env.AGORA_CUSTOMER_ID,
		customerSecret: env.AGORA_CUSTOMER_SECRET,
		appId: env.AGORA_APP_ID,
		host: env.AGORA_HOST ?? 'https://api.agora.io',
		appCertificate: env.AGORA_APP_CERTIFICATE ?? '',
		notificationSecret: env.AGORA_NOTIFICATION_SECRET ?? '',
	};
}

/**
 * The scripted model's tool call: none for example 15's Date & Time tool unless the caller asks
 * the date or time; the number to call and the goal when the question asks for a call (example
 * 12); else the agent id asked about in example 06's question, or, when the question
 * has none ("unknown"), the sandbox's newest agent.
 */
function toolArguments(sandbox: SandboxProcess | undefined) {
	return async ({ question, tool }: { question: string; tool: string }) => {
		// Example 15's Date & Time tool: called when the caller asks for the date or time, else a chat.
		if (/date|time/i.test(tool)) return askedDateOrTime(question) ? {} : undefined;
		// Example 08's voicemail tool: only when a mailbox greeting answers.
		if (tool === VOICEMAIL_TOOL.name) return heardVoicemail(question) ? {} : undefined;
		const number = /\+\d{8,15}/.exec(question)?.[0];
		if (/\bcall\b/i.test(question) && number) return { toNumber: number, goal: question };
		const asked = /\bid ([\w-]+)/.exec(question)?.[1];
		if (asked && asked !== 'unknown') return { agentId: asked };
		const agents =
			((await sandbox?.control('state')) as { agents?: Array<{ agentId: string }> } | undefined)
				?.agents ?? [];
		return { agentId: agents[agents.length - 1]?.agentId ?? 'unknown' };
	};
}

/**
 * What docs/brain.md advises for n8n 2.x (a pool of expression isolates), so a newcomer's brain
 * answers as fast as the docs say; the user's own setting wins.
 */
export function brainSettings(version: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
	if (Number(version.split('.')[0]) < 2) return {};
	return { N8N_EXPRESSION_ENGINE_POOL_SIZE: env.N8N_EXPRESSION_ENGINE_POOL_SIZE ?? '2' };
}

/** `DEV_N8N_URL` (with `DEV_N8N_EMAIL` and `DEV_N8N_PASSWORD`, its owner's login): an n8n the user runs. */
function runningN8nLogin(
	env: NodeJS.ProcessEnv,
): { url: URL; email: string; password: string } | undefined {
	if (!env.DEV_N8N_URL) return undefined;
	const url = new URL(env.DEV_N8N_URL);
	if (!['127.0.0.1', 'localhost'].includes(url.hostname))
		throw new Error('DEV_N8N_URL: dev works with an n8n on this machine (http://127.0.0.1:<port>)');
	if (!env.DEV_N8N_EMAIL || !env.DEV_N8N_PASSWORD)
		throw new Error('DEV_N8N_URL needs DEV_N8N_EMAIL and DEV_N8N_PASSWORD: its owner’s login');
	return { url, email: env.DEV_N8N_EMAIL, password: env.DEV_N8N_PASSWORD };
}

/** The running n8n must have this package: dev cannot install into an n8n it does not run. */
async function expectPackageIn(host: N8nHost): Promise<void> {
	await host.waitForRestApi(30000);
	const res = await fetch(`${host.baseUrl}/types/nodes.json`);
	if (res.ok && !(await res.text()).includes('"n8n-nodes-agora.agora"'))
		throw new Error(
			`the n8n at ${host.baseUrl} does not have n8n-nodes-agora: install it there first (docs/development.md, “An n8n you already run”)`,
		);
}

/** What dev set up: n8n (imported, not started yet), the sandbox (absent with real Agora), the scripted model. */
export interface DevSetup {
	host: N8nHost;
	/** Dev's adapter for that n8n. */
	n8n: DevN8n;
	sandbox?: SandboxProcess;
	/** The local S3-compatible store the sandbox's Cloud Recordings land in. */
	store?: ObjectStore;
	model: ScriptedModel;
	agora: Record<string, string>;
	webhookBase: string;
}

/**
 * Everything before n8n starts: the package installed, the sandbox (or real Agora), the scripted
 * model, the credentials and examples imported, the trigger and brain examples active. `env` gives
 * the settings (N8N_PORT, SANDBOX_PORT, WEBHOOK_URL, AGORA_*); tests pass their own.
 */
export async function setUpDev(
	ctx: DevContext,
	env: NodeJS.ProcessEnv = process.env,
): Promise<DevSetup | undefined> {
	const running = runningN8nLogin(env);
	const port = running ? Number(running.url.port || 80) : Number(env.N8N_PORT ?? 5678);
	const userFolder = ctx.folder;
	const webhookBase = env.WEBHOOK_URL ?? `http://127.0.0.1:${port}/`;

	if (!running) {
		ctx.say('packing the package and installing it into n8n’s community nodes folder');
		installBuiltPackage(userFolder);
	}

	const real = realAgoraCredential(env);
	let sandbox: SandboxProcess | undefined;
	let store: ObjectStore | undefined;
	let agora: Record<string, string>;
	if (real) {
		agora = real;
	} else {
		store = await startRecordingStore(ctx, env);
		ctx.say('starting the Agora sandbox');
		sandbox = await startSandboxProcess({
			SANDBOX_PORT: env.SANDBOX_PORT ?? '8787',
			SANDBOX_NOTIFY_URL: new URL(`webhook/${TRIGGER_WEBHOOK_ID}/webhook`, webhookBase).toString(),
			SANDBOX_START_DELAY_MS: '1000',
			...(store ? { SANDBOX_RECORDING_STORAGE_ENDPOINT: store.endpoint } : {}),
		});
		ctx.cleanups.push(() => sandbox!.stop());
		await scriptSampleCallees(sandbox);
		agora = {
			customerId: sandbox.customerId,
			customerSecret: sandbox.customerSecret,
			appId: sandbox.appId,
			host: 'custom',
			customBaseUrl: sandbox.url,
			appCertificate: '0123456789abcdef0123456789abcdef',
			notificationSecret: sandbox.notificationSecret,
		};
	}
	const model = await startScriptedModel(toolArguments(sandbox));
	ctx.cleanups.push(() => model.close());
	// A new Agent › Start has only its Agora credential (n8n pre-selects one): it runs on Agora's
	// managed models, which the sandbox plays with the scripted model.
	await sandbox?.control('config', { managedLlmUrl: `${model.url}/chat/completions` });

	const host = new N8nHost(ctx.n8nDir, userFolder, port, {
		N8N_ENCRYPTION_KEY: encryptionKey(ctx.folder),
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		WEBHOOK_URL: webhookBase,
		...brainSettings(ctx.version, env),
	});
	ctx.cleanups.push(() => host.stop(5000));
	if (ctx.isStopping()) return undefined;
	let n8n: DevN8n = new OwnN8n(host);
	if (running) {
		host.attach().login = running;
		await expectPackageIn(host);
		n8n = new RunningN8n(host, ctx.folder);
	}
	// With the sandbox, the examples' Vendor Keys credential points their agents at the scripted model.
	const vendorKeys = sandbox
		? [{ ...VENDOR_KEYS_CREDENTIAL, type: 'agoraVendorKeysApi', data: devVendorKeys(model.url) }]
		: [];
	const credentials = [
		...exampleCredentials(agora),
		{
			id: 'openAiExampleCred',
			name: 'OpenAI account',
			type: 'openAiApi',
			data: { apiKey: 'sk-local-scripted-model', url: model.url },
		},
		...vendorKeys,
		// template 19 reads the recordings from dev's local S3 store
		...(store ? [recordingBucketCredential(store)] : []),
	];
	await importUntouched(ctx, n8n, credentials, sandbox && new URL(sandbox.url).origin);
	if (ctx.isStopping()) return undefined;
	return { host, n8n, sandbox, store, model, agora, webhookBase };
}

/**
 * The S3-compatible store recordings land in (SANDBOX_S3_PORT, default 8788, or a free port beside
 * a sandbox on one); dev goes on without it when its tools cannot be installed.
 */
async function startRecordingStore(
	ctx: DevContext,
	env: NodeJS.ProcessEnv,
): Promise<ObjectStore | undefined> {
	ctx.say(
		'starting the local S3 store for Cloud Recording (installs espeak-ng, ffmpeg, s3rver once)',
	);
	try {
		// a sandbox on a free port (tests) gets a store on a free port too
		const port = env.SANDBOX_S3_PORT ?? (env.SANDBOX_PORT === '0' ? '0' : '8788');
		const store = await startObjectStore({ port: Number(port) });
		ctx.cleanups.push(() => store.stop());
		return store;
	} catch (e) {
		ctx.say(`no local S3 store, recordings stay in the sandbox: ${(e as Error).message}`);
		return undefined;
	}
}

/** The workflow id of each example file. */
function exampleIds(): Map<string, string> {
	return new Map(
		exampleFiles().map((file) => [
			String((JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string }).id),
			file,
		]),
	);
}

/**
 * Credentials and examples imported when new or untouched since dev imported them (scripts/lib/
 * devImports.ts); what the user changed stays. The trigger and brain examples (and with the sandbox the
 * website voice agent) are activated when imported; afterwards their state is the user's.
 */
async function importUntouched(
	ctx: DevContext,
	n8n: DevN8n,
	credentials: StoredCredential[],
	/** The sandbox's origin (its talk page is template 18's web page); undefined with real Agora. */
	talkPageOrigin: string | undefined,
): Promise<void> {
	const withSandbox = talkPageOrigin !== undefined;
	const record = readImportRecord(ctx.folder);
	const reset = ctx.resetExamples === true;
	const credentialPlan = planImports(
		credentials.map((c) => c.id),
		await n8n.fingerprints(
			'credentials',
			credentials.map((c) => c.id),
		),
		record.credentials,
		reset,
	);
	const credentialName = (id: string) => `"${credentials.find((c) => c.id === id)!.name}"`;
	if (credentialPlan.toImport.length > 0) {
		ctx.say(`importing the credentials ${credentialPlan.toImport.map(credentialName).join(', ')}`);
		// n8n's editor pre-selects, in a new node, the most recently saved of the credentials it shows:
		// "Agora account" is saved last, so a new Agent › Start picks it, not a Vendor Keys one.
		await n8n.saveCredentials(
			credentials.filter((c) => credentialPlan.toImport.includes(c.id)),
			EXAMPLE_CREDENTIAL.id,
		);
	}
	const examples = exampleIds();
	const workflowPlan = planImports(
		[...examples.keys()],
		await n8n.fingerprints('workflows', [...examples.keys()]),
		record.workflows,
		reset,
	);
	if (workflowPlan.toImport.length > 0) {
		const workflows = workflowPlan.toImport.map((id) =>
			// The website template's web page is the sandbox's talk page: its origin is the one allowed.
			talkPageOrigin && id === WEBSITE_AGENT_EXAMPLE.workflowId
				? (websiteAgentWorkflow(talkPageOrigin) as unknown as WorkflowJson)
				: readExample<WorkflowJson>(examples.get(id)!, withSandbox),
		);
		for (const [workflowId, spec] of DEV_TABLES) {
			const workflow = workflows.find((w) => w.id === workflowId);
			if (workflow) await withDevTable(ctx, n8n, record, { workflow, spec, withSandbox });
		}
		ctx.say(`importing ${workflowPlan.toImport.length} of the ${examples.size} example workflows`);
		await n8n.importWorkflows(workflows);
		// The website template's web page is the sandbox's talk page: active only with the sandbox.
		const active = [
			EXAMPLE_CREDENTIAL.triggerWorkflowId,
			BRAIN_EXAMPLES.brainWorkflowId,
			...(withSandbox ? [WEBSITE_AGENT_EXAMPLE.workflowId] : []),
		].filter((id) => workflowPlan.toImport.includes(id));
		await n8n.activate(active);
	}
	const kept = [
		...credentialPlan.kept.map(credentialName),
		...workflowPlan.kept.map((id) => `"${path.basename(examples.get(id)!, '.json')}"`),
	];
	if (kept.length > 0)
		ctx.say(
			`kept as you changed them: ${kept.join(', ')} (npm run dev -- --reset-examples imports dev's copies again)`,
		);
	// Fingerprints of what was imported now, as n8n stored it; the rest keep theirs.
	const storedCredentials = await n8n.fingerprints('credentials', credentialPlan.toImport);
	const storedWorkflows = await n8n.fingerprints('workflows', workflowPlan.toImport);
	for (const id of credentialPlan.toImport)
		record.credentials[id] = storedCredentials.get(id) ?? '';
	for (const id of workflowPlan.toImport) record.workflows[id] = storedWorkflows.get(id) ?? '';
	writeImportRecord(ctx.folder, record);
}

/** The templates dev imports with a Data Table of their own, by workflow id. */
const DEV_TABLES: Array<[string, DevTableSpec]> = [
	[PHONE_EXAMPLES.campaignWorkflowId, CAMPAIGN_TABLE_SPEC],
	[INBOUND_GREETING_WORKFLOW_ID, KNOWN_CALLERS_TABLE_SPEC],
];

/**
 * A template's table (scripts/lib/devCampaign.ts), selected in the copy about to be imported: only
 * its Data Table nodes that have none, in a copy that is new or untouched.
 */
async function withDevTable(
	ctx: DevContext,
	n8n: DevN8n,
	record: ReturnType<typeof readImportRecord>,
	{
		workflow,
		spec,
		withSandbox,
	}: { workflow: WorkflowJson; spec: DevTableSpec; withSandbox: boolean },
): Promise<void> {
	const table = await devTable(n8n, spec, {
		madeBefore: record.dataTables[spec.name],
		reset: ctx.resetExamples === true,
		samples: withSandbox,
	});
	if (table.made) {
		record.dataTables[spec.name] = table.made;
		ctx.say(
			`created the Data Table ${spec.name} for the template "${String(workflow.name)}"${withSandbox ? ' with sample rows (sandbox numbers)' : ''}`,
		);
	}
	if (!table.use) return;
	selectTable(
		unsetTableNodes(workflow.nodes as Parameters<typeof unsetTableNodes>[0]),
		table.use,
		spec.name,
	);
}

/** Starts dev's n8n, its output in the dev folder's log, in a process group of its own. */
export async function startDevN8n(ctx: DevContext, { host, n8n }: DevSetup): Promise<void> {
	if (n8n instanceof RunningN8n) return;
	ctx.say(`starting n8n ${ctx.version} (its log: ${path.join(ctx.folder, 'n8n.log')})`);
	const waiting = setInterval(() => ctx.say(`waiting for n8n to answer on ${host.baseUrl}`), 5000);
	try {
		await host.start(300000, { logFile: path.join(ctx.folder, 'n8n.log'), ownGroup: true });
	} finally {
		clearInterval(waiting);
	}
}

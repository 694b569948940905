/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev` once installed: a real n8n with this package, the sandbox (or your Agora project),
 * a scripted chat model, credentials and every example imported (docs/development.md).
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

import {
	BRAIN_EXAMPLES,
	brainUrl,
	devVendorKeys,
	EXAMPLE_CREDENTIAL,
	exampleCredentials,
	EXAMPLES_DIR,
	exampleFiles,
	NOTIFICATIONS_CREDENTIAL,
	TRIGGER_WEBHOOK_ID,
	VENDOR_KEYS_CREDENTIAL,
} from './lib/examples';
import { startScriptedModel } from '../sandbox/src/scriptedModel';
import { installPackageInto, N8nHost, packPackage, startSandboxProcess, type SandboxProcess } from './lib/n8nHost';

export interface DevContext {
	n8nDir: string;
	version: string;
	/** This version's dev folder: n8n's user folder, its log, the encryption key. */
	folder: string;
	say(message: string): void;
	/** Stopped in reverse order when dev stops. */
	cleanups: Array<() => Promise<void>>;
	isStopping(): boolean;
}

/** The encryption key of this dev folder: made once, readable by its owner only. */
function encryptionKey(folder: string): string {
	const file = path.join(folder, 'encryption-key');
	if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
	fs.chmodSync(file, 0o600);
	return fs.readFileSync(file, 'utf8').trim();
}

function realAgoraCredential(): Record<string, string> | undefined {
	const env = process.env;
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
 * The scripted model's tool call: the number to call and the goal when the question asks for a
 * call (example 12); else the agent id asked about in example 06's question, or, when the question
 * has none ("unknown"), the sandbox's newest agent.
 */
function toolArguments(sandbox: SandboxProcess | undefined) {
	return async ({ messages }: { messages: Array<{ role: string; content?: unknown }> }) => {
		const question = messages.filter((m) => m.role === 'user').map((m) => String(m.content ?? '')).pop() ?? '';
		const number = /\+\d{8,15}/.exec(question)?.[0];
		if (/\bcall\b/i.test(question) && number) return { toNumber: number, goal: question };
		const asked = /\bid ([\w-]+)/.exec(question)?.[1];
		if (asked && asked !== 'unknown') return { agentId: asked };
		const agents = ((await sandbox?.control('state')) as { agents?: Array<{ agentId: string }> } | undefined)?.agents ?? [];
		return { agentId: agents[agents.length - 1]?.agentId ?? 'unknown' };
	};
}

export async function startDev(ctx: DevContext): Promise<void> {
	const port = Number(process.env.N8N_PORT ?? 5678);
	const userFolder = ctx.folder;
	const webhookBase = process.env.WEBHOOK_URL ?? `http://127.0.0.1:${port}/`;
	const webhookUrl = new URL(`webhook/${TRIGGER_WEBHOOK_ID}/webhook`, webhookBase).toString();
	const logFile = path.join(ctx.folder, 'n8n.log');

	ctx.say('packing the package and installing it into n8n’s community nodes folder');
	installPackageInto(userFolder, packPackage(path.join(ctx.folder, 'pack')));

	const real = realAgoraCredential();
	let sandbox: SandboxProcess | undefined;
	let agora: Record<string, string>;
	if (real) {
		agora = real;
	} else {
		ctx.say('starting the Agora sandbox');
		sandbox = await startSandboxProcess({
			SANDBOX_PORT: process.env.SANDBOX_PORT ?? '8787',
			SANDBOX_NOTIFY_URL: `http://127.0.0.1:${port}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`,
			SANDBOX_START_DELAY_MS: '1000',
		});
		ctx.cleanups.push(() => sandbox!.stop());
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

	const host = new N8nHost(ctx.n8nDir, userFolder, port, {
		N8N_ENCRYPTION_KEY: encryptionKey(ctx.folder),
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'true',
		WEBHOOK_URL: webhookBase,
	});
	ctx.cleanups.push(() => host.stop(5000));
	if (ctx.isStopping()) return;
	// With the sandbox, the Vendor Keys credential points new Agent › Start nodes at the scripted model.
	const vendorKeys = sandbox ? [{ ...VENDOR_KEYS_CREDENTIAL, type: 'agoraVendorKeysApi', data: devVendorKeys(model.url) }] : [];
	const names = [EXAMPLE_CREDENTIAL.name, NOTIFICATIONS_CREDENTIAL.name, 'OpenAI account', ...vendorKeys.map((c) => c.name)];
	ctx.say(`importing the credentials ${names.map((name) => `"${name}"`).join(', ')}`);
	await host.importCredentialData([
		...exampleCredentials(agora),
		{ id: 'openAiExampleCred', name: 'OpenAI account', type: 'openAiApi', data: { apiKey: 'sk-local-scripted-model', url: model.url } },
		...vendorKeys,
	]);
	ctx.say(`importing the ${exampleFiles().length} example workflows`);
	await host.importWorkflowFolder(EXAMPLES_DIR);
	await host.activate(EXAMPLE_CREDENTIAL.triggerWorkflowId);
	await host.activate(BRAIN_EXAMPLES.brainWorkflowId);
	if (ctx.isStopping()) return;

	ctx.say(`starting n8n ${ctx.version} (its log: ${logFile})`);
	const waiting = setInterval(() => ctx.say(`waiting for n8n to answer on ${host.baseUrl}`), 5000);
	try {
		await host.start(300000, { logFile, ownGroup: true });
	} finally {
		clearInterval(waiting);
	}
	console.log(`
n8n ${ctx.version} with n8n-nodes-agora is running: open ${host.baseUrl}
  (first visit: create the local owner account; the workflows are under "Overview")
Agora target: ${real ? agora.host : `local sandbox ${sandbox!.url} (no Agora account needed)`}${sandbox ? `\nTalk to the sandbox's agents as the caller (agents and calls, each turn's latency): ${sandbox.url}/_sandbox/talk` : ''}
Credentials "${EXAMPLE_CREDENTIAL.name}", "${NOTIFICATIONS_CREDENTIAL.name}" and "OpenAI account" (a scripted local model at ${model.url}) and ${exampleFiles().length} example workflows are imported.${sandbox ? `\nCredential "${VENDOR_KEYS_CREDENTIAL.name}": a new Agent › Start needs only Channel and User UID; the agent answers through the scripted model.` : ''}
Agora Trigger webhook: ${webhookUrl}${sandbox ? ' (the sandbox sends its notifications there)' : ''}
Agent brain (example 15, active): ${brainUrl(webhookBase)}; run example 16 to start an agent that thinks with it
n8n's log: ${logFile}
Press Ctrl-C to stop.`);
}

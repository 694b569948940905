/* eslint-disable @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev` once installed: a real n8n with this package, the sandbox (or your Agora project),
 * a scripted chat model, credentials and every example imported (steps: scripts/lib/devSteps.ts).
 */
import path from 'path';

import { RunningN8n } from './lib/devN8nRunning';
import { setUpDev, startDevN8n, type DevContext } from './lib/devSteps';
import {
	brainUrl,
	EXAMPLE_CREDENTIAL,
	exampleFiles,
	NOTIFICATIONS_CREDENTIAL,
	TRIGGER_WEBHOOK_ID,
	talkPageUrl,
	VENDOR_KEYS_CREDENTIAL,
} from './lib/examples';

export type { DevContext };

export async function startDev(ctx: DevContext): Promise<void> {
	const setup = await setUpDev(ctx);
	if (!setup) return;
	await startDevN8n(ctx, setup);
	const { host, sandbox, store, model, agora, webhookBase } = setup;
	const webhookUrl = new URL(`webhook/${TRIGGER_WEBHOOK_ID}/webhook`, webhookBase).toString();
	const own = !(setup.n8n instanceof RunningN8n);
	const logFile = own ? path.join(ctx.folder, 'n8n.log') : 'your n8n’s own';
	console.log(`
${own ? `n8n ${ctx.version} with n8n-nodes-agora is running: open ${host.baseUrl}\n  (first visit: create the local owner account; the workflows are under "Overview")` : `Your n8n at ${host.baseUrl} has dev's credentials and workflows (the workflows are under "Overview")`}
Agora target: ${sandbox ? `local sandbox ${sandbox.url} (no Agora account needed)` : agora.host}${sandbox ? `\nTalk to the sandbox's agents as the caller (agents and calls, each turn's latency): ${sandbox.url}/_sandbox/talk` : ''}
Credentials "${EXAMPLE_CREDENTIAL.name}", "${NOTIFICATIONS_CREDENTIAL.name}" and "OpenAI account" (a scripted local model at ${model.url}) and the ${exampleFiles().length} example workflows are in n8n (what you changed in them is kept across restarts).${sandbox ? `\nA new Agent › Start or Phone Call › Call needs only its channel and user (or numbers): n8n picks "${EXAMPLE_CREDENTIAL.name}", and without a Vendor Keys credential the agent runs on Agora's managed models, which the sandbox answers with the scripted model ("${VENDOR_KEYS_CREDENTIAL.name}" holds its own keys for the examples).` : ''}
${store ? `Cloud Recordings land in a local S3 store: endpoint ${store.endpoint}, bucket "${store.bucket}", access and secret key ${store.accessKey} (storage vendor 11 with that endpoint, or any vendor: the sandbox sends every upload there)\n` : ''}Agora Trigger webhook: ${webhookUrl}${sandbox ? " (the sandbox sends its notifications there; the talk page sends any one to a trigger's Test URL)" : ''}
${sandbox ? `Website voice agent (example 18, active): the talk page as its web page, ${talkPageUrl(sandbox.url, webhookBase)}\n` : ''}Agent brain (example 15, active): ${brainUrl(webhookBase)}; run example 16 to start an agent that thinks with it
n8n's log: ${logFile}
Press Ctrl-C to stop.`);
}

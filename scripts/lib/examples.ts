/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/** The example workflows in examples/: what README links, what `npm run dev` imports, what e2e runs. */
import fs from 'fs';
import path from 'path';

import { ROOT } from './n8nInstall';

export const EXAMPLES_DIR = path.join(ROOT, 'examples');

/** Every example references this credential by id, so imports need no editing. */
export const EXAMPLE_CREDENTIAL = {
	id: 'agoraExampleCred',
	name: 'Agora account',
	triggerWorkflowId: 'agoraExTrigger01',
};

/** The Agora Trigger's own credential (version 2) in the trigger examples: the notification secret. */
export const NOTIFICATIONS_CREDENTIAL = { id: 'agoraNotifyExCred', name: 'Agora notifications' };

/** webhookId of the Agora Trigger node in the trigger example: its production URL is fixed. */
export const TRIGGER_WEBHOOK_ID = '6f1d2c3b-4a5e-4e5f-9a8b-0a9e7c1d2e3f';

/** The phone call examples: 08 places calls (run with `n8n execute`), 09 is a trigger on a fixed webhook. */
export const PHONE_EXAMPLES = {
	campaignWorkflowId: 'agoraExCallCamp1',
	callEndedWorkflowId: 'agoraExCallEnd01',
	callEndedWebhookId: '3c9e2a71-8b4f-4d6a-a1e5-5f0b7c2d9e84',
};

/** Template 20: greets a known inbound caller by name, its callers in a Data Table. */
export const INBOUND_GREETING_WORKFLOW_ID = 'agoraExInboundGreet01';

/**
 * `npm run dev`'s Agora Vendor Keys credential with the sandbox: the scripted local model as the
 * LLM (its chat-completions URL and key), a TTS and a realtime-model key the sandbox accepts, so a
 * new Agent › Start needs only a channel and a user UID, and the examples that name "Agora vendor
 * keys" (01, 02, 07, 11, 12, 17) run. Never made for real Agora: those keys are the user's.
 */
export const VENDOR_KEYS_CREDENTIAL = {
	id: 'agoraVendorKeysExCred',
	name: 'Agora vendor keys (local scripted model)',
};

export function devVendorKeys(modelUrl: string): Record<string, string> {
	return {
		llmUrl: `${modelUrl}/chat/completions`,
		llmApiKey: 'sk-local-scripted-model',
		ttsVendor: 'microsoft',
		ttsSecretParams: JSON.stringify({
			key: 'local-sandbox-tts-key',
			region: 'eastus',
			voice_name: 'en-US-AndrewMultilingualNeural',
		}),
		mllmApiKey: 'sk-local-sandbox-realtime-key',
	};
}

/**
 * The brain examples: 15 answers as the agent's LLM on a fixed webhook, 16 starts an agent whose LLM
 * URL is 15's Production URL. Both sides hold the same key: the trigger's Agora Agent LLM credential,
 * and Start's Vendor Keys credential (llmApiKey).
 */
export const BRAIN_EXAMPLES = {
	brainWorkflowId: 'agoraExBrain0010',
	startWorkflowId: 'agoraExBrainStrt',
	webhookId: '8d2f6b1e-3c4a-4f5b-9e7d-2a1c0b9e8f7a',
	llmCredential: { id: 'agoraLlmExCred', name: 'Agora agent LLM key' },
	vendorKeysCredential: { id: 'agoraBrainKeyCred', name: 'Agora brain vendor keys' },
	key: 'brain-example-key-for-local-use-only',
};

/** The examples' "OpenAI account" credential, pointed at a scripted model on loopback as dev points it. */
export const scriptedOpenAiCredential = (modelUrl: string) => ({
	id: 'openAiExampleCred',
	name: 'OpenAI account',
	type: 'openAiApi',
	data: { apiKey: 'sk-local-scripted-model', url: modelUrl },
});

/** Template 19's "Recording bucket": n8n's own S3 credential, reading an S3-compatible store by path. */
export function recordingBucketCredential(store: {
	endpoint: string;
	accessKey: string;
	secretKey: string;
}) {
	return {
		id: 'recordingBucketExCred',
		name: 'Recording bucket',
		type: 's3',
		data: {
			endpoint: store.endpoint,
			region: 'us-east-1',
			accessKeyId: store.accessKey,
			secretAccessKey: store.secretKey,
			forcePathStyle: true,
		},
	};
}

/** A caller's question the scripted model answers with example 15's Date & Time tool. */
export const askedDateOrTime = (question: string) => /\b(date|time|day|today)\b/i.test(question);

/** The Production URL of the brain example's trigger on an n8n at `baseUrl`. */
export const brainUrl = (baseUrl: string) =>
	`${baseUrl.replace(/\/$/, '')}/webhook/${BRAIN_EXAMPLES.webhookId}/chat/completions`;

export function exampleFiles(): string[] {
	return fs
		.readdirSync(EXAMPLES_DIR)
		.filter((name) => name.endsWith('.json'))
		.sort()
		.map((name) => path.join(EXAMPLES_DIR, name));
}

/**
 * The credentials the examples reference: "Agora account" with these fields, and "Agora
 * notifications" that verifies signatures with its notification secret (accepts unverified
 * notifications when there is none, as the trigger did before it had its own credential).
 */
export function exampleCredentials(
	data: Record<string, string>,
): Array<{ id: string; name: string; type: string; data: Record<string, string> }> {
	const secret = data.notificationSecret;
	return [
		{ id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name, type: 'agoraApi', data },
		{
			...NOTIFICATIONS_CREDENTIAL,
			type: 'agoraNotificationsApi',
			data: secret
				? { verification: 'signature', notificationSecret: secret }
				: { verification: 'none' },
		},
		{
			...BRAIN_EXAMPLES.llmCredential,
			type: 'agoraAgentLlmApi',
			data: { apiKey: BRAIN_EXAMPLES.key },
		},
		{
			...BRAIN_EXAMPLES.vendorKeysCredential,
			type: 'agoraVendorKeysApi',
			data: { llmApiKey: BRAIN_EXAMPLES.key },
		},
	];
}

export function writeCredentialFile(folder: string, data: Record<string, string>): string {
	const file = path.join(folder, 'agora-credential.json');
	fs.writeFileSync(file, JSON.stringify(exampleCredentials(data), null, 2));
	return file;
}

/** The webhook-tool example 17: one workflow, the booking Webhook tool beside the Start that uses it. */
export const WEBHOOK_TOOL_EXAMPLE = {
	workflowId: 'agoraExWebhookTl',
	webhookPath: 'book-slot',
	headerAuthCredential: { id: 'webhookToolSecretCred', name: 'Webhook tool secret' },
	headerName: 'X-Webhook-Secret',
};

/**
 * The website voice agent template 18: three Production webhooks (a session: token and started agent;
 * stop; token renewal), all keyed by the session the first answers, and the brain the agent thinks with.
 */
export const WEBSITE_AGENT_EXAMPLE = {
	workflowId: 'agoraExWebSess01',
	file: path.join(EXAMPLES_DIR, '18-website-voice-agent-with-n8n-brain.json'),
	sessionPath: 'agora/session',
	stopPath: 'agora/session/stop',
	renewPath: 'agora/session/renew',
	brainWebhookId: '4e7b2c9a-1d3f-4a8e-b6c5-9f0e2d1a3b7c',
	agentUid: 1001,
};

/** Template 18 with its webhooks' Allowed Origins set to `origin`, as its notes tell a user to set them. */
export function websiteAgentWorkflow(origin: string): WorkflowFile {
	const workflow = JSON.parse(fs.readFileSync(WEBSITE_AGENT_EXAMPLE.file, 'utf8')) as WorkflowFile;
	for (const node of workflow.nodes)
		if (node.type === 'n8n-nodes-base.webhook')
			node.parameters.options = { ...node.parameters.options, allowedOrigins: origin };
	return workflow;
}

interface WorkflowFile {
	id: string;
	nodes: Array<{ type: string; parameters: { options?: Record<string, unknown> } }>;
}

/** The sandbox's talk page, set up as the web client of example 18 on an n8n at `webhookBase`. */
export function talkPageUrl(sandboxUrl: string, webhookBase: string): string {
	const hook = (pathname: string) => new URL(`webhook/${pathname}`, webhookBase).toString();
	const query = new URLSearchParams({
		session: hook(WEBSITE_AGENT_EXAMPLE.sessionPath),
		stop: hook(WEBSITE_AGENT_EXAMPLE.stopPath),
	});
	return `${sandboxUrl}/_sandbox/talk?${query.toString()}`;
}

/**
 * Brain workflows for a real n8n, shared by the streaming end-to-end test and bench 8: the Agora
 * Agent LLM Trigger, n8n's AI Agent (version 3) on an OpenAI Chat Model, Agora Agent LLM Reply.
 */
import type OpenAI from 'openai';

import { AgoraLlmTrigger } from '../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { BRAIN_EXAMPLES } from '../../scripts/lib/examples';
import type { StoredCredential } from '../../scripts/lib/n8nHost';

/** The trigger's version a new node gets; the end-to-end workflows stay on 1, as saved ones are. */
export const CURRENT_TRIGGER_VERSION = new AgoraLlmTrigger().description.defaultVersion as number;

export const OPENAI_CREDENTIAL = { id: 'openAiBrainCred', name: 'OpenAI account' };

/** The credentials the workflows name: the trigger's key, and OpenAI pointed at `modelUrl`. */
export const brainCredentials = (modelUrl: string): StoredCredential[] => [
	{
		...BRAIN_EXAMPLES.llmCredential,
		type: 'agoraAgentLlmApi',
		data: { apiKey: BRAIN_EXAMPLES.key },
	},
	{ ...OPENAI_CREDENTIAL, type: 'openAiApi', data: { apiKey: 'sk-fake-local', url: modelUrl } },
];

export const chain = (first: string, second: string) => ({
	[first]: { main: [[{ node: second, type: 'main', index: 0 }]] },
});

export const llmTrigger = (
	webhookId: string,
	options: Record<string, unknown>,
	typeVersion = 1,
) => ({
	id: 't',
	name: 'Agora Agent LLM Trigger',
	type: 'n8n-nodes-agora.agoraLlmTrigger',
	typeVersion,
	position: [0, 0],
	webhookId,
	parameters: { options },
	credentials: { agoraAgentLlmApi: BRAIN_EXAMPLES.llmCredential },
});

/** The Agora Agent LLM Reply node. */
export const replyNode = (parameters: Record<string, unknown>) => ({
	id: 'r',
	name: 'Reply',
	type: 'n8n-nodes-agora.agoraLlmReply',
	typeVersion: 1,
	position: [400, 0],
	parameters,
});

/** The reply as saved workflows hold it: the Agora node's Agent LLM › Reply (before the node). */
export const savedReplyNode = (parameters: Record<string, unknown>) => ({
	...replyNode({ resource: 'agentLlm', operation: 'reply', ...parameters }),
	type: 'n8n-nodes-agora.agora',
	typeVersion: 1.1,
});

/** Reply "Heard: <last user message>", with a tool call when the message is "weather?". */
export const heardReplyNode = (reply = replyNode) =>
	reply({
		answer: "={{ 'Heard: ' + $json.lastUserMessage }}",
		toolCalls:
			"={{ $json.lastUserMessage === 'weather?' ? [{ id: 'call_w', type: 'function', function: { name: 'get_weather', arguments: { city: 'Paris' } } }] : '' }}",
	});

/** n8n's AI Agent 3 on `text`, streaming on (it streams only where its trigger does). */
export function aiAgentNode(text: string) {
	return {
		id: 'a',
		name: 'AI Agent',
		type: '@n8n/n8n-nodes-langchain.agent',
		typeVersion: 3,
		position: [200, 0],
		parameters: { promptType: 'define', text, options: { enableStreaming: true } },
	};
}

/** The OpenAI Chat Model on the scripted model's credential, and its link to the AI Agent. */
export function openAiModelNode() {
	return {
		id: 'm',
		name: 'OpenAI Chat Model',
		type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
		typeVersion: 1.2,
		position: [200, 200],
		parameters: { model: { __rl: true, value: 'gpt-4o-mini', mode: 'list' }, options: {} },
		credentials: { openAiApi: OPENAI_CREDENTIAL },
	};
}

export const MODEL_CONNECTION = {
	'OpenAI Chat Model': {
		ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
	},
};

/** Trigger -> AI Agent v3 (streaming on) with the OpenAI Chat Model -> Reply. */
export function agentBrainWorkflow(
	id: string,
	webhookId: string,
	triggerOptions: Record<string, unknown>,
	triggerVersion = 1,
) {
	return {
		id,
		name: `brain: AI Agent (${id})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			llmTrigger(webhookId, triggerOptions, triggerVersion),
			aiAgentNode('={{ $json.lastUserMessage }}'),
			openAiModelNode(),
			replyNode({ answer: '={{ $json.output }}' }),
		],
		connections: {
			...chain('Agora Agent LLM Trigger', 'AI Agent'),
			...chain('AI Agent', 'Reply'),
			...MODEL_CONNECTION,
		},
	};
}

/** Trigger (current version) -> Reply with a fixed answer: the package's own path, without the AI Agent. */
export function replyOnlyWorkflow(id: string, webhookId: string, answer: string) {
	return {
		id,
		name: `brain: Reply only (${id})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [llmTrigger(webhookId, {}, CURRENT_TRIGGER_VERSION), replyNode({ answer })],
		connections: chain('Agora Agent LLM Trigger', 'Reply'),
	};
}

/** One chat.completion.chunk with `text`, then [DONE]: what an OpenAI client reads as a streamed answer. */
const fixedSseBody = (text: string) =>
	`data: ${JSON.stringify({ id: 'chatcmpl-floor', object: 'chat.completion.chunk', created: 0, model: 'floor', choices: [{ index: 0, delta: { role: 'assistant', content: text }, finish_reason: 'stop' }] })}\n\ndata: [DONE]\n\n`;

/** n8n's core Webhook (POST <path>) -> Respond to Webhook with a fixed SSE body: n8n's own floor for a webhook answer. */
/** n8n's core Webhook (POST <path>), answered by a Respond to Webhook node or streaming. */
export function coreWebhookNode(
	webhookId: string,
	pathname: string,
	responseMode: 'responseNode' | 'streaming',
) {
	return {
		id: 'w',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2.1,
		position: [0, 0],
		webhookId,
		parameters: { httpMethod: 'POST', path: pathname, responseMode, options: {} },
	};
}

export function coreWebhookFloorWorkflow(
	id: string,
	webhookId: string,
	pathname: string,
	text: string,
) {
	return {
		id,
		name: `brain floor: core Webhook (${id})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			coreWebhookNode(webhookId, pathname, 'responseNode'),
			{
				id: 'rw',
				name: 'Respond to Webhook',
				type: 'n8n-nodes-base.respondToWebhook',
				typeVersion: 1.5,
				position: [200, 0],
				parameters: {
					respondWith: 'text',
					responseBody: fixedSseBody(text),
					options: {
						responseHeaders: { entries: [{ name: 'Content-Type', value: 'text/event-stream' }] },
					},
				},
			},
		],
		connections: chain('Webhook', 'Respond to Webhook'),
	};
}

/** Reads a streamed answer to its end: the text, the tool-call deltas and the last finish_reason. */
export async function readStream(
	stream: AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>,
) {
	let content = '';
	const toolCalls: OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta.ToolCall[] = [];
	let finish: string | null = null;
	for await (const chunk of stream) {
		const choice = chunk.choices[0];
		content += choice?.delta?.content ?? '';
		toolCalls.push(...(choice?.delta?.tool_calls ?? []));
		finish = choice?.finish_reason ?? finish;
	}
	return { content, toolCalls, finish };
}

/**
 * Bench 10's workflows: the same AI Agent (version 3, Simple Memory per caller, OpenAI Chat Model)
 * behind this package's trigger and Reply, or behind n8n's core Webhook (Respond to Webhook when
 * buffered, the Webhook's own streaming otherwise).
 */
import {
	aiAgentNode,
	chain,
	coreWebhookNode,
	CURRENT_TRIGGER_VERSION,
	llmTrigger,
	MODEL_CONNECTION,
	openAiModelNode,
	replyNode,
} from '../../lib/brainWorkflows';

/** The AI Agent (streaming on: it streams only where the webhook does), its model and its memory. */
function agentNodes(text: string, session: string) {
	return [
		aiAgentNode(text),
		openAiModelNode(),
		{
			id: 'mem',
			name: 'Simple Memory',
			type: '@n8n/n8n-nodes-langchain.memoryBufferWindow',
			typeVersion: 1.3,
			position: [400, 200],
			parameters: { sessionIdType: 'customKey', sessionKey: session, contextWindowLength: 5 },
		},
	];
}

const agentConnections = {
	...MODEL_CONNECTION,
	'Simple Memory': { ai_memory: [[{ node: 'AI Agent', type: 'ai_memory', index: 0 }]] },
};

/** Agora Agent LLM Trigger -> AI Agent -> Reply; the caller's session is the request's `user`. */
export function packageBrainWorkflow(id: string, webhookId: string, streaming: boolean) {
	return {
		id,
		name: `capacity: package brain (${id})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			llmTrigger(webhookId, streaming ? { streamAnswer: true } : {}, CURRENT_TRIGGER_VERSION),
			...agentNodes('={{ $json.lastUserMessage }}', '={{ $json.params.user }}'),
			replyNode({ answer: '={{ $json.output }}' }),
		],
		connections: {
			...chain('Agora Agent LLM Trigger', 'AI Agent'),
			...chain('AI Agent', 'Reply'),
			...agentConnections,
		},
	};
}

/**
 * n8n's core Webhook (POST <path>) -> the same AI Agent, answered by Respond to Webhook with the
 * agent's output (buffered) or by the Webhook's streaming mode (n8n's JSON lines).
 */
export function coreBrainWorkflow(
	id: string,
	webhookId: string,
	pathname: string,
	streaming: boolean,
) {
	const webhook = coreWebhookNode(webhookId, pathname, streaming ? 'streaming' : 'responseNode');
	const agent = agentNodes(
		'={{ $json.body.messages[$json.body.messages.length - 1].content }}',
		'={{ $json.body.user }}',
	);
	const respond = {
		id: 'rw',
		name: 'Respond to Webhook',
		type: 'n8n-nodes-base.respondToWebhook',
		typeVersion: 1.5,
		position: [400, 0],
		parameters: { respondWith: 'text', responseBody: '={{ $json.output }}', options: {} },
	};
	return {
		id,
		name: `capacity: core brain (${id})`,
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: streaming ? [webhook, ...agent] : [webhook, ...agent, respond],
		connections: {
			...chain('Webhook', 'AI Agent'),
			...(streaming ? {} : chain('AI Agent', 'Respond to Webhook')),
			...agentConnections,
		},
	};
}

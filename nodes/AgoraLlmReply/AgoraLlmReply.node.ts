import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { replyProperties, replyToRequest } from '../shared/brain/reply';
import { itemsInOrder } from '../shared/brain/inOrder';

/** Answers one item: the reply's parameters read straight from n8n, whose form here is small. */
async function replyToItem(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	return await replyToRequest(
		this,
		itemIndex,
		(name, fallback) => this.getNodeParameter(name, itemIndex, fallback) ?? fallback,
	);
}

const answerItems = itemsInOrder(replyToItem);

/**
 * The reply of a workflow that is an Agora voice agent's LLM, a node of its own (as n8n's Respond
 * to Chat is): n8n resolves a node's whole form on every run, and the Agora node's is large.
 */
export class AgoraLlmReply implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Agora Agent LLM Reply',
		name: 'agoraLlmReply',
		icon: { light: 'file:../../icons/agora.svg', dark: 'file:../../icons/agora.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: 'Answer the agent',
		description:
			'Answer the request of the Agora Agent LLM Trigger that started this workflow, as an OpenAI chat completion',
		defaults: { name: 'Agora Agent LLM Reply' },
		// As the Agora node's Reply is: an AI Agent may answer the caller through it (n8n ignores a second answer).
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: replyProperties,
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await answerItems(this);
	}
}

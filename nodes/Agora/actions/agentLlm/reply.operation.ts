/**
 * Agent LLM › Reply: kept so that saved workflows keep answering; new workflows use the Agora Agent
 * LLM Reply node. Both send the same reply (nodes/shared/brain/reply.ts).
 */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { replyProperties, replyToRequest } from '../../../shared/brain/reply';
import { itemsInOrder } from '../../../shared/brain/inOrder';
import { FormReader } from '../../form/reader';
import type { ItemLoop } from '../types';

export const description = updateDisplayOptions(
	{ show: { resource: ['agentLlm'], operation: ['reply'] } },
	[
		{
			displayName:
				'New workflows: use the Agora Agent LLM Reply node. It answers the same way at a lower cost per turn.',
			name: 'replyNodeNotice',
			type: 'notice',
			default: '',
		},
		...replyProperties,
	],
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	return await replyToRequest(this, itemIndex, (name, fallback) => form.get(name, fallback));
}

/** No credential and no request to Agora: the items answer one waiting request, in order. */
export const itemLoop: ItemLoop = itemsInOrder(execute);

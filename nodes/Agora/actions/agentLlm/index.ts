import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';
import * as reply from './reply.operation';

export const agentLlmOperations: Record<string, AgoraOperation> = { reply };

export const agentLlmDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['agentLlm'] } },
		options: [
			{
				name: 'Reply',
				value: 'reply',
				action: 'Reply to an agent LLM request',
				description:
					'Answer the request that started this workflow (Agora Agent LLM Trigger). New workflows: the Agora Agent LLM Reply node.',
			},
		],
		default: 'reply',
	},
	...reply.description,
];

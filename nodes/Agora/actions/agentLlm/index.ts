import type { INodeProperties } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
import type { AgoraOperation } from '../types';
import * as reply from './reply.operation';

export const agentLlmOperations: Record<string, AgoraOperation> = { reply };

export const agentLlmDescription: INodeProperties[] = [
	operationField('agentLlm', 'reply', [
		{
			name: 'Reply',
			value: 'reply',
			action: 'Reply to an agent LLM request',
			description:
				'Answer the request that started this workflow (Agora Agent LLM Trigger). New workflows: the Agora Agent LLM Reply node.',
		},
	]),
	...reply.description,
];

import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';
import * as get from './get.operation';

export const agentOperations: Record<string, AgoraOperation> = { get };

export const agentDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['agent'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get an agent', description: 'Get the status of an agent' },
		],
		default: 'get',
	},
	...get.description,
];

import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';
import * as generate from './generate.operation';

export const tokenOperations: Record<string, AgoraOperation> = { generate };

export const tokenDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['token'] } },
		options: [
			{
				name: 'Generate',
				value: 'generate',
				action: 'Generate a channel token',
				description:
					'Build a channel (RTC, optionally RTM) token signed with the App Certificate, without calling Agora',
			},
		],
		default: 'generate',
	},
	...generate.description,
];

import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';
import * as getIps from './getIps.operation';

export const notificationServerOperations: Record<string, AgoraOperation> = { getIps };

export const notificationServerDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['notificationServer'] } },
		options: [
			{
				name: 'Get IP Addresses',
				value: 'getIps',
				action: 'Get the notification servers IP addresses',
				description:
					'The addresses Agora sends message notifications from, to allow in a firewall (Basic authentication)',
			},
		],
		default: 'getIps',
	},
	...getIps.description,
];

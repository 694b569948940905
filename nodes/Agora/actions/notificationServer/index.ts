import type { INodeProperties } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
import type { AgoraOperation } from '../types';
import * as getIps from './getIps.operation';

export const notificationServerOperations: Record<string, AgoraOperation> = { getIps };

export const notificationServerDescription: INodeProperties[] = [
	operationField('notificationServer', 'getIps', [
		{
			name: 'Get IP Addresses',
			value: 'getIps',
			action: 'Get the notification servers IP addresses',
			description:
				'The addresses Agora sends message notifications from, to allow in a firewall (Basic authentication)',
		},
	]),
	...getIps.description,
];

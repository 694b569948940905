import type { INodeProperties } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
import type { AgoraOperation } from '../types';
import * as generate from './generate.operation';

export const tokenOperations: Record<string, AgoraOperation> = { generate };

export const tokenDescription: INodeProperties[] = [
	operationField('token', 'generate', [
		{
			name: 'Generate',
			value: 'generate',
			action: 'Generate a channel token',
			description:
				'Build a channel (RTC, optionally RTM) token signed with the App Certificate, without calling Agora',
		},
	]),
	...generate.description,
];

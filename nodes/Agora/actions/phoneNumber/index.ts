import type { INodeProperties } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
import type { AgoraOperation } from '../types';
import * as add from './add.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as update from './update.operation';

export const phoneNumberOperations: Record<string, AgoraOperation> = {
	add,
	delete: del,
	get,
	getAll,
	update,
};

export const phoneNumberDescription: INodeProperties[] = [
	operationField('phoneNumber', 'getAll', [
		{
			name: 'Add',
			value: 'add',
			action: 'Add a phone number',
			description:
				'Import a number you own (your SIP trunk or Twilio) with its inbound and outbound SIP settings',
		},
		{
			name: 'Delete',
			value: 'delete',
			action: 'Delete a phone number',
			description: 'Remove an imported number from Agora (your provider keeps it)',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a phone number',
			description: 'Get an imported number and its settings',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many phone numbers',
			description: 'List the numbers imported into the account',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a phone number',
			description:
				'Link the pipelines that answer inbound calls and place outbound calls, or clear them',
		},
	]),
	...add.description,
	...del.description,
	...get.description,
	...getAll.description,
	...update.description,
];

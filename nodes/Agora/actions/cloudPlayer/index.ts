import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';
import * as create from './create.operation';
import * as del from './delete.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as update from './update.operation';

export const cloudPlayerOperations: Record<string, AgoraOperation> = {
	create,
	delete: del,
	get,
	getMany,
	update,
};

export const cloudPlayerDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['cloudPlayer'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a cloud player',
				description: 'Inject an online stream or image into a channel',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a cloud player',
				description: 'Stop a cloud player and remove it from its channel',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a cloud player',
				description: 'Get one cloud player by ID',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many cloud players',
				description: 'List the cloud players of the project, optionally of one channel',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a cloud player',
				description: 'Change the stream, seek, pause or resume, or set the volume',
			},
		],
		default: 'create',
	},
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...update.description,
];

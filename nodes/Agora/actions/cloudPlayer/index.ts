import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
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
	getAll: getMany,
	// The value of Get Many in node version 1, still found in saved workflows.
	getMany,
	update,
};

const operationOptions = (getManyValue: string): INodePropertyOptions[] => [
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
		value: getManyValue,
		action: 'Get many cloud players',
		description: 'List the cloud players of the project, optionally of one channel',
	},
	{
		name: 'Update',
		value: 'update',
		action: 'Update a cloud player',
		description: 'Change the stream, seek, pause or resume, or set the volume',
	},
];

/**
 * One Operation list per node version: version 1 saved Get Many as getMany, later versions use
 * getAll like every other resource. The newest comes first (n8n 1.x lists the actions of the first
 * list that matches any of the node's versions).
 */
export const cloudPlayerDescription: INodeProperties[] = [
	operationField('cloudPlayer', 'create', operationOptions('getAll'), [1.1, 1.2, 1.3, 1.4]),
	operationField('cloudPlayer', 'create', operationOptions('getMany'), [1]),
	...create.description,
	...del.description,
	...get.description,
	...getMany.description,
	...update.description,
];

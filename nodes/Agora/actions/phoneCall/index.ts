import type { INodeProperties } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
import type { AgoraOperation } from '../types';
import * as call from './call.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as hangUp from './hangUp.operation';

export const phoneCallOperations: Record<string, AgoraOperation> = { call, get, getAll, hangUp };

/** Call's form is not here: the node declares it with Start's, shared fields once (form/declaredOnce.ts). */
export const phoneCallDescription: INodeProperties[] = [
	operationField('phoneCall', 'call', [
		{
			name: 'Call',
			value: 'call',
			action: 'Place a phone call',
			description:
				'Dial a number; a voice agent talks with the callee. With Wait for the Call to End it returns whether the call was answered, how it ended and the transcript.',
		},
		{
			name: 'Get',
			value: 'get',
			action: 'Get a phone call',
			description: 'Get the status of a call',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many phone calls',
			description: 'List call records, by number, direction or time',
		},
		{
			name: 'Hang Up',
			value: 'hangUp',
			action: 'Hang up a phone call',
			description:
				'End a call and make its agent leave; a call that has already ended counts as hung up',
		},
	]),
	...get.description,
	...getAll.description,
	...hangUp.description,
];

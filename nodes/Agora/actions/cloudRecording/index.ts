import type { INodeProperties } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
import type { AgoraOperation } from '../types';
import {
	RECORD_CONVERSATION,
	RECORD_CONVERSATION_GROUP,
} from '../../agentConfig/recordConversation';
import * as get from './get.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';
import * as update from './update.operation';
import * as updateLayout from './updateLayout.operation';

export const cloudRecordingOperations: Record<string, AgoraOperation> = {
	get,
	start,
	stop,
	update,
	updateLayout,
};

export const cloudRecordingDescription: INodeProperties[] = [
	operationField('cloudRecording', 'start', [
		{
			name: 'Get',
			value: 'get',
			action: 'Get a cloud recording',
			description: 'Get a recording’s status and the files written so far',
		},
		{
			name: 'Start',
			value: 'start',
			action: 'Start a cloud recording',
			description: 'Record a channel or a web page into your storage',
		},
		{
			name: 'Stop',
			value: 'stop',
			action: 'Stop a cloud recording',
			description: 'Stop a recording and get its files',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update a cloud recording',
			description:
				'Change whom it records, refresh the storage token, pause a web page recording or set its RTMP output',
		},
		{
			name: 'Update Layout',
			value: 'updateLayout',
			action: 'Update a cloud recording layout',
			description: 'Change the video layout of a mix (composite) recording',
		},
	]),
	...start.description,
	...get.description,
	...update.description,
	...updateLayout.description,
	...stop.description,
	/**
	 * Not a control: n8n joins a credential's display rules with "and", so the storage credential's one
	 * rule (Agora.node.ts) reads Start's "Record the Conversation" path, which this value fills here.
	 */
	{
		displayName: 'Records',
		name: RECORD_CONVERSATION_GROUP,
		type: 'hidden',
		default: { [RECORD_CONVERSATION]: true },
		displayOptions: { show: { resource: ['cloudRecording'] } },
	},
];

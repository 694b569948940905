import type { INodeProperties } from 'n8n-workflow';

import type { AgoraOperation } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getHistory from './getHistory.operation';
import * as interrupt from './interrupt.operation';
import * as speak from './speak.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';
import * as update from './update.operation';

export const agentOperations: Record<string, AgoraOperation> = {
	get,
	getAll,
	getHistory,
	interrupt,
	speak,
	start,
	stop,
	update,
};

export const agentDescription: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['agent'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get an agent', description: 'Get the status of an agent' },
			{
				name: 'Get History',
				value: 'getHistory',
				action: 'Get the history of an agent',
				description: 'Get the conversation history (short-term memory) of an agent',
			},
			{
				name: 'Get Many',
				value: 'getAll',
				action: 'Get many agents',
				description: 'List the agents of the project, by channel, status or start time',
			},
			{
				name: 'Interrupt',
				value: 'interrupt',
				action: 'Interrupt an agent',
				description: 'Stop what the agent is saying or thinking right now',
			},
			{
				name: 'Speak',
				value: 'speak',
				action: 'Make an agent speak',
				description: 'Have the agent say a message through its TTS',
			},
			{
				name: 'Start',
				value: 'start',
				action: 'Start an agent',
				description: 'Start an agent that joins a channel and talks with a user',
			},
			{
				name: 'Stop',
				value: 'stop',
				action: 'Stop an agent',
				description: 'Make an agent leave its channel',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update an agent',
				description: 'Change the token, system messages or model parameters of a running agent',
			},
		],
		default: 'start',
	},
	...start.description,
	...stop.description,
	...update.description,
	...speak.description,
	...interrupt.description,
	...get.description,
	...getAll.description,
	...getHistory.description,
];

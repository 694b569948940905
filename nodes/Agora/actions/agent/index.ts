import type { INodeProperties } from 'n8n-workflow';

import { operationField } from '../../form/commonFields';
import type { AgoraOperation } from '../types';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as getHistory from './getHistory.operation';
import * as getTurns from './getTurns.operation';
import * as interrupt from './interrupt.operation';
import * as speak from './speak.operation';
import * as start from './start.operation';
import * as stop from './stop.operation';
import * as think from './think.operation';
import * as update from './update.operation';

export const agentOperations: Record<string, AgoraOperation> = {
	get,
	getAll,
	getHistory,
	getTurns,
	interrupt,
	speak,
	start,
	stop,
	think,
	update,
};

/** Start's form is not here: the node declares it with Call's, shared fields once (form/declaredOnce.ts). */
export const agentDescription: INodeProperties[] = [
	operationField('agent', 'start', [
		{
			name: 'Get',
			value: 'get',
			action: 'Get an agent',
			description: 'Get the status of an agent',
		},
		{
			name: 'Get History',
			value: 'getHistory',
			action: 'Get the history of an agent',
			description: 'Get the conversation history (short-term memory) of a running agent',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many agents',
			description: 'List the agents of the project, by channel, status or start time',
		},
		{
			name: 'Get Turns',
			value: 'getTurns',
			action: 'Get the turns of an agent session',
			description:
				'Get each conversation turn of a session with its latency metrics (sessions of the last 7 days)',
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
			name: 'Think',
			value: 'think',
			action: 'Send an instruction to an agent',
			description: 'Inject a text instruction that the agent handles as user input',
		},
		{
			name: 'Update',
			value: 'update',
			action: 'Update an agent',
			description: 'Change the token, system messages or model parameters of a running agent',
		},
	]),
	...stop.description,
	...update.description,
	...speak.description,
	...interrupt.description,
	...get.description,
	...getAll.description,
	...getHistory.description,
	...getTurns.description,
	...think.description,
];

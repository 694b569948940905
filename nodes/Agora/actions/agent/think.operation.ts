/** Think: inject a text instruction into the agent's conversation, handled as user input. */
import type { INodeProperties } from 'n8n-workflow';

import { compact } from '../../form/bodyWriters';
import { changes } from '../../run/sideEffects';
import { thinkRequestSchema } from '../../schemas/agent';
import { messageDescription, messageExecute, type AgentMessage } from './message';

const fields: INodeProperties[] = [
	{
		displayName: 'Instruction',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		placeholder: 'e.g. The user just clicked the purchase button.',
		description:
			'Text injected into the conversation as user input; the agent answers it like anything the user says',
	},
	{
		displayName: 'While Listening',
		name: 'onListeningAction',
		type: 'options',
		options: [
			{ name: 'Ignore', value: 'ignore', description: 'Drop the instruction' },
			{
				name: 'Inject',
				value: 'inject',
				description: 'Add the instruction to the current turn without interrupting it',
			},
			{
				name: 'Interrupt',
				value: 'interrupt',
				description: 'Start a new turn with the instruction (default)',
			},
		],
		default: 'interrupt',
		description: 'What happens when the agent is listening (on_listening_action)',
	},
	{
		displayName: 'While Thinking',
		name: 'onThinkingAction',
		type: 'options',
		options: [
			{ name: 'Ignore', value: 'ignore', description: 'Drop the instruction' },
			{
				name: 'Interrupt',
				value: 'interrupt',
				description: 'Stop thinking and start a new turn with the instruction (default)',
			},
		],
		default: 'interrupt',
		description: 'What happens when the agent is thinking (on_thinking_action)',
	},
	{
		displayName: 'While Speaking',
		name: 'onSpeakingAction',
		type: 'options',
		options: [
			{ name: 'Ignore', value: 'ignore', description: 'Drop the instruction (default)' },
			{
				name: 'Interrupt',
				value: 'interrupt',
				description: 'Stop speaking and start a new turn with the instruction',
			},
		],
		default: 'ignore',
		description: 'What happens when the agent is speaking (on_speaking_action)',
	},
	{
		displayName: 'Interruptable',
		name: 'interruptable',
		type: 'boolean',
		default: true,
		description:
			'Whether the user’s speech may interrupt the answer to the instruction (default on)',
	},
	{
		displayName: 'Metadata (JSON)',
		name: 'metadata',
		type: 'json',
		default: '{}',
		description:
			'Business data passed along with the instruction, e.g. {"publisher": "user123"}. Left out when empty.',
	},
];

const message: AgentMessage = {
	operation: 'think',
	fields,
	additionalBodyOver: 'the think request (text, the three actions, interruptable, metadata)',
	schema: thinkRequestSchema,
	build: (form) =>
		compact({
			text: String(form.get('text', '') ?? ''),
			on_listening_action: form.get('onListeningAction', 'interrupt'),
			on_thinking_action: form.get('onThinkingAction', 'interrupt'),
			on_speaking_action: form.get('onSpeakingAction', 'ignore'),
			interruptable: form.get('interruptable', true),
			metadata: form.json(form.get('metadata', ''), 'metadata'),
		}),
	action: 'send instruction to agent',
};

export const description = messageDescription(message);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('agent', 'instructed', 'agent_id');

export const execute = messageExecute(message);

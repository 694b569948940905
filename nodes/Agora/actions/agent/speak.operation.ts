/** Speak: the agent says a text through its TTS, now or after the current turn. */
import type { INodeProperties } from 'n8n-workflow';

import { changes } from '../../run/sideEffects';
import { SPEAK_MAX_BYTES, speakRequestSchema } from '../../schemas/agent';
import { messageDescription, messageExecute, type AgentMessage } from './message';

const fields: INodeProperties[] = [
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		required: true,
		default: '',
		placeholder: 'e.g. Your order has shipped.',
		description: `What the agent says through its TTS, at most ${SPEAK_MAX_BYTES} bytes in UTF-8 (fewer characters for non-Latin scripts). Not supported for MLLM agents.`,
	},
	{
		displayName: 'Priority',
		name: 'priority',
		type: 'options',
		options: [
			{
				name: 'Append',
				value: 'APPEND',
				description: 'Said after the current interaction ends',
			},
			{
				name: 'Ignore If Busy',
				value: 'IGNORE',
				description: 'Discarded if the agent is interacting; said only when it is idle',
			},
			{
				name: 'Interrupt',
				value: 'INTERRUPT',
				description: 'Interrupts the current interaction at once (default)',
			},
		],
		default: 'INTERRUPT',
	},
	{
		displayName: 'Interruptable',
		name: 'interruptable',
		type: 'boolean',
		default: true,
		description: 'Whether the user’s speech may interrupt the message (default on)',
	},
];

const message: AgentMessage = {
	operation: 'speak',
	fields,
	additionalBodyOver: 'the speak request ({text, priority, interruptable})',
	schema: speakRequestSchema,
	build: (form) => ({
		text: String(form.get('text', '') ?? ''),
		priority: form.get('priority', 'INTERRUPT'),
		interruptable: form.get('interruptable', true),
	}),
	action: 'make agent speak',
};

export const description = messageDescription(message);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('agent', 'spoke', 'agent_id');

export const execute = messageExecute(message);

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { additionalBodyOptions, withAdditionalBody } from '../../form/additionalBody';
import { FormReader } from '../../form/reader';
import { changes } from '../../run/sideEffects';
import { validateOrThrow } from '../../../shared/validate';
import { SPEAK_MAX_BYTES, speakRequestSchema } from '../../schemas/agent';
import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, agentPath, readAgentId, withAgentId } from '../../api/agents';

const properties: INodeProperties[] = [
	agentIdField,
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
	additionalBodyOptions('the speak request ({text, priority, interruptable})'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['speak'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('agent', 'spoke', 'agent_id');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const agentId = readAgentId(this, itemIndex);
	const built: IDataObject = {
		text: String(form.get('text', '') ?? ''),
		priority: form.get('priority', 'INTERRUPT'),
		interruptable: form.get('interruptable', true),
	};
	const body = withAdditionalBody(this, built, itemIndex);
	validateOrThrow(this, speakRequestSchema, body, itemIndex);
	const response = await agoraRequest.call(
		this,
		ctx,
		// Not repeated after an unclear failure: the message could be said twice.
		{
			method: 'POST',
			api: 'agent',
			path: agentPath(agentId, 'speak'),
			body,
			idempotent: false,
			action: 'make agent speak',
		},
		itemIndex,
	);
	return [{ json: withAgentId(response.body, agentId) }];
}

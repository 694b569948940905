import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { parseJsonParameter } from '../../../shared/json';
import { compact, group } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { changes } from '../../run/sideEffects';
import { validateOrThrow } from '../../../shared/validate';
import { updateRequestSchema } from '../../schemas/agent';
import { additionalBodyOptions, withAdditionalBody } from '../../form/additionalBody';
import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath, withAgentId } from '../../api/agents';
import { readSystemMessages, systemMessagesField } from '../../form/commonFields';

const properties: INodeProperties[] = [
	agentIdField,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change while the agent runs; at least one field',
		options: [
			{
				displayName: 'Channel Token',
				name: 'token',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'New channel token of the agent, e.g. after the 104 token-expiring notification. It must not be empty.',
			},
			{
				displayName: 'LLM Params (JSON)',
				name: 'llmParams',
				type: 'json',
				default: '{}',
				description:
					'Replaces the whole llm.params object given at start: send the complete object (model, max_tokens, …), not only the changes. An empty {} is not sent (it would wipe the params).',
			},
			{
				displayName: 'MLLM Params (JSON)',
				name: 'mllmParams',
				type: 'json',
				default: '{}',
				description:
					'Replaces the whole mllm.params object given at start. An empty {} is not sent (it would wipe the params).',
			},
			systemMessagesField(
				'systemMessages',
				'Replace the system messages prepended to every LLM request (OpenAI-compatible role + content)',
			),
		],
	},
	additionalBodyOptions('the update request ({properties: {token, llm, mllm}})'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['update'] } },
	properties,
);

const givenObject = (value: IDataObject | undefined) =>
	value && Object.keys(value).length > 0 ? value : undefined;

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('agent', 'updated', 'agent_id');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const agentId = readAgentId(this, itemIndex);
	const fields = form.get('updateFields', {}) as IDataObject;
	// Agora replaces the whole params object: the editor's untouched {} would wipe it.
	const llmParams = givenObject(
		parseJsonParameter(this, fields.llmParams, 'properties.llm.params', itemIndex),
	);
	const mllmParams = givenObject(
		parseJsonParameter(this, fields.mllmParams, 'properties.mllm.params', itemIndex),
	);
	const props = compact({
		token: fields.token === undefined ? undefined : String(fields.token ?? ''),
		llm: group({ system_messages: readSystemMessages(fields.systemMessages), params: llmParams }),
		mllm: mllmParams ? { params: mllmParams } : undefined,
	});

	const body = withAdditionalBody(this, { properties: props }, itemIndex);
	validateOrThrow(this, updateRequestSchema, body, itemIndex);
	const response = await agoraRequest.call(
		this,
		ctx,
		// Applying the same update twice leaves the same state: safe to retry.
		{
			method: 'POST',
			api: 'agent',
			path: agentPath(agentId, 'update'),
			body,
			idempotent: true,
			action: 'update agent',
		},
		itemIndex,
	);
	return [
		{
			json: {
				...withAgentId(response.body, agentId),
				updated: Object.keys(body.properties as IDataObject),
			},
		},
	];
}

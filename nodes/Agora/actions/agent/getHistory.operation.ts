import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { FormReader } from '../../form/reader';
import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath, withAgentId } from '../../api/agents';

const properties: INodeProperties[] = [
	agentIdField,
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{
				name: 'One Item With the Whole History',
				value: 'whole',
				description: 'The answer as it is: agent_id, start_ts, status and contents',
			},
			{
				name: 'One Item per Message',
				value: 'split',
				description: 'Each message of contents (role, content, …) with agent_id and its position',
			},
		],
		default: 'whole',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['getHistory'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const agentId = readAgentId(this, itemIndex);
	const response = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'GET',
			api: 'agent',
			path: agentPath(agentId, 'history'),
			idempotent: true,
			action: 'get agent history',
		},
		itemIndex,
	);
	const body: IDataObject = withAgentId(response.body, agentId);
	if (form.get('output', 'whole') !== 'split') return [{ json: body }];
	const contents = Array.isArray(body.contents) ? (body.contents as IDataObject[]) : [];
	return contents.map((message, index) => ({
		json: {
			agent_id: body.agent_id,
			index,
			...(typeof message === 'object' && message ? message : { content: message }),
		},
	}));
}

import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath, withAgentId } from '../../api/agents';

const properties: INodeProperties[] = [agentIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const agentId = readAgentId(this, itemIndex);
	const response = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'GET',
			api: 'agent',
			path: agentPath(agentId),
			idempotent: true,
			action: 'get agent',
		},
		itemIndex,
	);
	return [{ json: withAgentId(response.body, agentId) }];
}

import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { AgoraContext } from '../../transport';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath, getAgentRecord } from '../../api/agents';

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
	const agent = await getAgentRecord(
		this,
		ctx,
		{ agentId, path: agentPath(agentId), action: 'get agent' },
		itemIndex,
	);
	return [{ json: agent }];
}

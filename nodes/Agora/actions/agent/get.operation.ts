import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { invalidField } from '../../helpers/validate';
import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField } from './fields';

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
	const agentId = String(this.getNodeParameter('agentId', itemIndex, '')).trim();
	if (!agentId) throw invalidField(this, 'agentId', 'is required', itemIndex);
	const response = await agoraRequest.call(
		this,
		ctx,
		{ method: 'GET', api: 'agent', path: `/agents/${encodeURIComponent(agentId)}`, idempotent: true, action: 'get agent' },
		itemIndex,
	);
	return [{ json: { ...response.body, agent_id: response.body.agent_id ?? agentId } as IDataObject }];
}

import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, agentPath, readAgentId } from './fields';

const properties: INodeProperties[] = [agentIdField];

const EMPTY_JSON_BODY = '{}' as unknown as IDataObject;

export const description = updateDisplayOptions({ show: { resource: ['agent'], operation: ['interrupt'] } }, properties);

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
			method: 'POST',
			api: 'agent',
			path: agentPath(agentId, 'interrupt'),
			// Agora expects the JSON body {}; n8n's request helper drops an empty object, so the text is sent.
			body: EMPTY_JSON_BODY,
			// Not repeated after an unclear failure: a late second interrupt could cut off the next answer.
			idempotent: false,
			action: 'interrupt agent',
		},
		itemIndex,
	);
	return [{ json: { ...response.body, agent_id: response.body.agent_id ?? agentId } }];
}

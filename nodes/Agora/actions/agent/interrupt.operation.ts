import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { changes } from '../../run/sideEffects';
import { agoraRequest, type AgoraContext } from '../../transport';
import { agentIdField, readAgentId } from '../../form/locators';
import { agentPath, withAgentId } from '../../api/agents';

const properties: INodeProperties[] = [agentIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['agent'], operation: ['interrupt'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('agent', 'interrupted', 'agent_id');

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
			body: {},
			// Not repeated after an unclear failure: a late second interrupt could cut off the next answer.
			idempotent: false,
			action: 'interrupt agent',
		},
		itemIndex,
	);
	return [{ json: withAgentId(response.body, agentId) }];
}

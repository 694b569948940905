import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { AgoraContext } from '../../transport';
import { callIdField, readAgentId } from '../../form/locators';
import { getAgentRecord } from '../../api/agents';
import { callPath } from '../../api/calls';

const properties: INodeProperties[] = [callIdField];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneCall'], operation: ['get'] } },
	properties,
);

/**
 * The call's status: numbers, channel, type, `state` (answered, hangup; absent while it rings),
 * `reason` once ended (request, hangup, failed), create_ts and stop_ts (0 or null until the end).
 */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const agentId = readAgentId(this, itemIndex);
	const call = await getAgentRecord(
		this,
		ctx,
		{ agentId, path: callPath(agentId), action: 'get call' },
		itemIndex,
	);
	return [{ json: call }];
}

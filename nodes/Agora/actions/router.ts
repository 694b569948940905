import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { AgoraContext } from '../transport';
import { agentOperations } from './agent';
import { cloudPlayerOperations } from './cloudPlayer';
import { tokenOperations } from './token';
import type { AgoraOperation } from './types';

const operations: Record<string, Record<string, AgoraOperation>> = {
	agent: agentOperations,
	cloudPlayer: cloudPlayerOperations,
	token: tokenOperations,
};

/** resource + operation of one item -> the operation module that handles it. */
export function findOperation(
	fn: IExecuteFunctions,
	resource: string,
	operation: string,
): AgoraOperation {
	const found = operations[resource]?.[operation];
	if (!found) {
		throw new NodeOperationError(fn.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	return found;
}

export async function route(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const resource = this.getNodeParameter('resource', itemIndex) as string;
	const operation = this.getNodeParameter('operation', itemIndex) as string;
	return await findOperation(this, resource, operation).execute.call(this, itemIndex, ctx);
}

import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { agentOperations } from './agent';
import { cloudPlayerOperations } from './cloudPlayer';
import { phoneCallOperations } from './phoneCall';
import { phoneNumberOperations } from './phoneNumber';
import { tokenOperations } from './token';
import type { AgoraOperation } from './types';

const operations: Record<string, Record<string, AgoraOperation>> = {
	agent: agentOperations,
	cloudPlayer: cloudPlayerOperations,
	phoneCall: phoneCallOperations,
	phoneNumber: phoneNumberOperations,
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

/** The operation module of this execution (resource and operation take no expressions). */
export function selectedOperation(fn: IExecuteFunctions): AgoraOperation {
	const resource = fn.getNodeParameter('resource', 0) as string;
	const operation = fn.getNodeParameter('operation', 0) as string;
	return findOperation(fn, resource, operation);
}

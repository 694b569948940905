import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * The node's credential of this type, or an error that names it as the form shows it when none is
 * selected (n8n's own says `Node does not have any credentials set for "agoraApi"`).
 */
export async function selectedCredential(
	fn: IExecuteFunctions | ILoadOptionsFunctions,
	type: string,
	displayName: string,
): Promise<ICredentialDataDecryptedObject> {
	if (!isCredentialChosen(fn, type)) {
		throw new NodeOperationError(fn.getNode(), `No “${displayName}” credential selected`, {
			description: `Select one in the node's credential field (“Credential to connect with”), or create one there. Nothing was sent to Agora.`,
		});
	}
	return await fn.getCredentials(type);
}

/** Whether the node has a credential of this type chosen (by id, or by name in older workflows). */
export function isCredentialChosen(
	fn: IExecuteFunctions | ILoadOptionsFunctions,
	type: string,
): boolean {
	const chosen = fn.getNode().credentials?.[type];
	return !!chosen && (!!chosen.id || !!chosen.name);
}

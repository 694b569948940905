/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/** The node types and credentials the trigger harness's workflow knows, as n8n's registries give them. */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsHelper,
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodeType,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { AgoraApi } from '../../credentials/AgoraApi.credentials';
import { AgoraNotificationsApi } from '../../credentials/AgoraNotificationsApi.credentials';
import { AgoraTrigger } from '../../nodes/AgoraTrigger/AgoraTrigger.node';

/** A node type of a test workflow: what it is called, takes and runs (no inputs: a start node). */
export function testNodeType(node: {
	name: string;
	displayName: string;
	group: 'input' | 'transform' | 'trigger';
	description: string;
	inputs?: string[];
	properties?: INodeProperties[];
	execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]>;
}): INodeType {
	const { execute, inputs = ['main'], properties = [], ...named } = node;
	return {
		description: {
			...named,
			group: [node.group],
			version: 1,
			defaults: { name: node.displayName },
			inputs,
			outputs: ['main'],
			properties,
		} as unknown as INodeType['description'],
		execute,
	};
}

/** A downstream node: it passes its input on, so the run data shows what the workflow received. */
const receiver = testNodeType({
	name: 'received',
	displayName: 'Received',
	group: 'transform',
	description: 'Passes items through',
	async execute() {
		return [this.getInputData()];
	},
});

export const trigger = new AgoraTrigger();
const registry: Record<string, INodeType | IVersionedNodeType> = {
	'n8n-nodes-agora.agoraTrigger': trigger,
	'test.received': receiver,
};
export const nodeTypes: INodeTypes = {
	getByName: (type) => registry[type],
	getByNameAndVersion: (type, version) => NodeHelpers.getVersionedNodeType(registry[type], version),
	getKnownTypes: () => ({}) as IDataObject,
} as INodeTypes;

const credentialTypes = {
	agoraApi: new AgoraApi(),
	agoraNotificationsApi: new AgoraNotificationsApi(),
};

/** Credentials as n8n hands them to the trigger, after `latencyMs` (a slow credential store). */
export function credentialsHelper(
	data: ICredentialDataDecryptedObject,
	latencyMs: number,
	onLoad: (type: string) => void,
): ICredentialsHelper {
	return {
		getParentTypes: () => [],
		authenticate: async (_c: unknown, _t: string, requestOptions: unknown) => requestOptions,
		preAuthentication: async () => undefined,
		getCredentials: async () => {
			throw new Error('not used');
		},
		getDecrypted: async (_d: unknown, _n: unknown, type: string) => {
			onLoad(type);
			if (latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, latencyMs));
			return { ...data };
		},
		updateCredentials: async () => {},
		updateCredentialsOauthTokenData: async () => {},
		getCredentialsProperties: (type: keyof typeof credentialTypes) =>
			credentialTypes[type].properties,
	} as unknown as ICredentialsHelper;
}

/**
 * The parts of n8n's additional data that both harnesses give alike: the instance's URLs under
 * `base`, and what a test run does not support.
 */
export function localAdditionalData(base: string): IDataObject {
	const unsupported = async () => {
		throw new Error('not supported in tests');
	};
	return {
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		variables: {},
		executeWorkflow: unsupported,
		logAiEvent: () => {},
		setExecutionStatus: () => {},
		sendDataToUI: () => {},
		startRunnerTask: unsupported,
		getRunExecutionData: async () => undefined,
	};
}

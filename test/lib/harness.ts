/**
 * Runs real workflows in-process through n8n's own execution engine (n8n-core's WorkflowExecute),
 * with the package's nodes and a credential helper that applies the credential's declared
 * `authenticate` block the way n8n does.
 */
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsHelper,
	IDataObject,
	IHttpRequestOptions,
	INode,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	IConnections,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { createDeferredPromise, NodeHelpers, Workflow } from 'n8n-workflow';

import { AgoraApi } from '../../credentials/AgoraApi.credentials';
import { Agora } from '../../nodes/Agora/Agora.node';
import { AgoraLlmReply } from '../../nodes/AgoraLlmReply/AgoraLlmReply.node';
import { localAdditionalData, testNodeType } from './triggerHarnessTypes';

/** A start node that emits the items given in its `items` parameter (a JSON array). */
const itemsSource = testNodeType({
	name: 'items',
	displayName: 'Items',
	group: 'input',
	description: 'Emits fixed items',
	inputs: [],
	properties: [{ displayName: 'Items', name: 'items', type: 'json', default: '[]' }],
	async execute() {
		const raw = this.getNodeParameter('items', 0) as string | IDataObject[];
		const list = typeof raw === 'string' ? (JSON.parse(raw) as IDataObject[]) : raw;
		return [list.map((json) => ({ json }))];
	},
});

const registry: Record<string, INodeType | IVersionedNodeType> = {
	'n8n-nodes-agora.agora': new Agora(),
	'n8n-nodes-agora.agoraLlmReply': new AgoraLlmReply(),
	'test.items': itemsSource,
};

export function registerNodeType(type: string, node: INodeType | IVersionedNodeType): void {
	registry[type] = node;
}

const nodeTypes: INodeTypes = {
	getByName: (type) => registry[type],
	getByNameAndVersion: (type, version) => NodeHelpers.getVersionedNodeType(registry[type], version),
	getKnownTypes: () => ({}) as IDataObject,
} as INodeTypes;

export type CredentialData = ICredentialDataDecryptedObject;

const agoraCredentialType = new AgoraApi();

/** Credentials of other types the test workflow's Agora node uses, by type (e.g. agoraVendorKeysApi). */
export type OtherCredentials = Record<string, CredentialData>;

class TestCredentialsHelper {
	constructor(
		private readonly data: ICredentialDataDecryptedObject,
		private readonly others: OtherCredentials = {},
	) {}
	getParentTypes() {
		return [];
	}
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	) {
		if (typeName !== 'agoraApi') throw new Error(`unknown credential type ${typeName}`);
		// What n8n's CredentialsHelper does with a function-type `authenticate`.
		const authenticate = agoraCredentialType.authenticate as (
			c: ICredentialDataDecryptedObject,
			o: IHttpRequestOptions,
		) => Promise<IHttpRequestOptions>;
		return await authenticate(credentials, requestOptions);
	}
	async preAuthentication() {
		return undefined;
	}
	async getCredentials() {
		throw new Error('not used');
	}
	async getDecrypted(_additionalData: unknown, _nodeCredentials: unknown, type?: string) {
		if (type === undefined || type === 'agoraApi') return { ...this.data };
		const other = this.others[type];
		if (!other) throw new Error(`no test credential of type ${type}`);
		return { ...other };
	}
	async updateCredentials() {}
	async updateCredentialsOauthTokenData() {}
	getCredentialsProperties() {
		return agoraCredentialType.properties;
	}
}

export interface TestWorkflow {
	nodes: Array<Partial<INode> & { name: string; type: string; parameters: INode['parameters'] }>;
	connections: IConnections;
	/** Workflow settings, e.g. `timezone` (read by getTimezone()). */
	settings?: IDataObject;
}

export interface RunResult {
	run: IRun;
	/** Output items (json) of a node, first run, first output. */
	output(nodeName: string): IDataObject[];
	/** The error that stopped the node, if any. */
	error(nodeName: string): (Error & IDataObject) | undefined;
}

let executionCounter = 0;

/**
 * `others`: credentials of other types. `options.executionId`: run under a given id (as n8n does
 * when it runs a stalled execution again). `options.onSendResponse`: receives what a node answers a
 * waiting webhook request with (this.sendResponse), as n8n's webhook process would.
 * `options.onSendChunk`: runs the execution in n8n's streaming mode and receives each chunk sent.
 */
export async function runWorkflow(
	workflow: TestWorkflow,
	credential: CredentialData,
	others: OtherCredentials = {},
	options: {
		executionId?: string;
		onSendResponse?: (response: IDataObject) => void;
		onSendChunk?: (chunk: IDataObject) => void;
	} = {},
): Promise<RunResult> {
	const otherRefs = Object.fromEntries(
		Object.keys(others).map((type) => [type, { id: type, name: type }]),
	);
	const nodes: INode[] = workflow.nodes.map((node, index) => ({
		id: node.id ?? `node-${index}`,
		typeVersion: 1,
		position: [index * 200, 0],
		credentials:
			node.type === 'n8n-nodes-agora.agora' || node.type === 'n8n-nodes-agora.agoraTrigger'
				? { agoraApi: { id: '1', name: 'Agora account' }, ...otherRefs }
				: undefined,
		...node,
	})) as INode[];
	const instance = new Workflow({
		id: 'wf-test',
		name: 'test',
		nodes,
		connections: workflow.connections,
		active: false,
		nodeTypes,
		settings: workflow.settings,
	});
	const executionId = options.executionId ?? String(++executionCounter);
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: 'wf-test',
		name: 'test',
		nodes,
		connections: workflow.connections,
		active: false,
		settings: {},
		createdAt: new Date(),
		updatedAt: new Date(),
		isArchived: false,
	} as never);
	const done = createDeferredPromise<IRun>();
	hooks.addHandler('workflowExecuteAfter', (run) => done.resolve(run));
	if (options.onSendResponse) hooks.addHandler('sendResponse', options.onSendResponse as never);
	if (options.onSendChunk) hooks.addHandler('sendChunk', options.onSendChunk as never);
	const additionalData = {
		hooks,
		streamingEnabled: options.onSendChunk !== undefined,
		credentialsHelper: new TestCredentialsHelper(
			credential,
			others,
		) as unknown as ICredentialsHelper,
		executionId,
		...localAdditionalData('http://127.0.0.1:5678'),
	} as unknown as IWorkflowExecuteAdditionalData;

	const start = instance.getNode(workflow.nodes[0].name)!;
	const executor = new WorkflowExecute(additionalData, 'manual');
	await executor.run(instance, start);
	const run = await done.promise;
	return {
		run,
		output(nodeName) {
			const data = run.data.resultData.runData[nodeName]?.[0]?.data?.main?.[0] ?? [];
			return data.map((entry) => entry.json);
		},
		error(nodeName) {
			return run.data.resultData.runData[nodeName]?.[0]?.error as (Error & IDataObject) | undefined;
		},
	};
}

/** A two-node workflow: fixed items -> one Agora node with the given parameters. */
export function agoraWorkflow(
	parameters: INode['parameters'],
	items: IDataObject[] = [{}],
	settings: Partial<INode> = {},
): TestWorkflow {
	return {
		nodes: [
			{ name: 'Items', type: 'test.items', parameters: { items: JSON.stringify(items) } },
			{ name: 'Agora', type: 'n8n-nodes-agora.agora', parameters, ...settings },
		],
		connections: { Items: { main: [[{ node: 'Agora', type: 'main', index: 0 }]] } },
	};
}

/**
 * The context n8n's editor runs a listSearch or loadOptions method in (n8n-core's
 * LoadOptionsContext), for an Agora node with the given parameters: what the editor sends as the
 * node's current parameters.
 */
/** `path`: the parameter the editor asks options for (relative `&name` reads resolve beside it). */
export function loadOptionsContext(
	parameters: INode['parameters'],
	credential: CredentialData,
	path = 'parameters',
): ILoadOptionsFunctions {
	const node: INode = {
		id: 'agora-node',
		name: 'Agora',
		type: 'n8n-nodes-agora.agora',
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { agoraApi: { id: '1', name: 'Agora account' } },
	};
	const workflow = new Workflow({
		id: 'wf-test',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(credential) as unknown as ICredentialsHelper,
		// The editor sends the form's values with their defaults filled in, as Workflow holds them.
		currentNodeParameters: workflow.getNode(node.name)?.parameters ?? parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, path);
}

/** The API path a validation error names in its description ("API field: properties.llm.url"). */
export function apiField(error: unknown): string | undefined {
	const description = String((error as { description?: unknown } | undefined)?.description ?? '');
	return /API field: (\S+)/.exec(description)?.[1];
}

import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	JsonObject,
	NodeApiError,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { agentDescription, agentOperations } from './actions/agent';
import { agentLlmDescription, agentLlmOperations } from './actions/agentLlm';
import { cloudPlayerDescription, cloudPlayerOperations } from './actions/cloudPlayer';
import { cloudRecordingDescription, cloudRecordingOperations } from './actions/cloudRecording';
import { phoneCallDescription, phoneCallOperations } from './actions/phoneCall';
import { phoneNumberDescription, phoneNumberOperations } from './actions/phoneNumber';
import { tokenDescription, tokenOperations } from './actions/token';
import {
	notificationServerDescription,
	notificationServerOperations,
} from './actions/notificationServer';
import type { AgoraOperation, OperationContext } from './actions/types';
import { agoraApiCredentialTest } from '../shared/credentialTest';
import { runConcurrently } from './run/pool';
import { useFormLabels } from './form/labels';
import { invalidField } from '../shared/validate';
import { STORAGE_CREDENTIAL_TYPE } from '../shared/recordingStorage';
import { STORAGE_CREDENTIAL_RULE } from './agentConfig/recordConversation';
import { bulkRunError, collectSideEffects } from './run/sideEffects';
import { settle } from '../shared/values';
import {
	agoraVendorKeysCredentialTest,
	readVendorKeys,
	VENDOR_KEYS_CREDENTIAL_RULE,
	VENDOR_KEYS_SHOWN,
} from './agentConfig/vendorKeys';
import { requestOptionsField } from './form/requestOptions';
import { declaredOnce } from './form/declaredOnce';
import { useFormPlaces } from './form/places';
import { itemParameter } from './form/parameters';
import { searchAgents, searchCloudPlayers } from './methods/listSearch';
import { listMcpTools } from './methods/mcpTools';
import { searchCalls, searchPhoneNumbers } from './methods/phoneListSearch';
import { agoraErrorDetails, resolveAgoraContext } from './transport';

const operations: Record<string, Record<string, AgoraOperation>> = {
	agent: agentOperations,
	agentLlm: agentLlmOperations,
	cloudPlayer: cloudPlayerOperations,
	cloudRecording: cloudRecordingOperations,
	phoneCall: phoneCallOperations,
	phoneNumber: phoneNumberOperations,
	token: tokenOperations,
	notificationServer: notificationServerOperations,
};

// Start and Call configure an agent with the same fields: each one they share is declared once
// (worked out once per process, not for every node instance).
const startAndCallFields = declaredOnce(
	agentOperations.start.description,
	phoneCallOperations.call.description,
);

/** resource + operation of one item -> the operation module that handles it. */
function findOperation(fn: IExecuteFunctions, resource: string, operation: string): AgoraOperation {
	const found = operations[resource]?.[operation];
	if (!found) {
		throw new NodeOperationError(
			fn.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	}
	return found;
}

/** The operation module of this execution (resource and operation take no expressions). */
function selectedOperation(fn: IExecuteFunctions): AgoraOperation {
	const resource = fn.getNodeParameter('resource', 0) as string;
	const operation = fn.getNodeParameter('operation', 0) as string;
	return findOperation(fn, resource, operation);
}

export class Agora implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Agora',
		name: 'agora',
		icon: { light: 'file:../../icons/agora.svg', dark: 'file:../../icons/agora.dark.svg' },
		group: ['transform'],
		// 1.1: Cloud Player › Get Many is getAll; Agent › Stop outputs alreadyStopped. 1.2: Vendor Keys
		// defaults to From Credential. 1.3: Start and Call keep optional fields in "Add Option" groups.
		// 1.4: Instructions and Greeting at the top, no switches inside the groups, no Presets.
		version: [1, 1.1, 1.2, 1.3, 1.4],
		defaultVersion: 1.4,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Start, steer and stop Agora Conversational AI voice agents, place phone calls with them, and inject media streams into channels as cloud players',
		defaults: { name: 'Agora' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		// Agora's last: n8n 1.x pre-selects one credential in a new node, the newest by updatedAt, which
		// its editor's credential list lacks there, so the last one listed wins (2.x has the dates).
		credentials: [
			{
				name: 'agoraVendorKeysApi',
				// n8n's editor pre-selects one credential in a new node: without this one, Agora's managed models serve.
				required: false,
				testedBy: 'agoraVendorKeysCredentialTest',
				displayOptions: VENDOR_KEYS_CREDENTIAL_RULE,
			},
			{
				// Cloud Recording, and Start or Call once "Record the Conversation" is added.
				name: STORAGE_CREDENTIAL_TYPE,
				required: true,
				displayOptions: STORAGE_CREDENTIAL_RULE,
			},
			{
				name: 'agoraApi',
				required: true,
				testedBy: 'agoraApiCredentialTest',
				// A show rule, not a hide rule: n8n 1.x's Create New of a credential without one opens the
				// node's first credential type. Agent LLM's reply answers n8n's own request: no Agora call.
				displayOptions: {
					show: {
						resource: [
							'agent',
							'cloudPlayer',
							'cloudRecording',
							'notificationServer',
							'phoneCall',
							'phoneNumber',
							'token',
						],
					},
				},
			},
		],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Agent',
						value: 'agent',
						description: 'Conversational AI voice agent that joins a channel and talks with a user',
					},
					{
						name: 'Agent LLM',
						value: 'agentLlm',
						description:
							'Answer an agent’s LLM request that started this workflow. New workflows: the Agora Agent LLM Reply node.',
					},
					{
						name: 'Cloud Player',
						value: 'cloudPlayer',
						description:
							'Media Pull: inject an online stream or image into a channel. Needs Basic authentication in the credential.',
					},
					{
						name: 'Cloud Recording',
						value: 'cloudRecording',
						description:
							'Record a channel or a web page into your own cloud storage. Needs Basic authentication in the credential.',
					},
					{
						name: 'Notification Server',
						value: 'notificationServer',
						description: 'IP addresses Agora sends message notifications from, for a firewall',
					},
					{
						name: 'Phone Call',
						value: 'phoneCall',
						description:
							'Outbound phone call answered by a voice agent (SIP), its status, hang-up and call records',
					},
					{
						name: 'Phone Number',
						value: 'phoneNumber',
						description: 'Phone numbers imported into Agora for inbound and outbound calls',
					},
					{
						name: 'Token',
						value: 'token',
						description: 'Generate channel tokens from the App Certificate',
					},
				],
				default: 'agent',
			},
			...agentDescription,
			...agentLlmDescription,
			...cloudPlayerDescription,
			...cloudRecordingDescription,
			...phoneCallDescription,
			...phoneNumberDescription,
			...tokenDescription,
			...notificationServerDescription,
			// After both Operation lists, so each operation's fields still follow its own list.
			...startAndCallFields,
			// From 1.3, Agent › Start and Phone Call › Call keep Request Options in their Advanced group.
			{
				...requestOptionsField,
				displayOptions: {
					show: {
						resource: [
							'agent',
							'cloudPlayer',
							'cloudRecording',
							'notificationServer',
							'phoneCall',
							'phoneNumber',
						],
					},
					hide: { operation: ['start', 'call'] },
				},
			},
			{
				...requestOptionsField,
				displayOptions: { show: { ...VENDOR_KEYS_SHOWN, '@version': [{ _cnd: { lt: 1.3 } }] } },
			},
		],
	};

	constructor() {
		// Validation errors name fields by this description's labels.
		useFormLabels(this.description.properties);
		// Where each parameter lives in each version, for the form reader.
		useFormPlaces(this.description);
	}

	methods = {
		credentialTest: { agoraApiCredentialTest, agoraVendorKeysCredentialTest },
		listSearch: { searchAgents, searchCloudPlayers, searchCalls, searchPhoneNumbers },
		loadOptions: { listMcpTools },
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const operation = selectedOperation(this);
		if (operation.itemLoop) return await operation.itemLoop(this);
		return await runAsAgoraRequests(this, operation);
	}
}

/** Every item as Agora requests: one credential read, a concurrent pool, a bulk-run report. */
async function runAsAgoraRequests(
	fn: IExecuteFunctions,
	operation: AgoraOperation,
): Promise<INodeExecutionData[][]> {
	const items = fn.getInputData();
	const options = readRequestOptions(fn);
	// Read once per execution: credential, base URL, secrets to redact.
	const ctx: OperationContext = await resolveAgoraContext.call(fn, {
		timeoutMs: options.timeoutMs,
		maxRetries: options.maxRetries,
	});
	// Keys from the Agora Vendor Keys credential, when the form asks for them: redacted like the rest.
	const vendorKeys = await readVendorKeys(fn);
	if (vendorKeys) {
		ctx.vendorKeys = vendorKeys;
		ctx.secrets.push(...vendorKeys.secrets);
	}
	const continueOnFail = fn.continueOnFail();
	const toErrorOutput = fn.getNode().onError === 'continueErrorOutput';

	const run = await runConcurrently(items.length, options.concurrency ?? 50, async (itemIndex) => {
		const outcome = await settle(operation.execute.call(fn, itemIndex, ctx));
		if (outcome.ok)
			return outcome.value.map((entry) => ({ ...entry, pairedItem: { item: itemIndex } }));
		// Without Continue On Fail the pool stops; bulkRunError reports it with what was done before.
		if (!continueOnFail) throw outcome.error;
		// n8n's "Continue (using error output)" routes an item by its error (the item then holds its text).
		if (toErrorOutput && outcome.error instanceof Error)
			return [{ json: {}, error: outcome.error as NodeApiError, pairedItem: { item: itemIndex } }];
		return [{ json: errorJson(outcome.error), pairedItem: { item: itemIndex } }];
	});
	if (run.failures.length > 0) {
		const sideEffects = collectSideEffects(run.results, operation.sideEffect);
		throw bulkRunError(fn, { failures: run.failures, sideEffects, itemCount: items.length });
	}
	return [run.results.flatMap((produced) => produced ?? [])];
}

interface RequestOptions {
	concurrency?: number;
	maxRetries?: number;
	timeoutMs?: number;
}

/** Request Options, checked: an expression can give them any value, past the editor's bounds. */
function readRequestOptions(fn: IExecuteFunctions): RequestOptions {
	if (fn.getNodeParameter('resource', 0) === 'token') return {};
	const options = (itemParameter(fn, 'requestOptions', 0, {}) ?? {}) as RequestOptions;
	const bounds: Array<[keyof RequestOptions, number, number]> = [
		['concurrency', 1, 100],
		['maxRetries', 0, 10],
		['timeoutMs', 100, 600000],
	];
	for (const [name, min, max] of bounds) {
		const value = options[name];
		if (value === undefined) continue;
		if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
			throw invalidField(
				fn,
				`requestOptions.${name}`,
				`must be a whole number from ${min} to ${max}`,
				0,
			);
		}
	}
	return options;
}

/** The item a failed item becomes under Continue On Fail: Agora's reason and request id kept. */
function errorJson(error: unknown): JsonObject {
	const json: JsonObject = { error: (error as Error).message };
	const description = (error as { description?: string }).description;
	if (description) json.description = description;
	const details = agoraErrorDetails(error);
	if (details?.status) json.httpCode = details.status;
	if (details?.reason) json.reason = details.reason;
	if (details?.requestId) json.requestId = details.requestId;
	return json;
}

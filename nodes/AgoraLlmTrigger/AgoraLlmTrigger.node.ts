import type {
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IHookFunctions,
	INodeCredentialTestResult,
	INodeType,
	INodeTypeDescription,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	boundAnswer,
	DEFAULT_ANSWER_TIMEOUT_MS,
	MAX_ANSWER_TIMEOUT_MS,
	writeError,
	type LlmResponse,
	type TimeoutAnswer,
} from './answerBound';
import { guardBufferedAnswer, type GuardedResponse } from './answerGuard';
import { bearerMatches, LlmRefusal, NOT_JSON, parseChatRequest, UNAUTHORIZED } from './request';
import { translateN8nStream, type StreamedResponse } from './streamTranslator';
import { keepSecret, keptSecret, refreshSecret, secretRefreshDue } from '../shared/secretCache';
import { isPlainObject } from '../shared/values';

export const LLM_CREDENTIAL = 'agoraAgentLlmApi';

const SETUP_NOTICE =
	'Paste the Production URL as LLM URL in Agora › Agent › Start; end it with an Agora Agent LLM Reply. ' +
	'<a href="https://github.com/n8n-nodes-agora/n8n-nodes-agora#readme" target="_blank">Set-up</a>';

/** The same sentence as README.md and docs/brain.md: the memory key described one way. */
const MEMORY_NOTICE =
	'Memory per call: key it by params.user, the channel that Agent › Start sends as LLM Params "user" and Agora repeats in every turn.';

interface LlmTriggerOptions {
	answerTimeoutMs?: number;
	onTimeout?: 'error' | 'fallback';
	fallbackAnswer?: string;
	streamAnswer?: boolean;
}

interface LlmRequest {
	headers: Record<string, string | string[] | undefined>;
	body?: unknown;
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

/**
 * The parsed JSON body. n8n parses a JSON, text or form body before the node runs; at version 1.1
 * it leaves a body of another or no content type unread, so the raw bytes are read and parsed here.
 */
async function requestBody(req: LlmRequest): Promise<unknown> {
	if (isPlainObject(req.body) && Object.keys(req.body).length > 0) return req.body;
	if (req.rawBody === undefined && typeof req.readRawBody === 'function') await req.readRawBody();
	const raw = Buffer.isBuffer(req.rawBody)
		? req.rawBody.toString('utf8')
		: typeof req.rawBody === 'string'
			? req.rawBody
			: '';
	if (raw.trim() === '') return req.body;
	try {
		return JSON.parse(raw);
	} catch {
		return NOT_JSON;
	}
}

/**
 * The bearer key checked against the credential's, kept a few seconds in memory (decrypting the
 * credential was most of a turn's cost) and renewed in the background while requests keep coming;
 * a mismatch is checked again against the stored credential.
 */
async function keyAccepted(
	ctx: IWebhookFunctions,
	authorization: string | string[] | undefined,
): Promise<boolean> {
	const credentialId = ctx.getNode().credentials?.[LLM_CREDENTIAL]?.id ?? undefined;
	const loadKey = async (): Promise<string> => {
		const credential = await ctx.getCredentials(LLM_CREDENTIAL);
		const key = typeof credential.apiKey === 'string' ? credential.apiKey : '';
		keepSecret(credentialId, key);
		return key;
	};
	const kept = keptSecret(credentialId);
	if (kept !== undefined && bearerMatches(authorization, kept)) {
		// A credential read cost a turn hundreds of ms under load: the kept key is renewed meanwhile.
		if (credentialId && secretRefreshDue(credentialId)) refreshSecret(credentialId, loadKey);
		return true;
	}
	return bearerMatches(authorization, await loadKey());
}

/** Agora cannot be asked about the key: the test says what the trigger will do with it. */
async function agoraAgentLlmCredentialTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const key = credential.data?.apiKey;
	if (typeof key !== 'string' || key.trim() === '')
		return { status: 'Error', message: 'Enter an API key' };
	return {
		status: 'OK',
		message:
			'Requests must carry "Authorization: Bearer" with this key; others are refused with 401',
	};
}

/** Buffered: the Agora Agent LLM Reply node (or Agora › Agent LLM › Reply) answers. Streaming: n8n writes its chunks, which the trigger translates. */
const RESPONSE_MODE = '={{ $parameter["options"]["streamAnswer"] ? "streaming" : "responseNode" }}';

/**
 * n8n 2.x reads a webhook field through a resolver declared under this key, instead of evaluating
 * its expression in its sandbox on every request; the resolver gives the expression's answer, and
 * n8n versions without the key evaluate the expression as before.
 */
const WEBHOOK_RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers');

export const responseModeOf = (parameters: IDataObject): string =>
	isPlainObject(parameters.options) && parameters.options.streamAnswer
		? 'streaming'
		: 'responseNode';

function timeoutAnswer(options: LlmTriggerOptions): TimeoutAnswer {
	return options.onTimeout === 'fallback'
		? { kind: 'fallback', text: options.fallbackAnswer ?? '' }
		: { kind: 'error' };
}

export class AgoraLlmTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Agora Agent LLM Trigger',
		name: 'agoraLlmTrigger',
		icon: { light: 'file:../../icons/agora.svg', dark: 'file:../../icons/agora.dark.svg' },
		group: ['trigger'],
		// Same form and behaviour; n8n evaluates a legacy binary-data expression on every request to a
		// version-1 webhook start node, which 1.1 skips.
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle: 'Agent LLM requests',
		description:
			'Answer as an Agora voice agent’s LLM: starts on each OpenAI chat-completions request of the agent',
		defaults: { name: 'Agora Agent LLM Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{ name: 'agoraAgentLlmApi', required: true, testedBy: 'agoraAgentLlmCredentialTest' },
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: RESPONSE_MODE,
				path: 'chat/completions',
				[WEBHOOK_RESOLVERS]: {
					responseMode: { template: RESPONSE_MODE, resolve: responseModeOf },
				},
			} as IWebhookDescription,
		],
		properties: [
			{ displayName: SETUP_NOTICE, name: 'setupNotice', type: 'notice', default: '' },
			{ displayName: MEMORY_NOTICE, name: 'memoryNotice', type: 'notice', default: '' },
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Answer Timeout (Ms)',
						name: 'answerTimeoutMs',
						type: 'number',
						typeOptions: { minValue: 100, maxValue: MAX_ANSWER_TIMEOUT_MS, numberPrecision: 0 },
						default: DEFAULT_ANSWER_TIMEOUT_MS,
						description:
							'When the workflow has not replied within this time, the trigger answers (see On Timeout) and a later reply is dropped',
					},
					{
						displayName: 'Fallback Answer',
						name: 'fallbackAnswer',
						type: 'string',
						default: '',
						placeholder: 'e.g. Sorry, give me a moment.',
						displayOptions: { show: { onTimeout: ['fallback'] } },
						description: 'What the agent says when the workflow does not reply in time',
					},
					{
						displayName: 'Stream the AI Agent’s Answer (Beta)',
						name: 'streamAnswer',
						type: 'boolean',
						default: false,
						description:
							'Whether to send the first words while the model still writes. Needs n8n’s AI Agent with streaming on; other workflows still answer through the Reply.',
						hint: 'Beta: relies on n8n’s streaming chunk format, which n8n may change',
					},
					{
						displayName: 'On Timeout',
						name: 'onTimeout',
						type: 'options',
						options: [
							{
								name: 'Answer With an Error',
								value: 'error',
								description: '504 with an OpenAI error body: the agent speaks its Failure Message',
							},
							{
								name: 'Answer With Fallback Text',
								value: 'fallback',
								description: 'A normal answer with the Fallback Answer text',
							},
						],
						default: 'error',
					},
				],
			},
		],
	};

	methods = { credentialTest: { agoraAgentLlmCredentialTest } };

	// Agora has no API to register the LLM URL: it is given in each agent's start request. The
	// lifecycle only records the URL this node was activated with.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return this.getWorkflowStaticData('node').webhookUrl === this.getNodeWebhookUrl('default');
			},
			async create(this: IHookFunctions): Promise<boolean> {
				this.getWorkflowStaticData('node').webhookUrl = this.getNodeWebhookUrl('default');
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				delete this.getWorkflowStaticData('node').webhookUrl;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject() as unknown as LlmRequest;
		const res = this.getResponseObject() as unknown as LlmResponse;
		const nodeName = this.getNode().name;
		const refuse = (refusal: LlmRefusal): IWebhookResponseData => {
			this.logger.warn(
				`Agora Agent LLM Trigger "${nodeName}" refused a request (${refusal.status}): ${refusal.message}`,
			);
			writeError(res, refusal.status, refusal.message, refusal.type, refusal.code);
			return { noWebhookResponse: true };
		};

		if (!(await keyAccepted(this, req.headers.authorization))) return refuse(UNAUTHORIZED);

		const body = await requestBody(req);
		if (body instanceof LlmRefusal) return refuse(body);
		const item = parseChatRequest(body);
		if (item instanceof LlmRefusal) return refuse(item);

		const options = this.getNodeParameter('options', {}) as LlmTriggerOptions;
		const timeoutMs = Math.min(
			Math.max(Number(options.answerTimeoutMs) || DEFAULT_ANSWER_TIMEOUT_MS, 100),
			MAX_ANSWER_TIMEOUT_MS,
		);
		const log = (message: string) =>
			this.logger.warn(`Agora Agent LLM Trigger "${nodeName}": ${message}`);
		const request = { stream: item.stream === true, model: String(item.model) };
		// Streaming: the bound holds until the first text, which is when the head is written.
		// Buffered: n8n's own answer for a run without a reply becomes an OpenAI error.
		const streamed = options.streamAnswer === true;
		if (!streamed) guardBufferedAnswer(res as GuardedResponse, log);
		const answered = streamed ? translateN8nStream(res as StreamedResponse, request, log) : res;
		boundAnswer(answered, { timeoutMs, ...request, onTimeout: timeoutAnswer(options) }, log);
		const workflowData = [this.helpers.returnJsonArray([item as IDataObject])];
		// Streaming: n8n writes to the response itself, and without this flag it never finishes the
		// request, holding it and its expression isolate for good (a leak per turn).
		return streamed ? { noWebhookResponse: true, workflowData } : { workflowData };
	}
}

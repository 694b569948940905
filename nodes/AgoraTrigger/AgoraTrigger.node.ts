import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes, NodeOperationError } from 'n8n-workflow';

import { agoraApiCredentialTest } from '../Agora/credentialTest';
import { keepSecret, keptSecret } from './secretCache';
import { claimInProcess, isSeen, readSeen, remember, SEEN_KEY } from './dedupe';
import {
	CONVERSATIONAL_AI_EVENTS,
	eventName,
	eventOptions,
	isEventSelected,
	MEDIA_PULL_EVENTS,
	PRODUCT_IDS,
	type ProductKey,
} from './events';
import { isHealthCheck, labelsMatch, labelsOf, parseNotification, toOutputItem, type LabelCondition } from './notification';
import { verifyAgoraSignature } from './signature';

/** The parts of n8n's express request and response the trigger uses (plain Node http API). */
interface WebhookRequest {
	headers: Record<string, string | string[] | undefined>;
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}
interface WebhookResponse {
	headersSent: boolean;
	writeHead(status: number, headers: Record<string, string>): unknown;
	end(body: string): unknown;
}

interface TriggerOptions {
	ignoreResends?: boolean;
	labelFilter?: { labels?: LabelCondition[] };
	maxBodySizeKb?: number;
	startOnHealthCheck?: boolean;
}

const DEFAULT_MAX_BODY_KB = 256;
/** n8n itself refuses bodies over its payload limit (16 MB by default) before the node runs. */
const MAX_BODY_KB = 16384;

const SETUP_NOTICE =
	'Agora’s notifications are set up in Agora Console, not from n8n: ' +
	'1. In Agora Console open your project > Notifications and enable the message notification service for the product chosen below (Conversational AI Engine or Media Pull). ' +
	'2. Select the same events there as here. ' +
	'3. Paste this node’s Production URL (Webhook URLs, above) as the receiving server URL, and activate this workflow. ' +
	'4. Copy the secret the console shows into “Notification Secret” of the Agora API credential. ' +
	'Without that secret notifications are NOT verified: anyone who knows the URL can start this workflow.';

export class AgoraTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Agora Trigger',
		name: 'agoraTrigger',
		icon: { light: 'file:../../icons/agora.svg', dark: 'file:../../icons/agora.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ {"conversationalAi": "Conversational AI", "mediaPull": "Media Pull", "both": "Conversational AI + Media Pull"}[$parameter["product"]] }}',
		// n8n's node panel merges this trigger into the Agora node's entry and shows this text there.
		description:
			'Run Agora Conversational AI voice agents and Media Pull cloud players, generate channel tokens, and start workflows from Agora message notifications',
		defaults: { name: 'Agora Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'agoraApi', required: true, testedBy: 'agoraApiCredentialTest' }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				// The node writes every answer itself (200 at once, or 4xx), see webhook().
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		properties: [
			{
				displayName: SETUP_NOTICE,
				name: 'setupNotice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Product',
				name: 'product',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Conversational AI',
						value: 'conversationalAi',
						description: 'Agent events (productId 17)',
					},
					{
						name: 'Conversational AI and Media Pull',
						value: 'both',
						description: 'Events of both products',
					},
					{
						name: 'Media Pull',
						value: 'mediaPull',
						description: 'Cloud player events (productId 4)',
					},
				],
				default: 'conversationalAi',
				description:
					'Product whose notifications start the workflow. Notifications of other products are answered 200 and start nothing.',
			},
			{
				displayName: 'Conversational AI Events',
				name: 'conversationalAiEvents',
				type: 'multiOptions',
				noDataExpression: true,
				options: eventOptions(CONVERSATIONAL_AI_EVENTS, 'All Conversational AI Events'),
				default: ['*'],
				displayOptions: { show: { product: ['conversationalAi', 'both'] } },
				description:
					'Agent events that start the workflow; empty or “All” means every event. Other events are answered 200 and start nothing.',
			},
			{
				displayName: 'Media Pull Events',
				name: 'mediaPullEvents',
				type: 'multiOptions',
				noDataExpression: true,
				options: eventOptions(MEDIA_PULL_EVENTS, 'All Media Pull Events'),
				default: ['*'],
				displayOptions: { show: { product: ['mediaPull', 'both'] } },
				description:
					'Cloud player events that start the workflow; empty or “All” means every event. Other events are answered 200 and start nothing.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add option',
				default: {},
				options: [
					{
						displayName: 'Ignore Resends',
						name: 'ignoreResends',
						type: 'boolean',
						default: true,
						description:
							'Whether a notification whose noticeId already started the workflow (Agora resends when it gets no 200 within 10 s) is answered 200 and starts nothing. The last 1000 noticeIds of the past 24 hours are remembered.',
					},
					{
						displayName: 'Label Filter',
						name: 'labelFilter',
						type: 'fixedCollection',
						typeOptions: { multipleValues: true },
						placeholder: 'Add label',
						default: {},
						description:
							'Start only for notifications whose labels (the labels given when the agent was started) match all these pairs. Others are answered 200 and start nothing.',
						options: [
							{
								displayName: 'Label',
								name: 'labels',
								values: [
									{
										displayName: 'Name',
										name: 'name',
										type: 'string',
										default: '',
										placeholder: 'customer',
										description: 'Label name, as given in the agent’s labels at start',
									},
									{
										displayName: 'Value',
										name: 'value',
										type: 'string',
										default: '',
										placeholder: 'acme',
										description: 'Value the label must have (compared as text)',
									},
								],
							},
						],
					},
					{
						displayName: 'Max Body Size (kB)',
						name: 'maxBodySizeKb',
						type: 'number',
						typeOptions: { minValue: 1, maxValue: MAX_BODY_KB },
						default: DEFAULT_MAX_BODY_KB,
						description: `Larger notifications are refused with 413. Default ${DEFAULT_MAX_BODY_KB} kB, range 1 to ${MAX_BODY_KB} kB (n8n's own payload limit).`,
					},
					{
						displayName: 'Start on Console Health Check',
						name: 'startOnHealthCheck',
						type: 'boolean',
						default: false,
						description:
							'Whether the test notification Agora Console sends to check the URL (channel “test_webhook”) starts the workflow. It is always answered 200.',
					},
				],
			},
		],
	};

	// The same credential test as the Agora node, so the credential can be checked from either node.
	methods = {
		credentialTest: { agoraApiCredentialTest },
	};

	// Agora's notification URL is entered in Agora Console; there is no API to register it. The
	// lifecycle only records which URL this node was activated with, so n8n knows it is in place.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				return data.webhookUrl !== undefined && data.webhookUrl === this.getNodeWebhookUrl('default');
			},
			async create(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				const url = this.getNodeWebhookUrl('default');
				data.webhookUrl = url;
				data.webhookRegisteredAt = new Date().toISOString();
				this.logger.info(
					`Agora Trigger "${this.getNode().name}" is active. Agora sends notifications only once ${url} is entered in Agora Console > Notifications.`,
				);
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				delete data.webhookUrl;
				delete data.webhookRegisteredAt;
				return true;
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const req = this.getRequestObject() as unknown as WebhookRequest;
		const res = this.getResponseObject() as unknown as WebhookResponse;
		const options = this.getNodeParameter('options', {}) as TriggerOptions;
		const nodeName = this.getNode().name;

		// Every answer is written here and n8n is told not to answer (noWebhookResponse), so Agora
		// gets its 200 with a JSON body before the workflow runs, and rejections get their 4xx.
		const answer = (status: number, body: IDataObject): void => {
			if (res.headersSent) return;
			res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
			res.end(JSON.stringify(body));
		};
		const reject = (status: number, message: string): IWebhookResponseData => {
			this.logger.warn(`Agora Trigger "${nodeName}" refused a request (${status}): ${message}`);
			answer(status, { status: 'error', message });
			return { noWebhookResponse: true };
		};
		const ignore = (reason: string): IWebhookResponseData => {
			this.logger.debug(`Agora Trigger "${nodeName}" ignored a notification: ${reason}`);
			answer(200, { status: 'ok', ignored: reason });
			return { noWebhookResponse: true };
		};

		const contentType = String(req.headers['content-type'] ?? '')
			.split(';')[0]
			.trim()
			.toLowerCase();
		if (contentType !== 'application/json') {
			return reject(415, 'Content-Type must be application/json');
		}

		const maxKb = Math.min(Math.max(Number(options.maxBodySizeKb ?? DEFAULT_MAX_BODY_KB) || DEFAULT_MAX_BODY_KB, 1), MAX_BODY_KB);
		const maxBytes = maxKb * 1024;
		const tooLarge = `Body is larger than ${maxKb} kB`;
		const declaredLength = Number(req.headers['content-length']);
		if (Number.isFinite(declaredLength) && declaredLength > maxBytes) return reject(413, tooLarge);

		// The signature covers the exact bytes Agora sent: n8n keeps them in rawBody. A body
		// re-serialised from parsed JSON would not match, so without rawBody the call fails loudly.
		if (req.rawBody === undefined && typeof req.readRawBody === 'function') {
			try {
				await req.readRawBody();
			} catch (error) {
				// n8n's reader refuses bodies over its own payload limit with a 413 error.
				if ((error as { status?: number }).status === 413) return reject(413, 'Body is larger than n8n accepts');
				throw new NodeOperationError(this.getNode(), error as Error, {
					message: 'Could not read the request body',
				});
			}
		}
		const raw = Buffer.isBuffer(req.rawBody)
			? req.rawBody
			: typeof req.rawBody === 'string'
				? Buffer.from(req.rawBody, 'utf8')
				: undefined;
		if (raw === undefined) {
			throw new NodeOperationError(
				this.getNode(),
				'The raw request body is not available, so the notification cannot be read or its signature checked',
				{ description: 'n8n normally provides it to webhook nodes; check proxies or middleware in front of n8n.' },
			);
		}
		if (raw.length > maxBytes) return reject(413, tooLarge);

		// The secret is kept in memory a few seconds (secretCache.ts); a mismatch is re-checked
		// against the stored credential before the request is refused.
		const credentialId = this.getNode().credentials?.agoraApi?.id ?? undefined;
		const loadSecret = async (): Promise<string> => {
			const credentials = await this.getCredentials('agoraApi');
			const loaded = typeof credentials.notificationSecret === 'string' ? credentials.notificationSecret : '';
			keepSecret(credentialId, loaded, Date.now());
			return loaded;
		};
		const verify = (key: string) => (key === '' ? undefined : verifyAgoraSignature(raw, req.headers, key));
		let secret = keptSecret(credentialId, Date.now());
		const fromMemory = secret !== undefined;
		secret ??= await loadSecret();
		let check = verify(secret);
		if (check?.ok === false && fromMemory) {
			secret = await loadSecret();
			check = verify(secret);
		}
		const verified = secret !== '';
		if (check?.ok === false) {
			return reject(
				401,
				check.reason === 'missing'
					? 'Missing Agora-Signature-V2 (or Agora-Signature) header'
					: 'Signature does not match the notification secret',
			);
		}

		// n8n itself answers 422 for an application/json body that does not parse, before this runs;
		// the check here covers everything else (envelope fields, bodies n8n left unparsed).
		const parsed = parseNotification(raw.toString('utf8'));
		if (!parsed.ok) return reject(400, parsed.message);
		const notification = parsed.notification;

		const healthCheck = isHealthCheck(notification);
		if (healthCheck) {
			if (options.startOnHealthCheck !== true) return ignore('health_check');
		} else {
			const product = this.getNodeParameter('product', 'conversationalAi') as ProductKey | 'both';
			const products: ProductKey[] = product === 'both' ? ['conversationalAi', 'mediaPull'] : [product];
			const key = products.find((p) => PRODUCT_IDS[p] === notification.productId);
			if (key === undefined) return ignore('product_not_selected');
			const selected = this.getNodeParameter(`${key}Events`, []) as string[];
			if (!isEventSelected(notification.productId, notification.eventType, selected)) {
				return ignore(`event_not_selected:${eventName(notification.productId, notification.eventType)}`);
			}
			const conditions = (options.labelFilter?.labels ?? []).filter((c) => c.name !== '');
			if (!labelsMatch(labelsOf(notification), conditions)) return ignore('labels_not_matched');
		}

		if (options.ignoreResends !== false) {
			const now = Date.now();
			const staticData = this.getWorkflowStaticData('node');
			const seen = readSeen(staticData[SEEN_KEY]);
			const scope = `${this.getMode()}:${this.getWorkflow().id ?? ''}:${this.getNode().id}`;
			if (isSeen(seen, notification.noticeId, now) || !claimInProcess(scope, notification.noticeId, now)) {
				return ignore('duplicate');
			}
			// Reassigned (not mutated) so n8n's static-data proxy marks it changed and saves it.
			staticData[SEEN_KEY] = remember(seen, notification.noticeId, now);
		}

		answer(200, { status: 'ok' });
		return {
			noWebhookResponse: true,
			workflowData: [this.helpers.returnJsonArray([toOutputItem(notification, { verified, healthCheck })])],
		};
	}
}

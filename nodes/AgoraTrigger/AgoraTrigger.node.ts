import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { agoraApiCredentialTest } from '../shared/credentialTest';
import { agoraNotificationsCredentialTest } from './credential';
import {
	CLOUD_RECORDING_EVENTS,
	CONVERSATIONAL_AI_EVENTS,
	eventOptions,
	MEDIA_PULL_EVENTS,
} from './events';
import { toOutputItem } from './notification';
import {
	answer,
	DEFAULT_MAX_BODY_KB,
	Ignored,
	MAX_BODY_KB,
	receive,
	Refusal,
	type TriggerOptions,
	type WebhookRequest,
	type WebhookResponse,
} from './receive';
import { guideLink } from '../shared/agoraGuides';

const SETUP_STEPS =
	'In Agora Console › Notifications: enable the product and events below, paste the Production URL (workflow active). ';

/** Version 1 reads the secret from the Agora API credential; version 2 from its own credential. */
const SETUP_NOTICE_V1 = `${SETUP_STEPS}Until its secret is in the Agora API credential, notifications are NOT verified.`;
const SETUP_NOTICE = `${SETUP_STEPS}Until its secret is in the Agora Notifications credential, only the URL check passes.`;

export class AgoraTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Agora Trigger',
		name: 'agoraTrigger',
		icon: { light: 'file:../../icons/agora.svg', dark: 'file:../../icons/agora.dark.svg' },
		group: ['trigger'],
		// 2: its own credential (Agora Notifications) with the notification secret, verified by default.
		// Version 1 keeps using the Agora API credential, as workflows saved with it expect.
		version: [1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ {"conversationalAi": "Conversational AI", "mediaPull": "Media Pull", "cloudRecording": "Cloud Recording", "both": "Conversational AI + Media Pull"}[$parameter["product"]] }}',
		// n8n's node panel merges this trigger into the Agora node's entry and shows this text there.
		description:
			'Run Agora Conversational AI voice agents, their phone calls and numbers, and Media Pull cloud players, generate channel tokens, and start workflows from Agora message notifications',
		defaults: { name: 'Agora Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'agoraApi',
				required: true,
				testedBy: 'agoraApiCredentialTest',
				displayOptions: { show: { '@version': [1] } },
			},
			{
				name: 'agoraNotificationsApi',
				required: true,
				testedBy: 'agoraNotificationsCredentialTest',
				displayOptions: { show: { '@version': [2] } },
			},
		],
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
				displayOptions: { show: { '@version': [2] } },
			},
			{
				displayName: SETUP_NOTICE_V1,
				name: 'setupNotice',
				type: 'notice',
				default: '',
				displayOptions: { show: { '@version': [1] } },
			},
			{
				displayName: 'Product',
				name: 'product',
				type: 'options',
				noDataExpression: true,
				options: [
					{
						name: 'Cloud Recording',
						value: 'cloudRecording',
						description: 'Recording events: uploaded files, recorder left, errors (productId 3)',
					},
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
				hint: `Enable its message notifications in Agora Console: ${guideLink('notifications', 'Agora’s guide')}`,
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
				displayName: 'Cloud Recording Events',
				name: 'cloudRecordingEvents',
				type: 'multiOptions',
				noDataExpression: true,
				options: eventOptions(CLOUD_RECORDING_EVENTS, 'All Cloud Recording Events'),
				default: ['*'],
				displayOptions: { show: { product: ['cloudRecording'] } },
				description:
					'Recording events that start the workflow; empty or “All” means every event. Other events are answered 200 and start nothing.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Ignore Resends',
						name: 'ignoreResends',
						type: 'boolean',
						default: true,
						description:
							'Whether a notification whose noticeId already started the workflow (Agora resends when it gets no 200 within 10 s) is answered 200 and starts nothing',
						hint: 'Each n8n process remembers the last 1000 noticeIds of 24 hours, the last 200 also with the workflow (for after a restart). Queue mode: one process must get them (README › Queue mode).',
					},
					{
						displayName: 'Label Filter',
						name: 'labelFilter',
						type: 'fixedCollection',
						typeOptions: { multipleValues: true },
						placeholder: 'Add Label',
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
										placeholder: 'e.g. customer',
										description: 'Label name, as given in the agent’s labels at start',
									},
									{
										displayName: 'Value',
										name: 'value',
										type: 'string',
										default: '',
										placeholder: 'e.g. acme',
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
						hint: 'When notifications are verified, only a correctly signed check can start it: an unsigned one is answered 200 and starts nothing',
					},
				],
			},
		],
	};

	// Version 1: the same credential test as the Agora node, so the credential can be checked from
	// either node. Version 2: what the trigger will do with its Agora Notifications credential.
	methods = {
		credentialTest: { agoraApiCredentialTest, agoraNotificationsCredentialTest },
	};

	// Agora's notification URL is entered in Agora Console; there is no API to register it. The
	// lifecycle only records which URL this node was activated with, so n8n knows it is in place.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				const data = this.getWorkflowStaticData('node');
				return (
					data.webhookUrl !== undefined && data.webhookUrl === this.getNodeWebhookUrl('default')
				);
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
		// Every answer is written by the node and n8n is told not to answer (noWebhookResponse), so
		// Agora gets its 200 with a JSON body before the workflow runs, and refusals get their 4xx.
		const outcome = await receive(this, req, options);
		const nodeName = this.getNode().name;
		if (outcome instanceof Refusal) {
			this.logger.warn(
				`Agora Trigger "${nodeName}" refused a request (${outcome.status}): ${outcome.message}`,
			);
			answer(res, outcome.status, { status: 'error', message: outcome.message });
			return { noWebhookResponse: true };
		}
		if (outcome instanceof Ignored) {
			this.logger.debug(`Agora Trigger "${nodeName}" ignored a notification: ${outcome.reason}`);
			answer(res, 200, { status: 'ok', ignored: outcome.reason });
			return { noWebhookResponse: true };
		}
		answer(res, 200, { status: 'ok' });
		const item = toOutputItem(outcome.notification, {
			verified: outcome.verified,
			healthCheck: outcome.healthCheck,
		});
		return { noWebhookResponse: true, workflowData: [this.helpers.returnJsonArray([item])] };
	}
}

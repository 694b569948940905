/** The workflows the queue-mode suite imports, built as a user would build them in the editor. */
import { EXAMPLE_CREDENTIAL } from '../../scripts/lib/examples';

const credentials = { agoraApi: { id: EXAMPLE_CREDENTIAL.id, name: EXAMPLE_CREDENTIAL.name } };

export interface SuiteWorkflow {
	id: string;
	active: boolean;
	[key: string]: unknown;
}

export const NOTIFY = { id: 'queueNotify00001', webhookId: '5a0c9e1b-7d2f-4c3a-8e6b-1f2a3b4c5d6e' };
export const BULK = {
	id: 'queueBulkDelete1',
	path: 'queue-bulk-delete',
	webhookId: '2c4e6a8b-0d1f-4e3a-9b5c-7d9e1f3a5b7c',
};
export const BULK_STRICT = {
	id: 'queueBulkStrict1',
	path: 'queue-bulk-strict',
	webhookId: '9e7c5a3b-1f0d-4b2e-8a6c-4e2a0c8e6b4d',
};

export function triggerPath(webhookId: string): string {
	return `/webhook/${webhookId}/webhook`;
}

/**
 * Agora Trigger (defaults: resends ignored) -> Agora Cloud Player > Create, named after the notice
 * (a player per agent that joined) -> HTTP Request that reports noticeId, execution id and player.
 * A notice that ran twice shows as two executions, and its second Create fails on the name. Agent
 * events only: the Create makes the sandbox send a Cloud Player event, which would start the
 * workflow again, and again, flooding the webhook process for the rest of the run.
 */
export function notifyWorkflow(
	recorderUrl: string,
	triggerOptions: Record<string, unknown> = {},
): SuiteWorkflow {
	return {
		id: NOTIFY.id,
		name: 'Queue: Agora notification',
		active: true,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'q-trigger',
				name: 'Agora Trigger',
				type: 'n8n-nodes-agora.agoraTrigger',
				typeVersion: 1,
				position: [0, 0],
				webhookId: NOTIFY.webhookId,
				parameters: {
					product: 'conversationalAi',
					conversationalAiEvents: ['*'],
					options: triggerOptions,
				},
				credentials,
			},
			{
				id: 'q-create',
				name: 'Create Player',
				type: 'n8n-nodes-agora.agora',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'cloudPlayer',
					operation: 'create',
					region: 'na',
					streamUrl: 'rtmp://media.example.com/live/hold-music',
					channelName: '={{ $json.payload.channel }}',
					uid: 0,
					additionalFields: { name: "={{ 'n-' + $json.noticeId }}" },
				},
				credentials,
			},
			{
				id: 'q-report',
				name: 'Report',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [440, 0],
				parameters: {
					method: 'POST',
					url: `${recorderUrl}/run`,
					sendBody: true,
					specifyBody: 'json',
					jsonBody:
						"={{ JSON.stringify({ noticeId: $('Agora Trigger').item.json.noticeId, executionId: $execution.id, playerId: $json.id }) }}",
					options: {},
				},
			},
		],
		connections: {
			'Agora Trigger': { main: [[{ node: 'Create Player', type: 'main', index: 0 }]] },
			'Create Player': { main: [[{ node: 'Report', type: 'main', index: 0 }]] },
		},
	};
}

/**
 * Webhook (body: [{id}, ...], answered at once) -> Split Out -> Agora Cloud Player > Delete.
 * `continueOnFail`: the node's Settings > On Error = Continue (error items in the output); otherwise
 * n8n's default (the execution stops at the first failed item).
 */
export function bulkDeleteWorkflow(
	which: typeof BULK | typeof BULK_STRICT,
	continueOnFail: boolean,
): SuiteWorkflow {
	return {
		id: which.id,
		name: `Queue: bulk delete (${continueOnFail ? 'continue on fail' : 'default error handling'})`,
		active: true,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: `${which.id}-hook`,
				name: 'Webhook',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: which.webhookId,
				parameters: {
					httpMethod: 'POST',
					path: which.path,
					responseMode: 'onReceived',
					options: {},
				},
			},
			{
				id: `${which.id}-split`,
				name: 'Split Out',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [220, 0],
				parameters: { fieldToSplitOut: 'body', options: {} },
			},
			{
				id: `${which.id}-delete`,
				name: 'Delete',
				type: 'n8n-nodes-agora.agora',
				typeVersion: 1,
				position: [440, 0],
				parameters: {
					resource: 'cloudPlayer',
					operation: 'delete',
					playerId: '={{ $json.id }}',
					region: 'na',
				},
				credentials,
				...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
			},
		],
		connections: {
			Webhook: { main: [[{ node: 'Split Out', type: 'main', index: 0 }]] },
			'Split Out': { main: [[{ node: 'Delete', type: 'main', index: 0 }]] },
		},
	};
}

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A real HTTP server that hands each request to the Agora Trigger the way n8n's live-webhook path does,
 * with n8n-core's own contexts (docs/testing.md, Harnesses).
 */
import { randomUUID } from 'crypto';
import * as http from 'http';
import type { AddressInfo } from 'net';

import {
	ExecutionLifecycleHooks,
	HookContext,
	parseIncomingMessage,
	WebhookContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	IRun,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { outlastClientKeepAlive } from '../../sandbox/src/util';
import { credentialsHelper, localAdditionalData, nodeTypes, trigger } from './triggerHarnessTypes';

// The node logs every refused request at warn level; keep test output to errors unless asked.
process.env.N8N_LOG_LEVEL ??= 'error';

const TRIGGER = 'Agora Trigger';
const RECEIVER = 'Received';
const WEBHOOK_ID = 'agora-hook';
/** n8n's default N8N_PAYLOAD_SIZE_MAX (16 MB): larger bodies are refused before any node runs. */
const N8N_PAYLOAD_MAX = 16 * 1024 * 1024;

export interface Answer {
	status: number;
	body: string;
	json?: IDataObject;
}

export interface TriggerServer {
	/** Base URL of the server. */
	base: string;
	/** Production webhook URL of the trigger (what the user pastes into Agora Console). */
	url: string;
	/** Completed executions, in start order. */
	runs: IRun[];
	/** Items the workflow received, one array per execution. */
	started(): IDataObject[][];
	/** Errors thrown by webhook() (n8n would answer 500 and record a failed execution). */
	errors: Error[];
	/** Answers sent back to callers, in order. */
	answers: Answer[];
	/** The stored ("database") static data of the workflow. */
	staticData(): IDataObject;
	/** Runs the webhook lifecycle as n8n does on activation: checkExists, then create if needed. */
	activate(): Promise<{ existed: boolean; created?: boolean }>;
	deactivate(): Promise<boolean>;
	checkExists(): Promise<boolean>;
	/** Waits until every started execution has finished. */
	settle(): Promise<void>;
	/** How many times a node read the credential (n8n reads and decrypts it from its database). */
	credentialLoads(): number;
	/** The credential types the node read, in order. */
	credentialTypesRead(): string[];
	/** Changes the node parameters or the credential for the next requests. */
	update(p: { parameters?: INodeParameters; credential?: ICredentialDataDecryptedObject }): void;
	/**
	 * How the request body reaches the node. `parsed` (default): read and parsed before the node
	 * runs, as n8n does for version-1 webhook nodes. `lazy`: only `req.readRawBody()` is there, as
	 * for request bodies n8n does not pre-parse. `missing`: neither (a broken proxy or middleware).
	 */
	rawBodyMode: 'parsed' | 'lazy' | 'missing';
	close(): Promise<void>;
}

interface HarnessOptions {
	parameters: INodeParameters;
	credential: ICredentialDataDecryptedObject;
	workflowId?: string;
	/** Static data already stored for the workflow (as loaded from the database). */
	staticData?: IDataObject;
	/**
	 * Delay of each credential lookup (n8n reads and decrypts credentials from its database). With
	 * it, concurrent requests all load the stored static data before any of them saves it.
	 */
	credentialLatencyMs?: number;
	/** n8n's payload limit (N8N_PAYLOAD_SIZE_MAX), default 16 MB. */
	payloadMaxBytes?: number;
	/**
	 * The trigger's version as the saved workflow has it (default 1). Version 1 nodes are saved
	 * with the Agora API credential, version 2 with the Agora Notifications credential.
	 */
	typeVersion?: 1 | 2;
}

type HarnessRequest = http.IncomingMessage & {
	rawBody?: Buffer;
	readRawBody?: () => Promise<void>;
	body?: unknown;
	contentType?: string;
	encoding?: string;
};

function send(res: http.ServerResponse, status: number, body: unknown): void {
	if (res.headersSent) return;
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
}

/** Records every answer the caller gets. */
function recordAnswers(res: http.ServerResponse, answers: Answer[]): void {
	const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => http.ServerResponse;
	res.end = ((chunk?: unknown, ...rest: unknown[]) => {
		const body = chunk === undefined || typeof chunk === 'function' ? '' : String(chunk);
		let json: IDataObject | undefined;
		try {
			json = JSON.parse(body) as IDataObject;
		} catch {
			json = undefined;
		}
		answers.push({ status: res.statusCode, body, json });
		return end(chunk, ...rest);
	}) as typeof res.end;
}

/** n8n's rawBodyReader: reads the body once, refusing more than n8n's payload limit with a 413. */
function attachRawBodyReader(req: http.IncomingMessage, payloadMax: number): HarnessRequest {
	parseIncomingMessage(req);
	const request = req as HarnessRequest;
	request.readRawBody = async () => {
		if (request.rawBody) return;
		const chunks: Buffer[] = [];
		let size = 0;
		for await (const chunk of req) {
			size += (chunk as Buffer).length;
			if (size > payloadMax) {
				// raw-body's error, as n8n's reader throws it
				throw Object.assign(new Error('request entity too large'), {
					status: 413,
					type: 'entity.too.large',
				});
			}
			chunks.push(chunk as Buffer);
		}
		request.rawBody = Buffer.concat(chunks);
	};
	request.body = {};
	return request;
}

/** The state of one trigger server: what n8n keeps in its database and memory between calls. */
class Harness {
	parameters: INodeParameters;
	credential: ICredentialDataDecryptedObject;
	credentialLoads = 0;
	/** The credential types the node read, in order. */
	readonly credentialTypesRead: string[] = [];
	readonly workflowId: string;
	stored: IDataObject;
	readonly runs: IRun[] = [];
	readonly pending = new Set<Promise<unknown>>();
	readonly errors: Error[] = [];
	readonly answers: Answer[] = [];
	executionCounter = 0;
	base = '';
	rawBodyMode: TriggerServer['rawBodyMode'] = 'parsed';

	constructor(private readonly opts: HarnessOptions) {
		this.parameters = opts.parameters;
		this.credential = opts.credential;
		this.workflowId = opts.workflowId ?? `wf-${randomUUID()}`;
		this.stored = JSON.parse(JSON.stringify(opts.staticData ?? {})) as IDataObject;
	}

	buildWorkflow(): { workflow: Workflow; node: INode } {
		const nodes: INode[] = [
			{
				id: 'trigger-node',
				name: TRIGGER,
				type: 'n8n-nodes-agora.agoraTrigger',
				typeVersion: this.opts.typeVersion ?? 1,
				position: [0, 0],
				webhookId: WEBHOOK_ID,
				parameters: this.parameters,
				credentials:
					(this.opts.typeVersion ?? 1) === 1
						? { agoraApi: { id: '1', name: 'Agora account' } }
						: { agoraNotificationsApi: { id: '2', name: 'Agora notifications' } },
			},
			{
				id: 'received-node',
				name: RECEIVER,
				type: 'test.received',
				typeVersion: 1,
				position: [200, 0],
				parameters: {},
			},
		];
		const workflow = new Workflow({
			id: this.workflowId,
			name: 'agora trigger test',
			nodes,
			connections: { [TRIGGER]: { main: [[{ node: RECEIVER, type: 'main', index: 0 }]] } },
			active: true,
			nodeTypes,
			// A fresh copy per request, as n8n loads the workflow row for every webhook call.
			staticData: JSON.parse(JSON.stringify(this.stored)) as IDataObject,
		});
		return { workflow, node: workflow.getNode(TRIGGER)! };
	}

	additionalData(workflow: Workflow, executionId: string): IWorkflowExecuteAdditionalData {
		const hooks = new ExecutionLifecycleHooks('webhook', executionId, {
			id: workflow.id,
			name: workflow.name,
			nodes: Object.values(workflow.nodes),
			connections: workflow.connectionsBySourceNode,
			active: true,
			settings: {},
			createdAt: new Date(),
			updatedAt: new Date(),
			isArchived: false,
		} as never);
		const base = this.base;
		return {
			hooks,
			credentialsHelper: credentialsHelper(
				this.credential,
				this.opts.credentialLatencyMs ?? 0,
				(type) => {
					this.credentialLoads++;
					this.credentialTypesRead.push(type);
				},
			),
			executionId,
			...localAdditionalData(base),
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	webhookData(workflow: Workflow, data: IWorkflowExecuteAdditionalData): IWebhookData {
		const description = trigger.description.webhooks![0];
		return {
			httpMethod: 'POST',
			node: TRIGGER,
			path: `${WEBHOOK_ID}/webhook`,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: data,
			webhookId: WEBHOOK_ID,
		} as IWebhookData;
	}

	/** n8n saves changed static data once the webhook has answered. */
	saveStaticData(workflow: Workflow): void {
		if ((workflow.staticData as IDataObject).__dataChanged === true) {
			this.stored = JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject;
		}
	}

	/** n8n's body middleware for the chosen rawBodyMode; false when the request was answered already. */
	async prepareBody(request: HarnessRequest, res: http.ServerResponse): Promise<boolean> {
		if (this.rawBodyMode === 'parsed') {
			try {
				await request.readRawBody!();
			} catch (error) {
				send(res, (error as { status: number }).status, { message: (error as Error).message });
				return false;
			}
			if (request.contentType === 'application/json' && request.rawBody!.length) {
				try {
					request.body = JSON.parse(
						request.rawBody!.toString((request.encoding ?? 'utf-8') as BufferEncoding),
					);
				} catch {
					// See the header comment: n8n would answer 422 here.
				}
			}
		}
		if (this.rawBodyMode === 'missing') {
			Reflect.deleteProperty(request, 'readRawBody');
			request.resume();
		}
		return true;
	}

	async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		if (req.method !== 'POST' || req.url !== `/webhook/${WEBHOOK_ID}/webhook`) {
			send(res, 404, { code: 404, message: 'The requested webhook is not registered.' });
			return;
		}
		const request = attachRawBodyReader(req, this.opts.payloadMaxBytes ?? N8N_PAYLOAD_MAX);
		if (!(await this.prepareBody(request, res))) return;

		const { workflow, node } = this.buildWorkflow();
		const data = this.additionalData(workflow, String(++this.executionCounter));
		data.httpRequest = request as never;
		data.httpResponse = res as never;
		const context = new WebhookContext(
			workflow,
			node,
			data,
			'webhook',
			this.webhookData(workflow, data),
			[],
			null,
		);
		let result: IWebhookResponseData;
		try {
			result = await trigger.webhook.call(context as never);
		} catch (error) {
			this.errors.push(error as Error);
			send(res, 500, {
				code: 0,
				message: 'Workflow Webhook Error: Workflow could not be started!',
			});
			return;
		}
		if (result.noWebhookResponse !== true) {
			send(
				res,
				200,
				result.webhookResponse ?? {
					message: result.workflowData ? 'Workflow was started' : 'Webhook call received',
				},
			);
		}
		this.saveStaticData(workflow);
		if (result.workflowData !== undefined) this.execute(workflow, node, data, result.workflowData);
	}

	/** Like n8n's prepareExecutionData + WorkflowRunner: the trigger's items run from a node execution stack. */
	execute(
		workflow: Workflow,
		node: INode,
		data: IWorkflowExecuteAdditionalData,
		items: INodeExecutionData[][],
	): void {
		const runExecutionData = createRunExecutionData({
			executionData: { nodeExecutionStack: [{ node, data: { main: items }, source: null }] },
		});
		const execution = new WorkflowExecute(
			data,
			'webhook',
			runExecutionData,
		).processRunExecutionData(workflow);
		const done = Promise.resolve(execution).then((run) => {
			this.runs.push(run);
		});
		this.pending.add(done);
		void done.finally(() => this.pending.delete(done));
	}

	async lifecycle(method: 'checkExists' | 'create' | 'delete'): Promise<boolean> {
		const { workflow, node } = this.buildWorkflow();
		const data = this.additionalData(workflow, 'activation');
		const context = new HookContext(
			workflow,
			node,
			data,
			'webhook',
			'activate',
			this.webhookData(workflow, data),
		);
		const outcome = await trigger.webhookMethods.default[method].call(context as never);
		this.saveStaticData(workflow);
		return outcome;
	}

	async settle(): Promise<void> {
		while (this.pending.size) await Promise.all([...this.pending]);
	}
}

export async function startTriggerServer(opts: HarnessOptions): Promise<TriggerServer> {
	const harness = new Harness(opts);
	const httpServer = http.createServer((req, res) => {
		recordAnswers(res, harness.answers);
		harness.handle(req, res).catch((error: Error) => {
			harness.errors.push(error);
			send(res, 500, { message: error.message });
		});
	});
	outlastClientKeepAlive(httpServer);
	await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
	harness.base = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

	return {
		base: harness.base,
		url: `${harness.base}/webhook/${WEBHOOK_ID}/webhook`,
		runs: harness.runs,
		started: () =>
			harness.runs.map((run) =>
				(run.data.resultData.runData[RECEIVER]?.[0]?.data?.main?.[0] ?? []).map((i) => i.json),
			),
		errors: harness.errors,
		answers: harness.answers,
		staticData: () => harness.stored,
		async activate() {
			const existed = await harness.lifecycle('checkExists');
			if (existed) return { existed };
			return { existed, created: await harness.lifecycle('create') };
		},
		deactivate: async () => await harness.lifecycle('delete'),
		checkExists: async () => await harness.lifecycle('checkExists'),
		settle: async () => await harness.settle(),
		credentialLoads: () => harness.credentialLoads,
		credentialTypesRead: () => [...harness.credentialTypesRead],
		update(p) {
			if (p.parameters) harness.parameters = p.parameters;
			if (p.credential) harness.credential = p.credential;
		},
		get rawBodyMode() {
			return harness.rawBodyMode;
		},
		set rawBodyMode(mode) {
			harness.rawBodyMode = mode;
		},
		async close() {
			await harness.settle();
			httpServer.closeAllConnections();
			await new Promise((resolve) => httpServer.close(resolve));
		},
	};
}

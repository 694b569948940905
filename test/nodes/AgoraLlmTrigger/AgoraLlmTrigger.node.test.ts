/**
 * The Agent LLM Trigger's webhook(): refusals answered with OpenAI error bodies and no workflow
 * data, accepted requests handed to the workflow with the answer left to a later node, and the
 * Answer Timeout (fake timers) answering for a workflow that is too slow, a late reply dropped.
 */
import { Expression, Workflow, type INodeTypes } from 'n8n-workflow';

import {
	AgoraLlmTrigger,
	responseModeOf,
} from '../../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { llmWebhookContext, type LlmKeyStore } from '../../lib/fakeResponse';

const context = llmWebhookContext;

const chat = { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] };
const trigger = new AgoraLlmTrigger();

describe('Agora Agent LLM Trigger', () => {
	afterEach(() => jest.useRealTimers());

	it.each([
		['no Authorization header', {}],
		['a wrong key', { authorization: 'Bearer nope' }],
	])('%s: 401, OpenAI error body, no workflow data', async (_name, headers) => {
		const { fn, res } = context({ headers, body: chat });
		const result = await trigger.webhook.call(fn);
		expect(result).toEqual({ noWebhookResponse: true });
		expect(res.status).toBe(401);
		expect(JSON.parse(res.body)).toEqual({
			error: {
				message: expect.stringContaining('Bearer'),
				type: 'invalid_request_error',
				code: 'invalid_api_key',
				param: null,
			},
		});
		expect(res.body).not.toContain('secret-key');
	});

	it('a burst of turns reads (decrypts) the credential once', async () => {
		const store: LlmKeyStore = { id: 'llm-burst', key: 'k1', loads: 0 };
		for (let turn = 0; turn < 5; turn++) {
			const { fn, res } = context(
				{ headers: { authorization: 'Bearer k1' }, body: chat },
				{},
				store,
			);
			expect((await trigger.webhook.call(fn)).workflowData).toBeDefined();
			res.end('');
		}
		expect(store.loads).toBe(1);
	});

	it.each([[{}], [{ streamAnswer: true }], [{ streamAnswer: false }], [{ answerTimeoutMs: 900 }]])(
		'the response mode n8n 2.x reads natively is what the expression gives, options %j',
		(options) => {
			const webhook = trigger.description.webhooks![0];
			const resolvers = (webhook as unknown as Record<symbol, unknown>)[
				Symbol.for('n8n.webhookDescriptionResolvers')
			] as { responseMode: { template: string; resolve: typeof responseModeOf } };
			expect(resolvers.responseMode.template).toBe(webhook.responseMode);
			const node = {
				id: 't',
				name: 'T',
				type: 'n8n-nodes-agora.agoraLlmTrigger',
				typeVersion: 1,
				position: [0, 0] as [number, number],
				parameters: { options },
			};
			const nodeTypes = {
				getByNameAndVersion: () => trigger,
				getByName: () => trigger,
				getKnownTypes: () => ({}),
			} as unknown as INodeTypes;
			const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
			const evaluated = new Expression(workflow).getSimpleParameterValue(
				node,
				webhook.responseMode as string,
				'webhook',
				{},
			);
			expect(resolvers.responseMode.resolve(node.parameters)).toBe(evaluated);
		},
	);

	it('steady traffic renews the kept key in the background: no turn waits on a credential read, and a revoked key stops working within the kept time', async () => {
		jest.useFakeTimers({
			now: 1_000_000,
			doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
		});
		const store: LlmKeyStore = { id: 'llm-renewed', key: 'k1', loads: 0 };
		const turn = async (key: string) => {
			const { fn, res } = context(
				{ headers: { authorization: `Bearer ${key}` }, body: chat },
				{},
				store,
			);
			const result = await trigger.webhook.call(fn);
			if (result.workflowData) res.end('');
			return result.workflowData ? 200 : res.status;
		};
		// The background reload is a few promise steps: let them run.
		const settle = async () => {
			for (let i = 0; i < 20; i++) await Promise.resolve();
		};
		expect(await turn('k1')).toBe(200);
		expect(store.loads).toBe(1);
		// Past half the kept time: turns are answered from the kept key, one reload starts beside them.
		jest.setSystemTime(1_006_000);
		expect(await turn('k1')).toBe(200);
		expect(await turn('k1')).toBe(200);
		expect(store.loads).toBe(2);
		await settle();
		// Past the first entry's time, the key revoked: the renewed entry answers without a wait...
		jest.setSystemTime(1_012_000);
		store.key = 'k2';
		expect(await turn('k1')).toBe(200);
		await settle();
		// ...and the reload it started makes the revoked key refused.
		expect(await turn('k1')).toBe(401);
	});

	it('a changed key is accepted at once, and a wrong key is checked against the stored credential', async () => {
		const store: LlmKeyStore = { id: 'llm-rotated', key: 'k1', loads: 0 };
		const turn = async (key: string) => {
			const { fn, res } = context(
				{ headers: { authorization: `Bearer ${key}` }, body: chat },
				{},
				store,
			);
			const result = await trigger.webhook.call(fn);
			if (result.workflowData) res.end('');
			return result.workflowData ? 200 : res.status;
		};
		expect(await turn('k1')).toBe(200);
		store.key = 'k2';
		expect(await turn('k2')).toBe(200);
		expect(store.loads).toBe(2);
		expect(await turn('nope')).toBe(401);
		expect(store.loads).toBe(3);
	});

	it('a body that is not a chat-completions request: 400, no workflow data', async () => {
		const { fn, res } = context({
			headers: { authorization: 'Bearer secret-key' },
			body: { prompt: 'x' },
		});
		expect(await trigger.webhook.call(fn)).toEqual({ noWebhookResponse: true });
		expect(res.status).toBe(400);
		expect(JSON.parse(res.body).error).toMatchObject({
			type: 'invalid_request_error',
			code: 'invalid_request',
		});
	});

	// What n8n hands the node: version 1 reads the bytes of any body (and parses a JSON, text or form
	// one); version 1.1 parses the same types but leaves a body of another or no type unread.
	const raw = () => Buffer.from(JSON.stringify(chat));
	const unread = () => {
		const request: { body: unknown; rawBody?: Buffer; readRawBody: () => Promise<void> } = {
			body: undefined,
			readRawBody: async () => {
				request.rawBody = raw();
			},
		};
		return request;
	};
	it.each([
		['1, application/json', () => ({ body: chat, rawBody: raw() })],
		['1.1, application/json', () => ({ body: chat, rawBody: raw() })],
		['1, text/plain', () => ({ body: raw().toString(), rawBody: raw() })],
		['1.1, text/plain', () => ({ body: raw().toString(), rawBody: raw() })],
		['1, no or an unknown content type', () => ({ body: {}, rawBody: raw() })],
		['1.1, no or an unknown content type', unread],
	])('version %s: the same turn reaches the workflow', async (_name, handed) => {
		const request = Object.assign(handed(), { headers: { authorization: 'Bearer secret-key' } });
		const { fn, res } = context(request);
		const result = await trigger.webhook.call(fn);
		expect(result.workflowData?.[0][0].json).toEqual({
			lastUserMessage: 'hi',
			lastUserImages: [],
			systemMessages: [],
			messages: chat.messages,
			model: 'm',
			stream: true,
		});
		res.end('');
	});

	it.each([
		[
			'bytes that are not JSON',
			{ body: undefined, rawBody: Buffer.from('messages=hi') },
			'not valid JSON',
		],
		['no body it can read', { body: undefined }, 'must be a JSON object'],
	])(
		'a body left unparsed with %s: 400 naming the content type, no workflow data',
		async (_name, handed, message) => {
			const { fn, res } = context({ headers: { authorization: 'Bearer secret-key' }, ...handed });
			expect(await trigger.webhook.call(fn)).toEqual({ noWebhookResponse: true });
			expect(res.status).toBe(400);
			expect(JSON.parse(res.body).error).toEqual({
				message: expect.stringMatching(new RegExp(`${message}.*"Content-Type: application/json"`)),
				type: 'invalid_request_error',
				code: 'invalid_request',
				param: null,
			});
		},
	);

	it('is version 1.1 for a new node, keeping version 1 for saved ones', () => {
		expect(trigger.description).toMatchObject({ version: [1, 1.1], defaultVersion: 1.1 });
	});

	it('an accepted request starts the workflow and leaves the answer to the reply', async () => {
		const { fn, res } = context({
			headers: { authorization: 'Bearer secret-key' },
			body: { ...chat, turn_id: 3, timestamp: 5 },
		});
		const result = await trigger.webhook.call(fn);
		expect(result.noWebhookResponse).toBeUndefined();
		expect(result.workflowData?.[0][0].json).toMatchObject({
			lastUserMessage: 'hi',
			model: 'm',
			stream: true,
			turnId: 3,
			timestamp: 5,
		});
		expect(res.headersSent).toBe(false);
		res.end('');
	});

	it('streaming: the workflow starts and n8n is told not to answer, so it lets go of the request', async () => {
		// Without noWebhookResponse n8n never finishes a streaming request: it kept each turn's
		// request and expression isolate (docs/benchmarks.md, finished experiments).
		const { fn, res } = context(
			{ headers: { authorization: 'Bearer secret-key' }, body: chat },
			{ streamAnswer: true },
		);
		const result = await trigger.webhook.call(fn);
		expect(result.noWebhookResponse).toBe(true);
		expect(result.workflowData?.[0][0].json).toMatchObject({ lastUserMessage: 'hi', stream: true });
		res.end('');
	});

	it('after Answer Timeout it answers 504 itself, and a late reply is dropped without an error', async () => {
		jest.useFakeTimers();
		const { fn, res, warnings } = context(
			{ headers: { authorization: 'Bearer secret-key' }, body: chat },
			{ answerTimeoutMs: 1000 },
		);
		await trigger.webhook.call(fn);
		await jest.advanceTimersByTimeAsync(999);
		expect(res.headersSent).toBe(false);
		await jest.advanceTimersByTimeAsync(1);
		expect(res.status).toBe(504);
		expect(JSON.parse(res.body).error).toMatchObject({ type: 'server_error', code: 'timeout' });
		expect(warnings.join()).toContain('did not answer within 1 s');
		// What n8n does with the workflow's late reply: it must not throw.
		expect(() => {
			res.writeHead(200, {});
			res.end('late');
		}).not.toThrow();
		expect(res.body).not.toContain('late');
	});

	it('with On Timeout › Fallback Text it answers that text, as SSE for a streaming request', async () => {
		jest.useFakeTimers();
		const options = {
			answerTimeoutMs: 500,
			onTimeout: 'fallback',
			fallbackAnswer: 'One moment please.',
		};
		const { fn, res } = context(
			{ headers: { authorization: 'Bearer secret-key' }, body: chat },
			options,
		);
		await trigger.webhook.call(fn);
		await jest.advanceTimersByTimeAsync(500);
		expect(res.status).toBe(200);
		expect(res.headers['Content-Type']).toMatch(/^text\/event-stream/);
		expect(res.body).toContain('One moment please.');
		expect(res.body.endsWith('data: [DONE]\n\n')).toBe(true);
	});

	it('a reply in time disarms the bound', async () => {
		jest.useFakeTimers();
		const { fn, res } = context(
			{ headers: { authorization: 'Bearer secret-key' }, body: chat },
			{ answerTimeoutMs: 500 },
		);
		await trigger.webhook.call(fn);
		res.writeHead(200, {});
		res.end('answer');
		await jest.advanceTimersByTimeAsync(10000);
		expect(res.status).toBe(200);
		expect(res.body).toBe('answer');
	});
});

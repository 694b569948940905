/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * The agent's brain in a real n8n: the Agent LLM Trigger answered by the Agent LLM Reply (and by
 * Agora › Agent LLM › Reply, as saved workflows hold it), read with the openai SDK (stream and not),
 * tool calls, refusals, Answer Timeout, core Webhook, the brain examples.
 */
import path from 'path';
import OpenAI from 'openai';

import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import {
	askedDateOrTime,
	BRAIN_EXAMPLES,
	brainUrl,
	EXAMPLES_DIR,
	scriptedOpenAiCredential,
} from '../../scripts/lib/examples';
import type { N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import {
	chain,
	heardReplyNode,
	llmTrigger,
	readStream,
	replyNode,
	savedReplyNode,
} from '../lib/brainWorkflows';
import { useN8nE2e } from '../lib/n8nE2e';

const KEY = BRAIN_EXAMPLES.key;
const REPLY_WEBHOOK = '5a0c9d8e-7b6f-4a3e-8d2c-1b0a9f8e7d6c';
const SLOW_WEBHOOK = '6b1d0e9f-8c7a-4b4f-9e3d-2c1b0a9f8e7d';
const SAVED_REPLY_WEBHOOK = '8d3f2a1b-0e9c-4d6b-9a5f-4e3d2c1b0a9f';
const CORE_WEBHOOK_PATH = 'brain-core-webhook';

let host: N8nHost;
let sandbox: SandboxProcess;
let model: ScriptedModel;
let startRun: Awaited<ReturnType<N8nHost['execute']>>;

/** Trigger -> Reply: "Heard: <last user message>", and a tool call when asked about the weather. */
const replyWorkflow = {
	id: 'agoraBrainTest01',
	name: 'brain test: reply',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [llmTrigger(REPLY_WEBHOOK, {}), heardReplyNode()],
	connections: chain('Agora Agent LLM Trigger', 'Reply'),
};

/** The same, answered by Agora › Agent LLM › Reply as a workflow saved before the Reply node. */
const savedReplyWorkflow = {
	...replyWorkflow,
	id: 'agoraBrainTest04',
	name: 'brain test: saved Agora › Agent LLM › Reply',
	nodes: [llmTrigger(SAVED_REPLY_WEBHOOK, {}), heardReplyNode(savedReplyNode)],
};

/** Trigger with a short Answer Timeout -> Wait 20 s -> Reply: the trigger answers first. */
const slowWorkflow = {
	id: 'agoraBrainTest02',
	name: 'brain test: too slow',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		llmTrigger(SLOW_WEBHOOK, { answerTimeoutMs: 300 }),
		{
			id: 'w',
			name: 'Wait',
			type: 'n8n-nodes-base.wait',
			typeVersion: 1.1,
			position: [200, 0],
			parameters: { amount: 20 },
		},
		replyNode({ answer: 'too late' }),
	],
	connections: { ...chain('Agora Agent LLM Trigger', 'Wait'), ...chain('Wait', 'Reply') },
};

/**
 * n8n's core Webhook node answering from a later node -> Reply. Webhook version 2 and later refuse
 * that mode without a core Respond to Webhook node downstream: one after the Reply finds the
 * request already answered, and n8n ignores its answer.
 */
const coreWebhookWorkflow = {
	id: 'agoraBrainTest03',
	name: 'brain test: core webhook',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 'h',
			name: 'Webhook',
			type: 'n8n-nodes-base.webhook',
			typeVersion: 2,
			position: [0, 0],
			webhookId: '7c2e1f0a-9d8b-4c5a-8f4e-3d2c1b0a9f8e',
			parameters: {
				httpMethod: 'POST',
				path: CORE_WEBHOOK_PATH,
				responseMode: 'responseNode',
				options: {},
			},
		},
		replyNode({ answer: "={{ 'Core: ' + $json.body.messages[1].content }}" }),
		{
			id: 'n',
			name: 'Respond to Webhook',
			type: 'n8n-nodes-base.respondToWebhook',
			typeVersion: 1.1,
			position: [600, 0],
			parameters: { respondWith: 'noData', options: {} },
		},
	],
	connections: { ...chain('Webhook', 'Reply'), ...chain('Reply', 'Respond to Webhook') },
};

const client = (webhookId: string, apiKey = KEY) =>
	new OpenAI({ apiKey, baseURL: `${host.baseUrl}/webhook/${webhookId}`, maxRetries: 0 });
const ask = (text: string) => [
	{ role: 'system' as const, content: 'Be brief.' },
	{ role: 'user' as const, content: text },
];

const streamed = async (openai: OpenAI, text: string) =>
	readStream(
		await openai.chat.completions.create({ model: 'n8n', messages: ask(text), stream: true }),
	);

useN8nE2e({ name: 'brain', sandbox: {} }, async (e2e) => {
	({ host, sandbox } = e2e);
	// Like dev's: example 15's Date & Time tool only when the caller asks the date or time.
	model = await startScriptedModel(async ({ question }) =>
		askedDateOrTime(question) ? {} : undefined,
	);
	await e2e.importAgoraCredential();
	await host.importCredentialData([scriptedOpenAiCredential(model.url)]);
	const examples = ['15-agent-brain.json', '16-start-agent-with-n8n-brain.json'].map((file) =>
		path.join(EXAMPLES_DIR, file),
	);
	await e2e.importWorkflows([
		...examples,
		replyWorkflow,
		savedReplyWorkflow,
		slowWorkflow,
		coreWebhookWorkflow,
	]);
	startRun = await host.execute(BRAIN_EXAMPLES.startWorkflowId);
	await e2e.serve([
		BRAIN_EXAMPLES.brainWorkflowId,
		replyWorkflow.id,
		savedReplyWorkflow.id,
		slowWorkflow.id,
		coreWebhookWorkflow.id,
	]);
});

afterAll(async () => {
	await model?.close();
});

describe('Agora Agent LLM Trigger and Agora Agent LLM Reply', () => {
	test('the openai SDK without streaming reads a chat.completion from the production URL', async () => {
		const completion = await client(REPLY_WEBHOOK).chat.completions.create({
			model: 'n8n',
			messages: ask('hello there'),
		});
		expect(completion.object).toBe('chat.completion');
		expect(completion.model).toBe('n8n');
		expect(completion.choices[0]).toMatchObject({
			message: { role: 'assistant', content: 'Heard: hello there' },
			finish_reason: 'stop',
		});
	});

	test('the openai SDK with streaming reads the same answer as SSE chunks', async () => {
		expect(await streamed(client(REPLY_WEBHOOK), 'hello again')).toEqual({
			content: 'Heard: hello again',
			toolCalls: [],
			finish: 'stop',
		});
	});

	test('tool calls come through, streamed and not', async () => {
		const json = await client(REPLY_WEBHOOK).chat.completions.create({
			model: 'n8n',
			messages: ask('weather?'),
		});
		expect(json.choices[0].finish_reason).toBe('tool_calls');
		expect(json.choices[0].message.tool_calls).toEqual([
			{
				id: 'call_w',
				type: 'function',
				function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
			},
		]);
		const sse = await streamed(client(REPLY_WEBHOOK), 'weather?');
		expect(sse.finish).toBe('tool_calls');
		expect(sse.toolCalls).toEqual([
			{
				index: 0,
				id: 'call_w',
				type: 'function',
				function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
			},
		]);
	});

	test('a saved workflow’s Agora › Agent LLM › Reply answers the same, streamed and not, tool calls included', async () => {
		const json = await client(SAVED_REPLY_WEBHOOK).chat.completions.create({
			model: 'n8n',
			messages: ask('saved'),
		});
		expect(json.choices[0]).toMatchObject({
			message: { role: 'assistant', content: 'Heard: saved' },
			finish_reason: 'stop',
		});
		const sse = await streamed(client(SAVED_REPLY_WEBHOOK), 'weather?');
		expect(sse).toEqual({
			content: 'Heard: weather?',
			toolCalls: [
				{
					index: 0,
					id: 'call_w',
					type: 'function',
					function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
				},
			],
			finish: 'tool_calls',
		});
	});

	test('a wrong or missing key gets 401 with an OpenAI error body and starts no execution', async () => {
		const before = (await host.executions(replyWorkflow.id)).length;
		await expect(
			client(REPLY_WEBHOOK, 'wrong-key').chat.completions.create({
				model: 'n8n',
				messages: ask('hi'),
			}),
		).rejects.toMatchObject({
			status: 401,
			code: 'invalid_api_key',
			type: 'invalid_request_error',
		});
		const missing = await fetch(`${host.baseUrl}/webhook/${REPLY_WEBHOOK}/chat/completions`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ messages: ask('hi') }),
		});
		expect(missing.status).toBe(401);
		expect(((await missing.json()) as any).error).toMatchObject({ code: 'invalid_api_key' });
		// A request that does start one, after the refusals: once it is recorded, the refusals would be too.
		await client(REPLY_WEBHOOK).chat.completions.create({ model: 'n8n', messages: ask('counted') });
		expect((await host.executions(replyWorkflow.id)).length).toBe(before + 1);
	});

	test('a body that is not a chat-completions request gets 400 and starts no execution', async () => {
		const before = (await host.executions(replyWorkflow.id)).length;
		const res = await fetch(`${host.baseUrl}/webhook/${REPLY_WEBHOOK}/chat/completions`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
			body: JSON.stringify({ prompt: 'not chat' }),
		});
		expect(res.status).toBe(400);
		expect(((await res.json()) as any).error).toMatchObject({
			type: 'invalid_request_error',
			message: expect.stringContaining('messages'),
		});
		await client(REPLY_WEBHOOK).chat.completions.create({ model: 'n8n', messages: ask('counted') });
		expect((await host.executions(replyWorkflow.id)).length).toBe(before + 1);
	});

	test('a workflow slower than Answer Timeout: the trigger answers 504, the late reply is dropped and n8n keeps answering', async () => {
		await expect(
			client(SLOW_WEBHOOK).chat.completions.create({ model: 'n8n', messages: ask('slow') }),
		).rejects.toMatchObject({ status: 504, code: 'timeout' });
		await expect(
			client(REPLY_WEBHOOK).chat.completions.create({
				model: 'n8n',
				messages: ask('still there?'),
			}),
		).resolves.toMatchObject({
			choices: [{ message: { content: 'Heard: still there?' } }],
		});
	});

	test('the reply also answers after n8n’s core Webhook node (Using Respond to Webhook node)', async () => {
		const res = await fetch(`${host.baseUrl}/webhook/${CORE_WEBHOOK_PATH}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ model: 'm', stream: true, messages: ask('core') }),
		});
		const text = await res.text();
		const failed =
			res.status === 200
				? undefined
				: (await host.executions(coreWebhookWorkflow.id)).at(-1)?.data.resultData;
		expect(JSON.stringify(failed?.error ?? failed?.runData?.Reply?.[0]?.error)).toBeUndefined();
		expect({ status: res.status, type: res.headers.get('content-type') }).toMatchObject({
			status: 200,
			type: expect.stringMatching(/^text\/event-stream/),
		});
		expect(text.trim().endsWith('data: [DONE]')).toBe(true);
		const content = text
			.split('\n')
			.filter((line) => line.startsWith('data: {'))
			.map((line) => JSON.parse(line.slice(6)).choices[0].delta.content ?? '')
			.join('');
		expect(content).toBe('Core: core');
	});
});

describe('brain examples', () => {
	test('10: the AI Agent with memory answers through the trigger, streamed and not', async () => {
		const openai = new OpenAI({
			apiKey: KEY,
			baseURL: brainUrl(host.baseUrl).replace(/\/chat\/completions$/, ''),
			maxRetries: 0,
		});
		// n8n loads the AI nodes on their first run, which on a busy machine can outlast the example's
		// Answer Timeout (then the trigger answers 504): one warm-up turn first.
		await openai.chat.completions
			.create({ model: 'gpt-4o-mini', messages: ask('warm up') })
			.catch(() => undefined);
		const streamedAnswer = await streamed(openai, 'where is my order');
		expect(streamedAnswer.content).toContain('where is my order');
		const json = await openai.chat.completions.create({
			model: 'gpt-4o-mini',
			messages: ask('thanks'),
			user: 'support-room-1',
		} as any);
		expect(json.choices[0].message.content).toContain('thanks');
		expect(model.requests.length).toBeGreaterThanOrEqual(2);
	});

	test('10: asked the date, the AI Agent runs its Date & Time tool and the caller hears the current date', async () => {
		const openai = new OpenAI({
			apiKey: KEY,
			baseURL: brainUrl(host.baseUrl).replace(/\/chat\/completions$/, ''),
			maxRetries: 0,
		});
		const before = Date.now();
		const answer = (
			await openai.chat.completions.create({
				model: 'gpt-4o-mini',
				messages: ask('what is the date today?'),
				user: 'support-room-3',
			} as any)
		).choices[0].message.content!;
		const after = Date.now();
		// The scripted model repeats the tool's result: Date & Time's item, its time with its offset.
		const said = /"currentDate":\s*"([^"]+)"/.exec(answer)?.[1];
		expect({ answer, said: said !== undefined }).toEqual({ answer, said: true });
		const stamp = Date.parse(said!);
		// Luxon's time has milliseconds; the bounds allow for a clock read in another process.
		expect(stamp).toBeGreaterThanOrEqual(before - 1000);
		expect(stamp).toBeLessThanOrEqual(after + 1000);
		const toolTurn = model.requests.find((r) =>
			(r.body.messages ?? []).some(
				(m: any) => m.role === 'tool' && JSON.stringify(m.content).includes(said!),
			),
		);
		expect(toolTurn?.body.tools.map((t: any) => t.function.name)).toEqual(['Date_Time']);
	});

	test('10 (trigger version 1.1): a JSON turn n8n leaves unparsed, without or with an unknown Content-Type, is answered; bytes that are not JSON get 400', async () => {
		const post = (body: string, contentType?: string) =>
			fetch(brainUrl(host.baseUrl), {
				method: 'POST',
				// A byte body: fetch adds no Content-Type of its own.
				headers: {
					Authorization: `Bearer ${KEY}`,
					...(contentType ? { 'Content-Type': contentType } : {}),
				},
				body: new TextEncoder().encode(body),
			});
		const turn = (text: string) =>
			JSON.stringify({ model: 'gpt-4o-mini', messages: ask(text), user: 'support-room-2' });
		for (const [text, contentType] of [
			['no content type', undefined],
			['octet stream', 'application/octet-stream'],
		] as const) {
			const res = await post(turn(text), contentType);
			expect(res.status).toBe(200);
			expect(((await res.json()) as any).choices[0].message.content).toContain(text);
		}
		const notJson = await post('messages=hi');
		expect(notJson.status).toBe(400);
		expect(((await notJson.json()) as any).error).toMatchObject({
			type: 'invalid_request_error',
			message: expect.stringContaining('Content-Type: application/json'),
		});
	});

	test('11: Start Agent sends the brain’s URL, the shared key, vendor custom and style openai', async () => {
		const { run, raw } = startRun;
		expect({
			error: run.data.resultData.error?.message,
			log: run.data.resultData.error ? raw.stderr.slice(-1500) : '',
		}).toEqual({ error: undefined, log: '' });
		const { agents } = (await sandbox.control('state')) as { agents: Array<{ request: any }> };
		const llm = agents.at(-1)!.request.properties.llm;
		expect(llm).toMatchObject({
			url: brainUrl(host.baseUrl),
			api_key: KEY,
			vendor: 'custom',
			style: 'openai',
			params: { user: 'support-room-1' },
		});
	});
});

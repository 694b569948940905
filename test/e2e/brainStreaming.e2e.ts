/**
 * The Agent LLM Trigger's streaming option in a real n8n: n8n's AI Agent (version 3, streaming on)
 * on the scripted model streams its first words to the official openai SDK before the model has
 * finished; a request without stream gets one chat.completion; a workflow that does not stream
 * still answers through the Agent LLM Reply (tool calls too); a failing workflow gets an OpenAI error.
 */
import OpenAI from 'openai';

import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { BRAIN_EXAMPLES } from '../../scripts/lib/examples';
import {
	agentBrainWorkflow,
	brainCredentials,
	chain,
	heardReplyNode,
	llmTrigger,
	readStream,
	replyNode,
} from '../lib/brainWorkflows';
import { N8nE2e } from '../lib/n8nE2e';

const KEY = BRAIN_EXAMPLES.key;
const AGENT_WEBHOOK = '3e9a1c7b-5d2f-4b8e-a6c4-0f1e2d3c4b5a';
const PLAIN_WEBHOOK = '4f0b2d8c-6e3a-4c9f-b7d5-1a2b3c4d5e6f';
const FAILING_WEBHOOK = '5a1c3e9d-7f4b-4d0a-8c6e-2b3c4d5e6f7a';

let e2e: N8nE2e;
let model: ScriptedModel;

const STREAMING = { streamAnswer: true, answerTimeoutMs: 60000 };
const agentWorkflow = agentBrainWorkflow('agoraStreamTst01', AGENT_WEBHOOK, STREAMING);

/** Trigger (streaming) -> Reply: nothing streams, the Reply's answer is the fallback. */
const plainWorkflow = {
	id: 'agoraStreamTst02',
	name: 'brain streaming: no streaming model',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [llmTrigger(PLAIN_WEBHOOK, STREAMING), heardReplyNode()],
	connections: chain('Agora Agent LLM Trigger', 'Reply'),
};

/** Trigger (streaming) -> Stop and Error: the workflow fails before any answer. */
const failingWorkflow = {
	id: 'agoraStreamTst03',
	name: 'brain streaming: failing',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		llmTrigger(FAILING_WEBHOOK, STREAMING),
		{
			id: 's',
			name: 'Stop and Error',
			type: 'n8n-nodes-base.stopAndError',
			typeVersion: 1,
			position: [200, 0],
			parameters: { errorMessage: 'brain broke' },
		},
		replyNode({ answer: 'never' }),
	],
	connections: {
		...chain('Agora Agent LLM Trigger', 'Stop and Error'),
		...chain('Stop and Error', 'Reply'),
	},
};

const client = (webhookId: string) =>
	new OpenAI({ apiKey: KEY, baseURL: e2e.webhookUrl(webhookId), maxRetries: 0 });
const ask = (text: string) => [{ role: 'user' as const, content: text }];

beforeAll(async () => {
	model = await startScriptedModel();
	e2e = await N8nE2e.start({ name: 'brain-stream', sandbox: false });
	await e2e.host.importCredentialData(brainCredentials(model.url));
	const workflows = [agentWorkflow, plainWorkflow, failingWorkflow];
	await e2e.importWorkflows(workflows);
	await e2e.serve(workflows.map((workflow) => workflow.id));
	// n8n loads the AI nodes on their first run: one turn first, so later turns measure nothing else.
	await client(AGENT_WEBHOOK).chat.completions.create({
		model: 'gpt-4o-mini',
		messages: ask('warm up'),
	});
}, 900000);

afterAll(async () => {
	await e2e?.close();
	await model?.close();
});

describe('Agora Agent LLM Trigger with streaming on', () => {
	test('the AI Agent’s first words reach the openai SDK while the model still holds the rest of its answer', async () => {
		const gate = model.holdAfterFirstWord();
		const before = model.requests.length;
		try {
			const stream = await client(AGENT_WEBHOOK).chat.completions.create({
				model: 'gpt-4o-mini',
				messages: ask('stream this please'),
				stream: true,
			});
			const iterator = stream[Symbol.asyncIterator]();
			let first = '';
			while (first === '') {
				const next = await iterator.next();
				if (next.done) throw new Error('the stream ended before any text');
				first = next.value.choices[0]?.delta?.content ?? '';
			}
			// The model answered this request, and it has not sent more than its first word yet.
			expect(model.requests.length).toBe(before + 1);
			expect(first).toBe('You ');
			gate.release();
			const rest = await readStream({ [Symbol.asyncIterator]: () => iterator });
			expect({ text: first + rest.content, finish: rest.finish }).toEqual({
				text: 'You said: stream this please',
				finish: 'stop',
			});
		} finally {
			gate.release();
		}
	});

	test('a request without stream gets the AI Agent’s answer as one chat.completion', async () => {
		const completion = await client(AGENT_WEBHOOK).chat.completions.create({
			model: 'gpt-4o-mini',
			messages: ask('no stream'),
		});
		expect(completion.object).toBe('chat.completion');
		expect(completion.choices[0]).toMatchObject({
			message: { role: 'assistant', content: 'You said: no stream' },
			finish_reason: 'stop',
		});
	});

	test('a workflow that does not stream answers through the Reply, streamed and not, tool calls included', async () => {
		const plain = client(PLAIN_WEBHOOK);
		expect(
			await readStream(
				await plain.chat.completions.create({ model: 'n8n', messages: ask('hello'), stream: true }),
			),
		).toEqual({ content: 'Heard: hello', toolCalls: [], finish: 'stop' });
		const json = await plain.chat.completions.create({ model: 'n8n', messages: ask('weather?') });
		expect(json.choices[0]).toMatchObject({
			finish_reason: 'tool_calls',
			message: {
				tool_calls: [
					{
						id: 'call_w',
						type: 'function',
						function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
					},
				],
			},
		});
		const sse = await readStream(
			await plain.chat.completions.create({
				model: 'n8n',
				messages: ask('weather?'),
				stream: true,
			}),
		);
		expect(sse).toMatchObject({
			finish: 'tool_calls',
			toolCalls: [
				{
					index: 0,
					id: 'call_w',
					function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
				},
			],
		});
	});

	test('a workflow that fails before answering gets a 500 OpenAI error', async () => {
		await expect(
			client(FAILING_WEBHOOK).chat.completions.create({
				model: 'n8n',
				messages: ask('break'),
				stream: true,
			}),
		).rejects.toMatchObject({
			status: 500,
			code: 'workflow_error',
			type: 'server_error',
		});
	});
});

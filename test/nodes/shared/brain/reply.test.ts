/**
 * The reply in n8n's engine, as the Agora Agent LLM Reply node and as the Agora node's Agent LLM ›
 * Reply (saved workflows): what it hands to sendResponse (SSE or chat.completion JSON, tool calls),
 * how it reads the request that started the workflow, and its refusals.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { parseReplyChunk } from '../../../../nodes/shared/brain/openAiChat';
import { registerNodeType, runWorkflow, type TestWorkflow, apiField } from '../../../lib/harness';
import { testNodeType } from '../../../lib/triggerHarnessTypes';

/** Stands in for the Agora Agent LLM Trigger: emits the item given in `request`. */
const fakeLlmTrigger = testNodeType({
	name: 'agoraLlmTrigger',
	displayName: 'Fake LLM Trigger',
	group: 'trigger',
	description: 'Emits a request item',
	inputs: [],
	properties: [{ displayName: 'Request', name: 'request', type: 'json', default: '{}' }],
	async execute() {
		return [[{ json: JSON.parse(this.getNodeParameter('request', 0) as string) as IDataObject }]];
	},
});
registerNodeType('n8n-nodes-agora.agoraLlmTrigger', fakeLlmTrigger);

/** The reply as a node of its own, and as the Agora node's operation that saved workflows hold. */
const HOLDERS: Array<[string, (reply: IDataObject) => TestWorkflow['nodes'][number]]> = [
	[
		'Agora Agent LLM Reply',
		(reply) => ({
			name: 'Reply',
			type: 'n8n-nodes-agora.agoraLlmReply',
			parameters: reply as INodeParameters,
		}),
	],
	[
		'Agora › Agent LLM › Reply',
		(reply) => ({
			name: 'Reply',
			type: 'n8n-nodes-agora.agora',
			typeVersion: 1.1,
			parameters: { resource: 'agentLlm', operation: 'reply', ...reply },
		}),
	],
];

const bodyOf = (response: IDataObject) => (response.body as Buffer).toString('utf8');
const frames = (sse: string) =>
	sse
		.split('\n\n')
		.filter((f) => f.startsWith('data: '))
		.map((f) => f.slice(6));

describe.each(HOLDERS)('%s', (_holder, replyNode) => {
	/** Trigger -> Reply. */
	function workflow(
		request: IDataObject,
		reply: IDataObject,
		triggerType = 'n8n-nodes-agora.agoraLlmTrigger',
	): TestWorkflow {
		return {
			nodes: [
				{
					name: 'Trigger',
					type: triggerType,
					parameters:
						triggerType === 'test.items'
							? { items: JSON.stringify([request]) }
							: { request: JSON.stringify(request) },
				},
				replyNode(reply),
			],
			connections: { Trigger: { main: [[{ node: 'Reply', type: 'main', index: 0 }]] } },
		};
	}

	async function reply(request: IDataObject, parameters: IDataObject, triggerType?: string) {
		const sent: IDataObject[] = [];
		const result = await runWorkflow(
			workflow(request, parameters, triggerType),
			{},
			{},
			{ onSendResponse: (r) => sent.push(r) },
		);
		return { result, sent };
	}

	describe('in n8n’s streaming mode', () => {
		it('sends its answer and tool calls as one chunk for the trigger instead of sendResponse', async () => {
			const sent: IDataObject[] = [];
			const chunks: IDataObject[] = [];
			const toolCalls = JSON.stringify([
				{ id: 'c1', type: 'function', function: { name: 'f', arguments: { a: 1 } } },
			]);
			const result = await runWorkflow(
				workflow(
					{ stream: true, model: 'm1', output: 'Hi' },
					{ answer: '={{ $json.output }}', toolCalls },
				),
				{},
				{},
				{
					onSendResponse: (r) => sent.push(r),
					onSendChunk: (c) => chunks.push(c),
				},
			);
			expect(result.error('Reply')).toBeUndefined();
			expect(sent).toEqual([]);
			expect(chunks).toHaveLength(1);
			expect(chunks[0].type).toBe('item');
			expect(parseReplyChunk(chunks[0].content as string)).toEqual({
				content: 'Hi',
				toolCalls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }],
			});
		});
	});

	describe('with nothing to say', () => {
		it.each([
			['an empty answer', ''],
			['an answer of spaces', '  \n '],
		])(
			'%s without tool calls: Agora gets a 500 OpenAI error and the node fails naming the Answer',
			async (_name, answer) => {
				const { sent, result } = await reply(
					{ stream: true, model: 'm1', output: answer },
					{ answer: '={{ $json.output }}' },
				);
				expect(sent).toEqual([
					{
						statusCode: 500,
						headers: { 'Content-Type': expect.stringMatching(/^application\/json/) },
						body: {
							error: {
								message: expect.stringContaining('empty'),
								type: 'server_error',
								code: 'empty_answer',
								param: null,
							},
						},
					},
				]);
				expect(result.error('Reply')?.message).toMatch(/Answer is empty and it has no Tool Calls/);
			},
		);

		it('in the trigger’s streaming mode it sends the refusal as the reply chunk', async () => {
			const sent: IDataObject[] = [];
			const chunks: IDataObject[] = [];
			const result = await runWorkflow(
				workflow({ stream: true, model: 'm1', output: '' }, { answer: '={{ $json.output }}' }),
				{},
				{},
				{
					onSendResponse: (r) => sent.push(r),
					onSendChunk: (c) => chunks.push(c),
				},
			);
			expect(sent).toEqual([]);
			expect(parseReplyChunk(chunks[0].content as string)).toEqual({
				content: '',
				error: { message: expect.stringContaining('empty'), code: 'empty_answer' },
			});
			expect(result.error('Reply')).toBeDefined();
		});
	});

	// Agora's custom-LLM guide, "Control agent behavior using first-packet metadata": a first SSE chunk
	// {id, object: "chat.completion.custom_metadata", choices: [], metadata: {interruptable, tts_params: {params}}}.
	describe('Agent Behaviour for This Answer', () => {
		it('sends interruptable and tts_params as the first SSE chunk, before the answer', async () => {
			const customMetadata = {
				interruptable: false,
				ttsParams: '{"voice_type": "female_1", "rate": 1.1}',
			};
			const { sent, result } = await reply(
				{ stream: true, model: 'm1' },
				{ answer: 'One moment.', customMetadata },
			);
			const data = frames(bodyOf(sent[0]));
			const first = JSON.parse(data[0]);
			expect(first).toEqual({
				id: expect.any(String),
				object: 'chat.completion.custom_metadata',
				choices: [],
				metadata: {
					interruptable: false,
					tts_params: { params: { voice_type: 'female_1', rate: 1.1 } },
				},
			});
			const rest = data.slice(1, -1).map((d) => JSON.parse(d));
			expect(rest.every((c) => c.object === 'chat.completion.chunk' && c.id === first.id)).toBe(
				true,
			);
			expect(rest.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('One moment.');
			expect(result.output('Reply')[0]).toMatchObject({ customMetadata: { interruptable: false } });
		});

		it('leaves out what is not set, and sends nothing extra without settings or in a JSON answer', async () => {
			const onlyInterrupt = await reply(
				{ stream: true },
				{ answer: 'a', customMetadata: { interruptable: true } },
			);
			expect(JSON.parse(frames(bodyOf(onlyInterrupt.sent[0]))[0]).metadata).toEqual({
				interruptable: true,
			});
			const none = await reply(
				{ stream: true },
				{ answer: 'a', customMetadata: { ttsParams: '{}' } },
			);
			expect(JSON.parse(frames(bodyOf(none.sent[0]))[0]).object).toBe('chat.completion.chunk');
			const json = await reply(
				{ stream: false },
				{ answer: 'a', customMetadata: { interruptable: false } },
			);
			expect(JSON.parse(bodyOf(json.sent[0]))).not.toHaveProperty('metadata');
		});

		it('refuses TTS Params that are not a JSON object, naming the field, and sends nothing', async () => {
			const { sent, result } = await reply(
				{ stream: true },
				{ answer: 'a', customMetadata: { ttsParams: '[1]' } },
			);
			expect(sent).toHaveLength(0);
			expect(apiField(result.error('Reply'))).toBe('customMetadata.ttsParams');
			expect(result.error('Reply')?.message).toBe(
				'Invalid “Agent Behaviour for This Answer › TTS Params (JSON)”: must be a JSON object',
			);
		});
	});

	describe('answering', () => {
		it('answers a streaming request with chat.completion.chunk frames ending in [DONE]', async () => {
			const { sent, result } = await reply(
				{ stream: true, model: 'm1', output: 'Hello there' },
				{ answer: '={{ $json.output }}' },
			);
			expect(result.error('Reply')).toBeUndefined();
			expect(sent).toHaveLength(1);
			expect(sent[0]).toMatchObject({
				statusCode: 200,
				headers: { 'Content-Type': expect.stringMatching(/^text\/event-stream/) },
			});
			const data = frames(bodyOf(sent[0]));
			expect(data.at(-1)).toBe('[DONE]');
			const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
			expect(
				chunks.every(
					(c) => c.object === 'chat.completion.chunk' && c.model === 'm1' && c.id === chunks[0].id,
				),
			).toBe(true);
			expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
			expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Hello there');
			expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
			expect(result.output('Reply')).toEqual([
				{ replied: true, format: 'sse', answer: 'Hello there' },
			]);
		});

		it('answers a request without stream with one chat.completion JSON', async () => {
			const { sent } = await reply({ stream: false, model: 'm2' }, { answer: 'Fine' });
			expect(sent[0].headers).toMatchObject({
				'Content-Type': expect.stringMatching(/^application\/json/),
			});
			expect(JSON.parse(bodyOf(sent[0]))).toMatchObject({
				object: 'chat.completion',
				model: 'm2',
				choices: [
					{ index: 0, message: { role: 'assistant', content: 'Fine' }, finish_reason: 'stop' },
				],
			});
		});

		it('passes tool calls through, turning object arguments into JSON text', async () => {
			const toolCalls = JSON.stringify([
				{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: { order: 42 } } },
			]);
			const { sent } = await reply({ stream: false }, { answer: '', toolCalls });
			expect(JSON.parse(bodyOf(sent[0])).choices[0]).toMatchObject({
				finish_reason: 'tool_calls',
				message: {
					tool_calls: [
						{
							id: 'call_1',
							type: 'function',
							function: { name: 'lookup', arguments: '{"order":42}' },
						},
					],
				},
			});
			const streamed = await reply({ stream: true }, { answer: '', toolCalls });
			const chunks = frames(bodyOf(streamed.sent[0]))
				.slice(0, -1)
				.map((d) => JSON.parse(d));
			expect(
				chunks.find((c) => c.choices[0].delta.tool_calls)?.choices[0].delta.tool_calls,
			).toEqual([
				{
					index: 0,
					id: 'call_1',
					type: 'function',
					function: { name: 'lookup', arguments: '{"order":42}' },
				},
			]);
			expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
		});

		it('refuses tool calls that are not OpenAI tool calls, naming the field, and sends nothing', async () => {
			const { sent, result } = await reply(
				{ stream: true },
				{ answer: 'x', toolCalls: '[{"name": "lookup"}]' },
			);
			expect(sent).toHaveLength(0);
			expect(apiField(result.error('Reply'))).toBe('toolCalls[0]');
			expect(result.error('Reply')?.message).toMatch(/^Invalid “Tool Calls \(JSON\)”: must be/);
		});

		it('Reply Format forces SSE or JSON whatever the request asked', async () => {
			const sse = await reply({ stream: false }, { answer: 'a', replyFormat: 'sse' });
			expect(bodyOf(sse.sent[0]).endsWith('data: [DONE]\n\n')).toBe(true);
			const json = await reply({ stream: true }, { answer: 'a', replyFormat: 'json' });
			expect(JSON.parse(bodyOf(json.sent[0])).object).toBe('chat.completion');
		});

		it('reads stream and model from the body after n8n’s core Webhook node', async () => {
			registerNodeType('n8n-nodes-base.webhook', fakeLlmTrigger);
			const { sent } = await reply(
				{ body: { stream: true, model: 'core-model', messages: [] } },
				{ answer: 'ok' },
				'n8n-nodes-base.webhook',
			);
			const chunks = frames(bodyOf(sent[0]))
				.slice(0, -1)
				.map((d) => JSON.parse(d));
			expect(chunks[0].model).toBe('core-model');
		});

		it('without a starting LLM request (a manual run) answers JSON', async () => {
			const { sent } = await reply({ stream: true }, { answer: 'a' }, 'test.items');
			expect(JSON.parse(bodyOf(sent[0])).object).toBe('chat.completion');
		});
	});
});

/**
 * Agent LLM › Reply in n8n's engine: what it hands to sendResponse (SSE or chat.completion JSON,
 * tool calls), how it reads the request that started the workflow, and its refusals.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { parseReplyChunk } from '../../../../../nodes/shared/openAiChat';
import { registerNodeType, runWorkflow, type TestWorkflow, apiField } from '../../../../lib/harness';

/** Stands in for the Agora Agent LLM Trigger: emits the item given in `request`. */
class FakeLlmTrigger implements INodeType {
	description = {
		displayName: 'Fake LLM Trigger',
		name: 'agoraLlmTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Emits a request item',
		defaults: { name: 'Trigger' },
		inputs: [],
		outputs: ['main'],
		properties: [{ displayName: 'Request', name: 'request', type: 'json', default: '{}' }],
	} as unknown as INodeType['description'];

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [[{ json: JSON.parse(this.getNodeParameter('request', 0) as string) as IDataObject }]];
	}
}
registerNodeType('n8n-nodes-agora.agoraLlmTrigger', new FakeLlmTrigger());

/** Trigger -> Set-like pass-through (the Agora node itself stands in) -> Reply. */
function workflow(request: IDataObject, reply: IDataObject, triggerType = 'n8n-nodes-agora.agoraLlmTrigger'): TestWorkflow {
	return {
		nodes: [
			{ name: 'Trigger', type: triggerType, parameters: triggerType === 'test.items' ? { items: JSON.stringify([request]) } : { request: JSON.stringify(request) } },
			{ name: 'Reply', type: 'n8n-nodes-agora.agora', typeVersion: 1.1, parameters: { resource: 'agentLlm', operation: 'reply', ...reply } },
		],
		connections: { Trigger: { main: [[{ node: 'Reply', type: 'main', index: 0 }]] } },
	};
}

async function reply(request: IDataObject, parameters: IDataObject, triggerType?: string) {
	const sent: IDataObject[] = [];
	const result = await runWorkflow(workflow(request, parameters, triggerType), {}, {}, { onSendResponse: (r) => sent.push(r) });
	return { result, sent };
}

const bodyOf = (response: IDataObject) => (response.body as Buffer).toString('utf8');
const frames = (sse: string) =>
	sse
		.split('\n\n')
		.filter((f) => f.startsWith('data: '))
		.map((f) => f.slice(6));

describe('Agent LLM › Reply in n8n’s streaming mode', () => {
	it('sends its answer and tool calls as one chunk for the trigger instead of sendResponse', async () => {
		const sent: IDataObject[] = [];
		const chunks: IDataObject[] = [];
		const toolCalls = JSON.stringify([{ id: 'c1', type: 'function', function: { name: 'f', arguments: { a: 1 } } }]);
		const result = await runWorkflow(workflow({ stream: true, model: 'm1', output: 'Hi' }, { answer: '={{ $json.output }}', toolCalls }), {}, {}, {
			onSendResponse: (r) => sent.push(r),
			onSendChunk: (c) => chunks.push(c),
		});
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

describe('Agent LLM › Reply', () => {
	it('answers a streaming request with chat.completion.chunk frames ending in [DONE]', async () => {
		const { sent, result } = await reply({ stream: true, model: 'm1', output: 'Hello there' }, { answer: '={{ $json.output }}' });
		expect(result.error('Reply')).toBeUndefined();
		expect(sent).toHaveLength(1);
		expect(sent[0]).toMatchObject({ statusCode: 200, headers: { 'Content-Type': expect.stringMatching(/^text\/event-stream/) } });
		const data = frames(bodyOf(sent[0]));
		expect(data.at(-1)).toBe('[DONE]');
		const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
		expect(chunks.every((c) => c.object === 'chat.completion.chunk' && c.model === 'm1' && c.id === chunks[0].id)).toBe(true);
		expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '' });
		expect(chunks.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Hello there');
		expect(chunks.at(-1).choices[0].finish_reason).toBe('stop');
		expect(result.output('Reply')).toEqual([{ replied: true, format: 'sse', answer: 'Hello there' }]);
	});

	it('answers a request without stream with one chat.completion JSON', async () => {
		const { sent } = await reply({ stream: false, model: 'm2' }, { answer: 'Fine' });
		expect(sent[0].headers).toMatchObject({ 'Content-Type': expect.stringMatching(/^application\/json/) });
		expect(JSON.parse(bodyOf(sent[0]))).toMatchObject({
			object: 'chat.completion',
			model: 'm2',
			choices: [{ index: 0, message: { role: 'assistant', content: 'Fine' }, finish_reason: 'stop' }],
		});
	});

	it('passes tool calls through, turning object arguments into JSON text', async () => {
		const toolCalls = JSON.stringify([{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: { order: 42 } } }]);
		const { sent } = await reply({ stream: false }, { answer: '', toolCalls });
		expect(JSON.parse(bodyOf(sent[0])).choices[0]).toMatchObject({
			finish_reason: 'tool_calls',
			message: { tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"order":42}' } }] },
		});
		const streamed = await reply({ stream: true }, { answer: '', toolCalls });
		const chunks = frames(bodyOf(streamed.sent[0])).slice(0, -1).map((d) => JSON.parse(d));
		expect(chunks.find((c) => c.choices[0].delta.tool_calls)?.choices[0].delta.tool_calls).toEqual([
			{ index: 0, id: 'call_1', type: 'function', function: { name: 'lookup', arguments: '{"order":42}' } },
		]);
		expect(chunks.at(-1).choices[0].finish_reason).toBe('tool_calls');
	});

	it('refuses tool calls that are not OpenAI tool calls, naming the field, and sends nothing', async () => {
		const { sent, result } = await reply({ stream: true }, { answer: 'x', toolCalls: '[{"name": "lookup"}]' });
		expect(sent).toHaveLength(0);
		expect(apiField(result.error('Reply'))).toBe('toolCalls[0]');
	});

	it('Reply Format forces SSE or JSON whatever the request asked', async () => {
		const sse = await reply({ stream: false }, { answer: 'a', replyFormat: 'sse' });
		expect(bodyOf(sse.sent[0]).endsWith('data: [DONE]\n\n')).toBe(true);
		const json = await reply({ stream: true }, { answer: 'a', replyFormat: 'json' });
		expect(JSON.parse(bodyOf(json.sent[0])).object).toBe('chat.completion');
	});

	it('reads stream and model from the body after n8n’s core Webhook node', async () => {
		registerNodeType('n8n-nodes-base.webhook', new FakeLlmTrigger());
		const { sent } = await reply({ body: { stream: true, model: 'core-model', messages: [] } }, { answer: 'ok' }, 'n8n-nodes-base.webhook');
		const chunks = frames(bodyOf(sent[0])).slice(0, -1).map((d) => JSON.parse(d));
		expect(chunks[0].model).toBe('core-model');
	});

	it('without a starting LLM request (a manual run) answers JSON', async () => {
		const { sent } = await reply({ stream: true }, { answer: 'a' }, 'test.items');
		expect(JSON.parse(bodyOf(sent[0])).object).toBe('chat.completion');
	});
});

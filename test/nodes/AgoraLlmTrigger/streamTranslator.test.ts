/**
 * The trigger's streaming option: n8n's JSON chunk lines written to the response become OpenAI
 * chat.completion.chunk frames (or one chat.completion for a non-streaming request), the Reply's
 * chunk is the buffered fallback, a failed workflow gets an OpenAI error, and the Answer Timeout
 * holds until the first text.
 */
import type { IDataObject } from 'n8n-workflow';

import { AgoraLlmTrigger } from '../../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { FakeResponse, llmWebhookContext } from '../../lib/fakeResponse';
import {
	NO_ANSWER,
	translateN8nStream,
	WORKFLOW_FAILED,
} from '../../../nodes/AgoraLlmTrigger/streamTranslator';
import { replyChunkContent, type ReplyChunk } from '../../../nodes/shared/brain/openAiChat';

/** A line as n8n writes it for one chunk. */
const line = (type: string, content?: string) =>
	JSON.stringify({ type, content, metadata: { nodeId: 'a', nodeName: 'AI Agent', itemIndex: 0 } }) +
	'\n';
const replyLine = (reply: ReplyChunk) => line('item', JSON.stringify(replyChunkContent(reply)));

const frames = (sse: string) =>
	sse
		.split('\n\n')
		.filter((f) => f.startsWith('data: '))
		.map((f) => f.slice(6));
const chunks = (sse: string) =>
	frames(sse)
		.filter((f) => f !== '[DONE]')
		.map(
			(f) =>
				JSON.parse(f) as IDataObject & {
					choices: Array<{ delta: IDataObject; finish_reason: string | null }>;
				},
		);

function translated(stream: boolean) {
	const res = new FakeResponse();
	const logs: string[] = [];
	translateN8nStream(res, { stream, model: 'm1' }, (m) => logs.push(m));
	return { res, logs };
}

describe('streaming translation of n8n chunks', () => {
	it('streams each text chunk as it comes: role first, then content, finish_reason and [DONE] at the end', () => {
		const { res } = translated(true);
		res.write(line('begin'));
		expect(res.headersSent).toBe(false);
		res.write(line('item', 'Hello'));
		expect(res.status).toBe(200);
		expect(res.headers['Content-Type']).toMatch(/^text\/event-stream/);
		expect(chunks(res.body).map((c) => c.choices[0].delta)).toEqual([
			{ role: 'assistant', content: '' },
			{ content: 'Hello' },
		]);
		// One line split across two writes, and two lines in one write.
		const split = line('item', ' there');
		res.write(split.slice(0, 10));
		res.write(split.slice(10) + line('item', '!') + line('end'));
		res.end();
		const all = chunks(res.body);
		expect(all.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Hello there!');
		expect(all.at(-1)?.choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });
		expect(new Set(all.map((c) => `${c.id} ${c.object} ${c.model}`))).toEqual(
			new Set([`${all[0].id} chat.completion.chunk m1`]),
		);
		expect(frames(res.body).at(-1)).toBe('[DONE]');
		expect(res.writableEnded).toBe(true);
	});

	it('a non-streaming request gets the collected text as one chat.completion when n8n ends the response', () => {
		const { res } = translated(false);
		res.write(line('begin') + line('item', 'Hel') + line('item', 'lo') + line('end'));
		expect(res.headersSent).toBe(false);
		res.end();
		expect(res.headers['Content-Type']).toMatch(/^application\/json/);
		expect(JSON.parse(res.body)).toMatchObject({
			object: 'chat.completion',
			model: 'm1',
			choices: [{ message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop' }],
		});
	});

	it('falls back to the Reply’s chunk when nothing streamed: SSE with tool calls, and n8n’s later end is harmless', () => {
		const { res } = translated(true);
		const toolCalls = [
			{
				id: 'call_1',
				type: 'function' as const,
				function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
			},
		];
		res.write(replyLine({ content: 'Checking.', toolCalls }));
		expect(res.writableEnded).toBe(true);
		expect(() => res.end()).not.toThrow();
		const all = chunks(res.body);
		expect(all.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Checking.');
		expect(all.flatMap((c) => (c.choices[0].delta.tool_calls as IDataObject[]) ?? [])).toEqual([
			{ index: 0, ...toolCalls[0] },
		]);
		expect(all.at(-1)?.choices[0].finish_reason).toBe('tool_calls');
		expect(frames(res.body).at(-1)).toBe('[DONE]');
	});

	it('the Reply’s chunk answers a non-streaming request as JSON, or in the format the Reply forces', () => {
		const json = translated(false).res;
		json.write(replyLine({ content: 'Fine.' }));
		expect(JSON.parse(json.body).choices[0]).toMatchObject({
			message: { content: 'Fine.' },
			finish_reason: 'stop',
		});
		const forced = translated(false).res;
		forced.write(replyLine({ content: 'Fine.', format: 'sse' }));
		expect(frames(forced.body).at(-1)).toBe('[DONE]');
	});

	it('after streamed text the Reply adds only its tool calls and the finish', () => {
		const { res } = translated(true);
		res.write(line('item', 'Let me look.'));
		res.write(
			replyLine({
				content: 'Let me look.',
				toolCalls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
			}),
		);
		const all = chunks(res.body);
		expect(all.map((c) => c.choices[0].delta.content ?? '').join('')).toBe('Let me look.');
		expect(all.at(-1)?.choices[0].finish_reason).toBe('tool_calls');
		expect(all.filter((c) => c.choices[0].delta.tool_calls)).toHaveLength(1);
	});

	it('a workflow that fails before any text: a 500 OpenAI error as soon as n8n ends the response', () => {
		const { res, logs } = translated(true);
		res.write(line('begin') + line('error', 'The model refused'));
		res.end();
		expect(res.status).toBe(500);
		expect(JSON.parse(res.body)).toEqual({
			error: {
				message: WORKFLOW_FAILED,
				type: 'server_error',
				code: 'workflow_error',
				param: null,
			},
		});
		expect(logs.join()).toContain('The model refused');
	});

	it('a Reply that refused its empty answer: a 500 OpenAI error with its message, streamed or not', () => {
		for (const stream of [true, false]) {
			const { res, logs } = translated(stream);
			res.write(
				line('begin') +
					replyLine({
						content: '',
						error: { message: 'The workflow’s answer was empty', code: 'empty_answer' },
					}),
			);
			res.end();
			expect(res.status).toBe(500);
			expect(JSON.parse(res.body).error).toMatchObject({
				message: 'The workflow’s answer was empty',
				code: 'empty_answer',
				type: 'server_error',
			});
			expect(logs.join()).toContain('empty');
		}
	});

	it('the Reply’s first-chunk metadata opens its SSE answer when nothing streamed before it', () => {
		const { res } = translated(true);
		res.write(replyLine({ content: 'Hold on.', metadata: { interruptable: false } }));
		const first = JSON.parse(frames(res.body)[0]);
		expect(first).toMatchObject({
			object: 'chat.completion.custom_metadata',
			choices: [],
			metadata: { interruptable: false },
		});
		expect(
			chunks(res.body)
				.slice(1)
				.map((c) => c.choices[0].delta.content ?? '')
				.join(''),
		).toBe('Hold on.');
	});

	it('a workflow that ends with no text and no Reply: a 500 OpenAI error saying so', () => {
		const { res } = translated(false);
		res.end();
		expect(res.status).toBe(500);
		expect(JSON.parse(res.body).error).toMatchObject({ message: NO_ANSWER, code: 'no_answer' });
	});
});

const webhookContext = (options: IDataObject) =>
	llmWebhookContext(
		{
			headers: { authorization: 'Bearer k' },
			body: { model: 'm', stream: true, messages: [{ role: 'user', content: 'hi' }] },
		},
		options,
		'k',
	);

describe('Agora Agent LLM Trigger with streaming on', () => {
	afterEach(() => jest.useRealTimers());
	const trigger = new AgoraLlmTrigger();

	it('declares n8n’s streaming response mode only when the option is on', () => {
		const mode = trigger.description.webhooks?.[0].responseMode as string;
		expect(mode).toMatch(/^=\{\{/);
		expect(mode).toBe(
			'={{ $parameter["options"]["streamAnswer"] ? "streaming" : "responseNode" }}',
		);
		const option = (
			trigger.description.properties.find((p) => p.name === 'options')
				?.options as unknown as IDataObject[]
		).find((o) => o.name === 'streamAnswer');
		expect(option).toMatchObject({
			type: 'boolean',
			default: false,
			displayName: expect.stringContaining('(Beta)'),
		});
	});

	it('the Answer Timeout answers when no text came in time, and later chunks are dropped', async () => {
		jest.useFakeTimers();
		const { fn, res } = webhookContext({ streamAnswer: true, answerTimeoutMs: 500 });
		await trigger.webhook.call(fn);
		res.write(line('begin'));
		await jest.advanceTimersByTimeAsync(500);
		expect(res.status).toBe(504);
		expect(() => {
			res.write(line('item', 'late'));
			res.end();
		}).not.toThrow();
		expect(res.body).not.toContain('late');
	});

	it('the Answer Timeout holds only until the first text', async () => {
		jest.useFakeTimers();
		const { fn, res } = webhookContext({ streamAnswer: true, answerTimeoutMs: 500 });
		await trigger.webhook.call(fn);
		res.write(line('item', 'Hi'));
		await jest.advanceTimersByTimeAsync(5000);
		res.write(line('item', ' there'));
		res.end();
		expect(res.status).toBe(200);
		expect(
			chunks(res.body)
				.map((c) => c.choices[0].delta.content ?? '')
				.join(''),
		).toBe('Hi there');
	});
});

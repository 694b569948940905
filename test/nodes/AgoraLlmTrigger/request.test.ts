/** What the Agent LLM Trigger accepts as Agora's LLM request, and the item it makes of it. */
import {
	bearerMatches,
	LlmRefusal,
	parseChatRequest,
} from '../../../nodes/AgoraLlmTrigger/request';

describe('bearer key check', () => {
	it.each([
		['Bearer k-1', true],
		['bearer k-1', true],
		['Bearer  k-1 ', true],
		['Bearer k-2', false],
		['Bearer k-1x', false],
		['k-1', false],
		['Basic k-1', false],
		['', false],
		[undefined, false],
	])('%p against key k-1 -> %p', (header, ok) => {
		expect(bearerMatches(header, 'k-1')).toBe(ok);
	});

	it('never matches when the credential has no key', () => {
		expect(bearerMatches('Bearer ', '')).toBe(false);
	});
});

describe('chat-completions request', () => {
	it('makes the item: last user message, system messages, turn, model, stream, tools, other fields under params', () => {
		const item = parseChatRequest({
			model: 'gpt-4o-mini',
			stream: true,
			turn_id: 7,
			timestamp: 1732459200000,
			messages: [
				{ role: 'system', content: 'Be brief.' },
				{ role: 'user', content: 'first' },
				{ role: 'assistant', content: 'ok' },
				{
					role: 'user',
					content: [
						{ type: 'text', text: 'second ' },
						{ type: 'image_url', image_url: { url: 'x' } },
						{ type: 'text', text: 'part' },
					],
				},
			],
			tools: [{ type: 'function', function: { name: 'lookup' } }],
			tool_choice: 'auto',
			max_tokens: 100,
			user: 'room-1',
		});
		expect(item).toEqual({
			lastUserMessage: 'second part',
			lastUserImages: ['x'],
			systemMessages: ['Be brief.'],
			messages: expect.any(Array),
			model: 'gpt-4o-mini',
			stream: true,
			turnId: 7,
			timestamp: 1732459200000,
			tools: [{ type: 'function', function: { name: 'lookup' } }],
			toolChoice: 'auto',
			params: { max_tokens: 100, user: 'room-1' },
		});
	});

	// Agora's reference (properties.llm.vendor "custom"): turn_id and timestamp come "in addition to
	// role and content", i.e. on the messages.
	it('reads turn_id and timestamp from the messages when the body has none at the top level', () => {
		const item = parseChatRequest({
			messages: [
				{ role: 'system', content: 's' },
				{ role: 'user', content: 'earlier', turn_id: 1, timestamp: 100 },
				{ role: 'assistant', content: 'ok', turn_id: 1, timestamp: 150 },
				{ role: 'user', content: 'now', turn_id: 2, timestamp: 200 },
			],
		});
		expect(item).toMatchObject({ lastUserMessage: 'now', turnId: 2, timestamp: 200 });
		const onLastMessageOnly = parseChatRequest({
			messages: [
				{ role: 'user', content: 'hi' },
				{ role: 'tool', content: 'r', tool_call_id: 'c', turn_id: 4, timestamp: 9 },
			],
		});
		expect(onLastMessageOnly).toMatchObject({ turnId: 4, timestamp: 9 });
		const both = parseChatRequest({
			turn_id: 7,
			timestamp: 70,
			messages: [{ role: 'user', content: 'hi', turn_id: 6, timestamp: 60 }],
		});
		expect(both).toMatchObject({ turnId: 7, timestamp: 70 });
	});

	// Agora's custom-LLM guide: UserMessage content parts are TextContent, ImageContent {type: "image",
	// image_url} and AudioContent; OpenAI's own image part is {type: "image_url", image_url: {url}}.
	it('keeps the text parts of a user message and lists its images in lastUserImages', () => {
		const imageOnly = parseChatRequest({
			messages: [
				{
					role: 'user',
					content: [
						{ type: 'image_url', image_url: { url: 'https://x.test/a.png', detail: 'low' } },
					],
				},
			],
		});
		expect(imageOnly).toMatchObject({
			lastUserMessage: '',
			lastUserImages: ['https://x.test/a.png'],
		});
		const mixed = parseChatRequest({
			messages: [
				{
					role: 'user',
					content: [
						{ type: 'text', text: 'What is this?' },
						{ type: 'image', image_url: 'https://x.test/b.jpg' },
						{ type: 'input_audio', input_audio: { data: 'AAAA', format: 'wav' } },
					],
				},
			],
		});
		expect(mixed).toMatchObject({
			lastUserMessage: 'What is this?',
			lastUserImages: ['https://x.test/b.jpg'],
		});
		expect(parseChatRequest({ messages: [{ role: 'user', content: 'plain' }] })).toMatchObject({
			lastUserImages: [],
		});
	});

	it('without a user message the last user message is empty, and stream defaults to false', () => {
		expect(parseChatRequest({ messages: [{ role: 'system', content: 's' }] })).toMatchObject({
			lastUserMessage: '',
			stream: false,
		});
	});

	it.each([
		['a JSON array', [], 'JSON object'],
		['no messages', { model: 'x' }, '"messages"'],
		['empty messages', { messages: [] }, '"messages"'],
		['a message without role', { messages: [{ content: 'hi' }] }, '"messages[0]"'],
		['stream as text', { messages: [{ role: 'user', content: 'hi' }], stream: 'yes' }, '"stream"'],
		['tools not a list', { messages: [{ role: 'user', content: 'hi' }], tools: {} }, '"tools"'],
	])('refuses %s with 400 naming the field', (_name, body, field) => {
		const refusal = parseChatRequest(body);
		expect(refusal).toBeInstanceOf(LlmRefusal);
		expect(refusal).toMatchObject({ status: 400, type: 'invalid_request_error' });
		expect((refusal as LlmRefusal).message).toContain(field);
	});
});

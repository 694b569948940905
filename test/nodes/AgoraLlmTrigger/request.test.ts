/** What the Agent LLM Trigger accepts as Agora's LLM request, and the item it makes of it. */
import { bearerMatches, LlmRefusal, parseChatRequest } from '../../../nodes/AgoraLlmTrigger/request';

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
				{ role: 'user', content: [{ type: 'text', text: 'second ' }, { type: 'image_url', image_url: { url: 'x' } }, { type: 'text', text: 'part' }] },
			],
			tools: [{ type: 'function', function: { name: 'lookup' } }],
			tool_choice: 'auto',
			max_tokens: 100,
			user: 'room-1',
		});
		expect(item).toEqual({
			lastUserMessage: 'second part',
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

	it('without a user message the last user message is empty, and stream defaults to false', () => {
		expect(parseChatRequest({ messages: [{ role: 'system', content: 's' }] })).toMatchObject({ lastUserMessage: '', stream: false });
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

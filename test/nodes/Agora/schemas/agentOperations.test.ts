/** The update, speak, think and turns schemas. Runs under zod 3 and zod 4 (jest.config.js, SCHEMA_TESTS). */
import {
	speakRequestSchema,
	thinkRequestSchema,
	turnsQuerySchema,
	updateRequestSchema,
} from '../../../../nodes/Agora/schemas/agent';
import { problem } from './agentBodies';

describe('update, speak, think, turns', () => {
	const update = (body: unknown) => problem(updateRequestSchema, body);

	test('update: properties wrapper, the updatable fields, at least one; never an empty token', () => {
		expect(update({ properties: { token: 't' } })).toBeUndefined();
		expect(
			update({
				properties: {
					llm: { system_messages: [{ role: 'system', content: 'x' }], params: { model: 'm' } },
					mllm: { params: { voice: 'v' } },
				},
			}),
		).toBeUndefined();
		expect(update({ properties: {} })).toBe(
			'properties: needs at least one field to update: token, llm.system_messages, llm.params or mllm.params',
		);
		expect(update({ properties: { token: '' } })).toBe(
			'properties.token: must not be empty (it would replace the agent’s token with nothing)',
		);
		// Members beside properties pass (Additional Body); the updatable fields still live in properties.
		expect(update({ properties: { token: 't' }, future: 1 })).toBeUndefined();
		expect(update({ token: 't' })).toBe('properties: is required');
		expect(update({ properties: { llm: { params: 'x' } } })).toBe(
			'properties.llm.params: must be a JSON object',
		);
	});

	test('speak: at most 512 UTF-8 bytes, priority INTERRUPT, APPEND or IGNORE', () => {
		const speak = (body: unknown) => problem(speakRequestSchema, body);
		expect(
			speak({ text: 'a'.repeat(512), priority: 'APPEND', interruptable: false }),
		).toBeUndefined();
		expect(speak({ text: 'a'.repeat(513) })).toBe(
			'text: must be at most 512 bytes in UTF-8 (it is 513 bytes)',
		);
		expect(speak({ text: 'é'.repeat(256) })).toBeUndefined();
		expect(speak({ text: 'é'.repeat(257) })).toBe(
			'text: must be at most 512 bytes in UTF-8 (it is 514 bytes)',
		);
		expect(speak({ text: '' })).toBe('text: is required and must not be empty');
		expect(speak({ text: 'x', priority: 'LATER' })).toBe(
			'priority: must be one of INTERRUPT, APPEND, IGNORE',
		);
	});

	test('think: text required; the actions of each state; metadata an object', () => {
		const think = (body: unknown) => problem(thinkRequestSchema, body);
		const example = {
			text: 'The user just clicked the purchase button.',
			on_listening_action: 'interrupt',
			on_thinking_action: 'interrupt',
			on_speaking_action: 'ignore',
			interruptable: true,
			metadata: { publisher: 'user123', model: 'deepseek-r1' },
		};
		expect(think(example)).toBeUndefined();
		expect(think({ text: 'x', on_listening_action: 'inject' })).toBeUndefined();
		expect(think({ text: 'x', on_speaking_action: 'inject' })).toBe(
			'on_speaking_action: must be one of interrupt, ignore',
		);
		expect(think({})).toBe('text: is required');
		expect(think({ text: 'x', metadata: 'm' })).toBe('metadata: must be a JSON object');
	});

	test('turns: pages start at 1', () => {
		const turns = (query: unknown) => problem(turnsQuerySchema, query);
		expect(turns({ page_index: 1, page_size: 50 })).toBeUndefined();
		expect(turns({ page_index: 0 })).toBe('page_index: must be an integer of at least 1');
	});
});

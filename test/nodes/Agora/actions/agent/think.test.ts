/** Agent › Think, run through n8n's engine against the sandbox. */
import { run, sb, seed } from './setup';
import { apiField } from '../../../../lib/harness';

describe('Think', () => {
	test('sends the text, the three actions, interruptable and metadata; the agent takes it as user input', async () => {
		const [id] = await seed(1);
		const result = await run({
			resource: 'agent',
			operation: 'think',
			agentId: id,
			text: 'The customer is a premium member.',
			onListeningAction: 'interrupt',
			onThinkingAction: 'ignore',
			onSpeakingAction: 'interrupt',
			interruptable: false,
			metadata: '{"publisher": "user123"}',
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id });
		expect(sb.requests.find((r) => r.path.endsWith('/think'))!.body).toEqual({
			text: 'The customer is a premium member.',
			on_listening_action: 'interrupt',
			on_thinking_action: 'ignore',
			on_speaking_action: 'interrupt',
			interruptable: false,
			metadata: { publisher: 'user123' },
		});
		expect(sb.agents()[0].thinks).toMatchObject([
			{ text: 'The customer is a premium member.', accepted: true },
		]);
	});

	test('empty metadata is left out of the request', async () => {
		const [id] = await seed(1);
		const result = await run({ resource: 'agent', operation: 'think', agentId: id, text: 'Hi' });
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.requests.find((r) => r.path.endsWith('/think'))!.body).not.toHaveProperty('metadata');
	});

	test('metadata that is not a JSON object fails before sending, naming the field', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({
			resource: 'agent',
			operation: 'think',
			agentId: id,
			text: 'Hi',
			metadata: 'not json',
		});
		expect(apiField(result.error('Agora'))).toBe('metadata');
		expect(sb.requests).toHaveLength(0);
	});
});

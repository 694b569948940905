/** Agent › Speak, run through n8n's engine against the sandbox. */
import { run, sb, seed } from './setup';
import { apiField } from '../../../../lib/harness';

describe('Speak', () => {
	test('speak sends text, priority and interruptable', async () => {
		const [id] = await seed(1);
		const result = await run({
			resource: 'agent',
			operation: 'speak',
			agentId: id,
			text: 'Your order has shipped.',
			priority: 'APPEND',
			interruptable: false,
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()[0].speaks).toMatchObject([
			{ text: 'Your order has shipped.', priority: 'APPEND', interruptable: false },
		]);
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id, channel: 'room1' });
	});

	test('speak of more than 512 UTF-8 bytes fails before sending', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		// 200 characters, 600 bytes.
		const result = await run({
			resource: 'agent',
			operation: 'speak',
			agentId: id,
			text: '日本語'.repeat(67).slice(0, 200),
		});
		expect(result.error('Agora')?.message).toMatch(/: must be at most 512 bytes/);
		expect(apiField(result.error('Agora'))).toBe('text');
		expect(sb.requests).toHaveLength(0);
		// The same count of ASCII characters is fine.
		const ok = await run({
			resource: 'agent',
			operation: 'speak',
			agentId: id,
			text: 'a'.repeat(512),
		});
		expect(ok.error('Agora')).toBeUndefined();
	});
});

/** Agent › Interrupt, run through n8n's engine against the sandbox. */
import { run, sb, seed } from './setup';

describe('Interrupt', () => {
	test('sends {} and outputs the agent', async () => {
		const [id] = await seed(1);
		const result = await run({ resource: 'agent', operation: 'interrupt', agentId: id });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id });
		expect(sb.agents()[0].interrupts).toBe(1);
		expect(sb.requests.find((r) => r.path.endsWith('/interrupt'))!.body).toEqual({});
	});

	test('an unknown agent fails with Agora’s answer; an empty Agent fails before sending', async () => {
		const unknown = await run({ resource: 'agent', operation: 'interrupt', agentId: 'NOPE' });
		expect(unknown.error('Agora')?.message).toMatch(/404|not found/i);
		sb.requests.length = 0;
		const empty = await run({ resource: 'agent', operation: 'interrupt', agentId: '={{ "" }}' });
		expect(empty.error('Agora')?.message).toMatch(/is required/);
		expect(sb.requests).toHaveLength(0);
	});
});

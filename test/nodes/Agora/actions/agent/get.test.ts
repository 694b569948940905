/** Agent › Get, run through n8n's engine against the sandbox. */
import { run, seed } from './setup';

describe('Get', () => {
	test('get returns the status resource', async () => {
		const [id] = await seed(1, () => ({ name: 'getme' }));
		const result = await run({ resource: 'agent', operation: 'get', agentId: id });
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id, name: 'getme' });
	});
});

/** Agent › Stop, run through n8n's engine against the sandbox. */
import { run, sb, seed } from './setup';

describe('Stop', () => {
	test('stops a running agent; a second stop is a 404 unless Succeed If Already Stopped', async () => {
		const [id] = await seed(1);
		let result = await run({ resource: 'agent', operation: 'stop', agentId: id });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([{ agent_id: id, stopped: true }]);
		expect(['STOPPING', 'STOPPED']).toContain(sb.agents()[0].status);
		sb.clock.advance(sb.options().stopDelayMs);
		expect(sb.agents()[0].status).toBe('STOPPED');

		result = await run({ resource: 'agent', operation: 'stop', agentId: id });
		expect(result.error('Agora')?.message).toMatch(/404/);

		result = await run({
			resource: 'agent',
			operation: 'stop',
			agentId: id,
			options: { ignoreNotFound: true },
		});
		expect(result.output('Agora')).toEqual([
			{ agent_id: id, stopped: true, already_stopped: true },
		]);
	});

	test('after an unclear failure the stop is repeated, and a 404 then means it worked', async () => {
		const [id] = await seed(1);
		sb.injectFault({ method: 'POST', pathIncludes: '/leave', kind: '504-after-commit' });
		const result = await run({ resource: 'agent', operation: 'stop', agentId: id });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id, stopped: true });
		expect(sb.requests.filter((r) => r.path.endsWith('/leave')).length).toBeGreaterThanOrEqual(2);
	});
});

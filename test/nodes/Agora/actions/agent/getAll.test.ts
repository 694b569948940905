/** Agent › Get Many, run through n8n's engine against the sandbox. */
import { run, sb, seed } from './setup';

describe('Get Many', () => {
	test('Return All follows the cursor across pages; Limit stops early', async () => {
		await seed(25, (i) => ({ channel: i < 23 ? 'big' : 'other' }));
		sb.requests.length = 0;
		let result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, options: { pageSize: 10 } });
		expect(result.error('Agora')).toBeUndefined();
		const all = result.output('Agora');
		expect(all).toHaveLength(25);
		expect(new Set(all.map((a) => a.agent_id)).size).toBe(25);
		const lists = sb.requests.filter((r) => r.path.endsWith('/agents'));
		expect(lists).toHaveLength(3);
		expect(lists.map((r) => r.query.limit)).toEqual(['10', '10', '10']);

		sb.requests.length = 0;
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: false, limit: 12, options: { pageSize: 10 } });
		expect(result.output('Agora')).toHaveLength(12);
		expect(sb.requests.map((r) => r.query.limit)).toEqual(['10', '2']);

		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { channel: 'big' } });
		expect(result.output('Agora')).toHaveLength(23);
		expect(result.output('Agora')[0]).toMatchObject({ channel: 'big' });

		// Default limit 50 with 25 agents: everything, in one page of Agora's default size 20 plus one.
		result = await run({ resource: 'agent', operation: 'getAll' });
		expect(result.output('Agora')).toHaveLength(25);
	});

	test('status Any asks for every state, RECOVERING 5 included (Agora\u2019s server SDKs list it)', async () => {
		await seed(1);
		sb.requests.length = 0;
		await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { state: 'any' } });
		expect(sb.requests[0].query.state).toBe('0,1,2,3,4,5,6');
	});

	test('filters: status name becomes its code, dates become Unix seconds', async () => {
		const [a] = await seed(2);
		sb.requests.length = 0;
		let result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { state: 'RUNNING' } });
		expect(result.output('Agora')).toHaveLength(2);
		expect(sb.requests[0].query.state).toBe('2');

		await run({ resource: 'agent', operation: 'stop', agentId: a });
		sb.clock.advance(sb.options().stopDelayMs);
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { state: 'STOPPED' } });
		expect(result.output('Agora').map((x) => x.agent_id)).toEqual([a]);

		sb.requests.length = 0;
		const future = new Date(Date.now() + 3600_000).toISOString();
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { fromTime: future } });
		expect(result.output('Agora')).toHaveLength(0);
		expect(sb.requests[0].query.from_time).toBe(String(Math.floor(Date.parse(future) / 1000)));

		const past = new Date(Date.now() - 3600_000).toISOString();
		result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, filters: { fromTime: past, toTime: future } });
		expect(result.output('Agora')).toHaveLength(2);
	});
});

/** Agent › Get Many, run through n8n's engine against the sandbox. */
import type { INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, apiField, runWorkflow } from '../../../../lib/harness';
import { cascadeParams, credential, run, sb, seed } from './setup';

const HOUR = 3600_000;

describe('Get Many', () => {
	test('Return All follows the cursor across pages; Limit stops early', async () => {
		await seed(25, (i) => ({ channel: i < 23 ? 'big' : 'other' }));
		sb.requests.length = 0;
		let result = await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 10 },
		});
		expect(result.error('Agora')).toBeUndefined();
		const all = result.output('Agora');
		expect(all).toHaveLength(25);
		expect(new Set(all.map((a) => a.agent_id)).size).toBe(25);
		const lists = sb.requests.filter((r) => r.path.endsWith('/agents'));
		expect(lists).toHaveLength(3);
		expect(lists.map((r) => r.query.limit)).toEqual(['10', '10', '10']);

		sb.requests.length = 0;
		result = await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: false,
			limit: 12,
			options: { pageSize: 10 },
		});
		expect(result.output('Agora')).toHaveLength(12);
		expect(sb.requests.map((r) => r.query.limit)).toEqual(['10', '2']);

		result = await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			filters: { channel: 'big' },
		});
		expect(result.output('Agora')).toHaveLength(23);
		expect(result.output('Agora')[0]).toMatchObject({ channel: 'big' });

		// Default limit 50 with 25 agents: everything, in one page of Agora's default size 20 plus one.
		result = await run({ resource: 'agent', operation: 'getAll' });
		expect(result.output('Agora')).toHaveLength(25);
	});

	// agora-agents-python agents/raw_client.py list(): state IDLE 0, STARTING 1, RUNNING 2, STOPPING 3, STOPPED 4, FAILED 6 (5 dropped).
	test('status Any asks for every state the newest SDKs list: 0-4 and 6, not RECOVERING 5', async () => {
		await seed(1);
		sb.requests.length = 0;
		await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			filters: { state: 'any' },
		});
		expect(sb.requests[0].query.state).toBe('0,1,2,3,4,6');
	});

	test('filters: status name becomes its code, dates become Unix seconds', async () => {
		const [a] = await seed(2);
		sb.requests.length = 0;
		let result = await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			filters: { state: 'RUNNING' },
		});
		expect(result.output('Agora')).toHaveLength(2);
		expect(sb.requests[0].query.state).toBe('2');

		await run({ resource: 'agent', operation: 'stop', agentId: a });
		sb.clock.advance(sb.options().stopDelayMs);
		result = await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			filters: { state: 'STOPPED' },
		});
		expect(result.output('Agora').map((x) => x.agent_id)).toEqual([a]);

		sb.requests.length = 0;
		const future = new Date(Date.now() + 3600_000).toISOString();
		result = await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			filters: { fromTime: future },
		});
		expect(result.output('Agora')).toHaveLength(0);
		expect(sb.requests[0].query.from_time).toBe(String(Math.floor(Date.parse(future) / 1000)));

		const past = new Date(Date.now() - 3600_000).toISOString();
		result = await run({
			resource: 'agent',
			operation: 'getAll',
			returnAll: true,
			filters: { fromTime: past, toTime: future },
		});
		expect(result.output('Agora')).toHaveLength(2);
	});

	test('Status Any (the default) lists agents of every state and older than 2 hours', async () => {
		sb.clock.set(Date.now() - 3 * HOUR);
		const [old] = await seed(1);
		sb.clock.set(Date.now());
		sb.configure({ startDelayMs: 60000 });
		const starting = await run(cascadeParams({ name: 'starting-agent', agentRtcUid: '4001' }));
		sb.configure({ startDelayMs: 5 });
		sb.requests.length = 0;
		const result = await run({ resource: 'agent', operation: 'getAll', returnAll: true });
		const ids = result.output('Agora').map((a) => a.agent_id);
		expect(ids).toEqual(expect.arrayContaining([old, starting.output('Agora')[0].agent_id]));
		const query = sb.requests[0].query;
		expect(query.state).toBe('0,1,2,3,4,6');
		expect(Number(query.from_time)).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) - 72 * 3600);
	});

	test.each([1001, 2.5, 'abc', 0])(
		'page size %p is refused naming options.pageSize, nothing sent',
		async (pageSize) => {
			const result = await run({
				resource: 'agent',
				operation: 'getAll',
				returnAll: true,
				options: { pageSize: `={{ ${JSON.stringify(pageSize)} }}` },
			});
			expect(apiField(result.error('Agora'))).toMatch(/pageSize/);
			expect(sb.requests).toHaveLength(0);
		},
	);

	test.each([
		['Asia/Tokyo', 9],
		['America/New_York', -5],
		['UTC', 0],
	])(
		'Started After / Before are read in the workflow’s time zone: %s',
		async (timezone, offsetHours) => {
			const parameters: INodeParameters = {
				resource: 'agent',
				operation: 'getAll',
				returnAll: true,
				filters: { fromTime: '2026-01-15T09:30:00', toTime: '2026-01-15T10:30:00' },
			};
			const result = await runWorkflow(
				{ ...agoraWorkflow(parameters), settings: { timezone } },
				credential,
			);
			expect(result.error('Agora')).toBeUndefined();
			const utc = Date.UTC(2026, 0, 15, 9, 30) / 1000 - offsetHours * 3600;
			expect(sb.requests[0].query).toMatchObject({
				from_time: String(utc),
				to_time: String(utc + 3600),
			});
		},
	);
});

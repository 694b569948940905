/** Agent › Start when the answer is lost or the name is taken: reconciliation, Return Existing Agent, one output shape. */
import type { IDataObject } from 'n8n-workflow';

import { cascadeParams, joins, LLM_KEY, run, sb } from './setup';

const HOUR = 3600_000;
const params = (over: IDataObject = {}) => cascadeParams({ name: 'agent-x', ...over });

/** Starts an agent through the sandbox's clock `hoursAgo` hours in the past. */
async function agentStartedAgo(name: string, hoursAgo: number): Promise<string> {
	sb.clock.set(Date.now() - hoursAgo * HOUR);
	const result = await run(params({ name, agentRtcUid: String(3000 + hoursAgo) }));
	expect(result.error('Agora')).toBeUndefined();
	sb.clock.set(Date.now());
	return String(result.output('Agora')[0].agent_id);
}

afterEach(() => sb.configure({ startDelayMs: 5 }));

describe('reconciliation after an ambiguous answer', () => {
	test('504 after the agent was created: looked up, not started twice, output marked reconciled', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '504-after-commit' });
		const result = await run(params());
		expect(result.error('Agora')).toBeUndefined();
		const agents = sb.agents();
		expect(agents).toHaveLength(1);
		expect(joins()).toHaveLength(1);
		const [out] = result.output('Agora');
		expect(out).toMatchObject({
			agent_id: agents[0].agentId,
			name: 'agent-x',
			channel: 'room1',
			reconciled: true,
		});
		expect(JSON.stringify(out)).not.toContain(LLM_KEY);
	});

	test('504 before anything happened: not found, started once more', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '504' });
		const result = await run(params());
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()).toHaveLength(1);
		expect(joins()).toHaveLength(2);
		const [out] = result.output('Agora');
		expect(out.agent_id).toBe(sb.agents()[0].agentId);
		expect(out.reconciled).toBe(false);
	});

	test('a time-out while the start went through: reconciled', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: 'latency', latencyMs: 3000 });
		const result = await run(params({ requestOptions: { timeoutMs: 300 } }));
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()).toHaveLength(1);
		expect(result.output('Agora')[0]).toMatchObject({
			agent_id: sb.agents()[0].agentId,
			reconciled: true,
		});
	});

	test('every attempt fails: the last error is reported, at most Max Retries repeats', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '500', count: 10 });
		const result = await run(params({ requestOptions: { maxRetries: 2 } }));
		expect(result.error('Agora')?.message).toMatch(/500/);
		expect(joins()).toHaveLength(3);
		expect(sb.agents()).toHaveLength(0);
	});

	test('a definite refusal (422 quota) is neither repeated nor looked up', async () => {
		sb.configure({ agentQuota: 1 });
		try {
			expect((await run(params({ name: 'q1' }))).error('Agora')).toBeUndefined();
			const result = await run(params({ name: 'q2' }));
			expect(result.error('Agora')?.message).toMatch(/422/);
			expect(joins()).toHaveLength(2);
			expect(sb.requests.filter((r) => r.method === 'GET')).toHaveLength(0);
		} finally {
			sb.configure({ agentQuota: 0 });
		}
	});
});

describe('name in use (409)', () => {
	test('fails by default; Return Existing Agent outputs the running one', async () => {
		const first = await run(params({ name: 'dup' }));
		const id = first.output('Agora')[0].agent_id;
		let result = await run(params({ name: 'dup' }));
		expect(result.error('Agora')?.message).toMatch(/409.*TaskConflict/);
		expect(sb.agents()).toHaveLength(1);

		result = await run(params({ name: 'dup', options: { ifNameInUse: 'returnExisting' } }));
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({ agent_id: id, name: 'dup', existing: true });
		expect(sb.agents()).toHaveLength(1);
	});

	test('Return Existing Agent still fails when the name is used in another channel', async () => {
		await run(params({ name: 'dup2', channel: 'elsewhere' }));
		const result = await run(params({ name: 'dup2', options: { ifNameInUse: 'returnExisting' } }));
		expect(result.error('Agora')?.message).toMatch(/409/);
	});
});

describe('an agent still STARTING or started long ago is found again', () => {
	test('Return Existing Agent finds an agent still STARTING', async () => {
		sb.configure({ startDelayMs: 60000 });
		const first = await run(params({ name: 'dup-starting' }));
		const id = first.output('Agora')[0].agent_id;
		const again = await run(
			params({
				name: 'dup-starting',
				agentRtcUid: '1002',
				options: { ifNameInUse: 'returnExisting' },
			}),
		);
		expect(again.error('Agora')).toBeUndefined();
		expect(again.output('Agora')[0]).toMatchObject({
			agent_id: id,
			status: 'STARTING',
			existing: true,
		});
	});

	test('Return Existing Agent finds an agent started more than 2 hours ago', async () => {
		const id = await agentStartedAgo('dup-old', 5);
		const again = await run(
			params({ name: 'dup-old', agentRtcUid: '1003', options: { ifNameInUse: 'returnExisting' } }),
		);
		expect(again.error('Agora')).toBeUndefined();
		expect(again.output('Agora')[0]).toMatchObject({ agent_id: id, existing: true });
	});

	test('after a 504 the recovery finds the agent while it is still STARTING: started once', async () => {
		sb.configure({ startDelayMs: 60000 });
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '504-after-commit' });
		const result = await run(params({ name: 'recover-starting' }));
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()).toHaveLength(1);
		expect(result.output('Agora')[0]).toMatchObject({
			agent_id: sb.agents()[0].agentId,
			reconciled: true,
			status: 'STARTING',
		});
	});
});

describe('one output shape, whatever path produced it', () => {
	const AGENT_KEYS = [
		'agent_id',
		'agent_rtc_uid',
		'channel',
		'create_ts',
		'existing',
		'labels',
		'name',
		'reconciled',
		'status',
	];

	test('a started, an existing and a recovered agent have the same fields', async () => {
		const fresh = await run(
			params({ name: 'shape-1', labels: { entries: [{ name: 'team', value: 'a' }] } }),
		);
		const existing = await run(
			params({ name: 'shape-1', agentRtcUid: '1009', options: { ifNameInUse: 'returnExisting' } }),
		);
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '504-after-commit' });
		const recovered = await run(params({ name: 'shape-2' }));
		for (const result of [fresh, existing, recovered]) {
			expect(result.error('Agora')).toBeUndefined();
			expect(Object.keys(result.output('Agora')[0]).sort()).toEqual(AGENT_KEYS);
		}
		expect(fresh.output('Agora')[0]).toMatchObject({
			labels: { team: 'a' },
			existing: false,
			reconciled: false,
		});
		expect(existing.output('Agora')[0]).toMatchObject({
			agent_id: fresh.output('Agora')[0].agent_id,
			existing: true,
			agent_rtc_uid: null,
			labels: null,
		});
		expect(recovered.output('Agora')[0]).toMatchObject({
			reconciled: true,
			agent_rtc_uid: '1001',
			status: expect.any(String),
			create_ts: expect.any(Number),
		});
	});
});

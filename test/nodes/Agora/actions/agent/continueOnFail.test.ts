/** Agent › Continue On Fail, run through n8n's engine against the sandbox. */
import { cascadeParams, joins, run, seed } from './setup';

describe('continueOnFail', () => {
	test('a failed item becomes a paired error item with status, reason and request id; the rest go on', async () => {
		const [id] = await seed(1);
		const result = await run(
			{ resource: 'agent', operation: 'get', agentId: '={{ $json.id }}' },
			[{ id: 'UNKNOWN' }, { id }],
			{ continueOnFail: true },
		);
		expect(result.error('Agora')).toBeUndefined();
		const items = result.run.data.resultData.runData.Agora[0].data!.main[0]!;
		expect(items).toHaveLength(2);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[0].json).toMatchObject({ httpCode: 404, reason: 'TaskNotFound' });
		expect(String(items[0].json.requestId)).toMatch(/^[0-9a-f-]{36}$/);
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(items[1].json.agent_id).toBe(id);
	});

	test('an invalid start item becomes an error item naming the field; valid items still start', async () => {
		const result = await run(
			cascadeParams({ name: '={{ $json.name }}', remoteRtcUid: '={{ $json.uid }}' }),
			[
				{ name: 'ok-1', uid: '5' },
				{ name: 'bad-1', uid: 'abc' },
			],
			{ continueOnFail: true },
		);
		const out = result.output('Agora');
		expect(out[0].agent_id).toBeDefined();
		expect(out[1].error).toContain('User UID');
		expect(out[1].description).toContain('API field: properties.remote_rtc_uids[0]');
		expect(joins()).toHaveLength(1);
	});

	test('with On Error › Continue (using error output), n8n routes the failed item to the error output', async () => {
		const [id] = await seed(1);
		const result = await run(
			{ resource: 'agent', operation: 'get', agentId: '={{ $json.id }}' },
			[{ id: 'UNKNOWN' }, { id }],
			{ onError: 'continueErrorOutput' },
		);
		expect(result.error('Agora')).toBeUndefined();
		const [succeeded, failed] = result.run.data.resultData.runData.Agora[0].data!.main;
		expect(succeeded!.map((item) => item.json.agent_id)).toEqual([id]);
		expect(failed!.map((item) => item.json)).toEqual([
			expect.objectContaining({ error: expect.stringContaining('404 TaskNotFound') }),
		]);
	});
});

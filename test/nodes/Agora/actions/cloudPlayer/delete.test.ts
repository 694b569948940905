/** Cloud Player › Delete, run through n8n's engine against the sandbox. */
import { run, sb, seed } from './setup';

describe('delete', () => {
	it('deletes by ID and region', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'delete',
			playerId: id,
			region: 'na',
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([{ deleted: true, id, requestId: expect.any(String) }]);
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			`DELETE /na/v1/projects/${sb.appId}/cloud-player/players/${id}`,
		]);
		expect(sb.players()).toHaveLength(0);
	});

	it('404 fails by default with the spec meaning and the request id', async () => {
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'delete',
			playerId: 'gone-1',
			region: 'na',
		});
		const error = result.error('Agora');
		expect(error?.message).toContain('404');
		expect(error?.message).toContain('Resource is not found and destroyed.');
		expect(String(error?.description)).toMatch(/Request id: [0-9a-f-]{36}/);
	});

	it('404 with "Treat Not Found as Deleted" outputs alreadyGone', async () => {
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'delete',
			playerId: 'gone-1',
			region: 'na',
			options: { notFoundIsDeleted: true },
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([
			{ deleted: true, id: 'gone-1', alreadyGone: true, requestId: expect.any(String) },
		]);
	});

	it('the wrong region is a 404 (the player stays)', async () => {
		const [id] = await seed(1);
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'delete',
			playerId: id,
			region: 'eu',
		});
		expect(result.error('Agora')?.message).toContain('404');
		expect(sb.players()).toHaveLength(1);
	});
});

/** Cloud Player › Get, run through n8n's engine against the sandbox. */
import { client, playerBody, playersPath } from '../../../../../sandbox/src/helpers';
import { credential, run, sb, seed, STREAM } from './setup';

describe('get', () => {
	it('follows nextPageToken until the ID shows (more than one page of 500)', async () => {
		const api = client(sb);
		let lastId = '';
		for (let i = 0; i < 502; i++) {
			const r = await api.post(playersPath(sb, 'na'), playerBody({ uid: 40000 + i }));
			lastId = r.data.player.id;
		}
		sb.requests.length = 0;
		const result = await run({ resource: 'cloudPlayer', operation: 'get', playerId: lastId });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([expect.objectContaining({ id: lastId, uid: 40501 })]);
		expect(sb.requests).toHaveLength(2);
		expect(sb.requests[1].query.pageToken).toBeTruthy();
	});

	it('finds one player by ID, with or without the channel', async () => {
		const ids = await seed(3, (i) => ({ channelName: i === 2 ? 'other' : 'room1' }));
		sb.requests.length = 0;
		const result = await run({ resource: 'cloudPlayer', operation: 'get', playerId: ids[2] });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([
			expect.objectContaining({
				id: ids[2],
				channelName: 'other',
				uid: 1002,
				streamUrl: STREAM,
				status: expect.any(String),
			}),
		]);
		expect(sb.requests[0].query).toEqual({ pageSize: '500' });

		sb.requests.length = 0;
		const narrowed = await run({
			resource: 'cloudPlayer',
			operation: 'get',
			playerId: ids[1],
			channelName: 'room1',
		});
		expect(narrowed.output('Agora')[0]).toMatchObject({ id: ids[1], channelName: 'room1' });
		expect(sb.requests[0].query).toEqual({ filter: 'channelName eq room1', pageSize: '500' });
	});

	it('not found is a clear 404-like error', async () => {
		await seed(1);
		const result = await run(
			{ resource: 'cloudPlayer', operation: 'get', playerId: 'no-such-player' },
			[{}],
			credential,
			{ continueOnFail: true },
		);
		const [out] = result.output('Agora');
		expect(out.error).toContain('Cloud player "no-such-player" was not found');
		expect(out.httpCode).toBe(404);
	});
});

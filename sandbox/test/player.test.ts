import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { client, listPath, playerBody, playersPath, uniq } from '../src/helpers';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 20, playerQuota: 1000, clock: 'manual' });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

async function create(over: Record<string, unknown> = {}, region = 'na'): Promise<string> {
	const r = await api.post(playersPath(sb, region), playerBody(over));
	expect(r.status).toBe(200);
	return r.data.player.id as string;
}

describe('create', () => {
	it('answers {player:{uid,id,createTs,status:"connecting"}, fields} with X-Resource-ID and X-Request-ID', async () => {
		const r = await api.post(playersPath(sb, 'eu'), playerBody({ uid: 777, name: 'p1' }), {
			headers: { 'X-Request-ID': 'rq-1' },
		});
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			player: {
				uid: 777,
				id: expect.stringMatching(/^[0-9a-f-]{36}$/),
				createTs: expect.any(Number),
				status: 'connecting',
			},
			fields: 'uid,id,createTs,status',
		});
		expect(r.data.player.createTs).toBe(sb.clock.nowS());
		expect(r.headers['x-resource-id']).toBe(r.data.player.id);
		expect(r.headers['x-request-id']).toBe('rq-1');
		const p = sb.players()[0];
		expect(p).toMatchObject({
			id: r.data.player.id,
			region: 'eu',
			name: 'p1',
			uid: 777,
			idleTimeout: 300,
			lastSequence: -1,
		});
	});

	it('account player: response carries account', async () => {
		const r = await api.post(playersPath(sb), playerBody({ uid: undefined, account: 'bot 1' }));
		expect(r.status).toBe(200);
		expect(r.data.player.account).toBe('bot 1');
		expect(r.data.fields).toBe('uid,account,id,createTs,status');
	});

	it('uid 0 is assigned by the server', async () => {
		const r = await api.post(playersPath(sb), playerBody({ uid: 0 }));
		expect(r.status).toBe(200);
		expect(r.data.player.uid).toBeGreaterThan(0);
	});

	it('status goes connecting -> running when the start delay has passed', async () => {
		const id = await create();
		sb.clock.advance(19);
		expect(sb.players().find((p) => p.id === id)?.status).toBe('connecting');
		sb.clock.advance(1);
		expect(sb.players().find((p) => p.id === id)?.status).toBe('running');
	});

	it('an unreachable stream goes failed and is destroyed after its idleTimeout', async () => {
		const id = await create({ streamUrl: 'rtmp://unreachable.invalid/live/x', idleTimeout: 7 });
		sb.clock.advance(20);
		expect(sb.players().find((p) => p.id === id)?.status).toBe('failed');
		sb.clock.advance(6999);
		expect(sb.players()).toHaveLength(1);
		sb.clock.advance(1);
		expect(sb.players()).toHaveLength(0);
		expect(sb.destroyedPlayers()).toEqual([
			expect.objectContaining({ id, destroyReason: 'Idle Timeout' }),
		]);
	});

	it('playerIdleTimeoutMs overrides the idle time-out', async () => {
		sb.configure({ playerIdleTimeoutMs: 100 });
		try {
			await create({ streamUrl: 'rtmp://unreachable.invalid/live/x' });
			sb.clock.advance(120);
			expect(sb.players()).toHaveLength(0);
		} finally {
			sb.configure({ playerIdleTimeoutMs: undefined });
		}
	});

	it('idleTimeout is clamped to [5, 600]', async () => {
		await create({ idleTimeout: 1 });
		await create({ idleTimeout: 9999 });
		await create({ idleTimeout: 42 });
		expect(sb.players().map((p) => p.idleTimeout)).toEqual([5, 600, 42]);
	});

	it('409 for a live duplicate name, with X-Resource-ID of the existing player', async () => {
		const id = await create({ name: 'same' });
		const r = await api.post(playersPath(sb), playerBody({ name: 'same', channelName: 'other' }));
		expect(r.status).toBe(409);
		expect(r.data).toEqual({ message: 'Resource with the same name already exists.' });
		expect(r.headers['x-resource-id']).toBe(id);
		expect(r.headers['x-request-id']).toBeDefined();
		// null names can coexist
		await create();
		await create();
		// after delete the name is free
		await api.delete(playersPath(sb, 'na', id));
		await create({ name: 'same' });
	});

	it('quota: more than playerQuota live players -> 429', async () => {
		sb.configure({ playerQuota: 2 });
		try {
			await create();
			const id = await create();
			const r = await api.post(playersPath(sb), playerBody());
			expect(r.status).toBe(429);
			expect(r.data.message).toMatch(/quota/i);
			expect(sb.stats().quotaRejected).toBe(1);
			await api.delete(playersPath(sb, 'na', id));
			await create();
		} finally {
			sb.configure({ playerQuota: 1000 });
		}
	});

	it('unknown region is 404, wrong app id is 403', async () => {
		expect(
			(await api.post(`/us/v1/projects/${sb.appId}/cloud-player/players`, playerBody())).status,
		).toBe(404);
		const r = await api.post('/na/v1/projects/otherapp/cloud-player/players', playerBody());
		expect(r.status).toBe(403);
		expect(r.data.message).toEqual(expect.any(String));
	});

	it('streamIp must be a valid IPv4 address', async () => {
		expect(
			(await api.post(playersPath(sb), playerBody(), { params: { streamIp: '1.2.3.4' } })).status,
		).toBe(200);
		expect(sb.players()[0].streamIp).toBe('1.2.3.4');
		for (const ip of ['1.2.3', '256.1.1.1', 'example.com', '::1']) {
			const r = await api.post(playersPath(sb), playerBody(), { params: { streamIp: ip } });
			expect(r.status).toBe(400);
		}
	});

	it('invalid JSON is 400 with {message}', async () => {
		const r = await api.post(playersPath(sb), '{', {
			headers: { 'Content-Type': 'application/json' },
		});
		expect(r.status).toBe(400);
		expect(r.data.message).toEqual(expect.any(String));
	});
});

describe('delete', () => {
	it('404 (not 500) for an id a header cannot echo; X-Resource-ID left out', async () => {
		const r = await api.delete(playersPath(sb, 'na', 'pl\u2713yer'));
		expect(r.status).toBe(404);
		expect(r.headers['x-resource-id']).toBeUndefined();
	});

	it('200 with empty body and X-Resource-ID; then 404', async () => {
		const id = await create();
		const r = await api.delete(playersPath(sb, 'na', id));
		expect(r.status).toBe(200);
		expect(r.data).toBe('');
		expect(r.headers['x-resource-id']).toBe(id);
		expect(sb.players()).toHaveLength(0);
		expect(sb.destroyedPlayers()[0]).toMatchObject({ id, destroyReason: 'Delete Request' });
		const again = await api.delete(playersPath(sb, 'na', id));
		expect(again.status).toBe(404);
		expect(again.data).toEqual({ message: 'Resource is not found and destroyed.' });
	});

	it('region must match the creation region', async () => {
		const id = await create({}, 'ap');
		expect((await api.delete(playersPath(sb, 'eu', id))).status).toBe(404);
		expect((await api.delete(playersPath(sb, 'ap', id))).status).toBe(200);
	});

	it('unknown id is 404', async () => {
		expect(
			(await api.delete(playersPath(sb, 'na', 'c0ffee00-0000-0000-0000-000000000000'))).status,
		).toBe(404);
	});
});

describe('list', () => {
	it('shape, ascending createTs, totalSize, empty nextPageToken', async () => {
		const a = await create({ name: 'n1', account: 'acc', uid: undefined });
		const b = await create({ channelName: 'room2' });
		const r = await api.get(listPath(sb));
		expect(r.status).toBe(200);
		expect(r.headers['x-request-id']).toBeDefined();
		expect(r.data.totalSize).toBe(2);
		expect(r.data.nextPageToken).toBe('');
		expect(r.data.fields).toBe('name,streamUrl,channelName,uid,account,id,createTs,status');
		expect(r.data.players.map((p: { id: string }) => p.id)).toEqual([a, b]);
		expect(Object.keys(r.data.players[0]).sort()).toEqual([
			'account',
			'channelName',
			'createTs',
			'id',
			'name',
			'status',
			'streamUrl',
			'uid',
		]);
		expect(r.data.players[0]).toMatchObject({ name: 'n1', account: 'acc', channelName: 'room1' });
	});

	it('filter channelName eq X (exact form; spaces URL-encoded)', async () => {
		const a = await create({ channelName: 'my room' });
		await create({ channelName: 'other' });
		const r = await api.get(
			`${listPath(sb)}?filter=${encodeURIComponent('channelName eq my room')}`,
		);
		expect(r.status).toBe(200);
		expect(r.data.totalSize).toBe(1);
		expect(r.data.players[0].id).toBe(a);
		const none = await api.get(listPath(sb), { params: { filter: 'channelName eq nobody' } });
		expect(none.data).toMatchObject({ totalSize: 0, players: [], nextPageToken: '' });
	});

	it.each([
		['channel eq x'],
		['channelName = x'],
		['channelName  eq x'],
		["channelName eq 'x'"],
		['channelName eq '],
		['name eq x'],
	])('filter %j is 400', async (f) => {
		const r = await api.get(listPath(sb), { params: { filter: f } });
		expect(r.status).toBe(400);
		expect(r.data.message).toEqual(expect.any(String));
	});

	it.each([['0'], ['501'], ['abc'], ['-1'], ['1.5']])('pageSize %s is 400', async (ps) => {
		expect((await api.get(listPath(sb), { params: { pageSize: ps } })).status).toBe(400);
	});

	it('invalid pageToken is 400', async () => {
		expect((await api.get(listPath(sb), { params: { pageToken: 'not-a-token' } })).status).toBe(
			400,
		);
	});

	it('pages with an opaque pageToken until nextPageToken is empty', async () => {
		const ids: string[] = [];
		for (let i = 0; i < 7; i++) ids.push(await create({ channelName: i % 2 ? 'odd' : 'even' }));
		const seen: string[] = [];
		let token = '';
		let pages = 0;
		do {
			const r = await api.get(listPath(sb), {
				params: { pageSize: 3, ...(token ? { pageToken: token } : {}) },
			});
			expect(r.data.totalSize).toBe(7);
			seen.push(...r.data.players.map((p: { id: string }) => p.id));
			token = r.data.nextPageToken;
			pages++;
		} while (token);
		expect(pages).toBe(3);
		expect(seen).toEqual(ids);
		// filtered paging
		const f1 = await api.get(listPath(sb), {
			params: { filter: 'channelName eq even', pageSize: 2 },
		});
		expect(f1.data.totalSize).toBe(4);
		const f2 = await api.get(listPath(sb), {
			params: { filter: 'channelName eq even', pageSize: 2, pageToken: f1.data.nextPageToken },
		});
		expect([...f1.data.players, ...f2.data.players].map((p: { id: string }) => p.id)).toEqual([
			ids[0],
			ids[2],
			ids[4],
			ids[6],
		]);
		expect(f2.data.nextPageToken).toBe('');
	});

	it('page token stays valid when the last seen player is deleted', async () => {
		const ids: string[] = [];
		for (let i = 0; i < 4; i++) ids.push(await create());
		const r1 = await api.get(listPath(sb), { params: { pageSize: 2 } });
		await api.delete(playersPath(sb, 'na', ids[1]));
		const r2 = await api.get(listPath(sb), {
			params: { pageSize: 2, pageToken: r1.data.nextPageToken },
		});
		expect(r2.data.players.map((p: { id: string }) => p.id)).toEqual([ids[2], ids[3]]);
	});

	it('a new player is visible only listDelayMs after creation', async () => {
		sb.configure({ listDelayMs: 300 });
		try {
			const id = await create({ channelName: 'late' });
			let r = await api.get(listPath(sb), { params: { filter: 'channelName eq late' } });
			expect(r.data.totalSize).toBe(0);
			sb.clock.advance(299);
			r = await api.get(listPath(sb), { params: { filter: 'channelName eq late' } });
			expect(r.data.totalSize).toBe(0);
			sb.clock.advance(1);
			r = await api.get(listPath(sb), { params: { filter: 'channelName eq late' } });
			expect(r.data.players.map((p: { id: string }) => p.id)).toEqual([id]);
		} finally {
			sb.configure({ listDelayMs: 0 });
		}
	});

	it('a region path is not a list endpoint', async () => {
		expect((await api.get(playersPath(sb, 'na'))).status).toBe(405);
	});

	// paging speed belongs in npm run bench; this checks that pages add up, in order, without repeats
	it('pages through 1,200 players in creation order', async () => {
		sb.configure({ playerQuota: 2000 });
		try {
			for (let i = 0; i < 1200; i += 100) {
				await Promise.all(
					Array.from({ length: 100 }, (_, j) =>
						api.post(playersPath(sb), playerBody({ uid: i + j + 1 })),
					),
				);
			}
			const ids: string[] = [];
			let token = '';
			do {
				const r = await api.get(listPath(sb), {
					params: { pageSize: 500, ...(token ? { pageToken: token } : {}) },
				});
				ids.push(...r.data.players.map((p: { id: string }) => p.id));
				token = r.data.nextPageToken;
			} while (token);
			expect(ids).toEqual(sb.players().map((p) => p.id));
			expect(new Set(ids).size).toBe(1200);
		} finally {
			sb.configure({ playerQuota: 1000 });
		}
	});
});

describe('update (PATCH ?sequence=N)', () => {
	async function patch(
		id: string,
		seq: string | number | undefined,
		player: Record<string, unknown>,
		region = 'na',
	) {
		const q = seq === undefined ? '' : `?sequence=${seq}`;
		return api.patch(`${playersPath(sb, region, id)}${q}`, { player });
	}

	it('applies the first update with sequence 0; 200 empty body, X-Resource-ID', async () => {
		const id = await create();
		const r = await patch(id, 0, {
			isPause: true,
			seekPosition: 12,
			audioOptions: { volume: 150 },
		});
		expect(r.status).toBe(200);
		expect(r.data).toBe('');
		expect(r.headers['x-resource-id']).toBe(id);
		expect(sb.players()[0]).toMatchObject({
			isPause: true,
			seekPosition: 12,
			volume: 150,
			lastSequence: 0,
			updatesApplied: 1,
		});
	});

	it('applies only a sequence greater than the last applied one; others are accepted but ignored', async () => {
		const id = await create();
		expect((await patch(id, 5, { seekPosition: 5 })).status).toBe(200);
		expect((await patch(id, 3, { seekPosition: 3 })).status).toBe(200);
		expect((await patch(id, 5, { seekPosition: 55 })).status).toBe(200);
		let p = sb.players()[0];
		expect(p).toMatchObject({
			seekPosition: 5,
			lastSequence: 5,
			updatesApplied: 1,
			updatesIgnored: 2,
			lastIgnoredSequence: 5,
		});
		expect((await patch(id, 6, { seekPosition: 6 })).status).toBe(200);
		p = sb.players()[0];
		expect(p).toMatchObject({ seekPosition: 6, lastSequence: 6, updatesApplied: 2 });
	});

	it('a new streamUrl reconnects (and an unreachable one fails)', async () => {
		const id = await create();
		sb.clock.advance(20);
		expect(sb.players()[0].status).toBe('running');
		await patch(id, 0, { streamUrl: 'https://unreachable.invalid/x.flv' });
		expect(sb.players()[0].status).toBe('connecting');
		sb.clock.advance(20);
		expect(sb.players()[0].status).toBe('failed');
		await patch(id, 1, { streamUrl: 'https://cdn.example.com/x.flv' });
		sb.clock.advance(20);
		expect(sb.players()[0].status).toBe('running');
		expect(sb.players()[0].streamUrl).toBe('https://cdn.example.com/x.flv');
	});

	it.each([
		['missing', undefined],
		['empty', ''],
		['negative', -1],
		['not a number', 'abc'],
		['fraction', '1.5'],
	])('sequence %s is 400', async (_n, seq) => {
		const id = await create();
		const r = await patch(id, seq, { isPause: true });
		expect(r.status).toBe(400);
		expect(r.data.message).toMatch(/sequence/);
	});

	it.each([
		['volume 201', { audioOptions: { volume: 201 } }, 'volume'],
		['volume -1', { audioOptions: { volume: -1 } }, 'volume'],
		['volume 1.5', { audioOptions: { volume: 1.5 } }, 'volume'],
		['isPause string', { isPause: 'yes' }, 'isPause'],
		['seekPosition negative', { seekPosition: -1 }, 'seekPosition'],
		['bad streamUrl', { streamUrl: 'ftp://x/y' }, 'streamUrl'],
		['empty streamUrl', { streamUrl: '' }, 'streamUrl'],
		['non-updatable field', { channelName: 'x' }, 'channelName'],
		['non-updatable audio option', { audioOptions: { bitrate: 1 } }, 'audioOptions.bitrate'],
		['Profile 6', { audioOptions: { Profile: 6 } }, 'Profile'],
	])('body %s is 400', async (_n, player, field) => {
		const id = await create();
		const r = await patch(id, 0, player);
		expect(r.status).toBe(400);
		expect(r.data.message).toContain(field);
		expect(sb.players()[0].updatesApplied).toBe(0);
	});

	it('unwrapped body is 400', async () => {
		const id = await create();
		const r = await api.patch(`${playersPath(sb, 'na', id)}?sequence=0`, { isPause: true });
		expect(r.status).toBe(400);
	});

	it('unknown id or other region is 404', async () => {
		const id = await create();
		expect((await patch(uniq(), 0, { isPause: true })).status).toBe(404);
		expect((await patch(id, 0, { isPause: true }, 'cn')).status).toBe(404);
	});
});

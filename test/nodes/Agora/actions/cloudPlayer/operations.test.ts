/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Cloud Player (Media Pull) operations run through n8n's engine against the sandbox:
 * create, delete, get, get many, update, the 409 choices and validation before sending.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { decodeAccessToken2 } from '../../../../lib/accessToken2Decoder';
import { resetRateLimits, retryTiming } from '../../../../../nodes/Agora/transport';
import { startSandbox, type Sandbox } from '../../../../../sandbox/src';
import { client, playerBody, playersPath } from '../../../../../sandbox/src/helpers';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../../../../lib/harness';

let sb: Sandbox;
let credential: CredentialData;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 10, playerQuota: 1000 });
	credential = { customerId: sb.customerId, customerSecret: sb.customerSecret, appId: sb.appId, host: 'custom', customBaseUrl: sb.url };
	retryTiming.baseMs = 5;
});
afterAll(async () => {
	retryTiming.baseMs = 1000;
	await sb.close();
});
beforeEach(() => {
	sb.reset();
	sb.configure({ rateLimits: false, listDelayMs: 0 });
	resetRateLimits();
});

const STREAM = 'rtmp://media.example.com/live/stream1';

function createParams(over: INodeParameters = {}): INodeParameters {
	return {
		resource: 'cloudPlayer',
		operation: 'create',
		region: 'na',
		streamUrl: STREAM,
		channelName: 'room1',
		identityType: 'uid',
		uid: 555,
		...over,
	};
}

async function run(parameters: INodeParameters, items: IDataObject[] = [{}], cred: CredentialData = credential, settings = {}) {
	return await runWorkflow(agoraWorkflow(parameters, items, settings), cred);
}

/** Creates players straight through the sandbox API (no node), for the read and delete tests. */
async function seed(count: number, over: (i: number) => INodeParameters = () => ({})): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const result = await run(createParams({ uid: 1000 + i, ...over(i) }));
		expect(result.error('Agora')).toBeUndefined();
		ids.push(result.output('Agora')[0].id as string);
	}
	return ids;
}

describe('create', () => {
	it('sends {"player": {...}} to the region path with only the fields that are set, and outputs the player', async () => {
		const result = await run(createParams({ additionalFields: { name: 'lobby_music-1', idleTimeout: 42 } }));
		expect(result.error('Agora')).toBeUndefined();
		const [out] = result.output('Agora');
		const rec = sb.players()[0];
		expect(out).toEqual({
			id: rec.id,
			uid: 555,
			createTs: rec.createTs,
			status: 'connecting',
			region: 'na',
			channelName: 'room1',
			name: 'lobby_music-1',
			existing: false,
			reconciled: false,
			requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
		});
		const req = sb.requests[0];
		expect(req.method).toBe('POST');
		expect(req.path).toBe(`/na/v1/projects/${sb.appId}/cloud-player/players`);
		expect(req.query).toEqual({});
		expect(req.body).toEqual({
			player: { streamUrl: STREAM, channelName: 'room1', uid: 555, name: 'lobby_music-1', idleTimeout: 42 },
		});
		expect(out.requestId).toBe(req.requestId);
	});

	it('sends every option group, the origin IP as streamIp and an account identity', async () => {
		const playTs = Math.floor(Date.now() / 1000) + 60;
		const result = await run(
			createParams({
				region: 'eu',
				identityType: 'account',
				account: 'stream bot',
				channelName: 'my room',
				additionalFields: { streamIp: '203.0.113.10', playTs, token: 'given-token-abc' },
				encryption: true,
				encryptMode: 'aes-256-gcm2',
				encryptKey: 'super-secret-encryption-key',
				encryptKdfSalt: 'c2FsdHNhbHRzYWx0c2FsdHNhbHRzYWx0c2FsdHNhbHQ=',
				onDemandOptions: { repeatTime: -1, seekPosition: 12.5, dataStream: true },
				audioOptions: { profile: 3 },
				videoOptions: { width: 1280, height: 720, widthHeightAdaption: false, frameRate: 30, bitrate: 2000, codec: 'VP9', fillMode: 'fill' },
			}),
		);
		expect(result.error('Agora')).toBeUndefined();
		const req = sb.requests[0];
		expect(req.path).toBe(`/eu/v1/projects/${sb.appId}/cloud-player/players`);
		expect(req.query).toEqual({ streamIp: '203.0.113.10' });
		expect(req.body).toEqual({
			player: {
				streamUrl: STREAM,
				channelName: 'my room',
				account: 'stream bot',
				token: 'given-token-abc',
				playTs,
				encryptMode: 'aes-256-gcm2',
				encryptKey: 'super-secret-encryption-key',
				encryptKdfSalt: 'c2FsdHNhbHRzYWx0c2FsdHNhbHRzYWx0c2FsdHNhbHQ=',
				repeatTime: -1,
				seekPosition: 12.5,
				dataStreamOptions: { enable: true },
				audioOptions: { profile: 3 },
				videoOptions: { width: 1280, height: 720, widthHeightAdaption: false, frameRate: 30, bitrate: 2000, codec: 'VP9', fillMode: 'fill' },
			},
		});
		const [out] = result.output('Agora');
		expect(out).toMatchObject({ account: 'stream bot', region: 'eu', channelName: 'my room', status: 'connecting' });
		const text = JSON.stringify(result.output('Agora'));
		expect(text).not.toContain('given-token-abc');
		expect(text).not.toContain('super-secret-encryption-key');
		expect(text).not.toContain('c2FsdHNhbHRz');
		expect(sb.players()[0]).toMatchObject({ region: 'eu', streamIp: '203.0.113.10', account: 'stream bot' });
	});

	it('generates the token from the App Certificate when the token is empty, and never outputs it', async () => {
		const cred = { ...credential, appCertificate: '0123456789abcdef0123456789abcdef' };
		const result = await run(createParams({ uid: 4242, channelName: 'secure' }), [{}], cred);
		expect(result.error('Agora')).toBeUndefined();
		const token = (sb.requests[0].body as { player: { token: string } }).player.token;
		expect(token).toMatch(/^007/);
		const decoded = decodeAccessToken2(token);
		expect(decoded.appId).toBe(sb.appId);
		expect(decoded.services[0]).toMatchObject({ channelName: 'secure', uid: '4242' });
		expect(JSON.stringify(result.output('Agora'))).not.toContain(token);
	});

	it('sends no token when the credential has no App Certificate and the token is empty', async () => {
		await run(createParams());
		expect((sb.requests[0].body as { player: IDataObject }).player).not.toHaveProperty('token');
	});

	it('409: Fail (default) stops with the conflict and names the existing player', async () => {
		const [existing] = await seed(1, () => ({ additionalFields: { name: 'taken' } }));
		const result = await run(createParams({ uid: 9, additionalFields: { name: 'taken' } }));
		const error = result.error('Agora');
		expect(error?.message).toContain('409');
		expect(error?.message).toContain('Resource with the same name already exists.');
		expect(String(error?.description)).toContain(existing);
		expect(String(error?.description)).toMatch(/Request id: [0-9a-f-]{36}/);
		expect(sb.players()).toHaveLength(1);
	});

	it('409: Return the Existing Player outputs it with the fields of a created one, marked existing', async () => {
		const [existing] = await seed(1, () => ({ additionalFields: { name: 'taken' } }));
		const result = await run(createParams({ uid: 9, additionalFields: { name: 'taken' }, options: { onNameConflict: 'returnExisting' } }));
		expect(result.error('Agora')).toBeUndefined();
		const rec = sb.players()[0];
		expect(result.output('Agora')).toEqual([
			{
				id: existing,
				uid: 1000,
				createTs: rec.createTs,
				status: expect.any(String),
				region: 'na',
				channelName: 'room1',
				name: 'taken',
				existing: true,
				reconciled: false,
				requestId: expect.any(String),
			},
		]);
		expect(sb.players()).toHaveLength(1);
	});

	it('401 gives the spec meaning and says no request id came back', async () => {
		const result = await run(createParams(), [{}], { ...credential, customerSecret: 'wrong-secret' });
		const error = result.error('Agora');
		expect(error?.message).toContain('401');
		expect(error?.message).toContain('Invalid authentication credentials');
		expect(String(error?.description)).toContain('no request id');
		expect(JSON.stringify(error)).not.toContain('wrong-secret');
	});

	it('continueOnFail: an invalid item gives an error item and the others run', async () => {
		const result = await run(
			createParams({ channelName: '={{$json.channel}}', uid: '={{$json.uid}}' }),
			[{ channel: 'ok', uid: 1 }, { channel: 'bad"quote', uid: 2 }, { channel: 'ok', uid: 3 }],
			credential,
			{ continueOnFail: true },
		);
		const out = result.output('Agora');
		expect(out).toHaveLength(3);
		expect(out[0].id).toBeDefined();
		expect(out[1].error).toContain('Channel Name');
		expect(out[1].description).toContain('API field: player.channelName');
		expect(out[2].id).toBeDefined();
		expect(sb.players()).toHaveLength(2);
	});
});

describe('validation before sending', () => {
	const now = Math.floor(Date.now() / 1000);
	// Required fields left empty in the form stop n8n before the node runs; an expression that
	// evaluates to an empty string reaches the node, hence the ={{ "" }} values below.
	const cases: Array<[string, INodeParameters, string]> = [
		['empty stream URL', createParams({ streamUrl: '={{ "" }}' }), 'player.streamUrl'],
		['stream URL scheme', createParams({ streamUrl: 'ftp://media.example.com/a.mp4' }), 'player.streamUrl'],
		['stream URL over 1024 bytes', createParams({ streamUrl: 'https://example.com/' + 'a'.repeat(1010) }), 'player.streamUrl'],
		['empty channel', createParams({ channelName: '={{ "" }}' }), 'player.channelName'],
		['channel over 64 bytes', createParams({ channelName: 'c'.repeat(65) }), 'player.channelName'],
		['channel character', createParams({ channelName: 'room/1' }), 'player.channelName'],
		['account over 255 bytes', createParams({ identityType: 'account', account: 'a'.repeat(256) }), 'player.account'],
		['account character', createParams({ identityType: 'account', account: 'bot*1' }), 'player.account'],
		['empty account', createParams({ identityType: 'account', account: '={{ "" }}' }), 'player.account'],
		['uid above 2^32-1', createParams({ uid: 4294967296 }), 'player.uid'],
		['uid not whole', createParams({ uid: 1.5 }), 'player.uid'],
		['name character', createParams({ additionalFields: { name: 'has space' } }), 'player.name'],
		['name over 64 bytes', createParams({ additionalFields: { name: 'n'.repeat(65) } }), 'player.name'],
		['play time too early', createParams({ additionalFields: { playTs: now - 90000 } }), 'player.playTs'],
		['play time too late', createParams({ additionalFields: { playTs: now + 3600 } }), 'player.playTs'],
		['repeat time 0', createParams({ onDemandOptions: { repeatTime: 0 } }), 'player.repeatTime'],
		['seek position negative', createParams({ onDemandOptions: { seekPosition: -1 } }), 'player.seekPosition'],
		['audio profile 6', createParams({ audioOptions: { profile: 6 } }), 'player.audioOptions.profile'],
		['idle timeout not a number', createParams({ additionalFields: { idleTimeout: '={{ "soon" }}' } }), 'player.idleTimeout'],
		['video GOP 0', createParams({ videoOptions: { gop: 0 } }), 'player.videoOptions.gop'],
		['video width 65', createParams({ videoOptions: { width: 65 } }), 'player.videoOptions.width'],
		['video height 1081', createParams({ videoOptions: { height: 1081 } }), 'player.videoOptions.height'],
		['frame rate 31', createParams({ videoOptions: { frameRate: 31 } }), 'player.videoOptions.frameRate'],
		['bitrate 10001', createParams({ videoOptions: { bitrate: 10001 } }), 'player.videoOptions.bitrate'],
		['fill mode', createParams({ videoOptions: { fillMode: 'stretch' } }), 'player.videoOptions.fillMode'],
		['encrypt mode', createParams({ encryption: true, encryptMode: 'rot13', encryptKey: 'k' }), 'player.encryptMode'],
		['gcm2 without salt', createParams({ encryption: true, encryptMode: 'aes-128-gcm2', encryptKey: 'key1', encryptKdfSalt: '={{ "" }}' }), 'player.encryptKdfSalt'],
		['encryption on without key', createParams({ encryption: true, encryptMode: 'aes-128-xts', encryptKey: '={{ "" }}' }), 'player.encryptKey'],
		['region', createParams({ region: 'xx' }), 'region'],
		['origin IP', createParams({ additionalFields: { streamIp: '300.1.2.3' } }), 'streamIp'],
		['get many page size', { resource: 'cloudPlayer', operation: 'getMany', returnAll: true, options: { pageSize: 501 } }, 'pageSize'],
		['get many channel filter', { resource: 'cloudPlayer', operation: 'getMany', filters: { channelName: 'bad"chan' } }, 'channelName'],
		['delete without id', { resource: 'cloudPlayer', operation: 'delete', playerId: '={{ "" }}', region: 'na' }, 'id'],
		['update sequence negative', { resource: 'cloudPlayer', operation: 'update', playerId: 'p1', region: 'na', updateFields: { isPause: true }, options: { sequence: -1 } }, 'sequence'],
		['update volume 201', { resource: 'cloudPlayer', operation: 'update', playerId: 'p1', region: 'na', updateFields: { volume: 201 } }, 'player.audioOptions.volume'],
		['update stream URL scheme', { resource: 'cloudPlayer', operation: 'update', playerId: 'p1', region: 'na', updateFields: { streamUrl: 'rtsp://x.example.com/s' } }, 'player.streamUrl'],
		['update with nothing to change', { resource: 'cloudPlayer', operation: 'update', playerId: 'p1', region: 'na', updateFields: {} }, 'player'],
		['get without id', { resource: 'cloudPlayer', operation: 'get', playerId: '  ' }, 'id'],
	];

	it.each(cases)('%s is rejected naming the field, nothing sent', async (_label, parameters, field) => {
		const result = await run(parameters);
		const error = result.error('Agora');
		expect(apiField(error)).toBe(`${field}`);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('delete', () => {
	it('deletes by ID and region', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({ resource: 'cloudPlayer', operation: 'delete', playerId: id, region: 'na' });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([{ deleted: true, id, requestId: expect.any(String) }]);
		expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /na/v1/projects/${sb.appId}/cloud-player/players/${id}`]);
		expect(sb.players()).toHaveLength(0);
	});

	it('404 fails by default with the spec meaning and the request id', async () => {
		const result = await run({ resource: 'cloudPlayer', operation: 'delete', playerId: 'gone-1', region: 'na' });
		const error = result.error('Agora');
		expect(error?.message).toContain('404');
		expect(error?.message).toContain('Resource is not found and destroyed.');
		expect(String(error?.description)).toMatch(/Request id: [0-9a-f-]{36}/);
	});

	it('404 with "Treat Not Found as Deleted" outputs alreadyGone', async () => {
		const result = await run({ resource: 'cloudPlayer', operation: 'delete', playerId: 'gone-1', region: 'na', options: { notFoundIsDeleted: true } });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([{ deleted: true, id: 'gone-1', alreadyGone: true, requestId: expect.any(String) }]);
	});

	it('the wrong region is a 404 (the player stays)', async () => {
		const [id] = await seed(1);
		const result = await run({ resource: 'cloudPlayer', operation: 'delete', playerId: id, region: 'eu' });
		expect(result.error('Agora')?.message).toContain('404');
		expect(sb.players()).toHaveLength(1);
	});
});

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
			expect.objectContaining({ id: ids[2], channelName: 'other', uid: 1002, streamUrl: STREAM, status: expect.any(String) }),
		]);
		expect(sb.requests[0].query).toEqual({ pageSize: '500' });

		sb.requests.length = 0;
		const narrowed = await run({ resource: 'cloudPlayer', operation: 'get', playerId: ids[1], channelName: 'room1' });
		expect(narrowed.output('Agora')[0]).toMatchObject({ id: ids[1], channelName: 'room1' });
		expect(sb.requests[0].query).toEqual({ filter: 'channelName eq room1', pageSize: '500' });
	});

	it('not found is a clear 404-like error', async () => {
		await seed(1);
		const result = await run({ resource: 'cloudPlayer', operation: 'get', playerId: 'no-such-player' }, [{}], credential, { continueOnFail: true });
		const [out] = result.output('Agora');
		expect(out.error).toContain('Cloud player "no-such-player" was not found');
		expect(out.httpCode).toBe(404);
	});
});

describe('get many', () => {
	it('Return All follows nextPageToken over several pages; one item per player', async () => {
		const ids = await seed(7);
		sb.requests.length = 0;
		const result = await run({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true, options: { pageSize: 2 } });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora').map((p) => p.id)).toEqual(ids);
		expect(sb.requests).toHaveLength(4);
		expect(sb.requests[0].query).toEqual({ pageSize: '2' });
		expect(sb.requests[1].query.pageToken).toBeTruthy();
	});

	it('Limit stops early and asks only for what it needs', async () => {
		const ids = await seed(7);
		sb.requests.length = 0;
		const result = await run({ resource: 'cloudPlayer', operation: 'getMany', returnAll: false, limit: 3 });
		expect(result.output('Agora').map((p) => p.id)).toEqual(ids.slice(0, 3));
		expect(sb.requests).toHaveLength(1);
		expect(sb.requests[0].query).toEqual({ pageSize: '3' });

		sb.requests.length = 0;
		const paged = await run({ resource: 'cloudPlayer', operation: 'getMany', returnAll: false, limit: 5, options: { pageSize: 2 } });
		expect(paged.output('Agora').map((p) => p.id)).toEqual(ids.slice(0, 5));
		expect(sb.requests).toHaveLength(3);
	});

	it('the channel filter reaches Agora as "channelName eq <channel>" (spaces encoded)', async () => {
		const ids = await seed(4, (i) => ({ channelName: i % 2 ? 'my room' : 'room1' }));
		sb.requests.length = 0;
		const result = await run({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true, filters: { channelName: 'my room' } });
		expect(result.output('Agora').map((p) => p.id)).toEqual([ids[1], ids[3]]);
		expect(sb.requests[0].query).toEqual({ filter: 'channelName eq my room', pageSize: '500' });
	});

	it('no players: no output items and no error', async () => {
		const result = await run({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([]);
	});

	it('items that carry only id, name and createTs pass through unchanged', async () => {
		const pages: Record<string, IDataObject> = {
			'': { totalSize: 3, fields: 'id,name,createTs', players: [{ id: 'a', name: 'n1', createTs: 1 }, { id: 'b', name: '', createTs: 2 }], nextPageToken: 't2' },
			t2: { totalSize: 3, fields: 'id,name,createTs', players: [{ id: 'c', name: 'n3', createTs: 3 }], nextPageToken: '' },
		};
		const seen: string[] = [];
		const server = http.createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://x');
			seen.push(url.pathname + url.search);
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify(pages[url.searchParams.get('pageToken') ?? '']));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const port = (server.address() as AddressInfo).port;
			const result = await run({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true }, [{}], {
				...credential,
				customBaseUrl: `http://127.0.0.1:${port}`,
			});
			expect(result.error('Agora')).toBeUndefined();
			expect(result.output('Agora')).toEqual([
				{ id: 'a', name: 'n1', createTs: 1 },
				{ id: 'b', name: '', createTs: 2 },
				{ id: 'c', name: 'n3', createTs: 3 },
			]);
			expect(seen).toEqual([
				`/v1/projects/${sb.appId}/cloud-player/players?pageSize=500`,
				`/v1/projects/${sb.appId}/cloud-player/players?pageSize=500&pageToken=t2`,
			]);
		} finally {
			server.close();
		}
	});
});

describe('update', () => {
	it('sends {"player": {...}} with the sequence query and outputs updated', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const before = Date.now();
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: id,
			region: 'na',
			updateFields: { streamUrl: 'https://media.example.com/next.flv', seekPosition: 3, isPause: true, volume: 150 },
		});
		expect(result.error('Agora')).toBeUndefined();
		const [out] = result.output('Agora');
		expect(out).toEqual({ updated: true, id, sequence: expect.any(Number), staleSequence: false, requestId: expect.any(String) });
		expect(out.sequence as number).toBeGreaterThanOrEqual(before);
		const req = sb.requests[0];
		expect(req.method).toBe('PATCH');
		expect(req.path).toBe(`/na/v1/projects/${sb.appId}/cloud-player/players/${id}`);
		expect(req.query).toEqual({ sequence: String(out.sequence) });
		expect(req.body).toEqual({ player: { streamUrl: 'https://media.example.com/next.flv', seekPosition: 3, isPause: true, audioOptions: { volume: 150 } } });
		expect(sb.players()[0]).toMatchObject({ isPause: true, volume: 150, seekPosition: 3, lastSequence: out.sequence });
	});

	it('the automatic sequence grows across executions and inside one execution', async () => {
		const [id] = await seed(1);
		const params = { resource: 'cloudPlayer', operation: 'update', playerId: id, region: 'na', updateFields: { volume: 10 } };
		const first = await run(params);
		const second = await run({ ...params, updateFields: { volume: 20 } });
		const s1 = first.output('Agora')[0].sequence as number;
		const s2 = second.output('Agora')[0].sequence as number;
		expect(s2).toBeGreaterThan(s1);
		// Three items in one execution: all applied, none ignored as stale.
		const many = await run({ ...params, updateFields: { volume: '={{$json.v}}' }, requestOptions: { concurrency: 1 } }, [{ v: 30 }, { v: 40 }, { v: 50 }]);
		const seqs = many.output('Agora').map((o) => o.sequence as number);
		expect(seqs[1]).toBeGreaterThan(seqs[0]);
		expect(seqs[2]).toBeGreaterThan(seqs[1]);
		expect(seqs[0]).toBeGreaterThan(s2);
		expect(sb.players()[0]).toMatchObject({ volume: 50, updatesApplied: 5, updatesIgnored: 0 });
	});

	it('an explicit sequence is sent as given', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({ resource: 'cloudPlayer', operation: 'update', playerId: id, region: 'na', updateFields: { isPause: false }, options: { sequence: 7 } });
		expect(result.output('Agora')[0]).toMatchObject({ updated: true, sequence: 7 });
		expect(sb.requests[0].query).toEqual({ sequence: '7' });
	});

	it('an unknown player is a 404 with the spec meaning', async () => {
		const result = await run({ resource: 'cloudPlayer', operation: 'update', playerId: 'nope', region: 'na', updateFields: { isPause: true } });
		expect(result.error('Agora')?.message).toContain('Resource is not found and destroyed.');
	});
});

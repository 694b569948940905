/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/** Cloud Player › Create, run through n8n's engine against the sandbox. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { decodeAccessToken2 } from '../../../../../sandbox/src/accessToken2Decoder';
import { createParams, credential, run, sb, seed, STREAM } from './setup';
import { apiField } from '../../../../lib/harness';

describe('create', () => {
	it('sends {"player": {...}} to the region path with only the fields that are set, and outputs the player', async () => {
		const result = await run(
			createParams({ additionalFields: { name: 'lobby_music-1', idleTimeout: 42 } }),
		);
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
			player: {
				streamUrl: STREAM,
				channelName: 'room1',
				uid: 555,
				name: 'lobby_music-1',
				idleTimeout: 42,
			},
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
				videoOptions: {
					width: 1280,
					height: 720,
					widthHeightAdaption: false,
					frameRate: 30,
					bitrate: 2000,
					codec: 'VP9',
					fillMode: 'fill',
				},
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
				videoOptions: {
					width: 1280,
					height: 720,
					widthHeightAdaption: false,
					frameRate: 30,
					bitrate: 2000,
					codec: 'VP9',
					fillMode: 'fill',
				},
			},
		});
		const [out] = result.output('Agora');
		expect(out).toMatchObject({
			account: 'stream bot',
			region: 'eu',
			channelName: 'my room',
			status: 'connecting',
		});
		const text = JSON.stringify(result.output('Agora'));
		expect(text).not.toContain('given-token-abc');
		expect(text).not.toContain('super-secret-encryption-key');
		expect(text).not.toContain('c2FsdHNhbHRz');
		expect(sb.players()[0]).toMatchObject({
			region: 'eu',
			streamIp: '203.0.113.10',
			account: 'stream bot',
		});
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
		const result = await run(
			createParams({
				uid: 9,
				additionalFields: { name: 'taken' },
				options: { onNameConflict: 'returnExisting' },
			}),
		);
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
		const result = await run(createParams(), [{}], {
			...credential,
			customerSecret: 'wrong-secret',
		});
		const error = result.error('Agora');
		expect(error?.message).toContain('401');
		expect(error?.message).toContain('Invalid authentication credentials');
		expect(String(error?.description)).toContain('no request id');
		expect(JSON.stringify(error)).not.toContain('wrong-secret');
	});

	it('continueOnFail: an invalid item gives an error item and the others run', async () => {
		const result = await run(
			createParams({ channelName: '={{$json.channel}}', uid: '={{$json.uid}}' }),
			[
				{ channel: 'ok', uid: 1 },
				{ channel: 'bad"quote', uid: 2 },
				{ channel: 'ok', uid: 3 },
			],
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
		[
			'stream URL scheme',
			createParams({ streamUrl: 'ftp://media.example.com/a.mp4' }),
			'player.streamUrl',
		],
		[
			'stream URL over 1024 bytes',
			createParams({ streamUrl: 'https://example.com/' + 'a'.repeat(1010) }),
			'player.streamUrl',
		],
		['empty channel', createParams({ channelName: '={{ "" }}' }), 'player.channelName'],
		['channel over 64 bytes', createParams({ channelName: 'c'.repeat(65) }), 'player.channelName'],
		['channel character', createParams({ channelName: 'room/1' }), 'player.channelName'],
		[
			'account over 255 bytes',
			createParams({ identityType: 'account', account: 'a'.repeat(256) }),
			'player.account',
		],
		[
			'account character',
			createParams({ identityType: 'account', account: 'bot*1' }),
			'player.account',
		],
		[
			'empty account',
			createParams({ identityType: 'account', account: '={{ "" }}' }),
			'player.account',
		],
		['uid above 2^32-1', createParams({ uid: 4294967296 }), 'player.uid'],
		['uid not whole', createParams({ uid: 1.5 }), 'player.uid'],
		['name character', createParams({ additionalFields: { name: 'has space' } }), 'player.name'],
		[
			'name over 64 bytes',
			createParams({ additionalFields: { name: 'n'.repeat(65) } }),
			'player.name',
		],
		[
			'play time too early',
			createParams({ additionalFields: { playTs: now - 90000 } }),
			'player.playTs',
		],
		[
			'play time too late',
			createParams({ additionalFields: { playTs: now + 3600 } }),
			'player.playTs',
		],
		['repeat time 0', createParams({ onDemandOptions: { repeatTime: 0 } }), 'player.repeatTime'],
		[
			'seek position negative',
			createParams({ onDemandOptions: { seekPosition: -1 } }),
			'player.seekPosition',
		],
		[
			'audio profile 6',
			createParams({ audioOptions: { profile: 6 } }),
			'player.audioOptions.profile',
		],
		[
			'idle timeout not a number',
			createParams({ additionalFields: { idleTimeout: '={{ "soon" }}' } }),
			'player.idleTimeout',
		],
		['video GOP 0', createParams({ videoOptions: { gop: 0 } }), 'player.videoOptions.gop'],
		['video width 65', createParams({ videoOptions: { width: 65 } }), 'player.videoOptions.width'],
		[
			'video height 1081',
			createParams({ videoOptions: { height: 1081 } }),
			'player.videoOptions.height',
		],
		[
			'frame rate 31',
			createParams({ videoOptions: { frameRate: 31 } }),
			'player.videoOptions.frameRate',
		],
		[
			'bitrate 10001',
			createParams({ videoOptions: { bitrate: 10001 } }),
			'player.videoOptions.bitrate',
		],
		[
			'fill mode',
			createParams({ videoOptions: { fillMode: 'stretch' } }),
			'player.videoOptions.fillMode',
		],
		[
			'encrypt mode',
			createParams({ encryption: true, encryptMode: 'rot13', encryptKey: 'k' }),
			'player.encryptMode',
		],
		[
			'gcm2 without salt',
			createParams({
				encryption: true,
				encryptMode: 'aes-128-gcm2',
				encryptKey: 'key1',
				encryptKdfSalt: '={{ "" }}',
			}),
			'player.encryptKdfSalt',
		],
		[
			'encryption on without key',
			createParams({ encryption: true, encryptMode: 'aes-128-xts', encryptKey: '={{ "" }}' }),
			'player.encryptKey',
		],
		['region', createParams({ region: 'xx' }), 'region'],
		['origin IP', createParams({ additionalFields: { streamIp: '300.1.2.3' } }), 'streamIp'],
		[
			'get many page size',
			{
				resource: 'cloudPlayer',
				operation: 'getMany',
				returnAll: true,
				options: { pageSize: 501 },
			},
			'options.pageSize',
		],
		[
			'get many channel filter',
			{ resource: 'cloudPlayer', operation: 'getMany', filters: { channelName: 'bad"chan' } },
			'channelName',
		],
		[
			'delete without id',
			{ resource: 'cloudPlayer', operation: 'delete', playerId: '={{ "" }}', region: 'na' },
			'id',
		],
		[
			'update sequence negative',
			{
				resource: 'cloudPlayer',
				operation: 'update',
				playerId: 'p1',
				region: 'na',
				updateFields: { isPause: true },
				options: { sequence: -1 },
			},
			'sequence',
		],
		[
			'update volume 201',
			{
				resource: 'cloudPlayer',
				operation: 'update',
				playerId: 'p1',
				region: 'na',
				updateFields: { volume: 201 },
			},
			'player.audioOptions.volume',
		],
		[
			'update stream URL scheme',
			{
				resource: 'cloudPlayer',
				operation: 'update',
				playerId: 'p1',
				region: 'na',
				updateFields: { streamUrl: 'rtsp://x.example.com/s' },
			},
			'player.streamUrl',
		],
		[
			'update with nothing to change',
			{
				resource: 'cloudPlayer',
				operation: 'update',
				playerId: 'p1',
				region: 'na',
				updateFields: {},
			},
			'player',
		],
		['get without id', { resource: 'cloudPlayer', operation: 'get', playerId: '  ' }, 'id'],
	];

	it.each(cases)(
		'%s is rejected naming the field, nothing sent',
		async (_label, parameters, field) => {
			const result = await run(parameters);
			const error = result.error('Agora');
			expect(apiField(error)).toBe(`${field}`);
			expect(sb.requests).toHaveLength(0);
		},
	);
});

describe('stream URL, GOP, profile and idle timeout as Agora documents them', () => {
	test.each([
		'http://a b',
		'http://ho st.example.com/x',
		'https://[::1/x',
		'rtmp://exa mple.com/live',
	])(
		'%p is not a URL: refused naming player.streamUrl on create and update, nothing sent',
		async (streamUrl) => {
			const create = await run(createParams({ streamUrl, uid: 5 }));
			expect(apiField(create.error('Agora'))).toBe('player.streamUrl');
			const [playerId] = await seed(1);
			sb.requests.length = 0;
			const update = await run({
				resource: 'cloudPlayer',
				operation: 'update',
				playerId,
				region: 'na',
				updateFields: { streamUrl },
			});
			expect(apiField(update.error('Agora'))).toBe('player.streamUrl');
			expect(sb.requests).toHaveLength(0);
		},
	);

	test('GOP and a lower-case profile are sent as Agora’s own example writes them', async () => {
		const result = await run(
			createParams({
				uid: 101,
				audioOptions: { profile: 1 },
				videoOptions: { codec: 'VP9', gop: 30, fillMode: 'fill' },
			}),
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.requests[0].status).toBe(200);
		expect((sb.requests[0].body as IDataObject).player).toMatchObject({
			audioOptions: { profile: 1 },
			videoOptions: { codec: 'VP9', gop: 30, fillMode: 'fill' },
		});
	});

	test.each([4, 601])(
		'idle timeout %i is passed on (Agora moves it into 5..600)',
		async (idleTimeout) => {
			const result = await run(createParams({ uid: 101, additionalFields: { idleTimeout } }));
			expect(result.error('Agora')).toBeUndefined();
			expect((sb.requests[0].body as { player: IDataObject }).player.idleTimeout).toBe(idleTimeout);
		},
	);

	// Media Pull "Create a cloud player" documents no rule against other members: Additional Body exists to send them.
	it('Additional Body members the form lacks are merged and sent, at the player and inside its option objects', async () => {
		const additionalBody = JSON.stringify({
			player: {
				futureField: 'x',
				videoOptions: { futureVideo: 1 },
				audioOptions: { futureAudio: true },
			},
		});
		const result = await run(createParams({ options: { additionalBody } }));
		expect(result.error('Agora')).toBeUndefined();
		expect((sb.requests[0].body as { player: IDataObject }).player).toMatchObject({
			futureField: 'x',
			videoOptions: { futureVideo: 1 },
			audioOptions: { futureAudio: true },
		});
	});

	it('what Agora calls invalid is still refused inside Additional Body', async () => {
		const result = await run(
			createParams({
				options: { additionalBody: '{"player": {"videoOptions": {"frameRate": 0}}}' },
			}),
		);
		expect(apiField(result.error('Agora'))).toBe('player.videoOptions.frameRate');
		expect(sb.requests).toHaveLength(0);
	});
});

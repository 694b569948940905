import type { AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { client, playerBody, playersPath } from '../src/helpers';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 5, playerQuota: 10000 });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

const now = (): number => Math.floor(Date.now() / 1000);

// [case, overrides of the player object (undefined deletes), field named in the message]
const rejected: [string, Record<string, unknown>, string][] = [
	['missing streamUrl', { streamUrl: undefined }, 'streamUrl'],
	['null streamUrl', { streamUrl: null }, 'streamUrl'],
	['empty streamUrl', { streamUrl: '' }, 'streamUrl'],
	['ftp streamUrl', { streamUrl: 'ftp://x/y.flv' }, 'streamUrl'],
	['rtsp streamUrl', { streamUrl: 'rtsp://x/y' }, 'streamUrl'],
	['streamUrl without host', { streamUrl: 'https://' }, 'streamUrl'],
	[
		'streamUrl over 1024 bytes',
		{ streamUrl: `https://x.example.com/${'a'.repeat(1010)}` },
		'streamUrl',
	],
	['streamUrl number', { streamUrl: 5 }, 'streamUrl'],
	['missing channelName', { channelName: undefined }, 'channelName'],
	['empty channelName', { channelName: '' }, 'channelName'],
	['channelName over 64 bytes', { channelName: 'c'.repeat(65) }, 'channelName'],
	['channelName with a quote', { channelName: "it's" }, 'channelName'],
	['channelName with a slash', { channelName: 'a/b' }, 'channelName'],
	['channelName non-ASCII', { channelName: 'café' }, 'channelName'],
	['neither uid nor account', { uid: undefined }, 'uid'],
	['both uid and account', { uid: 1, account: 'a' }, 'uid'],
	['account null', { uid: undefined, account: null }, 'account'],
	['account null with uid', { uid: 1, account: null }, 'account'],
	['empty account', { uid: undefined, account: '' }, 'account'],
	['account over 255 bytes', { uid: undefined, account: 'a'.repeat(256) }, 'account'],
	['account with a slash', { uid: undefined, account: 'a/b' }, 'account'],
	['uid negative', { uid: -1 }, 'uid'],
	['uid over 2^32-1', { uid: 4294967296 }, 'uid'],
	['uid fraction', { uid: 1.5 }, 'uid'],
	['uid string', { uid: '123' }, 'uid'],
	['name over 64 bytes', { name: 'n'.repeat(65) }, 'name'],
	['name with space', { name: 'my player' }, 'name'],
	['name with dot', { name: 'a.b' }, 'name'],
	['empty name', { name: '' }, 'name'],
	['idleTimeout string', { idleTimeout: '30' }, 'idleTimeout'],
	['playTs too old', { playTs: now() - 86400 - 60 }, 'playTs'],
	['playTs too far ahead', { playTs: now() + 400 }, 'playTs'],
	['playTs string', { playTs: 'now' }, 'playTs'],
	['encryptMode unknown', { encryptMode: 'aes-512' }, 'encryptMode'],
	['gcm2 without salt', { encryptMode: 'aes-128-gcm2', encryptKey: 'k' }, 'encryptKdfSalt'],
	[
		'gcm2 with salt 0',
		{ encryptMode: 'aes-256-gcm2', encryptKey: 'k', encryptKdfSalt: '0' },
		'encryptKdfSalt',
	],
	['repeatTime 0', { repeatTime: 0 }, 'repeatTime'],
	['repeatTime -2', { repeatTime: -2 }, 'repeatTime'],
	['repeatTime 1.5', { repeatTime: 1.5 }, 'repeatTime'],
	['seekPosition negative', { seekPosition: -1 }, 'seekPosition'],
	['audio Profile 6', { audioOptions: { Profile: 6 } }, 'Profile'],
	['audio Profile -1', { audioOptions: { Profile: -1 } }, 'Profile'],
	['video width 65', { videoOptions: { width: 65 } }, 'width'],
	['video width 1921', { videoOptions: { width: 1921 } }, 'width'],
	['video height 65', { videoOptions: { height: 65 } }, 'height'],
	['video height 1081', { videoOptions: { height: 1081 } }, 'height'],
	['video frameRate 0', { videoOptions: { frameRate: 0 } }, 'frameRate'],
	['video frameRate 31', { videoOptions: { frameRate: 31 } }, 'frameRate'],
	['video bitrate 0', { videoOptions: { bitrate: 0 } }, 'bitrate'],
	['video bitrate 10001', { videoOptions: { bitrate: 10001 } }, 'bitrate'],
	['video fillMode', { videoOptions: { fillMode: 'stretch' } }, 'fillMode'],
	['videoOptions not an object', { videoOptions: 'hd' }, 'videoOptions'],
	['dataStreamOptions.enable string', { dataStreamOptions: { enable: 'yes' } }, 'enable'],
];

describe('create validation: rejected with 400 {message}', () => {
	it.each(rejected)('%s', async (_n, over, field) => {
		const r = await api.post(playersPath(sb), playerBody(over));
		expect(r.status).toBe(400);
		expect(Object.keys(r.data)).toEqual(['message']);
		expect(r.data.message).toContain(field);
		expect(r.headers['x-resource-id']).toBeUndefined();
		expect(sb.players()).toHaveLength(0);
	});

	it('unwrapped body (no player object) is 400', async () => {
		const r = await api.post(playersPath(sb), playerBody().player);
		expect(r.status).toBe(400);
		expect(r.data.message).toContain('player');
	});
});

const accepted: [string, Record<string, unknown>][] = [
	['http url', { streamUrl: 'http://cdn.example.com/a.m3u8' }],
	['https image url', { streamUrl: 'https://cdn.example.com/a.png' }],
	['RTMP uppercase scheme', { streamUrl: 'RTMP://x.example.com/live/a' }],
	[
		'streamUrl of exactly 1024 bytes',
		{ streamUrl: `https://x.example.com/${'a'.repeat(1024 - 22)}` },
	],
	['channelName with every allowed punctuation', { channelName: 'aZ9 !#$%&()+-:;<=.>?@[]^_,{}|~' }],
	['channelName of 64 bytes', { channelName: 'c'.repeat(64) }],
	['uid 0', { uid: 0 }],
	['uid 2^32-1', { uid: 4294967295 }],
	['account of 255 bytes', { uid: undefined, account: 'a'.repeat(255) }],
	['uid null with account', { uid: null, account: 'acc' }],
	['name of 64 chars with - and _', { name: `${'n'.repeat(62)}-_` }],
	['name null', { name: null }],
	['token', { token: '007abc' }],
	['playTs 0', { playTs: 0 }],
	['playTs now - 86000', { playTs: now() - 86000 }],
	['playTs now + 200', { playTs: now() + 200 }],
	[
		'gcm2 with salt',
		{
			encryptMode: 'aes-256-gcm2',
			encryptKey: 'k',
			encryptKdfSalt: 'c2FsdHNhbHRzYWx0c2FsdHNhbHRzYWx0c2FsdHNhbHQ=',
		},
	],
	['aes-128-xts without salt', { encryptMode: 'aes-128-xts', encryptKey: 'k' }],
	['repeatTime -1', { repeatTime: -1 }],
	['repeatTime 3', { repeatTime: 3 }],
	['seekPosition 0.5', { seekPosition: 0.5 }],
	['audio Profile 0..5', { audioOptions: { Profile: 5 } }],
	[
		'video options at the bounds',
		{
			videoOptions: {
				width: 66,
				height: 1080,
				frameRate: 30,
				bitrate: 1,
				codec: 'H.265',
				fillMode: 'fill',
				widthHeightAdaption: true,
			},
		},
	],
	[
		'video options upper bounds',
		{
			videoOptions: {
				width: 1920,
				height: 66,
				frameRate: 1,
				bitrate: 10000,
				codec: 'VP9',
				fillMode: 'fit',
			},
		},
	],
	['dataStreamOptions', { dataStreamOptions: { enable: true } }],
	['unknown extra field', { somethingNew: 1 }],
];

describe('create validation: accepted', () => {
	it.each(accepted)('%s', async (_n, over) => {
		const r = await api.post(playersPath(sb), playerBody(over));
		expect(r.data).toEqual(expect.objectContaining({ fields: expect.any(String) }));
		expect(r.status).toBe(200);
	});
});

/* eslint-disable @typescript-eslint/no-explicit-any -- not part of the published package: request bodies edited freely per case */
/**
 * Each input Agora's documents call invalid is refused with Agora's code and body shape. Sources
 * (AgoraIO/docs-portal): the OpenAPI content/openapi/cloud-recording/cloud-recording.en.yaml,
 * api-reference/api-ref/cloud-recording/status-codes.mdx, cloud-recording/reference/common-errors.mdx,
 * cloud-recording/reference/region-vendor.mdx, build/start-a-recording/individual-mode.mdx.
 */
import type { AxiosInstance } from 'axios';
import { startSandbox, type Sandbox } from '../src/index';
import { agentPath, client, runningAgent, startBody } from '../src/helpers';
import { acquire, mixBody, root, startRecording, storage, webBody } from './recordingFixtures';

let sb: Sandbox;
let api: AxiosInstance;
let n = 0;
const uid = (): string => String(100000 + n++);

beforeAll(async () => {
	sb = await startSandbox({ clock: 'manual', startDelayMs: 10 });
	api = client(sb);
});
afterAll(() => sb.close());

type Body = Record<string, any>;
const cr = (b: Body): Body => b.clientRequest as Body;

async function startWith(mode: string, edit: (b: Body) => void, base?: Body) {
	const u = uid();
	const body = base ?? mixBody('room1', u);
	body.uid = u;
	const rid = await acquire(sb, api, String(body.cname), u);
	edit(body);
	return api.post(`${root(sb)}/resourceid/${rid}/mode/${mode}/start`, body);
}

const individual = (cname: string, u: string): Body => ({
	cname,
	uid: u,
	clientRequest: {
		recordingConfig: { channelType: 0, streamTypes: 2, maxIdleTime: 30, subscribeUidGroup: 0 },
		storageConfig: storage(),
	},
});

const web = (cname: string, u: string): Body => webBody(cname, u, storage());

describe('acquire (OpenAPI acquire-request; status-codes.mdx Acquire)', () => {
	const cases: Array<[string, Body, number, number]> = [
		[
			'uid as a number (OpenAPI uid: "an integer value enclosed in quotes")',
			{ cname: 'room1', uid: 527841, clientRequest: {} },
			400,
			2,
		],
		['uid 0 (OpenAPI uid: "cannot be 0")', { cname: 'room1', uid: '0', clientRequest: {} }, 400, 2],
		['uid above 2^32-1', { cname: 'room1', uid: '4294967296', clientRequest: {} }, 400, 2],
		['uid not an integer', { cname: 'room1', uid: '12a', clientRequest: {} }, 400, 2],
		['cname missing', { uid: '1', clientRequest: {} }, 400, 2],
		['clientRequest missing (required)', { cname: 'room1', uid: '1' }, 400, 2],
		[
			'cname with "/" (common-errors.mdx 1013 characters) -> 401 invalid_channel_name',
			{ cname: 'a/b', uid: '1', clientRequest: {} },
			400,
			401,
		],
		[
			'cname of 64 bytes (1013: "less than 64 bytes")',
			{ cname: 'c'.repeat(64), uid: '1', clientRequest: {} },
			400,
			401,
		],
		[
			'resourceExpiredHour 0 (OpenAPI minimum 1)',
			{ cname: 'room1', uid: '1', clientRequest: { resourceExpiredHour: 0 } },
			400,
			2,
		],
		[
			'resourceExpiredHour 721 (OpenAPI maximum 720)',
			{ cname: 'room1', uid: '1', clientRequest: { resourceExpiredHour: 721 } },
			400,
			2,
		],
		[
			'scene 3 (OpenAPI: 0 or 1)',
			{ cname: 'room1', uid: '1', clientRequest: { scene: 3 } },
			400,
			2,
		],
		[
			'region "US" (OpenAPI: CN, AP, EU, NA)',
			{ cname: 'room1', uid: '1', clientRequest: { region: 'US' } },
			400,
			2,
		],
	];
	it.each(cases)('%s', async (_name, body, status, code) => {
		const r = await api.post(`${root(sb)}/acquire`, body);
		expect(r.status).toBe(status);
		expect(r.data.code).toBe(code);
		expect(typeof r.data.reason).toBe('string');
	});

	it('the status page example reason for resourceExpiredHour', async () => {
		const r = await api.post(`${root(sb)}/acquire`, {
			cname: 'room1',
			uid: '1',
			clientRequest: { resourceExpiredHour: 0 },
		});
		expect(r.data).toEqual({ code: 2, reason: 'Acquire: invalid resourceExpiredHour value!' });
	});

	it('accepts the OpenAPI example, a 63-byte cname and the documented punctuation', async () => {
		for (const cname of ['httpClient463224', 'c'.repeat(63), 'a b!#$%&()+-:;<=.>?@[]^_{}|~,']) {
			const r = await api.post(`${root(sb)}/acquire`, {
				cname,
				uid: '527841',
				clientRequest: { scene: 0, resourceExpiredHour: 24 },
			});
			expect(r.status).toBe(200);
			expect(r.data).toEqual({ cname, uid: '527841', resourceId: expect.any(String) });
		}
	});

	it('web page recording (scene 1) takes any cname up to 1024 bytes (OpenAPI acquire-request cname)', async () => {
		const ok = await api.post(`${root(sb)}/acquire`, {
			cname: 'https://xxxxx',
			uid: '1',
			clientRequest: { scene: 1 },
		});
		expect(ok.status).toBe(200);
		const long = await api.post(`${root(sb)}/acquire`, {
			cname: 'x'.repeat(1025),
			uid: '1',
			clientRequest: { scene: 1 },
		});
		expect(long.data).toEqual({ code: 401, reason: 'invalid_channel_name' });
	});

	it('general errors come as {message} (status-codes.mdx General status codes)', async () => {
		const none = await client(sb, false).post(`${root(sb)}/acquire`, {});
		expect([none.status, none.data]).toEqual([401, { message: 'Unauthorized' }]);
		const wrong = await client({ ...sb, customerSecret: 'nope' } as Sandbox).post(
			`${root(sb)}/acquire`,
			{},
		);
		expect([wrong.status, wrong.data]).toEqual([
			401,
			{ message: 'Invalid authentication credentials' },
		]);
		const route = await api.get(`${root(sb)}/acquire`);
		expect([route.status, route.data]).toEqual([
			404,
			{ message: 'no Route matched with those values' },
		]);
		const app = await api.post(`/v1/apps/someoneelse/cloud_recording/acquire`, {
			cname: 'a',
			uid: '1',
			clientRequest: {},
		});
		expect([app.status, app.data]).toEqual([400, { code: 400, reason: 'invalid_appid' }]);
	});

	it('a body that is not JSON, or not sent as JSON, is code 8 (common-errors.mdx)', async () => {
		const text = await api.post(`${root(sb)}/acquire`, '{"cname":', {
			headers: { 'Content-Type': 'application/json' },
			transformRequest: [(d: unknown) => d],
		});
		expect([text.status, text.data.code]).toEqual([400, 8]);
		const plain = await api.post(`${root(sb)}/acquire`, 'cname=a', {
			headers: { 'Content-Type': 'text/plain' },
		});
		expect([plain.status, plain.data.code]).toEqual([400, 8]);
	});
});

describe('start (OpenAPI start-request and its schemas) -> 400 code 2', () => {
	const cases: Array<[string, string, (b: Body) => void]> = [
		[
			'avFileType ["mp4"] alone ("Setting to ["mp4"] alone causes an error")',
			'mix',
			(b) => (cr(b).recordingFileConfig = { avFileType: ['mp4'] }),
		],
		[
			'avFileType with "flv"',
			'mix',
			(b) => (cr(b).recordingFileConfig = { avFileType: ['hls', 'flv'] }),
		],
		['storageConfig missing (client-request required)', 'mix', (b) => delete cr(b).storageConfig],
		[
			'vendor 4 (not in the vendor list)',
			'mix',
			(b) => (cr(b).storageConfig = storage({ vendor: 4 })),
		],
		[
			'region 17 of Amazon S3 (region-vendor.mdx has no 17)',
			'mix',
			(b) => (cr(b).storageConfig = storage({ vendor: 1, region: 17 })),
		],
		[
			'region 1 of Azure (region-vendor.mdx: region = 0)',
			'mix',
			(b) => (cr(b).storageConfig = storage({ vendor: 5, region: 1 })),
		],
		[
			'vendor 11 without extensionParams.endpoint',
			'mix',
			(b) => (cr(b).storageConfig = storage({ vendor: 11, region: 0 })),
		],
		[
			'stsToken with Azure ("supported only for 1, 2, 3")',
			'mix',
			(b) => (cr(b).storageConfig = storage({ vendor: 5, region: 0, stsToken: 't' })),
		],
		[
			'fileNamePrefix with "_" (a-z A-Z 0-9 only)',
			'mix',
			(b) => (cr(b).storageConfig = storage({ fileNamePrefix: ['my_dir'] })),
		],
		[
			'fileNamePrefix over 128 characters with the slashes',
			'mix',
			(b) => (cr(b).storageConfig = storage({ fileNamePrefix: ['a'.repeat(64), 'b'.repeat(63)] })),
		],
		['bucket missing', 'mix', (b) => delete cr(b).storageConfig.bucket],
		['maxIdleTime 4 (minimum 5)', 'mix', (b) => (cr(b).recordingConfig.maxIdleTime = 4)],
		[
			'maxIdleTime 2592001 (maximum 2592000)',
			'mix',
			(b) => (cr(b).recordingConfig.maxIdleTime = 2592001),
		],
		[
			'channelType missing (recordingConfig required)',
			'mix',
			(b) => delete cr(b).recordingConfig.channelType,
		],
		['streamTypes 3', 'mix', (b) => (cr(b).recordingConfig.streamTypes = 3)],
		[
			'subscribeAudioUids with unsubscribeAudioUids ("Cannot be set together")',
			'mix',
			(b) =>
				Object.assign(cr(b).recordingConfig, {
					subscribeAudioUids: ['1'],
					unsubscribeAudioUids: ['2'],
				}),
		],
		[
			'33 subscribed uids ("cannot exceed 32")',
			'mix',
			(b) =>
				(cr(b).recordingConfig.subscribeAudioUids = Array.from({ length: 33 }, (_, i) =>
					String(i + 1),
				)),
		],
		[
			'decryptionMode 7 without salt',
			'mix',
			(b) => Object.assign(cr(b).recordingConfig, { decryptionMode: 7, secret: 's' }),
		],
		[
			'transcodingConfig 1920 x 1088 (max 1920 x 1080)',
			'mix',
			(b) => (cr(b).recordingConfig.transcodingConfig = { width: 1920, height: 1088 }),
		],
		[
			'layoutConfig with 18 regions (maxItems 17)',
			'mix',
			(b) =>
				(cr(b).recordingConfig.transcodingConfig = {
					mixedVideoLayout: 3,
					layoutConfig: Array.from({ length: 18 }, () => ({
						x_axis: 0,
						y_axis: 0,
						width: 0.1,
						height: 0.1,
					})),
				}),
		],
		[
			'vertical layout without maxResolutionUid',
			'mix',
			(b) => (cr(b).recordingConfig.transcodingConfig = { mixedVideoLayout: 2 }),
		],
		[
			'snapshotConfig in composite mode ("Only applicable in individual")',
			'mix',
			(b) => (cr(b).snapshotConfig = { fileType: ['jpg'] }),
		],
		[
			'subscribeUidGroup missing in individual mode ("Required in individual")',
			'individual',
			(b) => delete cr(b).recordingConfig.subscribeUidGroup,
		],
		[
			'subscribeUidGroup 6 (0..5)',
			'individual',
			(b) => (cr(b).recordingConfig.subscribeUidGroup = 6),
		],
		[
			'recordingConfig missing in individual mode (individual-mode.mdx: Required)',
			'individual',
			(b) => delete cr(b).recordingConfig,
		],
		[
			'captureInterval 4 (minimum 5)',
			'individual',
			(b) => (cr(b).snapshotConfig = { captureInterval: 4, fileType: ['jpg'] }),
		],
		[
			'captureInterval 3601 (maximum 3600)',
			'individual',
			(b) => (cr(b).snapshotConfig = { captureInterval: 3601, fileType: ['jpg'] }),
		],
		[
			'snapshot fileType png (only jpg)',
			'individual',
			(b) => (cr(b).snapshotConfig = { fileType: ['png'] }),
		],
		[
			'snapshots with streamTypes 0 ("must be 1 or 2")',
			'individual',
			(b) =>
				Object.assign(cr(b), {
					recordingConfig: { ...cr(b).recordingConfig, streamTypes: 0 },
					snapshotConfig: { fileType: ['jpg'] },
				}),
		],
		['web without extensionServiceConfig', 'web', (b) => delete cr(b).extensionServiceConfig],
		[
			'web maxRecordingHour 721',
			'web',
			(b) =>
				(cr(b).extensionServiceConfig.extensionServices[0].serviceParam.maxRecordingHour = 721),
		],
		[
			'web videoFps 61',
			'web',
			(b) => (cr(b).extensionServiceConfig.extensionServices[0].serviceParam.videoFps = 61),
		],
		[
			'web page without url',
			'web',
			(b) => delete cr(b).extensionServiceConfig.extensionServices[0].serviceParam.url,
		],
		[
			'extensionServiceConfig in composite mode',
			'mix',
			(b) => (cr(b).extensionServiceConfig = { extensionServices: [] }),
		],
		['mode "audio" (path enum individual, mix, web)', 'audio', () => undefined],
	];
	it.each(cases)('%s', async (_name, mode, edit) => {
		const base =
			mode === 'individual'
				? individual('room1', '1')
				: mode === 'web'
					? web('room1', '1')
					: undefined;
		const r = await startWith(mode, edit, base);
		expect(r.status).toBe(400);
		expect(r.data).toEqual({ code: 2, reason: expect.any(String) });
	});

	it('accepts the OpenAPI start example, the guide bodies and the region-vendor S3-compatible example', async () => {
		const bodies: Array<[string, Body]> = [
			['mix', mixBody('room1', '1')],
			['individual', individual('room1', '1')],
			['web', web('room1', '1')],
			[
				'mix',
				mixBody('room1', '1', {
					storageConfig: storage({
						vendor: 11,
						region: 0,
						fileNamePrefix: ['agora', 'meituan', 'test'],
						extensionParams: { endpoint: 'xxxxx.xxxxx.com' },
					}),
				}),
			],
			[
				'mix',
				mixBody('room1', '1', {
					storageConfig: storage({
						vendor: 1,
						region: 25,
						stsToken: 't',
						stsExpiration: 1900000000,
					}),
				}),
			],
		];
		for (const [mode, body] of bodies) {
			const r = await startWith(mode, () => undefined, body);
			expect([r.status, r.data.sid]).toEqual([200, expect.stringMatching(/^[0-9a-f]{32}$/)]);
		}
	});

	it('cname and uid must match acquire (common-errors.mdx 432); an unknown resource is 1001', async () => {
		const rid = await acquire(sb, api, 'room1', '555');
		const r = await api.post(
			`${root(sb)}/resourceid/${rid}/mode/mix/start`,
			mixBody('room1', '556'),
		);
		expect([r.status, r.data.code]).toEqual([400, 432]);
		const unknown = await api.post(
			`${root(sb)}/resourceid/nope/mode/mix/start`,
			mixBody('room1', '556'),
		);
		expect([unknown.status, unknown.data.code]).toEqual([400, 1001]);
	});

	it('start must be consistent with acquire startParameter (OpenAPI acquire-startParameter)', async () => {
		const body = mixBody('room1', uid());
		const r1 = await api.post(`${root(sb)}/acquire`, {
			cname: body.cname,
			uid: body.uid,
			clientRequest: {
				startParameter: {
					...cr(body),
					recordingConfig: { ...cr(body).recordingConfig, maxIdleTime: 60 },
				},
			},
		});
		const r = await api.post(`${root(sb)}/resourceid/${r1.data.resourceId}/mode/mix/start`, body);
		expect([r.status, r.data.code]).toEqual([400, 2]);
	});

	it("the recorder's uid must not be one already in the channel (OpenAPI uid)", async () => {
		await runningAgent(sb, api, { channel: 'busy1' });
		const r = await startWith('mix', () => undefined, mixBody('busy1', '1'));
		expect(r.status).toBe(200);
		const rid = await acquire(sb, api, 'busy1', '1001');
		const taken = await api.post(
			`${root(sb)}/resourceid/${rid}/mode/mix/start`,
			mixBody('busy1', '1001'),
		);
		expect([taken.status, taken.data.code]).toEqual([400, 2]);
		expect(taken.data.reason).toMatch(/1001/);
		await api.post(agentPath(sb, '/join'), startBody({ channel: 'other' }));
	});
});

describe('update, updateLayout, stop bodies', () => {
	it('refuses their invalid input with code 2 and a foreign cname or uid with 432', async () => {
		const u = uid();
		const s = await startRecording(sb, api, mixBody('room2', u));
		const update = (clientRequest: Body, id = u) =>
			api.post(s.path('update'), { cname: 'room2', uid: id, clientRequest });
		expect(
			(await update({ streamSubscribe: { audioUidList: { subscribeAudioUids: ['#allstream#'] } } }))
				.status,
		).toBe(200);
		expect((await update({ webRecordingConfig: { onhold: true } })).data.code).toBe(2);
		expect(
			(
				await update({
					streamSubscribe: {
						audioUidList: { subscribeAudioUids: ['1'], unsubscribeAudioUids: ['2'] },
					},
				})
			).data.code,
		).toBe(2);
		expect((await update({ storageConfig: storage({ region: 99 }) })).data.code).toBe(2);
		expect((await update({}, '999')).data.code).toBe(432);
		const layout = (clientRequest: Body) =>
			api.post(s.path('updateLayout'), { cname: 'room2', uid: u, clientRequest });
		expect(
			(
				await layout({
					mixedVideoLayout: 3,
					backgroundColor: '#FF0000',
					layoutConfig: [
						{
							uid: '1',
							x_axis: 0.1,
							y_axis: 0.1,
							width: 0.1,
							height: 0.1,
							alpha: 1,
							render_mode: 1,
						},
					],
				})
			).status,
		).toBe(200);
		expect((await layout({ mixedVideoLayout: 4 })).data.code).toBe(2);
		expect(
			(await layout({ layoutConfig: [{ x_axis: 1.5, y_axis: 0, width: 0.1, height: 0.1 }] })).data
				.code,
		).toBe(2);
		expect((await layout({ layoutConfig: [{ x_axis: 0, y_axis: 0, width: 0.1 }] })).data.code).toBe(
			2,
		);
		expect((await layout({ backgroundColor: 'red' })).data.code).toBe(2);
		const stop = await api.post(s.path('stop'), {
			cname: 'room2',
			uid: u,
			clientRequest: { async_stop: 'yes' },
		});
		expect([stop.status, stop.data.code]).toEqual([400, 2]);
		expect((await api.post(s.path('stop'), { cname: 'room2', uid: u })).data.code).toBe(2);
	});

	it('updateLayout is for composite recording only (its mode parameter: "Must be mix")', async () => {
		const u = uid();
		const s = await startRecording(sb, api, individual('room3', u), 'individual');
		const r = await api.post(s.path('updateLayout'), {
			cname: 'room3',
			uid: u,
			clientRequest: { mixedVideoLayout: 1 },
		});
		expect([r.status, r.data.code]).toEqual([400, 2]);
	});
});

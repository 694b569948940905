/**
 * The Cloud Recording request schemas against Agora's reference: its examples pass field for field,
 * what it calls invalid is refused with Agora's field path and the rule. Sources (AgoraIO/docs-portal):
 * content/openapi/cloud-recording/cloud-recording.en.yaml (request examples, ranges, enums, the
 * avFileType, subscribeUidGroup, layoutConfig, fileNamePrefix and stsToken notes),
 * realtime-media/cloud-recording/reference/common-errors.mdx (1013: channel name characters and length),
 * realtime-media/cloud-recording/reference/region-vendor.mdx (vendor and region codes),
 * ai/best-practices/record-agent-conversation.mdx (the agent-recording start body).
 */
import { describeZodError } from '../../../../nodes/shared/validate';
import {
	startRecordingRequestSchema,
	stopRecordingRequestSchema,
	updateLayoutRequestSchema,
	updateRecordingRequestSchema,
} from '../../../../nodes/Agora/schemas/cloudRecording';
import type { ZodType } from 'zod';

type Body = Record<string, unknown>;

// cloud-recording.en.yaml, start request example
const OPENAPI_START = {
	cname: 'httpClient463224',
	uid: '527841',
	clientRequest: {
		recordingConfig: {
			channelType: 1,
			streamTypes: 2,
			streamMode: 'default',
			videoStreamType: 0,
			maxIdleTime: 30,
			subscribeAudioUids: ['123', '456'],
			subscribeVideoUids: ['123', '456'],
			subscribeUidGroup: 0,
		},
		recordingFileConfig: { avFileType: ['hls'] },
		storageConfig: {
			vendor: 2,
			region: 3,
			bucket: 'xxxxx',
			accessKey: 'xxxxx',
			secretKey: 'xxxxx',
			fileNamePrefix: ['directory1', 'directory2'],
		},
	},
};
// cloud-recording.en.yaml, acquire request example's clientRequest
const OPENAPI_ACQUIRE = { scene: 0, resourceExpiredHour: 24 };

const start = (over: (b: Body) => void = () => {}, mode = 'individual'): Body => {
	const body = JSON.parse(JSON.stringify({ mode, ...OPENAPI_START, acquire: OPENAPI_ACQUIRE }));
	over(body);
	return body;
};

function problem(schema: ZodType, value: unknown): { field: string; rule: string } | undefined {
	const result = schema.safeParse(value);
	if (result.success) return undefined;
	const { field, rule } = describeZodError(result.error);
	return { field, rule };
}

const cr = (b: Body) => b.clientRequest as Body;
const rc = (b: Body) => cr(b).recordingConfig as Body;

describe('start', () => {
	it('accepts the OpenAPI start and acquire examples (individual mode) unchanged', () => {
		const body = start();
		expect(startRecordingRequestSchema.parse(body)).toEqual(body);
	});

	it('accepts the body of Agora’s agent-recording guide (mix, audio only, HLS and MP4)', () => {
		// record-agent-conversation.mdx, "Start recording"
		const body = {
			mode: 'mix',
			cname: 'AccessChannel',
			uid: '1000',
			acquire: {},
			clientRequest: {
				token: 't',
				recordingConfig: { maxIdleTime: 120, streamTypes: 0, audioProfile: 1, channelType: 1 },
				recordingFileConfig: { avFileType: ['hls', 'mp4'] },
				storageConfig: { vendor: 1, region: 0, bucket: 'b', accessKey: 'a', secretKey: 's' },
			},
		};
		expect(problem(startRecordingRequestSchema, body)).toBeUndefined();
	});

	it.each([
		[
			'a channel name with * (common-errors 1013)',
			(b: Body) => (b.cname = 'room*1'),
			'cname',
			/may only contain/,
		],
		[
			'a channel name of 65 bytes',
			(b: Body) => (b.cname = 'a'.repeat(65)),
			'cname',
			/at most 64 bytes/,
		],
		['recorder UID 0', (b: Body) => (b.uid = '0'), 'uid', /1 to 4294967295/],
		['recorder UID 2^32', (b: Body) => (b.uid = '4294967296'), 'uid', /1 to 4294967295/],
		['a numeric recorder UID', (b: Body) => (b.uid = 527841), 'uid', /written as a string/],
		[
			'["mp4"] alone',
			(b: Body) => ((cr(b).recordingFileConfig as Body).avFileType = ['mp4']),
			'clientRequest.recordingFileConfig.avFileType',
			/\["mp4"\] alone/,
		],
		[
			'no subscribeUidGroup in individual mode',
			(b: Body) => delete rc(b).subscribeUidGroup,
			'clientRequest.recordingConfig.subscribeUidGroup',
			/required in individual mode/,
		],
		[
			'subscribeUidGroup 6',
			(b: Body) => (rc(b).subscribeUidGroup = 6),
			'clientRequest.recordingConfig.subscribeUidGroup',
			/\[0, 5\]/,
		],
		[
			'maxIdleTime 4',
			(b: Body) => (rc(b).maxIdleTime = 4),
			'clientRequest.recordingConfig.maxIdleTime',
			/\[5, 2592000\]/,
		],
		[
			'maxIdleTime 2592001',
			(b: Body) => (rc(b).maxIdleTime = 2592001),
			'clientRequest.recordingConfig.maxIdleTime',
			/\[5, 2592000\]/,
		],
		[
			'resourceExpiredHour 721',
			(b: Body) => ((b.acquire as Body).resourceExpiredHour = 721),
			'acquire.resourceExpiredHour',
			/\[1, 720\]/,
		],
		[
			'resourceExpiredHour 0',
			(b: Body) => ((b.acquire as Body).resourceExpiredHour = 0),
			'acquire.resourceExpiredHour',
			/\[1, 720\]/,
		],
		[
			'a prefix with a dash',
			(b: Body) => ((cr(b).storageConfig as Body).fileNamePrefix = ['rec-ordings']),
			'clientRequest.storageConfig.fileNamePrefix',
			/a-z, A-Z and 0-9/,
		],
		[
			'a prefix of 129 characters with its slashes',
			(b: Body) =>
				((cr(b).storageConfig as Body).fileNamePrefix = ['a'.repeat(64), 'b'.repeat(63)]),
			'clientRequest.storageConfig.fileNamePrefix',
			/at most 128 characters/,
		],
		[
			'subscribe and unsubscribe audio together',
			(b: Body) => (rc(b).unsubscribeAudioUids = ['9']),
			'clientRequest.recordingConfig.unsubscribeAudioUids',
			/together with subscribeAudioUids/,
		],
		[
			'33 subscribed UIDs',
			(b: Body) => (rc(b).subscribeAudioUids = Array.from({ length: 33 }, (_, i) => String(i + 1))),
			'clientRequest.recordingConfig.subscribeAudioUids',
			/at most 32/,
		],
		[
			'vendor 4 (not in the region table)',
			(b: Body) => ((cr(b).storageConfig as Body).vendor = 4),
			'clientRequest.storageConfig.vendor',
			/storage vendors/,
		],
		[
			'Amazon S3 region 17 (not listed)',
			(b: Body) => Object.assign(cr(b).storageConfig as Body, { vendor: 1, region: 17 }),
			'clientRequest.storageConfig.region',
			/Amazon S3 regions/,
		],
		[
			'an STS token for Google Cloud',
			(b: Body) =>
				Object.assign(cr(b).storageConfig as Body, { vendor: 6, region: 0, stsToken: 't' }),
			'clientRequest.storageConfig.stsToken',
			/Amazon S3, Alibaba Cloud and Tencent Cloud/,
		],
		[
			'vendor 11 without an endpoint',
			(b: Body) => Object.assign(cr(b).storageConfig as Body, { vendor: 11, region: 0 }),
			'clientRequest.storageConfig.extensionParams.endpoint',
			/required for S3-compatible/,
		],
		[
			'streamMode original with video',
			(b: Body) => (rc(b).streamMode = 'original'),
			'clientRequest.recordingConfig.streamMode',
			/streamTypes 0/,
		],
		[
			'decryptionMode 7 without a salt',
			(b: Body) => Object.assign(rc(b), { decryptionMode: 7, secret: 'k' }),
			'clientRequest.recordingConfig.salt',
			/decryptionMode 7 or 8/,
		],
	])('refuses %s', (_name, change, field, rule) => {
		const found = problem(startRecordingRequestSchema, start(change));
		expect(found?.field).toBe(field);
		expect(found?.rule).toMatch(rule);
	});

	it('takes snapshots only in individual mode, with captureInterval 5 to 3600 and video', () => {
		const snap = (interval: number, mode = 'individual') =>
			start((b) => {
				delete cr(b).recordingFileConfig;
				if (mode === 'mix') delete rc(b).streamMode;
				cr(b).snapshotConfig = { captureInterval: interval, fileType: ['jpg'] };
			}, mode);
		expect(problem(startRecordingRequestSchema, snap(5))).toBeUndefined();
		expect(problem(startRecordingRequestSchema, snap(3601))?.field).toBe(
			'clientRequest.snapshotConfig.captureInterval',
		);
		expect(problem(startRecordingRequestSchema, snap(4))?.rule).toMatch(/\[5, 3600\]/);
		expect(problem(startRecordingRequestSchema, snap(10, 'mix'))?.field).toBe(
			'clientRequest.snapshotConfig',
		);
		const audioOnly = snap(10);
		rc(audioOnly).streamTypes = 0;
		expect(problem(startRecordingRequestSchema, audioOnly)?.rule).toMatch(
			/1 or 2 when taking snapshots/,
		);
	});

	it('mix layouts: width × height at most 1920 × 1080, 17 windows, maxResolutionUid with the vertical layout', () => {
		const mix = (transcodingConfig: Body) =>
			start((b) => {
				delete rc(b).subscribeUidGroup;
				delete rc(b).streamMode;
				rc(b).transcodingConfig = transcodingConfig;
			}, 'mix');
		expect(
			problem(startRecordingRequestSchema, mix({ width: 1920, height: 1080 })),
		).toBeUndefined();
		expect(problem(startRecordingRequestSchema, mix({ width: 1920, height: 1081 }))?.rule).toMatch(
			/1920 × 1080/,
		);
		expect(problem(startRecordingRequestSchema, mix({ mixedVideoLayout: 2 }))?.field).toBe(
			'clientRequest.recordingConfig.transcodingConfig.maxResolutionUid',
		);
	});

	it('web mode: the page URL is required, maxRecordingHour 1 to 720, videoFps 5 to 60', () => {
		const web = (serviceParam: Body) => ({
			mode: 'web',
			cname: 'a web page recording with a long name '.repeat(20),
			uid: '1',
			acquire: { scene: 1 },
			clientRequest: {
				recordingFileConfig: { avFileType: ['hls', 'mp4'] },
				storageConfig: OPENAPI_START.clientRequest.storageConfig,
				extensionServiceConfig: {
					extensionServices: [{ serviceName: 'web_recorder_service', serviceParam }],
				},
			},
		});
		const ok = {
			url: 'https://x.test',
			audioProfile: 0,
			videoWidth: 1280,
			videoHeight: 720,
			maxRecordingHour: 1,
		};
		// In web mode cname only tells recordings apart and may hold 1024 bytes.
		expect(problem(startRecordingRequestSchema, web(ok))).toBeUndefined();
		expect(problem(startRecordingRequestSchema, web({ ...ok, maxRecordingHour: 721 }))?.field).toBe(
			'clientRequest.extensionServiceConfig.extensionServices[0].serviceParam.maxRecordingHour',
		);
		expect(problem(startRecordingRequestSchema, web({ ...ok, videoFps: 61 }))?.rule).toMatch(
			/\[5, 60\]/,
		);
	});
});

describe('update, updateLayout, stop', () => {
	const session = {
		resourceId: 'r',
		sid: 's',
		mode: 'mix',
		cname: 'httpClient463224',
		uid: '527841',
	};

	it('accept the OpenAPI update, updateLayout and stop examples', () => {
		// cloud-recording.en.yaml, update request example
		const update = {
			...session,
			clientRequest: {
				streamSubscribe: {
					audioUidList: { subscribeAudioUids: ['#allstream#'] },
					videoUidList: { unsubscribeVideoUids: ['444', '555', '666'] },
				},
			},
		};
		expect(problem(updateRecordingRequestSchema, update)).toBeUndefined();
		// updateLayout request example
		const layout = {
			...session,
			clientRequest: {
				mixedVideoLayout: 3,
				backgroundColor: '#FF0000',
				layoutConfig: [
					{ uid: '1', x_axis: 0.1, y_axis: 0.1, width: 0.1, height: 0.1, alpha: 1, render_mode: 1 },
					{ uid: '2', x_axis: 0.2, y_axis: 0.2, width: 0.1, height: 0.1, alpha: 1, render_mode: 1 },
				],
			},
		};
		expect(problem(updateLayoutRequestSchema, layout)).toBeUndefined();
		// stop request example
		expect(
			problem(stopRecordingRequestSchema, { ...session, clientRequest: { async_stop: false } }),
		).toBeUndefined();
	});

	it('refuse a second RTMP output (one CDN push at a time), x_axis above 1 and an empty update', () => {
		const web = { ...session, mode: 'web' };
		const two = { outputs: [{ rtmpUrl: 'rtmp://a/b' }, { rtmpUrl: 'rtmp://c/d' }] };
		expect(
			problem(updateRecordingRequestSchema, { ...web, clientRequest: { rtmpPublishConfig: two } })
				?.rule,
		).toMatch(/at most 1/);
		const far = {
			...session,
			clientRequest: {
				mixedVideoLayout: 3,
				layoutConfig: [{ x_axis: 1.5, y_axis: 0, width: 0.1, height: 0.1 }],
			},
		};
		expect(problem(updateLayoutRequestSchema, far)?.field).toBe(
			'clientRequest.layoutConfig[0].x_axis',
		);
		expect(problem(updateRecordingRequestSchema, { ...session, clientRequest: {} })?.rule).toMatch(
			/needs something to update/,
		);
	});
});

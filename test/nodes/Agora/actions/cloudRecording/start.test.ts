/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Cloud Recording › Start through n8n's engine against the sandbox. Sources (AgoraIO/docs-portal):
 * content/openapi/cloud-recording/cloud-recording.en.yaml (acquire and start bodies),
 * content/docs/en/ai/best-practices/record-agent-conversation.mdx (the agent-recording start body),
 * api-reference/api-ref/cloud-recording/status-codes.mdx (201 code 7, 400 code 53).
 */
import { recordings, run, recordingCalls, sb, started } from './setup';
import { agentRecordingStartBody } from './storageExample';

const startBody = () =>
	sb.requests.find((r) => r.path.endsWith('/start'))?.body as Record<string, unknown>;
const acquireBody = () =>
	sb.requests.find((r) => r.path.endsWith('/acquire'))?.body as Record<string, unknown>;

describe('start', () => {
	it('"Conversation audio, one file" sends the body of Agora’s agent-recording guide (mix, audio, HLS + MP4)', async () => {
		const out = await started({ options: { maxIdleTime: 120 } });
		expect(recordingCalls()).toEqual(['POST acquire', 'POST start']);
		const body = startBody();
		// record-agent-conversation.mdx, "Start recording": recordingConfig and recordingFileConfig field for field
		expect(body).toEqual(
			agentRecordingStartBody('room1', out.uid, 120, ['directory1', 'directory2']),
		);
		expect(acquireBody()).toEqual({ cname: 'room1', uid: out.uid, clientRequest: {} });
		expect(sb.requests.find((r) => r.path.endsWith('/start'))?.path).toMatch(/\/mode\/mix\/start$/);
		expect(out).toEqual({
			recording: 'started',
			resourceId: expect.any(String),
			sid: expect.any(String),
			mode: 'mix',
			cname: 'room1',
			uid: out.uid,
			whatToRecord: 'conversationAudio',
			fileNamePrefix: 'directory1/directory2',
			storage: { vendor: 'alibabaCloud', region: 'CN_Beijing', bucket: 'xxxxx' },
			requestId: expect.any(String),
		});
		expect(JSON.stringify(out)).not.toContain('storage-secret-canary');
		expect(recordings()).toHaveLength(1);
	});

	it('picks the same recorder UID for the same channel, in the top half of the UID range', async () => {
		const first = await started({ channelName: 'same-channel' });
		// Stop reads the recording from Start's output item.
		await run({ operation: 'stop' }, [first]);
		const second = await started({ channelName: 'same-channel' });
		expect(second.uid).toBe(first.uid);
		expect(Number(first.uid)).toBeGreaterThanOrEqual(2 ** 31);
		const other = await started({ channelName: 'other-channel' });
		expect(other.uid).not.toBe(first.uid);
	});

	it('"Each speaker separately" is individual mode with subscribeUidGroup and HLS', async () => {
		await started({ whatToRecord: 'eachSpeaker', options: { recorderUid: 527841 } });
		const body = startBody();
		expect(sb.requests.find((r) => r.path.endsWith('/start'))?.path).toMatch(
			/\/mode\/individual\/start$/,
		);
		expect(body.uid).toBe('527841');
		expect((body.clientRequest as Record<string, unknown>).recordingConfig).toEqual({
			channelType: 1,
			streamTypes: 0,
			subscribeUidGroup: 0,
		});
		expect((body.clientRequest as Record<string, unknown>).recordingFileConfig).toEqual({
			avFileType: ['hls'],
		});
	});

	it('"Snapshots" sends snapshotConfig and no recordingFileConfig (individual mode)', async () => {
		await started({ whatToRecord: 'snapshots', options: { captureInterval: 5 } });
		const request = startBody().clientRequest as Record<string, unknown>;
		expect(request.snapshotConfig).toEqual({ captureInterval: 5, fileType: ['jpg'] });
		expect(request.recordingFileConfig).toBeUndefined();
		expect(request.recordingConfig).toMatchObject({ streamTypes: 1, subscribeUidGroup: 0 });
	});

	it('"Web page" acquires with scene 1 and starts web mode with web_recorder_service', async () => {
		const out = await started({
			whatToRecord: 'webPage',
			channelName: 'page-recording',
			webPageUrl: 'https://example.org/board',
			options: { maxRecordingHour: 1 },
		});
		expect(out.mode).toBe('web');
		expect(acquireBody().clientRequest).toEqual({ scene: 1 });
		const request = startBody().clientRequest as Record<string, unknown>;
		expect(request.recordingConfig).toBeUndefined();
		expect(request.extensionServiceConfig).toEqual({
			extensionServices: [
				{
					serviceName: 'web_recorder_service',
					errorHandlePolicy: 'error_abort',
					serviceParam: {
						url: 'https://example.org/board',
						audioProfile: 0,
						videoWidth: 1280,
						videoHeight: 720,
						maxRecordingHour: 1,
					},
				},
			],
		});
	});

	it('a token is generated for the recorder UID when the credential has an App Certificate', async () => {
		const certificate = '0123456789abcdef0123456789abcdef';
		sb.configure({ appCertificate: certificate } as never);
		const { credential } = await import('./setup');
		const result = await run(
			{ operation: 'start', channelName: 'secured', options: { recorderUid: 4321 } },
			[{}],
			{ cred: { ...credential, appCertificate: certificate } },
		);
		expect(result.error('Agora')).toBeUndefined();
		const token = (startBody().clientRequest as Record<string, unknown>).token;
		expect(String(token)).toMatch(/^007/);
	});

	it('a second start of the same channel and recorder UID is refused with Agora’s 400 code 53, named', async () => {
		await started({ options: { recorderUid: 77 } });
		const result = await run({
			operation: 'start',
			channelName: 'room1',
			options: { recorderUid: 77 },
		});
		const error = result.error('Agora');
		expect(error?.message).toContain('400 code 53');
		expect(error?.message).toContain('task conflict');
		expect(String(error?.description)).toContain('Give another Recorder UID');
		expect(recordings().filter((r) => ![8, 20].includes(r.status))).toHaveLength(1);
	});
});

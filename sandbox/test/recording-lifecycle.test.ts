/**
 * Cloud Recording's state machine on the manual clock, its faults and notifications. Sources
 * (AgoraIO/docs-portal): content/openapi/cloud-recording/cloud-recording.en.yaml (acquire callout
 * "valid for five minutes", resourceExpiredHour, query-serverResponse.status, the stop callout on
 * maxIdleTime), api-reference/api-ref/cloud-recording/status-codes.mdx (201 code 7, 206 code 65,
 * 400 code 49 and 53, 404 "failed to find worker", its FAQ on failover), cloud-recording/reference/
 * common-errors.mdx (433), build/best-practices/integration-best-practices.mdx ("QPS limit is 10
 * per App ID"), build/handle-events/receive-notifications.mdx (event types and payloads).
 */
import type { AxiosInstance } from 'axios';
import type { Sandbox } from '../src/index';
import { agentPath, client, runningAgent, waitFor } from '../src/helpers';
import { startReceiver, type Notice, type Party } from './loopFixtures';
import {
	acquire,
	mixBody,
	recordingSandbox,
	root,
	startRecording,
	stop,
	storage,
} from './recordingFixtures';

let sb: Sandbox;
let api: AxiosInstance;
let receiver: Party & { notices: Notice[] };
let n = 0;
const uid = (): string => String(200000 + n++);

beforeAll(async () => {
	receiver = await startReceiver();
	sb = await recordingSandbox(receiver.url);
	api = client(sb);
});
afterAll(async () => {
	await sb.close();
	await receiver.close();
});

const eventsOf = (sid: string): Array<{ eventType: number; details: Record<string, unknown> }> =>
	receiver.notices
		.filter((x) => x.payload.sid === sid)
		.sort((a, b) => Number(a.payload.sequence) - Number(b.payload.sequence))
		.map((x) => ({
			eventType: x.eventType,
			details: x.payload.details as Record<string, unknown>,
		}));

describe('acquire -> start -> query -> stop', () => {
	it('walks the statuses, answers each documented shape and sends product 3 notifications', async () => {
		const agent = await runningAgent(sb, api, { channel: 'life1' });
		const u = uid();
		const s = await startRecording(sb, api, mixBody('life1', u));
		const q = await api.get(s.path('query'));
		expect(q.status).toBe(200);
		expect(q.data).toMatchObject({ cname: 'life1', uid: u, resourceId: s.resourceId, sid: s.sid });
		// the greeting is heard: the first slice exists, status 5 "In progress"
		sb.clock.advance(1000);
		const q2 = await api.get(s.path('query'));
		expect(q2.data.serverResponse).toMatchObject({ status: 5, fileListMode: 'json' });
		expect(q2.data.serverResponse.fileList.map((f: { fileName: string }) => f.fileName)).toEqual([
			`directory1/directory2/${s.sid}_life1_0.mp4`,
			`directory1/directory2/${s.sid}_life1.m3u8`,
		]);
		// a second start with the same resource: 201 code 7 "already started"
		const again = await api.post(
			`${root(sb)}/resourceid/${s.resourceId}/mode/mix/start`,
			mixBody('life1', u),
		);
		expect([again.status, again.data]).toEqual([201, { code: 7, reason: 'already started' }]);
		// the same cname and uid with a new resource: 400 code 53 "task conflict"
		const rid = await acquire(sb, api, 'life1', u);
		const conflict = await api.post(
			`${root(sb)}/resourceid/${rid}/mode/mix/start`,
			mixBody('life1', u),
		);
		expect([conflict.status, conflict.data]).toEqual([400, { code: 53, reason: 'task conflict' }]);
		// no storage endpoint is known for vendor 2 here: the files stay in Agora's backup (206 backuped)
		const stopped = await stop(api, s, 'life1', u);
		expect(stopped.status).toBe(206);
		expect(stopped.data.serverResponse).toMatchObject({
			uploadingStatus: 'backuped',
			fileListMode: 'json',
		});
		expect(stopped.data.serverResponse.fileList[0]).toEqual({
			fileName: `directory1/directory2/${s.sid}_life1_0.mp4`,
			trackType: 'audio',
			uid: '0',
			mixedAllUser: true,
			isPlayable: true,
			sliceStartTime: expect.any(Number),
		});
		const gone = await api.get(s.path('query'));
		expect([gone.status, gone.data]).toEqual([404, { code: 404, reason: 'failed to find worker' }]);
		await waitFor(() => eventsOf(s.sid).some((e) => e.eventType === 11));
		expect(eventsOf(s.sid).map((e) => e.eventType)).toEqual([
			30, 40, 42, 43, 4, 3, 41, 2, 33, 32, 11,
		]);
		const envelope = receiver.notices.find((x) => x.payload.sid === s.sid && x.eventType === 41)!;
		expect(envelope.payload).toMatchObject({
			cname: 'life1',
			uid: u,
			serviceType: 1,
			sendts: expect.any(Number),
		});
		expect(eventsOf(s.sid).find((e) => e.eventType === 41)!.details).toEqual({
			msgName: 'recorder_leave',
			leaveCode: 16,
		});
		expect(eventsOf(s.sid).find((e) => e.eventType === 11)!.details).toEqual({
			msgName: 'session_exit',
			exitStatus: 0,
		});
		await api.post(agentPath(sb, `/agents/${agent}/leave`));
	});

	it('a stop with nothing recorded is 206 code 435; a second stop is 404 (the worker is gone)', async () => {
		const u = uid();
		const s = await startRecording(sb, api, mixBody('empty1', u));
		const r = await stop(api, s, 'empty1', u);
		expect([r.status, r.data]).toEqual([206, { code: 435, reason: 'no recorded data' }]);
		expect((await stop(api, s, 'empty1', u)).status).toBe(404);
	});

	it('an asynchronous stop answers at once with uploadingStatus "unknown"', async () => {
		const u = uid();
		await runningAgent(sb, api, { channel: 'async1' });
		const s = await startRecording(sb, api, mixBody('async1', u));
		sb.clock.advance(2000);
		const r = await stop(api, s, 'async1', u, true);
		expect([r.status, r.data.serverResponse]).toEqual([200, { uploadingStatus: 'unknown' }]);
		await waitFor(() => eventsOf(s.sid).some((e) => e.eventType === 11));
	});
});

describe('time', () => {
	it('a resource not started within five minutes is 433', async () => {
		const u = uid();
		const rid = await acquire(sb, api, 'late1', u);
		sb.clock.advance(5 * 60 * 1000 + 1);
		const r = await api.post(`${root(sb)}/resourceid/${rid}/mode/mix/start`, mixBody('late1', u));
		expect([r.status, r.data.code]).toEqual([400, 433]);
	});

	it('after resourceExpiredHour query, update and stop are refused', async () => {
		const u = uid();
		await runningAgent(sb, api, { channel: 'hour1' });
		const res = await api.post(`${root(sb)}/acquire`, {
			cname: 'hour1',
			uid: u,
			clientRequest: { resourceExpiredHour: 1 },
		});
		const start = await api.post(
			`${root(sb)}/resourceid/${res.data.resourceId}/mode/mix/start`,
			mixBody('hour1', u),
		);
		const path = `${root(sb)}/resourceid/${res.data.resourceId}/sid/${start.data.sid}/mode/mix/query`;
		sb.clock.advance(3600 * 1000 - 1);
		expect((await api.get(path)).status).toBe(200);
		sb.clock.advance(2);
		expect((await api.get(path)).data.code).toBe(433);
	});

	it('leaves after maxIdleTime with nobody in the channel (recorder_leave leaveCode 4)', async () => {
		const u = uid();
		const agent = await runningAgent(sb, api, { channel: 'idle1' });
		const body = mixBody('idle1', u);
		(
			body.clientRequest as { recordingConfig: Record<string, unknown> }
		).recordingConfig.maxIdleTime = 30;
		const s = await startRecording(sb, api, body);
		sb.clock.advance(60_000);
		expect((await api.get(s.path('query'))).status).toBe(200);
		await api.post(agentPath(sb, `/agents/${agent}/leave`));
		sb.clock.advance(sb.options().stopDelayMs + 29_999);
		expect((await api.get(s.path('query'))).status).toBe(200);
		sb.clock.advance(1);
		await waitFor(() => eventsOf(s.sid).some((e) => e.eventType === 11));
		expect(eventsOf(s.sid).find((e) => e.eventType === 41)!.details.leaveCode).toBe(4);
		expect((await api.get(s.path('query'))).status).toBe(404);
	});

	it('a recording started in an empty channel leaves after maxIdleTime too', async () => {
		const u = uid();
		const s = await startRecording(sb, api, mixBody('nobody1', u));
		sb.clock.advance(120_000);
		await waitFor(() => eventsOf(s.sid).some((e) => e.eventType === 11));
		expect(eventsOf(s.sid).filter((e) => e.eventType === 31 || e.eventType === 32)).toEqual([]);
	});
});

describe('faults on demand', () => {
	it('206 code 65: nothing happens, the same request sent again succeeds', async () => {
		const u = uid();
		const rid = await acquire(sb, api, 'f65', u);
		sb.injectFault({ kind: '206-65', pathIncludes: '/start' });
		const r = await api.post(`${root(sb)}/resourceid/${rid}/mode/mix/start`, mixBody('f65', u));
		expect([r.status, r.data]).toEqual([206, { code: 65, reason: 'request not completed' }]);
		const again = await api.post(`${root(sb)}/resourceid/${rid}/mode/mix/start`, mixBody('f65', u));
		expect(again.status).toBe(200);
	});

	it('a start whose answer is lost (drop-after-commit) has started: sent again it is 201 code 7', async () => {
		const u = uid();
		const rid = await acquire(sb, api, 'crash1', u);
		sb.injectFault({ kind: 'drop-after-commit', pathIncludes: '/start' });
		await expect(
			api.post(`${root(sb)}/resourceid/${rid}/mode/mix/start`, mixBody('crash1', u)),
		).rejects.toThrow();
		expect(sb.requests.at(-1)?.status).toBe(0);
		const again = await api.post(
			`${root(sb)}/resourceid/${rid}/mode/mix/start`,
			mixBody('crash1', u),
		);
		expect([again.status, again.data.code]).toEqual([201, 7]);
	});

	it('failover: 404 "failed to find worker" for a while, then the same recording answers again', async () => {
		const u = uid();
		await runningAgent(sb, api, { channel: 'ha1' });
		const s = await startRecording(sb, api, mixBody('ha1', u));
		sb.injectFault({ kind: 'failover', pathIncludes: s.sid, durationMs: 60_000 });
		const during = await api.get(s.path('query'));
		expect([during.status, during.data]).toEqual([
			404,
			{ code: 404, reason: 'failed to find worker' },
		]);
		sb.clock.advance(59_999);
		expect((await api.get(s.path('query'))).status).toBe(404);
		sb.clock.advance(1);
		expect((await api.get(s.path('query'))).data.sid).toBe(s.sid);
		await waitFor(() => eventsOf(s.sid).some((e) => e.eventType === 12));
		expect(eventsOf(s.sid).find((e) => e.eventType === 12)!.details).toEqual({
			msgName: 'session_failover',
			newUid: expect.any(Number),
		});
	});

	it('the control API fails a recording over by sid', async () => {
		const u = uid();
		await runningAgent(sb, api, { channel: 'ha2' });
		const s = await startRecording(sb, api, mixBody('ha2', u));
		const c = await client(sb, false).post(`/_sandbox/recordings/${s.sid}/failover`, {
			durationMs: 1000,
		});
		expect(c.status).toBe(200);
		expect(JSON.stringify(c.data)).not.toMatch(/secretKey|accessKey/);
		expect((await api.get(s.path('query'))).status).toBe(404);
		sb.clock.advance(1000);
		expect((await api.get(s.path('query'))).status).toBe(200);
	});

	it('429 on demand and, with rateLimits, beyond 10 requests per second per App ID', async () => {
		sb.injectFault({ kind: '429', pathIncludes: '/cloud_recording/' });
		const r = await api.post(`${root(sb)}/acquire`, { cname: 'q1', uid: '1', clientRequest: {} });
		expect([r.status, r.data]).toEqual([429, { message: 'API rate limit exceeded' }]);
		sb.configure({ rateLimits: true });
		try {
			const statuses: number[] = [];
			for (let i = 0; i < 11; i++)
				statuses.push(
					(await api.post(`${root(sb)}/acquire`, { cname: 'q1', uid: '1', clientRequest: {} }))
						.status,
				);
			expect(statuses).toEqual([...Array(10).fill(200), 429]);
			sb.clock.advance(1000);
			expect(
				(await api.post(`${root(sb)}/acquire`, { cname: 'q1', uid: '1', clientRequest: {} }))
					.status,
			).toBe(200);
		} finally {
			sb.configure({ rateLimits: false });
		}
	});
});

describe('a token the recorder cannot join with (common-errors.mdx 110)', () => {
	it('exits abnormally: event 1 with errorCode 110, recorder_leave 0, session_exit 1', async () => {
		const u = uid();
		const body = mixBody('tok1', u, { token: '007notatoken', storageConfig: storage() });
		const s = await startRecording(sb, api, body);
		await waitFor(() => eventsOf(s.sid).some((e) => e.eventType === 11));
		const events = eventsOf(s.sid);
		expect(events.map((e) => e.eventType)).toEqual([1, 41, 11]);
		expect(events[0].details).toMatchObject({ msgName: 'cloud_recording_error', errorCode: 110 });
		expect(events[2].details.exitStatus).toBe(1);
		expect((await api.get(s.path('query'))).status).toBe(404);
	});
});

/**
 * Cloud Recording notifications (productId 3) through the Agora Trigger: the sandbox's recording
 * sends them signed as Agora does; events are selected by name and their codes read in words.
 * Source (AgoraIO/docs-portal): realtime-media/cloud-recording/build/handle-events/
 * receive-notifications.mdx (event types, payload fields, leaveCode bits, serviceType, module,
 * errorLevel, status codes).
 */
import { sleep } from 'n8n-workflow';

import { client, runningAgent } from '../../../sandbox/src/helpers';
import { setup } from './setup';

describe('Cloud Recording notifications', () => {
	it('a recording’s own notifications start the workflow for the chosen events, with the file list', async () => {
		const { trigger, sb } = await setup({
			product: 'cloudRecording',
			cloudRecordingEvents: ['uploaded', 'backuped', 'recorder_leave'],
		});
		const api = client(sb);
		await runningAgent(sb, api, { channel: 'notified' });
		const root = `/v1/apps/${sb.appId}/cloud_recording`;
		const body = {
			cname: 'notified',
			uid: '5000',
			clientRequest: {
				recordingConfig: { channelType: 1, streamTypes: 0, audioProfile: 1, maxIdleTime: 30 },
				recordingFileConfig: { avFileType: ['hls', 'mp4'] },
				storageConfig: { vendor: 2, region: 3, bucket: 'b', accessKey: 'a', secretKey: 's' },
			},
		};
		const acquired = await api.post(`${root}/acquire`, {
			cname: 'notified',
			uid: '5000',
			clientRequest: {},
		});
		const rid = acquired.data.resourceId as string;
		const startedRecording = await api.post(`${root}/resourceid/${rid}/mode/mix/start`, body);
		expect(startedRecording.status).toBe(200);
		sb.clock.advance(1000);
		const sid = startedRecording.data.sid as string;
		await api.post(`${root}/resourceid/${rid}/sid/${sid}/mode/mix/stop`, {
			cname: 'notified',
			uid: '5000',
			clientRequest: { async_stop: false },
		});
		for (let i = 0; i < 200 && trigger.started().length < 2; i++) {
			sb.clock.advance(100);
			await sleep(10);
		}
		await trigger.settle();
		const items = trigger.started().map((started) => started[0]);
		const events = items.map((item) => item.event);
		expect(events).toEqual(expect.arrayContaining(['recorder_leave']));
		const upload = items.find((item) => item.event === 'uploaded' || item.event === 'backuped');
		expect(upload).toMatchObject({
			productId: 3,
			product: 'cloud_recording',
			sid,
			recording: { cname: 'notified', uid: '5000', sid, service: 'uploader' },
		});
		const files = (upload?.recording as { files: Array<Record<string, unknown>> }).files;
		expect(files.length).toBeGreaterThan(0);
		expect(files[0]).toMatchObject({ fileName: expect.any(String), mixedAllUser: true });
		// Events not selected (recorder_started, session_exit, …) were answered 200 and started nothing.
		expect(
			events.every((e) => ['uploaded', 'backuped', 'recorder_leave'].includes(String(e))),
		).toBe(true);
	});

	it('reads leave codes, error levels, modules and statuses in words; unknown new events pass "All"', async () => {
		const { trigger, sb } = await setup({ product: 'cloudRecording' });
		const payload = (eventType: number, serviceType: number, details: Record<string, unknown>) => ({
			productId: 3,
			eventType,
			payload: {
				cname: 'c',
				uid: '1',
				sid: 's1',
				sequence: eventType,
				sendts: 1,
				serviceType,
				details,
			},
		});
		await sb.sendNotification(payload(41, 1, { msgName: 'recorder_leave', leaveCode: 6 }));
		await sb.sendNotification(
			payload(1, 0, { msgName: 'cloud_recording_error', module: 1, errorLevel: 5, errorCode: 47 }),
		);
		await sb.sendNotification(
			payload(3, 0, { msgName: 'cloud_recording_status_update', status: 20 }),
		);
		await sb.sendNotification(payload(11, 0, { msgName: 'session_exit', exitStatus: 1 }));
		await sb.sendNotification(payload(999, 0, { msgName: 'something_new' }));
		await trigger.settle();
		const items = trigger.started().map((started) => started[0]);
		expect(items.map((item) => [item.event, item.recording])).toEqual([
			[
				'recorder_leave',
				expect.objectContaining({ service: 'recorder', leaveReasons: ['signal', 'no_users'] }),
			],
			[
				'cloud_recording_error',
				expect.objectContaining({ module: 'uploader', errorLevel: 'fatal' }),
			],
			['cloud_recording_status_update', expect.objectContaining({ status: 'exited_abnormally' })],
			['session_exit', expect.objectContaining({ exit: 'abnormal' })],
			['event_999', expect.objectContaining({ message: 'something_new' })],
		]);
	});

	it('the console’s check names the channel test_webhook in cname: answered 200, nothing started', async () => {
		const { trigger, sb } = await setup({ product: 'cloudRecording' });
		const answer = await sb.sendNotification({
			productId: 3,
			eventType: 40,
			payload: {
				cname: 'test_webhook',
				uid: '1',
				sid: 'x',
				details: { msgName: 'recorder_started' },
			},
		});
		expect(answer.status).toBe(200);
		expect(trigger.answers[0].json).toEqual({ status: 'ok', ignored: 'health_check' });
		expect(trigger.started()).toHaveLength(0);
	});
});

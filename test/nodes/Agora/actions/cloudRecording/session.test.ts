/**
 * Cloud Recording › Get, Update, Update Layout and Stop against the sandbox, each fed Start's output
 * item (the session fields default to it). Sources (AgoraIO/docs-portal): content/openapi/
 * cloud-recording/cloud-recording.en.yaml (query, update, updateLayout and stop bodies and answers),
 * api-reference/api-ref/cloud-recording/status-codes.mdx (404 "failed to find worker", 400 code 49).
 */
import { sleep } from 'n8n-workflow';

import { client, runningAgent } from '../../../../../sandbox/src/helpers';
import { run, sb, started } from './setup';

const bodyOf = (verb: string) =>
	sb.requests.filter((r) => r.path.endsWith(`/${verb}`)).pop()?.body as Record<string, unknown>;

describe('get', () => {
	it('names the status in words and lists the files so far with their keys', async () => {
		const start = await started();
		await sleep(50);
		const result = await run({ operation: 'get' }, [start]);
		expect(result.error('Agora')).toBeUndefined();
		const out = result.output('Agora')[0];
		expect(out).toMatchObject({
			resourceId: start.resourceId,
			sid: start.sid,
			mode: 'mix',
			cname: 'room1',
			running: true,
			storage: { vendor: 'alibabaCloud', bucket: 'xxxxx' },
		});
		expect(typeof out.status).toBe('string');
		expect(out.statusCode).toEqual(expect.any(Number));
		for (const file of out.files as Array<Record<string, unknown>>)
			expect(file.key).toMatch(/^directory1\/directory2\//);
	});
});

describe('update', () => {
	it('sends the OpenAPI update example’s subscription lists', async () => {
		const start = await started({ whatToRecord: 'eachSpeaker' });
		const result = await run(
			{
				operation: 'update',
				recordingMode: 'individual',
				updateFields: { subscribeAudioUids: '#allstream#', unsubscribeVideoUids: '444, 555, 666' },
			},
			[start],
		);
		expect(result.error('Agora')).toBeUndefined();
		// cloud-recording.en.yaml, update request example, field for field
		expect(bodyOf('update')).toEqual({
			cname: 'room1',
			uid: start.uid,
			clientRequest: {
				streamSubscribe: {
					audioUidList: { subscribeAudioUids: ['#allstream#'] },
					videoUidList: { unsubscribeVideoUids: ['444', '555', '666'] },
				},
			},
		});
		expect(result.output('Agora')[0]).toMatchObject({
			updated: true,
			updatedFields: ['streamSubscribe'],
		});
	});

	it('refreshes the storage token from the credential, never showing the keys', async () => {
		const start = await started();
		const result = await run(
			{ operation: 'update', updateFields: { refreshStorageToken: true } },
			[start],
			{
				storage: {
					vendor: 'amazonS3',
					amazonS3Region: 'US_EAST_1',
					bucket: 'b',
					accessKey: 'AKID',
					secretKey: 'storage-secret-canary',
					stsToken: 'sts-canary',
					stsExpiration: 1900000000,
				},
			},
		);
		// The sandbox refuses a storage vendor change; what the node sent is what matters here.
		expect((bodyOf('update').clientRequest as Record<string, unknown>).storageConfig).toEqual({
			vendor: 1,
			region: 0,
			bucket: 'b',
			accessKey: 'AKID',
			secretKey: 'storage-secret-canary',
			stsToken: 'sts-canary',
			stsExpiration: 1900000000,
		});
		const text = JSON.stringify([
			result.output('Agora'),
			result.error('Agora')?.message,
			result.error('Agora')?.description,
		]);
		expect(text).not.toContain('storage-secret-canary');
		expect(text).not.toContain('sts-canary');
	});

	it('refuses web-only changes of a mix recording before sending, naming the field', async () => {
		const start = await started();
		const result = await run({ operation: 'update', updateFields: { onhold: true } }, [start]);
		expect(result.error('Agora')?.message).toMatch(/Web Recording On Hold/);
		expect(result.error('Agora')?.message).toMatch(/web page recording mode/);
		expect(sb.requests.filter((r) => r.path.endsWith('/update'))).toHaveLength(0);
	});
});

describe('update layout', () => {
	it('sends the OpenAPI updateLayout example field for field', async () => {
		const start = await started({ whatToRecord: 'conversationVideo' });
		const layout = [
			{ uid: '1', x_axis: 0.1, y_axis: 0.1, width: 0.1, height: 0.1, alpha: 1, render_mode: 1 },
			{ uid: '2', x_axis: 0.2, y_axis: 0.2, width: 0.1, height: 0.1, alpha: 1, render_mode: 1 },
		];
		const result = await run(
			{
				operation: 'updateLayout',
				mixedVideoLayout: 3,
				layoutConfig: JSON.stringify(layout),
				options: { backgroundColor: '#FF0000' },
			},
			[start],
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(bodyOf('updateLayout')).toEqual({
			cname: 'room1',
			uid: start.uid,
			clientRequest: { mixedVideoLayout: 3, backgroundColor: '#FF0000', layoutConfig: layout },
		});
	});

	it('refuses 18 windows (Agora’s limit is 17) and an individual recording, before sending', async () => {
		const start = await started({ whatToRecord: 'conversationVideo' });
		const window = { x_axis: 0, y_axis: 0, width: 0.1, height: 0.1 };
		const many = await run(
			{
				operation: 'updateLayout',
				mixedVideoLayout: 3,
				layoutConfig: JSON.stringify(Array(18).fill(window)),
			},
			[start],
		);
		expect(many.error('Agora')?.message).toMatch(/Custom Layout \(JSON\).*at most 17/);
		const individual = await run({ operation: 'updateLayout', recordingMode: 'individual' }, [
			start,
		]);
		expect(individual.error('Agora')?.message).toMatch(/Mode.*must be mix/);
		expect(sb.requests.filter((r) => r.path.endsWith('/updateLayout'))).toHaveLength(0);
	});
});

describe('stop', () => {
	it('stops synchronously (async_stop false) and lists the files with key, URL, track, speaker and start time', async () => {
		await runningAgent(sb, client(sb), { channel: 'room1' });
		const start = await started();
		await sleep(100);
		const result = await run({ operation: 'stop' }, [start]);
		expect(result.error('Agora')).toBeUndefined();
		expect(bodyOf('stop')).toEqual({
			cname: 'room1',
			uid: start.uid,
			clientRequest: { async_stop: false },
		});
		const out = result.output('Agora')[0];
		expect(out).toMatchObject({ stopped: true, sid: start.sid, mode: 'mix' });
		// Vendor 2 has no endpoint in the sandbox: the files wait in Agora's backup (206, "backuped").
		expect(out.uploadingStatus).toBe('backuped');
		expect((out.files as unknown[]).length).toBeGreaterThan(0);
		for (const file of out.files as Array<Record<string, unknown>>) {
			expect(Object.keys(file)).toEqual(
				expect.arrayContaining([
					'fileName',
					'key',
					'url',
					'trackType',
					'speakerUid',
					'playable',
					'startTime',
				]),
			);
		}
	});

	it('a recording nobody spoke in stops with noRecordedData (206 code 435), not an error', async () => {
		const start = await started();
		const result = await run({ operation: 'stop' }, [start]);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0]).toMatchObject({
			stopped: true,
			noRecordedData: true,
			files: [],
		});
	});

	it('a stop of a stopped recording reads as ended (404 past the failover wait), not as an error', async () => {
		const start = await started();
		expect((await run({ operation: 'stop' }, [start])).error('Agora')).toBeUndefined();
		const again = await run(
			{ operation: 'stop', waitForUpload: false, options: { failoverWaitSeconds: 0 } },
			[start],
		);
		expect(again.error('Agora')).toBeUndefined();
		expect(again.output('Agora')[0]).toMatchObject({ stopped: true, alreadyEnded: true });
	});

	it('waits out a failover’s 404 "failed to find worker" and then stops the recording', async () => {
		const start = await started();
		sb.injectFault({ kind: 'failover', pathIncludes: `/sid/${start.sid}/`, durationMs: 300 });
		const result = await run({ operation: 'stop' }, [start]);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0].alreadyEnded).toBeUndefined();
		const stops = sb.requests.filter((r) => r.path.endsWith('/stop'));
		expect(stops.length).toBeGreaterThan(1);
		expect(stops[0].status).toBe(404);
		expect(stops[stops.length - 1].status).toBeLessThan(300);
	});
});

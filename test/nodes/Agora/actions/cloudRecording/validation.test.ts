/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Bad input to Cloud Recording › Start is refused before any request, naming the form's label and
 * Agora's rule. Sources (AgoraIO/docs-portal): content/openapi/cloud-recording/cloud-recording.en.yaml
 * (maxIdleTime, captureInterval, resourceExpiredHour ranges; avFileType; fileNamePrefix; uid),
 * realtime-media/cloud-recording/reference/common-errors.mdx (1013, channel names).
 */
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { credential, run, sb } from './setup';

const refused = async (parameters: INodeParameters, storage?: ICredentialDataDecryptedObject) => {
	const result = await run({ operation: 'start', channelName: 'room1', ...parameters }, [{}], {
		storage,
	});
	expect(sb.requests.filter((r) => r.path.includes('/cloud_recording/'))).toHaveLength(0);
	return String(result.error('Agora')?.message);
};

describe('start refuses before sending', () => {
	it.each([
		[{ channelName: 'room*1' }, /“?Channel Name”?.*may only contain/],
		[{ channelName: 'x'.repeat(65) }, /Channel Name.*at most 64 bytes/],
		[{ options: { maxIdleTime: '={{ 4 }}' } }, /Max Idle Time \(Seconds\).*\[5, 2592000\]/],
		[{ options: { recorderUid: '={{ 4294967296 }}' } }, /Recorder UID.*1 to 4294967295/],
		[{ options: { fileNamePrefix: 'calls/2026-11' } }, /File Name Prefix.*a-z, A-Z and 0-9/],
		[{ options: { resourceExpiredHour: '={{ 721 }}' } }, /Resource Expiry \(Hours\).*\[1, 720\]/],
		[
			{ whatToRecord: 'snapshots', options: { captureInterval: '={{ 3601 }}' } },
			/Snapshot Interval \(Seconds\).*\[5, 3600\]/,
		],
		[
			{
				options: {
					additionalBody: '{"clientRequest": {"recordingFileConfig": {"avFileType": ["mp4"]}}}',
				},
			},
			/File Types.*\["mp4"\] alone/,
		],
		[{ whatToRecord: 'webPage', webPageUrl: '={{ "" }}' }, /Web Page URL.*required/],
	])('%j', async (parameters, message) => {
		expect(await refused(parameters)).toMatch(message);
	});

	it('a storage credential Agora would refuse is named as the credential', async () => {
		const message = await refused(
			{},
			{ vendor: 'googleCloud', bucket: 'b', accessKey: 'a', secretKey: 's', fileNamePrefix: 'a-b' },
		);
		expect(message).toMatch(/Agora Recording Storage credential: fileNamePrefix may only contain/);
	});

	it('Token authentication is refused before sending: Cloud Recording takes Basic only', async () => {
		const result = await run({ operation: 'start', channelName: 'room1' }, [{}], {
			cred: {
				...credential,
				authentication: 'token',
				customerId: '',
				customerSecret: '',
				appId: '0123456789abcdef0123456789abcdef',
				appCertificate: 'fedcba9876543210fedcba9876543210',
			},
		});
		expect(String(result.error('Agora')?.message)).toMatch(
			/Cloud Recording API accepts only Basic/,
		);
		expect(sb.requests.filter((r) => r.path.includes('/cloud_recording/'))).toHaveLength(0);
	});
});

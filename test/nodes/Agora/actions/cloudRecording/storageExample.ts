/**
 * The storage of the Cloud Recording OpenAPI start example (vendor 2, region 3, bucket "xxxxx") as
 * an Agora Recording Storage credential, and the start body of the agent-recording guide with it.
 */
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';

export const STORAGE: ICredentialDataDecryptedObject = {
	vendor: 'alibabaCloud',
	alibabaCloudRegion: 'CN_Beijing',
	bucket: 'xxxxx',
	accessKey: 'xxxxx',
	secretKey: 'storage-secret-canary',
	fileNamePrefix: 'directory1/directory2',
};

/** record-agent-conversation.mdx, "Start recording": mix, audio only, HLS and MP4, to STORAGE. */
export function agentRecordingStartBody(
	cname: string,
	uid: IDataObject[string],
	maxIdleTime: number,
	fileNamePrefix: string[],
): IDataObject {
	return {
		cname,
		uid,
		clientRequest: {
			recordingConfig: { channelType: 1, maxIdleTime, streamTypes: 0, audioProfile: 1 },
			recordingFileConfig: { avFileType: ['hls', 'mp4'] },
			storageConfig: {
				vendor: 2,
				region: 3,
				bucket: 'xxxxx',
				accessKey: 'xxxxx',
				secretKey: STORAGE.secretKey,
				fileNamePrefix,
			},
		},
	};
}

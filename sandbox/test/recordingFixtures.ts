/**
 * Requests of the Cloud Recording tests, shaped as the OpenAPI examples
 * (content/openapi/cloud-recording/cloud-recording.en.yaml) with the sandbox's App ID.
 */
import type { AxiosInstance, AxiosResponse } from 'axios';
import { startSandbox, type Sandbox } from '../src/index';

/** A sandbox on the manual clock whose notifications go to `notifyUrl`. */
export function recordingSandbox(notifyUrl: string): Promise<Sandbox> {
	return startSandbox({
		clock: 'manual',
		startDelayMs: 10,
		stopDelayMs: 10,
		notify: { url: notifyUrl, secret: 's', retryDelayMs: 1 },
	});
}

export const root = (sb: Sandbox): string => `/v1/apps/${sb.appId}/cloud_recording`;

export function storage(over: Record<string, unknown> = {}): Record<string, unknown> {
	return {
		vendor: 2,
		region: 3,
		bucket: 'xxxxx',
		accessKey: 'xxxxx',
		secretKey: 'xxxxx',
		fileNamePrefix: ['directory1', 'directory2'],
		...over,
	};
}

/** The record-agent-conversation.mdx start body: mix, audio only, HLS and MP4. */
export function mixBody(
	cname: string,
	uid: string,
	over: Record<string, unknown> = {},
): Record<string, unknown> {
	return {
		cname,
		uid,
		clientRequest: {
			recordingConfig: { maxIdleTime: 120, streamTypes: 0, audioProfile: 1, channelType: 1 },
			recordingFileConfig: { avFileType: ['hls', 'mp4'] },
			storageConfig: storage(),
			...over,
		},
	};
}

export async function acquire(
	sb: Sandbox,
	api: AxiosInstance,
	cname: string,
	uid: string,
	clientRequest: Record<string, unknown> = { scene: 0, resourceExpiredHour: 24 },
): Promise<string> {
	const r = await api.post(`${root(sb)}/acquire`, { cname, uid, clientRequest });
	if (r.status !== 200) throw new Error(`acquire ${r.status} ${JSON.stringify(r.data)}`);
	return r.data.resourceId as string;
}

export interface Started {
	resourceId: string;
	sid: string;
	mode: string;
	path: (op: string) => string;
}

/** acquire + start; sb.clock moves past the start delay so the recorder has joined. */
export async function startRecording(
	sb: Sandbox,
	api: AxiosInstance,
	body: Record<string, unknown>,
	mode = 'mix',
): Promise<Started> {
	const resourceId = await acquire(sb, api, String(body.cname), String(body.uid));
	const r = await api.post(`${root(sb)}/resourceid/${resourceId}/mode/${mode}/start`, body);
	if (r.status !== 200) throw new Error(`start ${r.status} ${JSON.stringify(r.data)}`);
	sb.clock.advance(sb.options().startDelayMs);
	const sid = r.data.sid as string;
	return {
		resourceId,
		sid,
		mode,
		path: (op) => `${root(sb)}/resourceid/${resourceId}/sid/${sid}/mode/${mode}/${op}`,
	};
}

export function stop(
	api: AxiosInstance,
	s: Started,
	cname: string,
	uid: string,
	async = false,
): Promise<AxiosResponse> {
	return api.post(s.path('stop'), { cname, uid, clientRequest: { async_stop: async } });
}

/** A web page recording (OpenAPI serviceParam's required fields) with HLS and MP4. */
export function webBody(
	cname: string,
	uid: string,
	storageConfig: Record<string, unknown>,
): Record<string, unknown> {
	return {
		cname,
		uid,
		clientRequest: {
			extensionServiceConfig: {
				extensionServices: [
					{
						serviceName: 'web_recorder_service',
						serviceParam: {
							url: 'https://example.com',
							audioProfile: 0,
							videoWidth: 1280,
							videoHeight: 720,
							maxRecordingHour: 1,
						},
					},
				],
			},
			recordingFileConfig: { avFileType: ['hls', 'mp4'] },
			storageConfig,
		},
	};
}

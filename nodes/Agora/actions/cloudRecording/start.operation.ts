import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { prefixParts } from '../../../shared/recordingStorage';
import { validateOrThrow } from '../../../shared/validate';
import { numeric } from '../../../shared/values';
import { autoChannelToken } from '../../api/autoToken';
import { startRecording } from '../../api/cloudRecordings';
import { readRecordingStorage, recorderUidFor, storageSummary } from '../../api/recordingSetup';
import { withAdditionalBody } from '../../form/additionalBody';
import { compact, group, text } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { isRerun } from '../../run/rerun';
import { changes } from '../../run/sideEffects';
import {
	startRecordingRequestSchema,
	type RecordingMode,
	type StartRecordingRequest,
} from '../../schemas/cloudRecording';
import type { OperationContext } from '../types';
import { startFields } from './start.form';
import { uids } from './uids';

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudRecording'], operation: ['start'] } },
	startFields,
);

const MODE_OF: Record<string, RecordingMode> = {
	conversationAudio: 'mix',
	conversationVideo: 'mix',
	eachSpeaker: 'individual',
	snapshots: 'individual',
	webPage: 'web',
};

/** The recording configuration of the individual and mix presets. */
function recordingConfig(preset: string, o: IDataObject): IDataObject {
	const video = preset === 'conversationVideo' || preset === 'snapshots';
	const mix = MODE_OF[preset] === 'mix';
	return compact({
		channelType: numeric(o.channelType ?? 1),
		maxIdleTime: numeric(o.maxIdleTime),
		streamTypes: numeric(o.streamTypes ?? (preset === 'snapshots' ? 1 : video ? 2 : 0)),
		subscribeAudioUids: uids(o.subscribeAudioUids),
		unsubscribeAudioUids: uids(o.unsubscribeAudioUids),
		subscribeVideoUids: uids(o.subscribeVideoUids),
		unsubscribeVideoUids: uids(o.unsubscribeVideoUids),
		subscribeUidGroup: mix ? undefined : numeric(o.subscribeUidGroup ?? 0),
		audioProfile: mix ? numeric(o.audioProfile ?? 1) : undefined,
		transcodingConfig:
			preset === 'conversationVideo'
				? compact({
						width: numeric(o.videoWidth ?? 1280),
						height: numeric(o.videoHeight ?? 720),
						fps: numeric(o.videoFps),
						bitrate: numeric(o.videoBitrate),
						mixedVideoLayout: numeric(o.mixedVideoLayout ?? 1),
					})
				: undefined,
	});
}

/** The web page recorder (and a CDN push when asked for through Additional Body). */
function webService(url: string, o: IDataObject): IDataObject {
	return {
		extensionServices: [
			{
				serviceName: 'web_recorder_service',
				errorHandlePolicy: 'error_abort',
				serviceParam: compact({
					url,
					audioProfile: numeric(o.audioProfile ?? 0),
					videoWidth: numeric(o.videoWidth ?? 1280),
					videoHeight: numeric(o.videoHeight ?? 720),
					videoFps: numeric(o.videoFps),
					videoBitrate: numeric(o.videoBitrate),
					maxRecordingHour: numeric(o.maxRecordingHour ?? 2),
					onhold: o.onhold === true ? true : undefined,
				}),
			},
		],
	};
}

function fileTypes(preset: string, o: IDataObject): string[] {
	const chosen = text(o.fileTypes) ?? (preset === 'eachSpeaker' ? 'hls' : 'hls,mp4');
	return chosen.split(',').map((t: string) => t.trim());
}

export interface StartInput {
	request: StartRecordingRequest;
	preset: string;
	prefix?: string[];
}

/** The whole start (acquire and start bodies, mode) from the form, checked; nothing sent yet. */
export function readStartInput(
	fn: IExecuteFunctions,
	ctx: OperationContext,
	storage: IDataObject,
	defaultPrefix: string[] | undefined,
	itemIndex: number,
): StartInput {
	const r = new FormReader(fn, itemIndex);
	const preset = r.get<string>('whatToRecord', 'conversationAudio');
	const mode = MODE_OF[preset] ?? 'mix';
	const o = r.get<IDataObject>('options', {});
	const cname = String(r.get('channelName', ''));
	const given = numeric(o.recorderUid);
	const uid = typeof given === 'number' && given > 0 ? String(given) : recorderUidFor(cname);
	const prefix = prefixParts(o.fileNamePrefix) ?? defaultPrefix;
	const token =
		text(o.token) ??
		(mode === 'web'
			? undefined
			: autoChannelToken(
					fn,
					ctx,
					{ channelName: cname, uid: Number(uid), field: 'clientRequest.token' },
					itemIndex,
				));

	const clientRequest = compact({
		token,
		storageConfig: compact({ ...storage, fileNamePrefix: prefix }),
		recordingConfig: mode === 'web' ? undefined : recordingConfig(preset, o),
		recordingFileConfig: preset === 'snapshots' ? undefined : { avFileType: fileTypes(preset, o) },
		snapshotConfig:
			preset === 'snapshots'
				? { captureInterval: numeric(o.captureInterval ?? 10), fileType: ['jpg'] }
				: undefined,
		extensionServiceConfig:
			mode === 'web' ? webService(String(r.get('webPageUrl', '')).trim(), o) : undefined,
	});
	const acquire = compact({
		scene: mode === 'web' ? 1 : undefined,
		resourceExpiredHour: numeric(o.resourceExpiredHour),
		region: text(o.recordingRegion),
	});
	const built = withAdditionalBody(fn, { cname, uid, acquire, clientRequest }, itemIndex);
	const request = validateOrThrow(
		fn,
		startRecordingRequestSchema,
		{ mode, ...built, acquire: group(built.acquire as IDataObject) ?? {} },
		itemIndex,
	);
	return { request, preset, prefix };
}

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('cloudRecording', 'started', 'sid', ['alreadyStarted']);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<INodeExecutionData[]> {
	const storage = await readRecordingStorage(this);
	const withKeys = { ...ctx, secrets: [...ctx.secrets, ...storage.secrets] };
	const { request, preset, prefix } = readStartInput(
		this,
		withKeys,
		storage.config,
		storage.defaultPrefix,
		itemIndex,
	);
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);
	const started = await startRecording(this, withKeys, request, { rerun, itemIndex });
	return [
		{
			json: {
				recording: 'started',
				resourceId: started.resourceId,
				sid: started.sid,
				mode: started.mode,
				cname: started.cname,
				uid: started.uid,
				whatToRecord: preset,
				...(started.alreadyStarted ? { alreadyStarted: true } : {}),
				fileNamePrefix: prefix ? prefix.join('/') : null,
				storage: storageSummary(storage.config),
				requestId: started.requestId ?? null,
			},
		},
	];
}

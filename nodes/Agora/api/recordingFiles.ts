/**
 * What Cloud Recording's query and stop answers say, in words: the service status by name and the
 * recorded files with where each one lies in the bucket. Fields from Agora's Cloud Recording OpenAPI
 * file (query-serverResponse, stop-serverResponse, fileList-json, extensionServiceState).
 */
import type { IDataObject } from 'n8n-workflow';

import { fileUrl } from '../../shared/recordingStorage';

export { recordingStatusName } from '../../shared/cloudRecordingCodes';
import { isPlainObject } from '../../shared/values';

/** Where the files went: the storageConfig sent (keys left out by the caller) and its prefix. */
export interface FileStore {
	storage?: IDataObject;
	prefix?: string[];
}

interface RecordedFile extends IDataObject {
	fileName: string;
	/** The object key in the bucket. */
	key: string;
	url: string | null;
	trackType: string | null;
	speakerUid: string | null;
	mixedAllUser: boolean | null;
	playable: boolean | null;
	startTime: string | null;
}

/** Agora writes sliceStartTime in seconds on some pages and milliseconds on others. */
function startTimeOf(value: unknown): string | null {
	if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
	const ms = value < 1e11 ? value * 1000 : value;
	return new Date(ms).toISOString();
}

function keyOf(fileName: string, prefix: string[] | undefined): string {
	const folder = prefix && prefix.length > 0 ? prefix.join('/') : '';
	// A name with a folder already is the whole key.
	if (folder === '' || fileName.includes('/')) return fileName;
	return `${folder}/${fileName}`;
}

function describe(entry: IDataObject, store: FileStore): RecordedFile | undefined {
	const fileName = entry.fileName ?? entry.filename;
	if (typeof fileName !== 'string' || fileName === '') return undefined;
	const key = keyOf(fileName, store.prefix);
	const uid = typeof entry.uid === 'string' ? entry.uid : undefined;
	return {
		fileName,
		key,
		url: (store.storage && fileUrl(store.storage, key)) ?? null,
		trackType: typeof entry.trackType === 'string' ? entry.trackType : null,
		// In mix mode the uid is "0": the file holds every speaker.
		speakerUid: uid !== undefined && uid !== '0' ? uid : null,
		mixedAllUser: typeof entry.mixedAllUser === 'boolean' ? entry.mixedAllUser : null,
		playable: typeof entry.isPlayable === 'boolean' ? entry.isPlayable : null,
		startTime: startTimeOf(entry.sliceStartTime),
		...(typeof entry.sliceStartTime === 'number' ? { sliceStartTime: entry.sliceStartTime } : {}),
	};
}

/** Every file a query or stop answer lists: fileList (a name or an array) and the web recorder's. */
export function recordedFiles(serverResponse: unknown, store: FileStore): RecordedFile[] {
	if (!isPlainObject(serverResponse)) return [];
	const entries: IDataObject[] = [];
	const list = serverResponse.fileList;
	if (typeof list === 'string' && list !== '') entries.push({ fileName: list });
	if (Array.isArray(list)) entries.push(...list.filter(isPlainObject));
	const services = Array.isArray(serverResponse.extensionServiceState)
		? serverResponse.extensionServiceState.filter(isPlainObject)
		: [];
	for (const service of services) {
		const payload = isPlainObject(service.payload) ? service.payload : {};
		if (Array.isArray(payload.fileList)) entries.push(...payload.fileList.filter(isPlainObject));
	}
	return entries.map((entry) => describe(entry, store)).filter((f): f is RecordedFile => !!f);
}

/** The upload status of a stop: `uploaded`, `backuped` or `unknown`, wherever the mode puts it. */
export function uploadingStatus(serverResponse: unknown): string | null {
	if (!isPlainObject(serverResponse)) return null;
	if (typeof serverResponse.uploadingStatus === 'string') return serverResponse.uploadingStatus;
	const services = Array.isArray(serverResponse.extensionServiceState)
		? serverResponse.extensionServiceState.filter(isPlainObject)
		: [];
	for (const service of services) {
		const payload = isPlainObject(service.payload) ? service.payload : {};
		if (typeof payload.uploadingStatus === 'string') return payload.uploadingStatus;
	}
	return null;
}

/** The web recorder's and CDN push's states (web mode), as Agora names them. */
export function webServices(serverResponse: unknown): IDataObject | undefined {
	if (!isPlainObject(serverResponse) || !Array.isArray(serverResponse.extensionServiceState))
		return undefined;
	const out: IDataObject = {};
	for (const service of serverResponse.extensionServiceState.filter(isPlainObject)) {
		const payload = isPlainObject(service.payload) ? service.payload : {};
		if (service.serviceName === 'web_recorder_service') {
			out.webRecorderState = payload.state ?? null;
			out.onHold = payload.onhold ?? null;
		}
		if (service.serviceName === 'rtmp_publish_service') out.rtmpOutputs = payload.outputs ?? [];
	}
	return Object.keys(out).length > 0 ? out : undefined;
}

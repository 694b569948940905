/**
 * A Cloud Recording notification's codes in words (serviceType, module, error level, status, leave
 * and exit codes) and its file list, beside Agora's payload, which the output keeps as it came.
 */
import type { IDataObject } from 'n8n-workflow';

import {
	ERROR_LEVELS,
	ERROR_MODULES,
	leaveReasons,
	recordingStatusName,
	SERVICE_TYPES,
} from '../shared/cloudRecordingCodes';
import { isPlainObject } from '../shared/values';

const named = (table: Record<number, string>, code: unknown) =>
	typeof code === 'number' ? (table[code] ?? `code_${code}`) : undefined;

/** The files of an uploaded, backuped or web recorder stopped event, in one shape. */
function files(list: unknown): IDataObject[] | undefined {
	if (!Array.isArray(list)) return undefined;
	return list.filter(isPlainObject).map((f) => ({
		fileName: f.fileName ?? f.filename ?? null,
		trackType: f.trackType ?? null,
		speakerUid: typeof f.uid === 'string' && f.uid !== '0' ? f.uid : null,
		mixedAllUser: f.mixedAllUser ?? null,
		playable: f.isPlayable ?? null,
		sliceStartTime: f.sliceStartTime ?? null,
	}));
}

export function recordingDetails(payload: IDataObject): IDataObject {
	const d = isPlainObject(payload.details) ? payload.details : {};
	const out: IDataObject = {
		cname: payload.cname ?? null,
		uid: payload.uid ?? null,
		sid: payload.sid ?? null,
		sequence: payload.sequence ?? null,
		service: named(SERVICE_TYPES, payload.serviceType) ?? null,
		message: typeof d.msgName === 'string' ? d.msgName : null,
	};
	const extra: IDataObject = {
		module: named(ERROR_MODULES, d.module),
		errorLevel: named(ERROR_LEVELS, d.errorLevel),
		status:
			typeof d.status === 'number' && d.msgName === 'cloud_recording_status_update'
				? recordingStatusName(d.status)
				: undefined,
		leaveReasons: leaveReasons(d.leaveCode) ?? undefined,
		exit: d.exitStatus === 0 ? 'normal' : d.exitStatus === 1 ? 'abnormal' : undefined,
		files: files(d.fileList),
	};
	for (const [key, value] of Object.entries(extra)) if (value !== undefined) out[key] = value;
	return out;
}

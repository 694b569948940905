/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Cloud Recording request bodies (OpenAPI cloud-recording.en.yaml: acquire-request, start-request,
 * update-request, updateLayout-request, stop-request). Invalid input is a RecordingError carrying
 * Agora's HTTP status and `{code, reason}` (status-codes.mdx).
 */
import {
	FieldError,
	invalid,
	missing,
	optArr,
	optBool,
	optEnum,
	optNum,
	optObj,
	optStr,
	reqObj,
} from './check';
import * as R from './recording-reference';
import { byteLen, isNil, isObj, type Json } from './util';
import {
	isUidString,
	subscription,
	validateExtensionServices,
	validateFileTypes,
	validateLayout,
	validateRecordingConfig,
	validateRtmpUpdate,
	validateSnapshot,
	validateStorage,
	type Subscription,
	type ValidStorage,
	type ValidWebService,
} from './validate-recording-config';

export class RecordingError extends Error {
	constructor(
		readonly status: number,
		readonly code: number,
		readonly reason: string,
	) {
		super(reason);
	}
}

export const invalidParam = (reason: string): RecordingError =>
	new RecordingError(400, R.ERR.invalidParam, reason);

/** Runs a check and turns its FieldError into Agora's code 2. */
export function checked<T>(fn: () => T): T {
	try {
		return fn();
	} catch (e) {
		if (e instanceof FieldError) throw invalidParam(e.message);
		throw e;
	}
}

export interface Identity {
	cname: string;
	uid: string;
}

// cname and uid: strings; uid "an integer value enclosed in quotes" in 1..2^32-1
export function identity(body: unknown): Identity & { body: Json } {
	if (!isObj(body)) throw invalidParam('the request body must be a JSON object');
	if (isNil(body.cname)) throw invalidParam('cname is required');
	if (typeof body.cname !== 'string') throw invalidParam('cname must be a string');
	if (isNil(body.uid)) throw invalidParam('uid is required');
	if (!isUidString(body.uid))
		throw invalidParam('uid must be a string holding an integer from 1 to 4294967295');
	return { cname: body.cname, uid: body.uid, body };
}

/** RTC channel names (common-errors.mdx 1013); web page recording names only a process (1024 bytes). */
function checkCname(cname: string, web: boolean): void {
	const ok = web
		? cname.length > 0 && byteLen(cname) <= R.WEB_CNAME_MAX_BYTES
		: R.CNAME_CHARS_RE.test(cname) && byteLen(cname) <= R.CNAME_MAX_BYTES;
	if (!ok) throw new RecordingError(400, R.ERR.invalidChannel, 'invalid_channel_name');
}

export interface ValidAcquire extends Identity {
	scene: number;
	resourceExpiredHour: number;
	startParameter?: Json;
}

export function validateAcquire(body: unknown): ValidAcquire {
	const id = identity(body);
	const cr = id.body.clientRequest;
	if (!isObj(cr))
		throw invalidParam(isNil(cr) ? 'clientRequest is required' : 'clientRequest must be an object');
	const scene = checked(() => optNum(cr, 'scene', 'clientRequest') ?? 0);
	if (scene !== 0 && scene !== 1) throw invalidParam('clientRequest.scene must be 0 or 1');
	checkCname(id.cname, scene === 1);
	const hours = cr.resourceExpiredHour;
	if (
		hours !== undefined &&
		(typeof hours !== 'number' ||
			hours < R.RESOURCE_EXPIRED_HOUR.min ||
			hours > R.RESOURCE_EXPIRED_HOUR.max)
	)
		// the status page's own example of a code 2 reason
		throw invalidParam('Acquire: invalid resourceExpiredHour value!');
	checked(() => {
		optEnum(cr, 'region', 'clientRequest', R.ACQUIRE_REGIONS);
		const ex = optArr(cr, 'excludeResourceIds', 'clientRequest') ?? [];
		ex.forEach((x, i) => {
			if (typeof x !== 'string')
				throw invalid(`clientRequest.excludeResourceIds[${i}]`, 'must be a string');
		});
		optObj(cr, 'startParameter', 'clientRequest');
	});
	return {
		cname: id.cname,
		uid: id.uid,
		scene,
		resourceExpiredHour: typeof hours === 'number' ? hours : R.RESOURCE_EXPIRED_HOUR.default,
		startParameter: isObj(cr.startParameter) ? cr.startParameter : undefined,
	};
}

export interface ValidStart extends Identity {
	mode: R.RecordingMode;
	token?: string;
	storage: ValidStorage;
	maxIdleTime: number;
	streamTypes: number;
	subscribe: Subscription;
	avFileType: string[];
	/** snapshotConfig.captureInterval when screenshots are taken. */
	captureInterval?: number;
	/** Screenshots only (snapshotConfig without recordingFileConfig). */
	snapshotsOnly: boolean;
	web?: ValidWebService;
	layout: Json;
}

/** Where a start's clientRequest disagrees with acquire's startParameter ("must be consistent"). */
function inconsistent(given: unknown, expected: unknown, path: string): string | undefined {
	if (isObj(expected)) {
		if (!isObj(given)) return path;
		for (const k of Object.keys(expected)) {
			const d = inconsistent(given[k], expected[k], `${path}.${k}`);
			if (d) return d;
		}
		return undefined;
	}
	return JSON.stringify(given) === JSON.stringify(expected) ? undefined : path;
}

export function validateStart(
	body: unknown,
	mode: R.RecordingMode,
	startParameter: Json | undefined,
): ValidStart {
	const id = identity(body);
	if (!isObj(id.body.clientRequest)) throw invalidParam('clientRequest is required');
	const cr = id.body.clientRequest;
	if (startParameter) {
		const where = inconsistent(cr, startParameter, 'clientRequest');
		if (where) throw invalidParam(`${where} is not consistent with acquire's startParameter`);
	}
	return checked(() => {
		const token = optStr(cr, 'token', 'clientRequest');
		const storage = validateStorage(
			reqObj(cr, 'storageConfig', 'clientRequest'),
			'clientRequest.storageConfig',
		);
		const rc = optObj(cr, 'recordingConfig', 'clientRequest');
		// individual-mode.mdx: recordingConfig "Required" in individual recording
		if (!rc && mode === 'individual') throw missing('clientRequest.recordingConfig');
		const rec = rc
			? validateRecordingConfig(rc, 'clientRequest.recordingConfig', mode)
			: { maxIdleTime: R.MAX_IDLE_TIME.default, streamTypes: 2, subscribe: {} };
		const fc = optObj(cr, 'recordingFileConfig', 'clientRequest');
		const avFileType = fc ? validateFileTypes(fc, 'clientRequest.recordingFileConfig') : ['hls'];
		const sc = optObj(cr, 'snapshotConfig', 'clientRequest');
		if (sc && mode !== 'individual')
			throw invalid(
				'clientRequest.snapshotConfig',
				'is only applicable in individual recording mode',
			);
		const captureInterval = sc
			? validateSnapshot(sc, 'clientRequest.snapshotConfig', rec.streamTypes, rec.subscribe)
			: undefined;
		const ec = optObj(cr, 'extensionServiceConfig', 'clientRequest');
		if (ec && mode !== 'web')
			throw invalid(
				'clientRequest.extensionServiceConfig',
				'is only applicable in web page recording mode',
			);
		if (!ec && mode === 'web') throw missing('clientRequest.extensionServiceConfig');
		const web = ec
			? validateExtensionServices(ec, 'clientRequest.extensionServiceConfig')
			: undefined;
		const tc = rc && isObj(rc.transcodingConfig) ? rc.transcodingConfig : {};
		if (mode === 'web') checkWebCname(id.cname);
		else checkCname(id.cname, false);
		return {
			cname: id.cname,
			uid: id.uid,
			mode,
			token,
			storage,
			...rec,
			avFileType,
			captureInterval,
			snapshotsOnly: Boolean(sc) && !fc,
			web,
			layout: tc,
		};
	});
}

function checkWebCname(cname: string): void {
	if (byteLen(cname) > R.WEB_CNAME_MAX_BYTES || cname.length === 0)
		throw new RecordingError(400, R.ERR.invalidChannel, 'invalid_channel_name');
}

export interface ValidUpdate {
	subscribe?: { audio?: Subscription; video?: Subscription };
	onhold?: boolean;
	outputs?: string[];
	storage?: ValidStorage;
}

// update: streamSubscribe (individual, mix), webRecordingConfig and rtmpPublishConfig (web), storageConfig
export function validateUpdate(body: unknown, mode: R.RecordingMode): ValidUpdate & Identity {
	const id = identity(body);
	const cr = id.body.clientRequest;
	if (!isObj(cr)) throw invalidParam('clientRequest is required');
	return checked(() => {
		const out: ValidUpdate & Identity = { cname: id.cname, uid: id.uid };
		const ss = optObj(cr, 'streamSubscribe', 'clientRequest');
		if (ss) {
			if (mode === 'web')
				throw invalid(
					'clientRequest.streamSubscribe',
					'is only applicable in individual and composite recording modes',
				);
			const a = optObj(ss, 'audioUidList', 'clientRequest.streamSubscribe');
			const v = optObj(ss, 'videoUidList', 'clientRequest.streamSubscribe');
			out.subscribe = {
				audio: a ? subscription(a, 'clientRequest.streamSubscribe.audioUidList') : undefined,
				video: v ? subscription(v, 'clientRequest.streamSubscribe.videoUidList') : undefined,
			};
		}
		const wc = optObj(cr, 'webRecordingConfig', 'clientRequest');
		const rp = optObj(cr, 'rtmpPublishConfig', 'clientRequest');
		if ((wc || rp) && mode !== 'web')
			throw invalid(
				wc ? 'clientRequest.webRecordingConfig' : 'clientRequest.rtmpPublishConfig',
				'is only applicable in web page recording mode',
			);
		if (wc) out.onhold = optBool(wc, 'onhold', 'clientRequest.webRecordingConfig');
		if (rp) out.outputs = validateRtmpUpdate(rp, 'clientRequest.rtmpPublishConfig');
		const sc = optObj(cr, 'storageConfig', 'clientRequest');
		if (sc) out.storage = validateStorage(sc, 'clientRequest.storageConfig');
		return out;
	});
}

export function validateUpdateLayout(body: unknown): Identity & { layout: Json } {
	const id = identity(body);
	const cr = id.body.clientRequest;
	if (!isObj(cr)) throw invalidParam('clientRequest is required');
	checked(() => validateLayout(cr, 'clientRequest'));
	return { cname: id.cname, uid: id.uid, layout: cr };
}

export function validateStop(body: unknown): Identity & { async: boolean } {
	const id = identity(body);
	const cr = id.body.clientRequest;
	if (!isObj(cr)) throw invalidParam('clientRequest is required');
	const async = checked(() => optBool(cr, 'async_stop', 'clientRequest') ?? false);
	return { cname: id.cname, uid: id.uid, async };
}

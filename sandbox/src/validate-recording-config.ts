/**
 * Cloud Recording's nested configurations (OpenAPI cloud-recording.en.yaml schemas storageConfig,
 * recordingConfig, transcodingConfig / layoutConfig, snapshotConfig, extensionServiceConfig), each
 * refused as Agora does: 400 `{code: 2, reason}`.
 */
import {
	FieldError,
	invalid,
	join,
	missing,
	optArr,
	optBool,
	optEnum,
	optInt,
	optNum,
	optObj,
	optStr,
	optStrArr,
	reqObj,
	reqStr,
} from './check';
import * as R from './recording-reference';
import { isNil, isObj, type Json } from './util';

export interface ValidStorage {
	vendor: number;
	region: number;
	bucket: string;
	accessKey: string;
	secretKey: string;
	stsToken?: string;
	fileNamePrefix: string[];
	endpoint?: string;
}

function reqInt(o: Json, key: string, path: string, min?: number, max?: number): number {
	if (isNil(o[key])) throw missing(join(path, key));
	return optInt(o, key, path, min, max) as number;
}

/** A uid given as a string holding an integer in 1..2^32-1 (OpenAPI uid). */
export function isUidString(v: unknown): v is string {
	return typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) && Number(v) <= R.UID_MAX;
}

// storageConfig: vendor and region codes (region-vendor.mdx), S3-compatible needs an endpoint,
// stsToken for vendors 1-3 only, fileNamePrefix parts a-z A-Z 0-9 within 128 characters
export function validateStorage(s: Json, path: string): ValidStorage {
	const vendor = reqInt(s, 'vendor', path);
	const regions = R.VENDOR_REGIONS[vendor];
	if (!regions)
		throw invalid(
			join(path, 'vendor'),
			`must be one of ${Object.keys(R.VENDOR_REGIONS).join(', ')}`,
		);
	const region = reqInt(s, 'region', path);
	if (!regions.includes(region))
		throw invalid(
			join(path, 'region'),
			`must be a region code of vendor ${vendor}: ${regions.join(', ')}`,
		);
	const out: ValidStorage = {
		vendor,
		region,
		bucket: reqStr(s, 'bucket', path, { nonEmpty: true }),
		accessKey: reqStr(s, 'accessKey', path, { nonEmpty: true }),
		secretKey: reqStr(s, 'secretKey', path, { nonEmpty: true }),
		fileNamePrefix: [],
	};
	const sts = optStr(s, 'stsToken', path);
	if (sts !== undefined && !R.STS_VENDORS.includes(vendor))
		throw invalid(join(path, 'stsToken'), 'is supported only for vendors 1, 2 and 3');
	out.stsToken = sts;
	optInt(s, 'stsExpiration', path, 0);
	const prefix = optStrArr(s, 'fileNamePrefix', path) ?? [];
	prefix.forEach((p, i) => {
		if (!R.PREFIX_PART_RE.test(p))
			throw invalid(`${path}.fileNamePrefix[${i}]`, 'may hold only a-z, A-Z and 0-9');
	});
	if (prefix.length > 0 && prefix.join('/').length + 1 > R.PREFIX_MAX_CHARS)
		throw invalid(
			join(path, 'fileNamePrefix'),
			`must be at most ${R.PREFIX_MAX_CHARS} characters with the slashes`,
		);
	out.fileNamePrefix = prefix;
	const ext = optObj(s, 'extensionParams', path);
	// region-vendor.mdx's S3-compatible example gives extensionParams with endpoint alone
	if (ext) {
		const p = join(path, 'extensionParams');
		optEnum(ext, 'sse', p, R.SSE_MODES);
		optStr(ext, 'tag', p);
		out.endpoint = optStr(ext, 'endpoint', p, { nonEmpty: true });
	}
	if (vendor === 11 && !out.endpoint) throw missing(`${path}.extensionParams.endpoint`);
	return out;
}

function uidList(o: Json, key: string, path: string): string[] | undefined {
	const list = optStrArr(o, key, path, R.UID_LIST_MAX);
	list?.forEach((u, i) => {
		if (u !== '#allstream#' && !isUidString(u))
			throw invalid(
				`${join(path, key)}[${i}]`,
				'must be "#allstream#" or a uid string of 1 to 4294967295',
			);
	});
	return list;
}

export interface Subscription {
	audio?: string[];
	unAudio?: string[];
	video?: string[];
	unVideo?: string[];
}

/** subscribe and unsubscribe lists of one media type "cannot be set together". */
export function subscription(o: Json, path: string): Subscription {
	const s: Subscription = {
		audio: uidList(o, 'subscribeAudioUids', path),
		unAudio: uidList(o, 'unsubscribeAudioUids', path),
		video: uidList(o, 'subscribeVideoUids', path),
		unVideo: uidList(o, 'unsubscribeVideoUids', path),
	};
	if (s.audio && s.unAudio)
		throw invalid(
			join(path, 'subscribeAudioUids'),
			'cannot be set together with unsubscribeAudioUids',
		);
	if (s.video && s.unVideo)
		throw invalid(
			join(path, 'subscribeVideoUids'),
			'cannot be set together with unsubscribeVideoUids',
		);
	return s;
}

const BASE64_32 = (s: string): boolean =>
	/^[A-Za-z0-9+/]+={0,2}$/.test(s) && Buffer.from(s, 'base64').length === 32;

// recordingConfig: ranges and enumerations; subscribeUidGroup "Required in individual recording mode"
export function validateRecordingConfig(
	rc: Json,
	path: string,
	mode: R.RecordingMode,
): { maxIdleTime: number; streamTypes: number; subscribe: Subscription } {
	reqInt(rc, 'channelType', path, 0, 1);
	const decryption =
		optInt(rc, 'decryptionMode', path, R.DECRYPTION_MODE.min, R.DECRYPTION_MODE.max) ?? 0;
	if (decryption !== 0) reqStr(rc, 'secret', path, { nonEmpty: true });
	if (decryption === 7 || decryption === 8) {
		const salt = reqStr(rc, 'salt', path, { nonEmpty: true });
		if (!BASE64_32(salt)) throw invalid(join(path, 'salt'), 'must be 32 bytes in Base64');
	}
	const maxIdleTime =
		optInt(rc, 'maxIdleTime', path, R.MAX_IDLE_TIME.min, R.MAX_IDLE_TIME.max) ??
		R.MAX_IDLE_TIME.default;
	const streamTypes = optInt(rc, 'streamTypes', path, 0, 2) ?? 2;
	optInt(rc, 'videoStreamType', path, 0, 1);
	const group = optInt(
		rc,
		'subscribeUidGroup',
		path,
		R.SUBSCRIBE_UID_GROUP.min,
		R.SUBSCRIBE_UID_GROUP.max,
	);
	if (mode === 'individual' && group === undefined) throw missing(join(path, 'subscribeUidGroup'));
	optEnum(rc, 'streamMode', path, R.STREAM_MODES);
	optInt(rc, 'audioProfile', path, 0, 2);
	const tc = optObj(rc, 'transcodingConfig', path);
	if (tc) validateTranscoding(tc, join(path, 'transcodingConfig'));
	return { maxIdleTime, streamTypes, subscribe: subscription(rc, path) };
}

function validateTranscoding(tc: Json, path: string): void {
	const width = optInt(tc, 'width', path, 1) ?? 360;
	const height = optInt(tc, 'height', path, 1) ?? 640;
	if (width * height > R.MAX_PIXELS)
		throw invalid(join(path, 'width'), 'width × height cannot exceed 1920 × 1080');
	optInt(tc, 'fps', path, 1);
	optInt(tc, 'bitrate', path, 1);
	validateLayout(tc, path);
}

/** mixedVideoLayout, backgroundColor, maxResolutionUid, layoutConfig (17 items), backgroundConfig. */
export function validateLayout(o: Json, path: string): void {
	const layout = optInt(o, 'mixedVideoLayout', path, 0, 3);
	const color = optStr(o, 'backgroundColor', path);
	if (color !== undefined && !/^#[0-9A-Fa-f]{6}$/.test(color))
		throw invalid(join(path, 'backgroundColor'), 'must be an RGB hex string such as "#FF0000"');
	const big = optStr(o, 'maxResolutionUid', path);
	if (big !== undefined && !isUidString(big))
		throw invalid(join(path, 'maxResolutionUid'), 'must be a uid string of 1 to 4294967295');
	if (layout === 2 && big === undefined) throw missing(join(path, 'maxResolutionUid'));
	optStr(o, 'backgroundImage', path);
	optStr(o, 'defaultUserBackgroundImage', path);
	const regions = optArr(o, 'layoutConfig', path) ?? [];
	if (regions.length > R.LAYOUT_MAX_ITEMS)
		throw invalid(join(path, 'layoutConfig'), `must have at most ${R.LAYOUT_MAX_ITEMS} items`);
	regions.forEach((item, i) => {
		const p = `${join(path, 'layoutConfig')}[${i}]`;
		if (!isObj(item)) throw invalid(p, 'must be an object');
		const uid = optStr(item, 'uid', p);
		if (uid !== undefined && !isUidString(uid))
			throw invalid(join(p, 'uid'), 'must be a uid string');
		for (const k of ['x_axis', 'y_axis', 'width', 'height']) {
			if (isNil(item[k])) throw missing(join(p, k));
			optNum(item, k, p, { min: 0, max: 1 });
		}
		optNum(item, 'alpha', p, { min: 0, max: 1 });
		optInt(item, 'render_mode', p, 0, 1);
	});
	(optArr(o, 'backgroundConfig', path) ?? []).forEach((item, i) => {
		const p = `${join(path, 'backgroundConfig')}[${i}]`;
		if (!isObj(item)) throw invalid(p, 'must be an object');
		reqStr(item, 'uid', p, { nonEmpty: true });
		reqStr(item, 'image_url', p, { nonEmpty: true });
		optInt(item, 'render_mode', p, 0, 1);
	});
}

// recordingFileConfig.avFileType: ["hls"] or ["hls","mp4"]; "Setting to ["mp4"] alone causes an error"
export function validateFileTypes(fc: Json, path: string): string[] {
	const types = optStrArr(fc, 'avFileType', path) ?? ['hls'];
	const p = join(path, 'avFileType');
	types.forEach((t, i) => {
		if (t !== 'hls' && t !== 'mp4') throw invalid(`${p}[${i}]`, 'must be "hls" or "mp4"');
	});
	if (!types.includes('hls'))
		throw invalid(p, 'must be ["hls"] or ["hls","mp4"]; ["mp4"] alone is an error');
	if (new Set(types).size !== types.length) throw invalid(p, 'must not repeat a type');
	return types;
}

// snapshotConfig: individual mode only; captureInterval 5..3600; fileType ["jpg"]; streamTypes 1 or 2
export function validateSnapshot(
	sc: Json,
	path: string,
	streamTypes: number,
	sub: Subscription,
): number {
	const interval =
		optInt(sc, 'captureInterval', path, R.CAPTURE_INTERVAL.min, R.CAPTURE_INTERVAL.max) ?? 10;
	const types = optStrArr(sc, 'fileType', path);
	if (!types) throw missing(join(path, 'fileType'));
	if (types.length !== 1 || types[0] !== 'jpg')
		throw invalid(join(path, 'fileType'), 'must be ["jpg"]');
	if (streamTypes === 0)
		throw invalid(
			'clientRequest.recordingConfig.streamTypes',
			'must be 1 or 2 with snapshotConfig',
		);
	if (sub.audio && !sub.video) throw missing('clientRequest.recordingConfig.subscribeVideoUids');
	return interval;
}

export interface ValidWebService {
	url?: string;
	onhold: boolean;
	outputs: string[];
}

function rtmpOutputs(o: Json, path: string): string[] {
	const outputs = optArr(o, 'outputs', path) ?? [];
	if (outputs.length > 1)
		throw invalid(join(path, 'outputs'), 'may push at most one stream to a CDN');
	return outputs.map((x, i) => {
		const p = `${join(path, 'outputs')}[${i}]`;
		if (!isObj(x)) throw invalid(p, 'must be an object');
		const url = reqStr(x, 'rtmpUrl', p, { nonEmpty: true });
		if (!/^rtmps?:\/\//.test(url))
			throw invalid(join(p, 'rtmpUrl'), 'must be an rtmp:// or rtmps:// URL');
		return url;
	});
}

// extensionServiceConfig (web page recording): web_recorder_service with its required serviceParam
export function validateExtensionServices(ec: Json, path: string): ValidWebService {
	const policy = optStr(ec, 'errorHandlePolicy', path);
	if (policy !== undefined && policy !== 'error_abort')
		throw invalid(join(path, 'errorHandlePolicy'), 'must be "error_abort"');
	const services = optArr(ec, 'extensionServices', path);
	if (!services) throw missing(join(path, 'extensionServices'));
	const out: ValidWebService = { onhold: false, outputs: [] };
	services.forEach((s, i) => {
		const p = `${join(path, 'extensionServices')}[${i}]`;
		if (!isObj(s)) throw invalid(p, 'must be an object');
		const name = optEnum(s, 'serviceName', p, R.WEB_SERVICES);
		if (!name) throw missing(join(p, 'serviceName'));
		const h = optStr(s, 'errorHandlePolicy', p);
		if (h !== undefined && h !== 'error_abort' && h !== 'error_ignore')
			throw invalid(join(p, 'errorHandlePolicy'), 'must be "error_abort" or "error_ignore"');
		const sp = reqObj(s, 'serviceParam', p);
		const pp = join(p, 'serviceParam');
		if (name === 'rtmp_publish_service') {
			out.outputs = rtmpOutputs(sp, pp);
			return;
		}
		out.url = reqStr(sp, 'url', pp, { nonEmpty: true });
		reqInt(sp, 'audioProfile', pp, 0, 2);
		const w = reqInt(sp, 'videoWidth', pp, 1);
		const hgt = reqInt(sp, 'videoHeight', pp, 1);
		if (w * hgt > R.MAX_PIXELS)
			throw invalid(join(pp, 'videoWidth'), 'videoWidth × videoHeight must not exceed 1920 × 1080');
		reqInt(sp, 'maxRecordingHour', pp, R.MAX_RECORDING_HOUR.min, R.MAX_RECORDING_HOUR.max);
		optInt(sp, 'videoBitrate', pp, 1);
		optInt(sp, 'videoFps', pp, R.VIDEO_FPS.min, R.VIDEO_FPS.max);
		optBool(sp, 'mobile', pp);
		optInt(sp, 'maxVideoDuration', pp, R.MAX_VIDEO_DURATION.min, R.MAX_VIDEO_DURATION.max);
		optInt(sp, 'readyTimeout', pp, R.READY_TIMEOUT.min, R.READY_TIMEOUT.max);
		out.onhold = optBool(sp, 'onhold', pp) ?? false;
	});
	if (out.url === undefined) throw missing(`${path}.extensionServices[web_recorder_service]`);
	return out;
}

/** update's rtmpPublishConfig.outputs. */
export function validateRtmpUpdate(o: Json, path: string): string[] {
	return rtmpOutputs(o, path);
}

export { FieldError };

/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The Cloud Recording REST API (OpenAPI cloud-recording.en.yaml) under /v1/apps/{appid}/cloud_recording:
 * acquire, start, query, update, updateLayout, stop. Errors in the two documented shapes
 * (status-codes.mdx): `{code, reason}` per endpoint, `{message}` for the general ones.
 */
import type { RateLimiter } from './ratelimit';
import * as R from './recording-reference';
import type { RecordingRecord } from './recording-files';
import type { RecordingStore } from './recordings';
import { errorReply, type Reply } from './reply';
import type { ResolvedOptions } from './types';
import {
	invalidParam,
	RecordingError,
	validateAcquire,
	validateStart,
	validateStop,
	validateUpdate,
	validateUpdateLayout,
} from './validate-recording';
import { isObj } from './util';
import type { Clock } from './clock';

export interface RecordingApiCtx {
	opts: ResolvedOptions;
	clock: Clock;
	recordings: RecordingStore;
	rate: RateLimiter;
}

export interface RecordingRequest {
	method: string;
	path: string;
	body: unknown;
	jsonOk: boolean;
	contentType: string | undefined;
	/** A 'failover' fault: the path's recording fails over for this long first (sandbox ms). */
	failoverMs?: number;
}

export function isRecordingPath(path: string): boolean {
	return path.startsWith(R.RECORDING_ROOT);
}

const message = (status: number, text: string): Reply => ({ status, body: { message: text } });
const coded = (e: RecordingError): Reply => ({
	status: e.status,
	body: { code: e.code, reason: e.reason },
});
const NO_ROUTE = (): Reply => message(404, 'no Route matched with those values');

function session(r: RecordingRecord): Record<string, unknown> {
	return { cname: r.cname, uid: r.uid, resourceId: r.resourceId, sid: r.sid };
}

// fileListMode "string" in composite recording with ["hls"], else "json"
function fileListFields(ctx: RecordingApiCtx, r: RecordingRecord): Record<string, unknown> {
	if (r.config.snapshotsOnly) return {};
	const names = ctx.recordings.fileNames(r);
	if (r.mode === 'mix' && !r.config.avFileType.includes('mp4'))
		return { fileListMode: 'string', fileList: names[0] ?? '' };
	const entries =
		r.files.length > 0
			? r.files
			: names.map((fileName) => ({
					fileName,
					trackType:
						r.mode === 'mix'
							? (['audio', 'video', 'audio_and_video'] as const)[r.config.streamTypes]
							: 'audio',
					uid: r.mode === 'mix' ? '0' : (/__uid_s_(\d+)__/.exec(fileName)?.[1] ?? '0'),
					mixedAllUser: r.mode === 'mix',
					isPlayable: true,
					sliceStartTime: r.startedAt,
				}));
	return { fileListMode: 'json', fileList: entries };
}

function webFiles(
	ctx: RecordingApiCtx,
	r: RecordingRecord,
): Array<{ filename: string; sliceStartTime: number }> {
	return ctx.recordings.fileNames(r).map((filename) => ({ filename, sliceStartTime: r.startedAt }));
}

function webState(ctx: RecordingApiCtx, r: RecordingRecord, state: string): unknown[] {
	const out: unknown[] = [
		{
			payload: { fileList: webFiles(ctx, r), onhold: r.onhold, state },
			serviceName: 'web_recorder_service',
		},
	];
	if (r.outputs.length > 0)
		out.push({
			payload: {
				outputs: r.outputs.map((rtmpUrl) => ({
					rtmpUrl,
					status: r.onhold ? 'onhold' : 'publishing',
				})),
			},
			serviceName: 'rtmp_publish_service',
		});
	return out;
}

function queryView(ctx: RecordingApiCtx, r: RecordingRecord): Reply {
	const serverResponse: Record<string, unknown> = { status: r.status };
	if (r.mode === 'web') serverResponse.extensionServiceState = webState(ctx, r, 'inProgress');
	else {
		Object.assign(serverResponse, fileListFields(ctx, r));
		if (r.mode === 'individual') serverResponse.sliceStartTime = r.startedAt;
	}
	return { status: 200, body: { ...session(r), serverResponse } };
}

// a synchronous stop answers once the files are uploaded; "backuped" and "no recorded data" are 206
function stopView(ctx: RecordingApiCtx, r: RecordingRecord, async: boolean): Reply {
	if (r.noData) return coded(new RecordingError(206, R.ERR.noRecordedData, 'no recorded data'));
	const status = async ? 'unknown' : (r.uploadingStatus ?? 'unknown');
	const code = status === 'backuped' ? 206 : 200;
	if (r.mode === 'web') {
		const extensionServiceState = [
			{ payload: { uploadingStatus: status }, serviceName: 'upload_service' },
			...(async ? [] : webState(ctx, r, 'exit')),
		];
		return { status: code, body: { ...session(r), serverResponse: { extensionServiceState } } };
	}
	const serverResponse = async
		? { uploadingStatus: status }
		: { ...fileListFields(ctx, r), uploadingStatus: status };
	return { status: code, body: { ...session(r), serverResponse } };
}

function start(ctx: RecordingApiCtx, resourceId: string, mode: string, body: unknown): Reply {
	const store = ctx.recordings;
	const res = store.resource(resourceId);
	const running = store.checkResource(
		res,
		isObj(body) ? body.cname : undefined,
		isObj(body) ? body.uid : undefined,
	);
	if (running) {
		store.startedTwice(running);
		return { status: 201, body: { code: R.ERR.alreadyStarted, reason: 'already started' } };
	}
	if (!(R.MODES as readonly string[]).includes(mode))
		throw invalidParam('mode must be individual, mix or web');
	const v = validateStart(body, mode as R.RecordingMode, res.startParameter);
	const r = store.start(res, v);
	return {
		status: 200,
		body: { cname: r.cname, uid: r.uid, resourceId: r.resourceId, sid: r.sid },
	};
}

async function onSession(
	ctx: RecordingApiCtx,
	req: RecordingRequest,
	resourceId: string,
	sid: string,
	mode: string,
	op: string,
): Promise<Reply> {
	const store = ctx.recordings;
	const r = store.live(resourceId, sid, mode);
	if (op === 'query') return queryView(ctx, r);
	if (op === 'update') {
		const u = validateUpdate(req.body, r.mode);
		store.sameIdentity(r, u.cname, u.uid);
		store.update(r, u);
		return { status: 200, body: session(r) };
	}
	if (op === 'updateLayout') {
		// updateLayout's mode parameter: "Must be mix"
		if (mode !== 'mix')
			throw invalidParam('updateLayout is only supported in composite (mix) recording');
		const l = validateUpdateLayout(req.body);
		store.sameIdentity(r, l.cname, l.uid);
		store.updateLayout(r, l.layout);
		return { status: 200, body: session(r) };
	}
	const s = validateStop(req.body);
	store.sameIdentity(r, s.cname, s.uid);
	const done = store.stop(r);
	if (!s.async) await done;
	return stopView(ctx, r, s.async);
}

const OPS: Record<string, string> = {
	query: 'GET',
	update: 'POST',
	updateLayout: 'POST',
	stop: 'POST',
};

async function route(ctx: RecordingApiCtx, req: RecordingRequest): Promise<Reply> {
	const s = req.path.split('/');
	// ['', 'v1', 'apps', appid, 'cloud_recording', ...rest]
	if (s[4] !== 'cloud_recording') return NO_ROUTE();
	const rest = s.slice(5);
	const acquire = rest.length === 1 && rest[0] === 'acquire';
	if (s[3] !== ctx.opts.appId)
		return acquire
			? { status: 400, body: { code: 400, reason: 'invalid_appid' } }
			: message(400, 'appid is invalid');
	const isStart =
		rest.length === 5 && rest[0] === 'resourceid' && rest[2] === 'mode' && rest[4] === 'start';
	const isSession =
		rest.length === 7 &&
		rest[0] === 'resourceid' &&
		rest[2] === 'sid' &&
		rest[4] === 'mode' &&
		rest[6] in OPS;
	if (!acquire && !isStart && !isSession) return NO_ROUTE();
	const method = acquire || isStart ? 'POST' : OPS[rest[6]];
	if (req.method !== method) return NO_ROUTE();
	// common-errors.mdx code 8: wrong Content-Type, or a body that is not JSON
	if (method === 'POST') {
		if (!/^application\/json/i.test(req.contentType ?? ''))
			return coded(new RecordingError(400, R.ERR.headers, 'Content-Type must be application/json'));
		if (!req.jsonOk)
			return coded(new RecordingError(400, R.ERR.headers, 'the request body is not valid JSON'));
	}
	const decode = (x: string): string => {
		try {
			return decodeURIComponent(x);
		} catch {
			return x;
		}
	};
	try {
		if (acquire) {
			const res = ctx.recordings.acquire(validateAcquire(req.body));
			return { status: 200, body: { cname: res.cname, uid: res.uid, resourceId: res.resourceId } };
		}
		if (isStart) return start(ctx, decode(rest[1]), rest[3], req.body);
		return await onSession(ctx, req, decode(rest[1]), decode(rest[3]), rest[5], rest[6]);
	} catch (e) {
		if (e instanceof RecordingError) return coded(e);
		throw e;
	}
}

/** The recording API; a 429 when the App ID's 10 requests/s are spent (with rateLimits on). */
export function recordingApi(ctx: RecordingApiCtx, req: RecordingRequest): Promise<Reply> {
	const sid = /\/sid\/([^/]+)\//.exec(req.path)?.[1];
	if (req.failoverMs !== undefined && sid) {
		try {
			ctx.recordings.failover(decodeURIComponent(sid), req.failoverMs);
		} catch {
			// an unknown or ended recording answers its own 404
		}
	}
	if (ctx.opts.rateLimits) {
		const r = ctx.rate.take(
			[
				{
					rule: 'recording/s',
					key: `recording:${ctx.opts.appId}`,
					limit: R.QPS_PER_APP_ID,
					windowMs: 1000,
				},
			],
			ctx.clock.now(),
		);
		if (!r.ok) return Promise.resolve(errorReply('recording', 429));
	}
	return route(ctx, req);
}

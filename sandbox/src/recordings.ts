/**
 * Cloud Recording's state on the sandbox clock: resources (valid 5 minutes until started), recordings
 * (status 1 -> 4 -> 5 -> 6 -> 7 -> 8, or 20), idle exit after maxIdleTime with nobody in the channel,
 * failover (404 for a while), resource expiry (resourceExpiredHour) and the product-3 notifications.
 */
import { randomBytes } from 'crypto';
import type { Clock } from './clock';
import type { Notifier } from './notifier';
import { channelBusy, channelSpeech, channelUids } from './recording-channel';
import { recordedFiles, uploadAll, type RecordingRecord } from './recording-files';
import * as R from './recording-reference';
import { checkToken } from './token';
import type { AgentRecord, CallRecord, ResolvedOptions } from './types';
import {
	RecordingError,
	type ValidAcquire,
	type ValidStart,
	type ValidUpdate,
} from './validate-recording';
import type { Json } from './util';

export interface ResourceRecord extends ValidAcquire {
	resourceId: string;
	acquiredAt: number;
	sid?: string;
}

export interface RecordingCtx {
	opts: ResolvedOptions;
	clock: Clock;
	notifier: Notifier;
	agents: () => AgentRecord[];
	calls: () => CallRecord[];
}

const notFound = (): RecordingError => new RecordingError(404, 404, 'failed to find worker');

export class RecordingStore {
	private readonly resources = new Map<string, ResourceRecord>();
	private readonly bySid = new Map<string, RecordingRecord>();
	private readonly timers = new Map<string, number[]>();

	constructor(private readonly ctx: RecordingCtx) {}

	all(): RecordingRecord[] {
		return [...this.bySid.values()];
	}

	get(sid: string): RecordingRecord | undefined {
		return this.bySid.get(sid);
	}

	reset(): void {
		for (const list of this.timers.values()) for (const t of list) this.ctx.clock.clear(t);
		this.timers.clear();
		this.resources.clear();
		this.bySid.clear();
	}

	private after(r: RecordingRecord, ms: number, fn: () => void): void {
		const list = this.timers.get(r.sid) ?? [];
		list.push(this.ctx.clock.after(ms, fn));
		this.timers.set(r.sid, list);
	}

	private clearTimers(r: RecordingRecord): void {
		for (const t of this.timers.get(r.sid) ?? []) this.ctx.clock.clear(t);
		this.timers.delete(r.sid);
	}

	acquire(v: ValidAcquire): ResourceRecord {
		const res: ResourceRecord = {
			...v,
			resourceId: randomBytes(96).toString('base64url'),
			acquiredAt: this.ctx.clock.now(),
		};
		this.resources.set(res.resourceId, res);
		return res;
	}

	resource(resourceId: string): ResourceRecord {
		const res = this.resources.get(resourceId);
		if (!res) throw new RecordingError(400, R.ERR.unparsedResource, 'failed to parse resource id');
		return res;
	}

	/** Before validating a start: code 7 for a start sent twice, 432/433 for the wrong or an old resource. */
	checkResource(res: ResourceRecord, cname: unknown, uid: unknown): RecordingRecord | undefined {
		if (res.sid) {
			const r = this.bySid.get(res.sid);
			if (r && r.status < R.STATUS.stopRequested) return r;
			throw new RecordingError(400, R.ERR.resourceExpired, 'resource expired');
		}
		if (cname !== res.cname || uid !== res.uid)
			throw new RecordingError(
				400,
				R.ERR.resourceMismatch,
				'cname or uid does not match the resource id',
			);
		if (this.ctx.clock.now() - res.acquiredAt > R.RESOURCE_TTL_MS)
			throw new RecordingError(400, R.ERR.resourceExpired, 'resource expired');
		return undefined;
	}

	/** status-codes.mdx: start sent twice -> 201 code 7 (and notification 3, cloud_recording_status_update). */
	startedTwice(r: RecordingRecord): void {
		this.emit(r, R.EVENT.statusUpdate, R.SERVICE_TYPE.service, {
			msgName: 'cloud_recording_status_update',
			status: r.status,
			recordingMode: r.mode === 'individual' ? 0 : 1,
			fileList: r.mode === 'mix' ? (this.fileNames(r)[0] ?? '') : '',
		});
	}

	start(res: ResourceRecord, v: ValidStart): RecordingRecord {
		for (const other of this.bySid.values())
			if (other.cname === v.cname && other.uid === v.uid && other.status < R.STATUS.exited)
				throw new RecordingError(400, R.ERR.taskConflict, 'task conflict');
		if (v.mode !== 'web' && channelUids(this.ctx.agents(), this.ctx.calls(), v.cname).has(v.uid))
			throw new RecordingError(
				400,
				R.ERR.invalidParam,
				`uid ${v.uid} is already used by another user in channel ${v.cname}`,
			);
		const now = this.ctx.clock.now();
		const r: RecordingRecord = {
			sid: randomBytes(16).toString('hex'),
			resourceId: res.resourceId,
			cname: v.cname,
			uid: v.uid,
			mode: v.mode,
			config: v,
			status: R.STATUS.initialized,
			startedAt: now,
			expiresAt: now + res.resourceExpiredHour * 3600 * 1000,
			onhold: v.web?.onhold ?? false,
			outputs: v.web?.outputs ?? [],
			layout: v.layout,
			updates: 0,
			sequence: 0,
			failovers: 0,
			files: [],
		};
		res.sid = r.sid;
		this.bySid.set(r.sid, r);
		this.after(r, this.ctx.opts.startDelayMs, () => this.joined(r));
		return r;
	}

	private tokenProblem(r: RecordingRecord): number | undefined {
		if (r.config.token === undefined || r.mode === 'web') return undefined;
		const t = checkToken(
			r.config.token,
			this.ctx.opts.appId,
			this.ctx.opts.appCertificate,
			this.ctx.clock.nowS(),
		);
		if (!t.ok) return /expired/i.test(t.reason) ? 109 : 110;
		if (
			t.rtc.channelName !== r.cname ||
			(t.rtc.uid !== '' && t.rtc.uid !== '0' && t.rtc.uid !== r.uid)
		)
			return 110;
		return undefined;
	}

	// the recorder joins: 30 uploader_started, 40 recorder_started (70 in web page recording)
	private joined(r: RecordingRecord): void {
		if (r.status !== R.STATUS.initialized) return;
		const tokenError = this.tokenProblem(r);
		if (tokenError !== undefined) {
			// common-errors.mdx 109 / 110: the token to join the channel expired / is wrong
			this.emit(r, R.EVENT.error, R.SERVICE_TYPE.service, {
				msgName: 'cloud_recording_error',
				module: 0,
				errorLevel: 5,
				errorCode: tokenError,
				stat: 1,
				errorMsg: tokenError === 109 ? 'token expired' : 'invalid token',
			});
			this.finish(r, R.LEAVE_CODE.init, true);
			return;
		}
		r.status = R.STATUS.allReady;
		this.emit(r, R.EVENT.uploaderStarted, R.SERVICE_TYPE.uploader, {
			msgName: 'uploader_started',
			status: 0,
		});
		this.emit(r, R.EVENT.recorderStarted, R.SERVICE_TYPE.recorder, {
			msgName: 'recorder_started',
			status: 0,
		});
		if (r.mode === 'web') {
			r.status = R.STATUS.inProgress;
			this.emit(r, R.EVENT.webRecorderStarted, R.SERVICE_TYPE.web, {
				msgName: 'web_recorder_started',
				recorderStartTime: this.ctx.clock.now(),
			});
		}
		this.progressEveryMinute(r);
		this.watchFirstSlice(r);
		this.channelChanged(r.cname);
	}

	// the recorder hears the channel: the first slice starts once anyone it subscribes to speaks
	private watchFirstSlice(r: RecordingRecord): void {
		this.after(r, 1000, () => {
			this.firstSlice(r);
			if (r.status === R.STATUS.allReady) this.watchFirstSlice(r);
		});
	}

	// uploading_progress: "once every minute after the recording starts"; files upload at the end here
	private progressEveryMinute(r: RecordingRecord): void {
		this.after(r, 60_000, () => {
			if (r.status >= R.STATUS.stopRequested) return;
			this.emit(r, R.EVENT.uploadingProgress, R.SERVICE_TYPE.uploader, {
				msgName: 'uploading_progress',
				progress: 0,
			});
			this.progressEveryMinute(r);
		});
	}

	/** The first slice exists once someone spoke: status 5, 42 recorder_slice_start, 43, 4 file_infos. */
	private firstSlice(r: RecordingRecord): void {
		if (r.status !== R.STATUS.allReady || r.mode === 'web') return;
		if (this.speech(r).length === 0) return;
		r.status = R.STATUS.inProgress;
		const now = this.ctx.clock.now();
		this.emit(r, R.EVENT.sliceStart, R.SERVICE_TYPE.recorder, {
			msgName: 'recorder_slice_start',
			startUtcMs: r.startedAt,
			discontinueUtcMs: r.startedAt,
			mixedAllUser: r.mode === 'mix',
			streamUid: r.mode === 'mix' ? '0' : this.speech(r)[0].uid,
			trackType: 'audio',
		});
		this.emit(r, R.EVENT.audioStreamState, R.SERVICE_TYPE.recorder, {
			msgName: 'recorder_audio_stream_state_changed',
			streamUid: r.mode === 'mix' ? '0' : this.speech(r)[0].uid,
			state: 0,
			UtcMs: now,
		});
		this.emit(r, R.EVENT.fileInfos, R.SERVICE_TYPE.service, {
			msgName: 'cloud_recording_file_infos',
			fileList: this.fileNames(r).find((n) => n.endsWith('.m3u8')) ?? '',
		});
	}

	private speech(r: RecordingRecord) {
		const until = r.stoppedAt ?? this.ctx.clock.now();
		const all = channelSpeech(this.ctx.agents(), this.ctx.calls(), r.cname, r.startedAt, until);
		const { streamTypes, subscribe } = r.config;
		if (streamTypes === 1) return [];
		return all.filter(
			(u) =>
				(!subscribe.audio ||
					subscribe.audio.includes('#allstream#') ||
					subscribe.audio.includes(u.uid)) &&
				!(subscribe.unAudio ?? []).includes(u.uid),
		);
	}

	/** The file names the recording has so far (with the storage prefix), as query and 3/4 name them. */
	fileNames(r: RecordingRecord): string[] {
		if (r.files.length > 0) return r.files.map((f) => f.fileName);
		if (r.mode !== 'web' && r.status < R.STATUS.inProgress) return [];
		return recordedFiles(r, this.speech(r)).map((f) => f.fileName);
	}

	/** query, update, updateLayout, stop: the recording of this resource, sid and mode. */
	live(resourceId: string, sid: string, mode: string): RecordingRecord {
		const r = this.bySid.get(sid);
		if (!r) throw notFound();
		if (r.resourceId !== resourceId)
			throw new RecordingError(400, R.ERR.sidMismatch, 'sid does not match the resource id');
		const now = this.ctx.clock.now();
		if (r.failoverUntil !== undefined && now < r.failoverUntil) throw notFound();
		if (r.status >= R.STATUS.allStopped) throw notFound();
		if (mode !== r.mode)
			throw new RecordingError(
				400,
				R.ERR.invalidParam,
				`mode ${mode} does not match the recording's mode ${r.mode}`,
			);
		if (now > r.expiresAt) throw new RecordingError(400, R.ERR.resourceExpired, 'resource expired');
		return r;
	}

	/** cname and uid of update and stop "must match" those of acquire. */
	sameIdentity(r: RecordingRecord, cname: string, uid: string): void {
		if (cname !== r.cname || uid !== r.uid)
			throw new RecordingError(
				400,
				R.ERR.resourceMismatch,
				'cname or uid does not match the resource id',
			);
	}

	update(r: RecordingRecord, u: ValidUpdate): void {
		const s = r.config.subscribe;
		if (u.subscribe?.audio)
			Object.assign(s, { audio: u.subscribe.audio.audio, unAudio: u.subscribe.audio.unAudio });
		if (u.subscribe?.video)
			Object.assign(s, { video: u.subscribe.video.video, unVideo: u.subscribe.video.unVideo });
		if (u.onhold !== undefined) r.onhold = u.onhold;
		if (u.outputs) r.outputs = u.outputs;
		if (u.storage) r.config.storage = u.storage;
		r.updates++;
	}

	/** updateLayout "overwrites all previous layout settings". */
	updateLayout(r: RecordingRecord, layout: Json): void {
		r.layout = layout;
		r.updates++;
	}

	/** stop: 49 while it exits already; the files are made and uploaded, then 31/32 and 11. */
	stop(r: RecordingRecord): Promise<void> {
		if (r.status >= R.STATUS.stopRequested)
			throw new RecordingError(400, R.ERR.invalidOperation, 'invalid operation');
		return this.finish(r, R.LEAVE_CODE.clientLeave, false);
	}

	/** High availability: query/update/updateLayout/stop answer 404 for `ms`; 12 session_failover. */
	failover(sid: string, ms: number): RecordingRecord {
		const r = this.bySid.get(sid);
		if (!r || r.status >= R.STATUS.stopRequested) throw notFound();
		r.failoverUntil = this.ctx.clock.now() + ms;
		r.failovers++;
		this.emit(r, R.EVENT.sessionFailover, R.SERVICE_TYPE.service, {
			msgName: 'session_failover',
			newUid: 1 + Math.floor(Math.random() * (R.UID_MAX - 1)),
		});
		return r;
	}

	/** People joined or left the channel: start or cancel each recording's idle count. */
	channelChanged(cname: string): void {
		for (const r of this.bySid.values()) {
			if (
				r.cname !== cname ||
				r.mode === 'web' ||
				r.status < R.STATUS.allReady ||
				r.status >= R.STATUS.stopRequested
			)
				continue;
			this.firstSlice(r);
			const busy = channelBusy(this.ctx.agents(), this.ctx.calls(), cname);
			this.idle(r, busy);
		}
	}

	private readonly idleTimer = new Map<string, number>();

	private idle(r: RecordingRecord, busy: boolean): void {
		const pending = this.idleTimer.get(r.sid);
		if (busy) {
			this.ctx.clock.clear(pending);
			this.idleTimer.delete(r.sid);
			return;
		}
		if (pending !== undefined) return;
		// stop callout: "if the channel is idle for longer than maxIdleTime ... leaves the channel and stops"
		const t = this.ctx.clock.after(r.config.maxIdleTime * 1000, () => {
			this.idleTimer.delete(r.sid);
			if (r.status < R.STATUS.stopRequested) void this.finish(r, R.LEAVE_CODE.noUsers, false);
		});
		this.idleTimer.set(r.sid, t);
	}

	private finish(r: RecordingRecord, leaveCode: number, abnormal: boolean): Promise<void> {
		this.firstSlice(r);
		r.status = R.STATUS.stopRequested;
		r.stoppedAt = this.ctx.clock.now();
		r.leaveCode = leaveCode;
		this.clearTimers(r);
		this.ctx.clock.clear(this.idleTimer.get(r.sid));
		this.idleTimer.delete(r.sid);
		this.emit(r, R.EVENT.recorderLeave, R.SERVICE_TYPE.recorder, {
			msgName: 'recorder_leave',
			leaveCode,
		});
		const speech = abnormal ? [] : this.speech(r);
		r.noData = !abnormal && r.mode !== 'web' && speech.length === 0;
		r.exited = (async () => {
			if (!abnormal && !r.noData) {
				const { files, uploaded } = await uploadAll(
					r,
					speech,
					this.ctx.opts.recordingStorageEndpoint,
				);
				r.files = files;
				r.uploadingStatus = uploaded ? 'uploaded' : 'backuped';
				this.uploadEvents(r, uploaded);
			}
			r.status = abnormal ? R.STATUS.abnormal : R.STATUS.exited;
			this.emit(r, R.EVENT.sessionExit, R.SERVICE_TYPE.service, {
				msgName: 'session_exit',
				exitStatus: abnormal ? 1 : 0,
			});
		})();
		return r.exited;
	}

	private uploadEvents(r: RecordingRecord, uploaded: boolean): void {
		if (!uploaded) {
			// upload warning 32: "re-uploads the slice file to Agora Cloud Backup"
			this.emit(r, R.EVENT.warning, R.SERVICE_TYPE.service, {
				msgName: 'cloud_recording_warning',
				module: 1,
				warnCode: 32,
			});
		}
		this.emit(r, R.EVENT.uploadingProgress, R.SERVICE_TYPE.uploader, {
			msgName: 'uploading_progress',
			progress: 10000,
		});
		if (r.mode === 'web') {
			this.emit(r, R.EVENT.webRecorderStopped, R.SERVICE_TYPE.web, {
				msgName: 'web_recorder_stopped',
				code: 0,
				message: 'ok',
				details: 'the recording was stopped',
				fileList: r.files.map((f) => ({ fileName: f.fileName, sliceStartTime: f.sliceStartTime })),
			});
		}
		const name = uploaded ? 'uploaded' : 'backuped';
		// receive-notifications.mdx: web page recording's 31/32 carry no fileList
		this.emit(
			r,
			uploaded ? R.EVENT.uploaded : R.EVENT.backuped,
			R.SERVICE_TYPE.uploader,
			r.mode === 'web'
				? { msgName: name, status: 0 }
				: { msgName: name, fileList: r.files, status: 0 },
		);
	}

	private emit(r: RecordingRecord, eventType: number, serviceType: number, details: Json): void {
		this.ctx.notifier.emit(
			3,
			eventType,
			{
				cname: r.cname,
				uid: r.uid,
				sid: r.sid,
				sequence: r.sequence++,
				sendts: this.ctx.clock.now(),
				serviceType,
				details,
			},
			r.sid,
		);
	}
}

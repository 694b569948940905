/**
 * A recording's files: which streams each mode writes (manage-files.mdx naming), their fileList
 * entries (OpenAPI fileList-json, the 31 uploaded notification) and the upload of the rendered media
 * to the storage config's bucket with SigV4.
 */
import { renderStream, webName, type StreamSpec, type Utterance } from './recording-media';
import * as R from './recording-reference';
import type { ValidStart } from './validate-recording';
import { putObject, type S3Target } from './s3';
import type { Json } from './util';

/** One recording as the sandbox keeps it (its files are listed here once uploaded). */
export interface RecordingRecord {
	sid: string;
	resourceId: string;
	cname: string;
	uid: string;
	mode: R.RecordingMode;
	config: ValidStart;
	status: number;
	startedAt: number;
	stoppedAt?: number;
	expiresAt: number;
	onhold: boolean;
	outputs: string[];
	layout: Json;
	updates: number;
	/** Notification sequence, from 0. */
	sequence: number;
	failoverUntil?: number;
	failovers: number;
	files: FileEntry[];
	uploadingStatus?: 'uploaded' | 'backuped';
	leaveCode?: number;
	/** Resolves when the files are uploaded and the session exited. */
	exited?: Promise<void>;
	noData?: boolean;
}

export interface FileEntry {
	/** The object key: fileNamePrefix parts, then the name manage-files.mdx gives. */
	fileName: string;
	trackType: 'audio' | 'video' | 'audio_and_video';
	uid: string;
	mixedAllUser: boolean;
	isPlayable: boolean;
	/** Unix ms (the notification page's unit; its examples and query's sliceStartTime are ms). */
	sliceStartTime: number;
}

const TRACK = ['audio', 'video', 'audio_and_video'] as const;

function canvas(layout: Json): { width: number; height: number; color: string } {
	return {
		width: typeof layout.width === 'number' ? layout.width : 360,
		height: typeof layout.height === 'number' ? layout.height : 640,
		color: typeof layout.backgroundColor === 'string' ? layout.backgroundColor : '#000000',
	};
}

/** The streams a recording writes, with who is heard in each. */
export function streams(
	r: RecordingRecord,
	speech: Utterance[],
): Array<StreamSpec & { uid: string; trackType: FileEntry['trackType'] }> {
	const mp4 = r.config.avFileType.includes('mp4');
	const base = `${r.sid}_${r.cname}`;
	if (r.config.snapshotsOnly) return [];
	if (r.mode === 'web') {
		const seconds = ((r.stoppedAt ?? r.startedAt) - r.startedAt) / 1000;
		return [
			{
				stem: `${r.sid}_${webName(r.cname)}`,
				utterances: [],
				audio: false,
				video: { width: 640, height: 360, color: '#000000', pattern: true },
				mp4,
				startMs: r.startedAt,
				minSeconds: Math.max(1, seconds),
				uid: '0',
				trackType: 'audio_and_video',
			},
		];
	}
	const types = r.config.streamTypes;
	if (r.mode === 'mix') {
		return [
			{
				stem: base,
				utterances: speech,
				audio: types !== 1,
				video: types === 0 ? undefined : canvas(r.layout),
				mp4,
				startMs: r.startedAt,
				uid: '0',
				trackType: TRACK[types],
			},
		];
	}
	// individual: one audio M3U8 per uid heard (agents publish no video)
	const uids = [...new Set(speech.map((u) => u.uid))];
	return uids.map((uid) => ({
		stem: `${base}__uid_s_${uid}__uid_e_audio`,
		utterances: speech.filter((u) => u.uid === uid),
		audio: true,
		mp4: false,
		startMs: r.startedAt,
		uid,
		trackType: 'audio' as const,
	}));
}

function keyOf(r: RecordingRecord, name: string): string {
	const prefix = r.config.storage.fileNamePrefix;
	return prefix.length > 0 ? `${prefix.join('/')}/${name}` : name;
}

/** fileList entries: the MP4 (when made) then the M3U8 of each stream, as the 31 examples list them. */
export function recordedFiles(r: RecordingRecord, speech: Utterance[]): FileEntry[] {
	const out: FileEntry[] = [];
	for (const s of streams(r, speech)) {
		const names = s.mp4 ? [`${s.stem}_0.mp4`, `${s.stem}.m3u8`] : [`${s.stem}.m3u8`];
		for (const name of names)
			out.push({
				fileName: keyOf(r, name),
				trackType: s.trackType,
				uid: s.uid,
				mixedAllUser: r.mode !== 'individual',
				isPlayable: true,
				sliceStartTime: r.startedAt,
			});
	}
	return out;
}

/** Where the files go: vendor 11's endpoint, else the sandbox's storage override (the local store). */
function target(r: RecordingRecord, override: string | undefined): S3Target | undefined {
	const s = r.config.storage;
	const endpoint = s.vendor === 11 ? s.endpoint : override;
	if (!endpoint) return undefined;
	return {
		endpoint,
		bucket: s.bucket,
		accessKey: s.accessKey,
		secretKey: s.secretKey,
		sessionToken: s.stsToken,
		region: (s.vendor === 1 && R.S3_REGION_NAMES[s.region]) || 'us-east-1',
	};
}

/**
 * Renders every stream and uploads each file. `uploaded` is false when the storage could not take
 * them (no endpoint, refused keys, unreachable): Agora then keeps them in its backup ("backuped").
 */
export async function uploadAll(
	r: RecordingRecord,
	speech: Utterance[],
	override: string | undefined,
): Promise<{ files: FileEntry[]; uploaded: boolean }> {
	const files = recordedFiles(r, speech);
	const t = target(r, override);
	if (!t) return { files, uploaded: false };
	let uploaded = true;
	for (const s of streams(r, speech)) {
		const media = await renderStream(s);
		for (const f of media) {
			try {
				await putObject(t, keyOf(r, f.name), f.data, f.contentType);
			} catch {
				uploaded = false;
			}
		}
	}
	return { files, uploaded };
}

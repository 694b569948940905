/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The recorded files as real media: the channel's utterances spoken by espeak-ng, packed by ffmpeg
 * into M3U8 + TS slices (and MP4) under the names manage-files.mdx gives for each mode, with the
 * playlist tags Agora writes (#EXT-X-AGORA-TRACK-EVENT). Utterances follow each other 0.4 s apart.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { SLICE_S } from './recording-reference';

const run = promisify(execFile);
const GAP_S = 0.4;
/** No generated file is longer than this (a web page recording lasts as long as its session). */
const MAX_SECONDS = 600;

export interface Utterance {
	/** The speaker's RTC uid. */
	uid: string;
	text: string;
	/** The agent and the caller get different voices. */
	role: 'agent' | 'caller';
}

export interface MediaFile {
	/** File name as manage-files.mdx names it (without the storage prefix). */
	name: string;
	data: Buffer;
	contentType: string;
}

/** <utc> of slice names: UTC year..millisecond, e.g. 20190611073246073. */
export function utcStamp(ms: number): string {
	return new Date(ms).toISOString().replace(/[-:TZ.]/g, '');
}

/** Web page recording file names replace these cname characters with "-" (manage-files.mdx). */
export function webName(cname: string): string {
	return cname.replace(/[!@#$%^&*()+_.=[\]{}~|,;:?<>]/g, '-');
}

// espeak-ng writes 16-bit mono PCM WAV; the samples are joined with silence between utterances
async function speak(
	text: string,
	role: Utterance['role'],
	dir: string,
	i: number,
): Promise<Buffer> {
	const file = path.join(dir, `u${i}.wav`);
	await run('espeak-ng', [
		'-v',
		role === 'agent' ? 'en-us' : 'en-gb',
		'-s',
		'170',
		'-w',
		file,
		text,
	]);
	const wav = fs.readFileSync(file);
	const at = wav.indexOf('data', 12);
	return wav.subarray(at + 8);
}

const RATE = 22050;

function wavFile(pcm: Buffer): Buffer {
	const h = Buffer.alloc(44);
	h.write('RIFF', 0);
	h.writeUInt32LE(36 + pcm.length, 4);
	h.write('WAVEfmt ', 8);
	h.writeUInt32LE(16, 16);
	h.writeUInt16LE(1, 20);
	h.writeUInt16LE(1, 22);
	h.writeUInt32LE(RATE, 24);
	h.writeUInt32LE(RATE * 2, 28);
	h.writeUInt16LE(2, 32);
	h.writeUInt16LE(16, 34);
	h.write('data', 36);
	h.writeUInt32LE(pcm.length, 40);
	return Buffer.concat([h, pcm]);
}

/** One WAV of the utterances in order; at least `minSeconds` long (silence pads it). */
async function voiceTrack(
	utterances: Utterance[],
	dir: string,
	minSeconds: number,
): Promise<string> {
	const gap = Buffer.alloc(Math.round(GAP_S * RATE) * 2);
	const parts: Buffer[] = [];
	for (const [i, u] of utterances.entries()) parts.push(await speak(u.text, u.role, dir, i), gap);
	let pcm = Buffer.concat(parts);
	const min = Math.round(minSeconds * RATE) * 2;
	if (pcm.length < min) pcm = Buffer.concat([pcm, Buffer.alloc(min - pcm.length)]);
	if (pcm.length > MAX_SECONDS * RATE * 2) pcm = pcm.subarray(0, MAX_SECONDS * RATE * 2);
	const file = path.join(dir, `track-${utterances[0]?.uid ?? 'web'}.wav`);
	fs.writeFileSync(file, wavFile(pcm));
	return file;
}

export interface StreamSpec {
	/** File name stem: `<sid>_<cname>` (mix, web) or `<sid>_<cname>__uid_s_<uid>__uid_e_audio`. */
	stem: string;
	utterances: Utterance[];
	/** Video canvas (mix with streamTypes 2, web): width, height, colour. */
	video?: { width: number; height: number; color: string; pattern?: boolean };
	audio: boolean;
	mp4: boolean;
	startMs: number;
	/** Web page recording: the seconds recorded. */
	minSeconds?: number;
}

function ffmpegInputs(spec: StreamSpec, wav: string, seconds: number): string[] {
	const args = ['-y', '-loglevel', 'error'];
	if (spec.audio) args.push('-i', wav);
	else args.push('-f', 'lavfi', '-t', String(seconds), '-i', 'anullsrc=r=22050:cl=mono');
	if (spec.video) {
		const v = spec.video;
		const src = v.pattern
			? `testsrc=size=${v.width}x${v.height}:rate=15`
			: `color=c=0x${v.color.replace('#', '')}:size=${v.width}x${v.height}:rate=15`;
		args.push('-f', 'lavfi', '-t', String(seconds), '-i', src);
	}
	return args;
}

function codecs(spec: StreamSpec): string[] {
	const args = ['-c:a', 'aac', '-b:a', '48k'];
	if (spec.video)
		args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-g', '15');
	return [...args, '-shortest'];
}

// manage-files.mdx "Sample M3U8 file for audio": Agora's header lines, then one entry per slice
function agoraPlaylist(spec: StreamSpec, slices: Array<{ name: string; seconds: number }>): string {
	const track = spec.audio ? 'AUDIO' : 'VIDEO';
	const target = Math.ceil(Math.max(...slices.map((s) => s.seconds), 1));
	const lines = [
		'#EXTM3U',
		'#EXT-X-VERSION:3',
		'#EXT-X-MEDIA-SEQUENCE:0',
		'#EXT-X-ALLOW-CACHE:YES',
		`#EXT-X-TARGETDURATION:${target}`,
		'#EXT-X-DISCONTINUITY',
		`#EXT-X-AGORA-TRACK-EVENT:EVENT=START,TRACK_TYPE=${track},TIME=${utcStamp(spec.startMs)}`,
	];
	for (const s of slices) lines.push(`#EXTINF:${s.seconds.toFixed(6)}`, s.name);
	lines.push('#EXT-X-ENDLIST', '');
	return lines.join('\n');
}

/** The M3U8, its TS slices and (when asked) `<stem>_0.mp4` of one stream. */
export async function renderStream(spec: StreamSpec): Promise<MediaFile[]> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-rec-'));
	try {
		const wav = await voiceTrack(spec.utterances, dir, spec.minSeconds ?? 1);
		const seconds = Math.min(
			MAX_SECONDS,
			Math.max(1, spec.minSeconds ?? 0, fs.statSync(wav).size / (RATE * 2)),
		);
		const inputs = ffmpegInputs(spec, wav, seconds);
		await run('ffmpeg', [
			...inputs,
			...codecs(spec),
			'-f',
			'hls',
			'-hls_time',
			String(SLICE_S),
			'-hls_playlist_type',
			'vod',
			'-hls_segment_filename',
			path.join(dir, 'slice%05d.ts'),
			path.join(dir, 'ffmpeg.m3u8'),
		]);
		const made = fs.readFileSync(path.join(dir, 'ffmpeg.m3u8'), 'utf8');
		const slices: Array<{ name: string; seconds: number; data: Buffer }> = [];
		let offsetMs = spec.startMs;
		let pending = 0;
		for (const line of made.split('\n')) {
			if (line.startsWith('#EXTINF:')) pending = parseFloat(line.slice(8));
			else if (line.endsWith('.ts')) {
				slices.push({
					name: `${spec.stem}_${utcStamp(offsetMs)}.ts`,
					seconds: pending,
					data: fs.readFileSync(path.join(dir, line.trim())),
				});
				offsetMs += Math.round(pending * 1000);
			}
		}
		const files: MediaFile[] = [
			{
				name: `${spec.stem}.m3u8`,
				data: Buffer.from(agoraPlaylist(spec, slices)),
				contentType: 'application/vnd.apple.mpegurl',
			},
			...slices.map((s) => ({ name: s.name, data: s.data, contentType: 'video/mp2t' })),
		];
		if (spec.mp4) {
			const out = path.join(dir, 'out.mp4');
			await run('ffmpeg', [...inputs, ...codecs(spec), '-movflags', '+faststart', out]);
			files.push({
				name: `${spec.stem}_0.mp4`,
				data: fs.readFileSync(out),
				contentType: 'video/mp4',
			});
		}
		return files;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

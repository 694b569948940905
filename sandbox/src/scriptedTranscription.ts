/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The scripted model's POST /v1/audio/transcriptions as OpenAI's audio API takes it: multipart form
 * data with `model` and `file` (flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav or webm, at most
 * 25 MB), answered `{text}` (or plain text for response_format=text). The file must be audio that
 * ffprobe opens with a sound stream: a test learns that the workflow sent a real recording.
 */
import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { promisify } from 'util';

const run = promisify(execFile);

/** OpenAI's accepted file types, by extension. */
export const TRANSCRIPTION_FORMATS = [
	'flac',
	'm4a',
	'mp3',
	'mp4',
	'mpeg',
	'mpga',
	'oga',
	'ogg',
	'wav',
	'webm',
];
/** OpenAI refuses larger files (26,214,400 bytes). */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;

/** An audio file as the scripted model received and probed it. */
export interface ReceivedAudio {
	filename: string;
	contentType: string;
	model: string;
	language?: string;
	data: Buffer;
	/** Its duration as ffprobe reads it. */
	seconds: number;
}

/** A test's transcript of a received file, or undefined for the default sentence. */
export type ScriptedTranscription = (audio: ReceivedAudio) => string | undefined;

export interface TranscriptionAnswer {
	status: number;
	contentType: string;
	body: string;
	/** What was received, for the request log (no file bytes). */
	logged: Record<string, unknown>;
}

interface Part {
	name: string;
	filename?: string;
	contentType?: string;
	data: Buffer;
}

/** The parts of a multipart/form-data body (RFC 7578), or undefined when it is not one. */
export function multipartParts(body: Buffer, contentType: string | undefined): Part[] | undefined {
	const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
	if (!/^multipart\/form-data/i.test(contentType ?? '') || !boundary) return undefined;
	const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2].trim()}`);
	const parts: Part[] = [];
	let at = body.indexOf(delimiter);
	while (at >= 0) {
		const start = at + delimiter.length;
		if (body.subarray(start, start + 2).toString() === '--') break;
		const next = body.indexOf(delimiter, start);
		if (next < 0) return undefined;
		const raw = body.subarray(start + 2, next - 2); // after CRLF, before the CRLF of the next delimiter
		const split = raw.indexOf('\r\n\r\n');
		if (split < 0) return undefined;
		const head = raw.subarray(0, split).toString('utf8');
		const disposition = /content-disposition:[^\r\n]*/i.exec(head)?.[0] ?? '';
		const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
		if (name === undefined) return undefined;
		parts.push({
			name,
			filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
			contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1].trim(),
			data: raw.subarray(split + 4),
		});
		at = next;
	}
	return parts;
}

const refused = (status: number, message: string, param?: string): TranscriptionAnswer => ({
	status,
	contentType: 'application/json',
	body: JSON.stringify({
		error: { message, type: 'invalid_request_error', param: param ?? null, code: null },
	}),
	logged: { refused: message },
});

/** The seconds of sound in `data`, or undefined when ffprobe finds no audio stream in it. */
async function audioSeconds(data: Buffer, extension: string): Promise<number | undefined> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scripted-stt-'));
	try {
		const file = path.join(dir, `upload.${extension}`);
		fs.writeFileSync(file, data);
		const { stdout } = await run('ffprobe', [
			'-v',
			'error',
			'-show_entries',
			'format=duration:stream=codec_type',
			'-of',
			'json',
			file,
		]);
		const probed = JSON.parse(stdout) as {
			format?: { duration?: string };
			streams?: Array<{ codec_type?: string }>;
		};
		const seconds = Number(probed.format?.duration);
		const audio = (probed.streams ?? []).some((s) => s.codec_type === 'audio');
		return audio && seconds > 0 ? seconds : undefined;
	} catch {
		return undefined;
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

/** OpenAI's answer to a transcription request with this body. */
export async function transcriptionAnswer(
	body: Buffer,
	contentType: string | undefined,
	transcribe: ScriptedTranscription | undefined,
): Promise<TranscriptionAnswer> {
	if (body.length > TRANSCRIPTION_MAX_BYTES)
		return refused(413, `Maximum content size limit (${TRANSCRIPTION_MAX_BYTES}) exceeded.`);
	const parts = multipartParts(body, contentType);
	if (!parts) return refused(400, 'The request must be multipart/form-data.');
	const field = (name: string) => parts.find((p) => p.name === name && p.filename === undefined);
	const model = field('model')?.data.toString('utf8').trim();
	if (!model) return refused(400, 'you must provide a model parameter', 'model');
	const file = parts.find((p) => p.name === 'file' && p.filename !== undefined);
	if (!file) return refused(400, "Missing required parameter: 'file'.", 'file');
	const extension = path
		.extname(file.filename ?? '')
		.slice(1)
		.toLowerCase();
	if (!TRANSCRIPTION_FORMATS.includes(extension))
		return refused(
			400,
			`Invalid file format. Supported formats: ${JSON.stringify(TRANSCRIPTION_FORMATS)}`,
			'file',
		);
	const seconds = await audioSeconds(file.data, extension);
	if (seconds === undefined)
		return refused(400, 'Audio file might be corrupted or unsupported', 'file');
	const language = field('language')?.data.toString('utf8').trim() || undefined;
	const audio: ReceivedAudio = {
		filename: file.filename ?? '',
		contentType: file.contentType ?? '',
		model,
		language,
		data: file.data,
		seconds,
	};
	const text = transcribe?.(audio) ?? `A recording of ${seconds.toFixed(1)} seconds.`;
	const logged = { model, language, filename: audio.filename, bytes: file.data.length, seconds };
	const format = field('response_format')?.data.toString('utf8').trim() || 'json';
	if (format === 'text') return { status: 200, contentType: 'text/plain', body: text, logged };
	return { status: 200, contentType: 'application/json', body: JSON.stringify({ text }), logged };
}

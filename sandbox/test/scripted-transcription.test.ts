/**
 * The scripted model's audio transcriptions through the official openai client, as OpenAI's audio
 * API takes them (multipart `model` and `file`, `{text}` back): a real MP4 the recorder's media
 * renderer made is heard; text, a playlist or an oversized file is refused the way OpenAI refuses it.
 */
import OpenAI, { toFile } from 'openai';

import { ensureRecordingTools } from '../src/objectStore';
import { renderStream } from '../src/recording-media';
import { startScriptedModel, type ScriptedModel } from '../src/scriptedModel';
import type { ReceivedAudio } from '../src/scriptedTranscription';

let model: ScriptedModel;
let client: OpenAI;
let mp4: Buffer;
const heard: ReceivedAudio[] = [];

beforeAll(async () => {
	// espeak-ng and ffmpeg (ffprobe) are installed by scripts/install-recording-tools.sh when missing
	ensureRecordingTools();
	const media = await renderStream({
		stem: 'sid1_campaign-7-try-1',
		utterances: [
			{ uid: '1001', text: 'Hello, this is Acme Dental.', role: 'agent' },
			{ uid: '2002', text: 'Yes, Tuesday works for me.', role: 'caller' },
		],
		audio: true,
		mp4: true,
		startMs: Date.UTC(2026, 10, 28),
	});
	mp4 = media.find((f) => f.name.endsWith('.mp4'))!.data;
	model = await startScriptedModel(undefined, 0, undefined, (audio) => {
		heard.push(audio);
		return audio.data.equals(mp4)
			? 'Hello, this is Acme Dental. Yes, Tuesday works for me.'
			: undefined;
	});
	client = new OpenAI({ apiKey: 'sk-scripted', baseURL: model.url, maxRetries: 0 });
}, 300_000);

afterAll(async () => {
	await model?.close();
});

test('a recorded MP4 is heard: the text the test writes for those bytes, as {text}', async () => {
	const answer = await client.audio.transcriptions.create({
		file: await toFile(mp4, 'sid1_campaign-7-try-1_0.mp4', { type: 'video/mp4' }),
		model: 'whisper-1',
		language: 'en',
	});
	expect(answer.text).toBe('Hello, this is Acme Dental. Yes, Tuesday works for me.');
	const last = heard.at(-1)!;
	expect(last).toMatchObject({
		filename: 'sid1_campaign-7-try-1_0.mp4',
		contentType: 'video/mp4',
		model: 'whisper-1',
		language: 'en',
	});
	expect(last.seconds).toBeGreaterThan(1);
	expect(model.requests.at(-1)).toMatchObject({
		path: '/v1/audio/transcriptions',
		body: { model: 'whisper-1', bytes: mp4.length },
		authorization: 'Bearer sk-scripted',
	});
});

test('response_format text answers the plain text', async () => {
	const text = await client.audio.transcriptions.create({
		file: await toFile(mp4, 'call.mp4'),
		model: 'whisper-1',
		response_format: 'text',
	});
	expect(text).toBe('Hello, this is Acme Dental. Yes, Tuesday works for me.');
});

test.each<[string, () => Promise<unknown>, number, RegExp]>([
	[
		'text saved as an MP4',
		async () => toFile(Buffer.from('not audio at all'), 'call.mp4'),
		400,
		/corrupted or unsupported/,
	],
	[
		'an HLS playlist',
		async () => toFile(Buffer.from('#EXTM3U\n#EXT-X-ENDLIST\n'), 'sid1_room.m3u8'),
		400,
		/Invalid file format/,
	],
	[
		'a file over 25 MB',
		async () => toFile(Buffer.concat([mp4, Buffer.alloc(25 * 1024 * 1024)]), 'long.mp4'),
		413,
		/Maximum content size/,
	],
])('%s is refused as OpenAI refuses it', async (_case, file, status, message) => {
	const before = heard.length;
	const failure = await client.audio.transcriptions
		.create({ file: (await file()) as File, model: 'whisper-1' })
		.then(
			() => undefined,
			(error: unknown) => error,
		);
	expect(failure).toBeInstanceOf(OpenAI.APIError);
	expect((failure as InstanceType<typeof OpenAI.APIError>).status).toBe(status);
	expect((failure as Error).message).toMatch(message);
	expect(heard.length).toBe(before);
});

test('a request without a model is refused naming the parameter', async () => {
	const form = new FormData();
	form.append('file', new Blob([mp4], { type: 'video/mp4' }), 'call.mp4');
	const res = await fetch(`${model.url}/audio/transcriptions`, { method: 'POST', body: form });
	expect(res.status).toBe(400);
	expect(await res.json()).toMatchObject({
		error: { type: 'invalid_request_error', param: 'model' },
	});
});

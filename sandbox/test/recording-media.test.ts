/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A whole recording: agent and caller talk, the recorder uploads real media to a local S3-compatible
 * store (s3rver) and ffprobe opens it. Sources (AgoraIO/docs-portal): content/docs/en/ai/best-practices/
 * record-agent-conversation.mdx (the start body), cloud-recording/build/process-recorded-files/
 * manage-files.mdx (file names, M3U8 tags), cloud-recording/reference/region-vendor.mdx (vendor 11 with
 * extensionParams.endpoint), the OpenAPI stop-serverResponse and receive-notifications.mdx (31 uploaded).
 */
import type { AxiosInstance } from 'axios';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Sandbox } from '../src/index';
import { client, runningAgent, waitFor } from '../src/helpers';
import { startObjectStore, type ObjectStore } from '../src/objectStore';
import { startScriptedModel, type ScriptedModel } from '../src/scriptedModel';
import { startReceiver, type Notice, type Party } from './loopFixtures';
import {
	mixBody,
	recordingSandbox,
	startRecording,
	stop,
	storage,
	webBody,
} from './recordingFixtures';

let sb: Sandbox;
let api: AxiosInstance;
let store: ObjectStore;
let model: ScriptedModel;
let receiver: Party & { notices: Notice[] };

beforeAll(async () => {
	// installs espeak-ng, ffmpeg and s3rver when missing (scripts/install-recording-tools.sh)
	store = await startObjectStore();
	model = await startScriptedModel();
	receiver = await startReceiver();
	sb = await recordingSandbox(receiver.url);
	api = client(sb);
}, 300_000);
afterAll(async () => {
	await sb?.close();
	await Promise.all([store?.stop(), model?.close(), receiver?.close()]);
});

const s3 = (over: Record<string, unknown> = {}): Record<string, unknown> =>
	storage({
		vendor: 11,
		region: 0,
		bucket: store.bucket,
		accessKey: store.accessKey,
		secretKey: store.secretKey,
		fileNamePrefix: ['calls', 'today'],
		extensionParams: { endpoint: store.endpoint },
		...over,
	});

async function talk(channel: string, lines: string[]): Promise<string> {
	const agent = await runningAgent(sb, api, {
		channel,
		properties: {
			llm: {
				url: `${model.url}/chat/completions`,
				api_key: 'k',
				greeting_message: 'Hello, how can I help you?',
			},
		},
	});
	for (const text of lines) {
		const r = await api.post(`/_sandbox/agents/${agent}/say`, { text });
		expect(r.status).toBe(200);
		sb.clock.advance(10_000);
	}
	return agent;
}

function probe(file: string): { duration: number; codecs: string[] } {
	const out = execFileSync(
		'ffprobe',
		['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file],
		{
			encoding: 'utf8',
		},
	);
	const j = JSON.parse(out) as {
		format: { duration: string };
		streams: Array<{ codec_type: string }>;
	};
	return { duration: Number(j.format.duration), codecs: j.streams.map((s) => s.codec_type) };
}

/** Downloads keys into a folder (the playlist beside its slices) and returns the folder. */
async function download(keys: string[]): Promise<string> {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rec-test-'));
	for (const k of keys) fs.writeFileSync(path.join(dir, path.basename(k)), await store.get(k));
	return dir;
}

it('a conversation recorded in mix mode lands in the bucket as a playable M3U8 + TS and MP4', async () => {
	await talk('talk1', ['I would like to book a table for two.', 'Tomorrow at eight, please.']);
	const s = await startRecording(sb, api, mixBody('talk1', '90001', { storageConfig: s3() }));
	// the recorder joins after the agent: the conversation goes on while it records
	const agent = (await sb.agents()).find((a) => a.channel === 'talk1')!.agentId;
	await api.post(`/_sandbox/agents/${agent}/say`, { text: 'Can I bring my dog?' });
	sb.clock.advance(10_000);
	const r = await stop(api, s, 'talk1', '90001');
	expect(r.status).toBe(200);
	expect(r.data.serverResponse.uploadingStatus).toBe('uploaded');
	const names = r.data.serverResponse.fileList.map((f: { fileName: string }) => f.fileName);
	expect(names).toEqual([`calls/today/${s.sid}_talk1_0.mp4`, `calls/today/${s.sid}_talk1.m3u8`]);
	const keys = await store.keys(`calls/today/${s.sid}_talk1`);
	const slices = keys.filter((k) => /_talk1_\d{17}\.ts$/.test(k));
	expect(slices.length).toBeGreaterThan(0);
	expect(keys).toEqual(expect.arrayContaining(names));
	const dir = await download(keys);
	try {
		const playlist = fs.readFileSync(path.join(dir, `${s.sid}_talk1.m3u8`), 'utf8');
		expect(playlist).toMatch(/#EXT-X-AGORA-TRACK-EVENT:EVENT=START,TRACK_TYPE=AUDIO,TIME=\d{17}/);
		expect(playlist).toMatch(/#EXT-X-ENDLIST/);
		const hls = probe(path.join(dir, `${s.sid}_talk1.m3u8`));
		const mp4 = probe(path.join(dir, `${s.sid}_talk1_0.mp4`));
		expect(hls.codecs).toEqual(['audio']);
		expect(mp4.codecs).toEqual(['audio']);
		// "Can I bring my dog?" and the answer "You said: Can I bring my dog?", spoken
		expect(mp4.duration).toBeGreaterThan(2);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
	const uploaded = await waitFor(() =>
		receiver.notices.find((x) => x.payload.sid === s.sid && x.eventType === 31),
	);
	expect(uploaded.payload.details).toEqual({
		msgName: 'uploaded',
		fileList: r.data.serverResponse.fileList,
		status: 0,
	});
});

it('individual mode writes one audio M3U8 per speaker, named <sid>_<cname>__uid_s_<uid>__uid_e_audio', async () => {
	const agent = await talk('talk2', []);
	const body = {
		cname: 'talk2',
		uid: '90002',
		clientRequest: {
			recordingConfig: {
				channelType: 1,
				streamTypes: 0,
				subscribeUidGroup: 0,
				subscribeAudioUids: ['#allstream#'],
			},
			storageConfig: s3(),
		},
	};
	const s = await startRecording(sb, api, body, 'individual');
	await api.post(`/_sandbox/agents/${agent}/say`, { text: 'Hello from the caller.' });
	sb.clock.advance(10_000);
	const r = await stop(api, s, 'talk2', '90002');
	expect(r.status).toBe(200);
	const files = r.data.serverResponse.fileList as Array<{
		fileName: string;
		uid: string;
		mixedAllUser: boolean;
	}>;
	expect(files.map((f) => [f.fileName, f.uid, f.mixedAllUser]).sort()).toEqual([
		[`calls/today/${s.sid}_talk2__uid_s_1001__uid_e_audio.m3u8`, '1001', false],
		[`calls/today/${s.sid}_talk2__uid_s_2002__uid_e_audio.m3u8`, '2002', false],
	]);
	const keys = await store.keys(`calls/today/${s.sid}_talk2__uid_s_2002`);
	const dir = await download(keys);
	try {
		expect(probe(path.join(dir, `${s.sid}_talk2__uid_s_2002__uid_e_audio.m3u8`)).codecs).toEqual([
			'audio',
		]);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});

it('keys the store refuses leave the files in "Agora\'s backup": 206 backuped, nothing lands', async () => {
	const s = await startRecording(
		sb,
		api,
		mixBody('talk3', '90003', { storageConfig: s3({ accessKey: 'NOTAKEY' }) }),
	);
	await talk('talk3', ['Anyone there?']);
	const r = await stop(api, s, 'talk3', '90003');
	expect([r.status, r.data.serverResponse.uploadingStatus]).toEqual([206, 'backuped']);
	expect(await store.keys(`calls/today/${s.sid}`)).toEqual([]);
});

it('vendor 1 uploads to the sandbox storage endpoint; a stop while it uploads is 400 code 49', async () => {
	sb.configure({ recordingStorageEndpoint: store.endpoint });
	try {
		const st = s3({ vendor: 1, region: 0 });
		delete st.extensionParams;
		const s = await startRecording(sb, api, mixBody('talk4', '90004', { storageConfig: st }));
		await talk('talk4', ['Testing Amazon S3.']);
		const first = await stop(api, s, 'talk4', '90004', true);
		expect(first.status).toBe(200);
		const second = await stop(api, s, 'talk4', '90004');
		expect([second.status, second.data.code]).toEqual([400, 49]);
		await waitFor(
			() => receiver.notices.find((x) => x.payload.sid === s.sid && x.eventType === 31),
			60_000,
		);
		expect(await store.keys(`calls/today/${s.sid}_talk4_0.mp4`)).toEqual([
			`calls/today/${s.sid}_talk4_0.mp4`,
		]);
	} finally {
		sb.configure({ recordingStorageEndpoint: null } as never);
	}
});

it('web page recording writes <sid>_<cname with "-" for special characters>_0.mp4 of the recorded time', async () => {
	const body = webBody('page.one', '90005', s3());
	const s = await startRecording(sb, api, body, 'web');
	sb.clock.advance(3000);
	const r = await stop(api, s, 'page.one', '90005');
	expect(r.status).toBe(200);
	const [upload, web] = r.data.serverResponse.extensionServiceState;
	expect(upload).toEqual({
		payload: { uploadingStatus: 'uploaded' },
		serviceName: 'upload_service',
	});
	expect(web.payload.state).toBe('exit');
	const mp4 = `calls/today/${s.sid}_page-one_0.mp4`;
	const dir = await download([mp4]);
	try {
		const p = probe(path.join(dir, `${s.sid}_page-one_0.mp4`));
		expect(p.codecs.sort()).toEqual(['audio', 'video']);
		expect(p.duration).toBeGreaterThanOrEqual(2.9);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
});

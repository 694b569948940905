/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * "Record the Conversation" in a real n8n: Agent › Start records the channel beside the agent, the
 * caller speaks a few turns (the sandbox's talk-page route), Agent › Stop stops both; the local S3
 * store (s3rver) holds a playable file of the conversation (ffprobe), the Agora Trigger with product
 * Cloud Recording got "uploaded" with the file list. Then Phone Call › Call with the option and
 * Hang Up. Agora is the sandbox.
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

import { NOTIFICATIONS_CREDENTIAL } from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost, type RecordedExecution } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { startObjectStore, type ObjectStore } from '../../sandbox/src/objectStore';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import { useN8nE2e } from '../lib/n8nE2e';
import {
	agoraOutput as runAgora,
	agoraWorkflow,
	importRecordingStorage,
	untilRecordingInProgress,
} from '../lib/recordingE2e';

const TRIGGER_ID = 'agoraRecConvTrig1';
const TRIGGER_WEBHOOK = '2f7c9e41-5b3a-4d8e-9c1f-6a0b2d4e8f13';

let host: N8nHost;
let sandbox: SandboxProcess;
let store: ObjectStore;
let model: ScriptedModel;
let webhookUrl: string;

const triggerWorkflow = {
	id: TRIGGER_ID,
	name: 'record conversation e2e: recording notifications',
	active: false,
	settings: { executionOrder: 'v1' },
	nodes: [
		{
			id: 't',
			name: 'Agora Trigger',
			type: 'n8n-nodes-agora.agoraTrigger',
			typeVersion: 2,
			position: [0, 0],
			webhookId: TRIGGER_WEBHOOK,
			parameters: { product: 'cloudRecording', cloudRecordingEvents: ['uploaded'] },
			credentials: { agoraNotificationsApi: NOTIFICATIONS_CREDENTIAL },
		},
	],
	connections: {},
};

const agoraOutput = (workflow: object) => runAgora(host, workflow);

/** The recorded file's streams and duration as ffprobe reads them. */
function probe(media: Buffer): { duration: number; codecTypes: string[] } {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agora-probe-')), 'file.mp4');
	fs.writeFileSync(file, media);
	const out = JSON.parse(
		execFileSync(
			'ffprobe',
			['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file],
			{ encoding: 'utf8' },
		),
	) as { format: { duration: string }; streams: Array<{ codec_type: string }> };
	fs.rmSync(path.dirname(file), { recursive: true, force: true });
	return {
		duration: Number(out.format.duration),
		codecTypes: out.streams.map((s) => s.codec_type),
	};
}

useN8nE2e({ name: 'e2e' }, async (e2e) => {
	({ host, sandbox } = e2e);
	store = await startObjectStore();
	model = await startScriptedModel();
	webhookUrl = e2e.webhookUrl(`${TRIGGER_WEBHOOK}/webhook`);
	await e2e.importAgoraCredential();
	await importRecordingStorage(host, store, 'conversations');
	await e2e.importWorkflows([triggerWorkflow]);
	await e2e.serve([TRIGGER_ID]);
	await sandbox.control('config', {
		notify: { url: webhookUrl, secret: sandbox.notificationSecret },
	});
});

afterAll(async () => {
	await sandbox?.control('config', { notify: null }).catch(() => undefined);
	await store?.stop();
	await model?.close();
});

const model14 = () => ({ llmUrl: `${model.url}/chat/completions`, llmApiKey: 'sk-local-scripted' });

test('Agent › Start records the conversation; Agent › Stop stops it: a playable file in the bucket, "uploaded" at the trigger, the files in Stop’s output', async () => {
	const agent = await agoraOutput(
		agoraWorkflow('record conversation e2e: start', {
			resource: 'agent',
			operation: 'start',
			channel: 'recorded-room',
			remoteRtcUid: '2002',
			greeting: 'Hello, this call is recorded.',
			model: model14(),
			conversation: { recordConversation: true },
		}),
	);
	expect(agent.recording).toMatchObject({ mode: 'mix', cname: 'recorded-room' });
	for (const text of ['I would like to book a table.', 'Tomorrow at eight, for two.'])
		await sandbox.control(`agents/${agent.agent_id}/say`, { text });

	const stopped = await agoraOutput(
		agoraWorkflow(
			'record conversation e2e: stop',
			{
				resource: 'agent',
				operation: 'stop',
				agentId: { __rl: true, mode: 'id', value: agent.agent_id },
			},
			agent,
		),
	);
	expect(stopped).toMatchObject({ stopped: true, recording: { stopped: true } });
	const files = stopped.recording.files as Array<{ fileName: string; key: string }>;
	const mp4 = files.find((f) => f.fileName.endsWith('.mp4'));
	expect(mp4).toBeDefined();

	const keys = await store.keys('conversations/');
	expect(keys).toContain(mp4!.key);
	const media = probe(await store.get(mp4!.key));
	expect(media.duration).toBeGreaterThan(0);
	expect(media.codecTypes).toContain('audio');

	const uploaded = await host.settledExecutions(
		TRIGGER_ID,
		(list: RecordedExecution[]) =>
			list.some((e) => nodeOutput(e.data, 'Agora Trigger')[0]?.event === 'uploaded'),
		90000,
	);
	const event = uploaded
		.map((e) => nodeOutput(e.data, 'Agora Trigger')[0] as Record<string, any>)
		.find((item) => item?.event === 'uploaded' && item.sid === agent.recording.sid);
	expect(event?.recording.files.map((f: { fileName: string }) => f.fileName)).toEqual(
		expect.arrayContaining([mp4!.fileName]),
	);
}, 300000);

test('Phone Call › Call records the call; Hang Up stops the recording and lists its files', async () => {
	await sandbox.control('telephony/callees', {
		number: '+14155550231',
		script: { action: 'answer', afterMs: 200, lines: ['Yes, I can talk now.'] },
	});
	const call = await agoraOutput(
		agoraWorkflow('record conversation e2e: call', {
			resource: 'phoneCall',
			operation: 'call',
			toNumber: '+14155550231',
			fromNumber: '+14155550100',
			greeting: 'Hello, this call is recorded.',
			model: model14(),
			conversation: { recordConversation: true },
		}),
	);
	expect(call.recording).toMatchObject({ mode: 'mix', cname: call.channel });
	expect([call.agent_rtc_uid, call.rtc_uid]).not.toContain(call.recording.uid);
	expect(await untilRecordingInProgress(sandbox, call.recording.sid)).toBe(5);

	const hungUp = await agoraOutput(
		agoraWorkflow(
			'record conversation e2e: hang up',
			{
				resource: 'phoneCall',
				operation: 'hangUp',
				agentId: { __rl: true, mode: 'id', value: call.agent_id },
			},
			call,
		),
	);
	expect(hungUp).toMatchObject({ hung_up: true, recording: { stopped: true } });
	const files = hungUp.recording.files as Array<{ key: string }>;
	expect(files.length).toBeGreaterThan(0);
	expect(await store.keys('conversations/')).toEqual(
		expect.arrayContaining(files.map((f) => f.key)),
	);
}, 300000);

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Template 19 in a real n8n: a campaign call placed by Phone Call › Call with Record the
 * Conversation on `campaign-<row id>-try-1`, the callee's turns, Hang Up (the sandbox's recorder
 * uploads a real MP4 to a local S3 store); Agora's "uploaded" notification starts the template, n8n's S3 node fetches the file, the scripted model transcribes it (it checks the
 * audio) and answers the Information Extractor; only that call's row gets the fields. A forged
 * notification, a second "uploaded" for the same recording and recordings of other channels change
 * nothing.
 */
import fs from 'fs';
import path from 'path';

import { signatures } from '../../sandbox/src/notifier';
import { startObjectStore, type ObjectStore } from '../../sandbox/src/objectStore';
import { startScriptedModel, type ScriptedModel } from '../../sandbox/src/scriptedModel';
import type { ReceivedAudio } from '../../sandbox/src/scriptedTranscription';
import { createContactsTable, newContact } from '../../scripts/lib/campaign';
import {
	dataTableRows,
	selectTable,
	unsetTableNodes,
	type DataTable,
} from '../../scripts/lib/dataTables';
import { EXAMPLES_DIR, recordingBucketCredential } from '../../scripts/lib/examples';
import { nodeOutput, type N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { useN8nE2e } from '../lib/n8nE2e';
import {
	agoraOutput,
	agoraWorkflow,
	importRecordingStorage,
	untilRecordingInProgress,
} from '../lib/recordingE2e';

const TEMPLATE = path.join(EXAMPLES_DIR, '19-record-transcribe-summarise-calls.json');
const TEMPLATE_ID = 'agoraExRecSumm01';
/** What the scripted model hears in the recorded call and extracts from it. */
const TRANSCRIPT = 'Hello, this is Acme Dental about your appointment. Yes, Tuesday works for me.';
const EXTRACTED = { outcome: 'confirmed', next_step: 'nothing', sentiment: 'positive' };

let host: N8nHost;
let sandbox: SandboxProcess;
let store: ObjectStore;
let model: ScriptedModel;
let contacts: DataTable;
let webhookUrl: string;
const heard: ReceivedAudio[] = [];

/** The Information Extractor's prompt answered with the fields, as 13's test answers it. */
const extraction = ({ system, question }: { system: string; question: string }) =>
	system.includes('transcript of a recorded phone call')
		? '```json\n' +
			JSON.stringify(
				/works for me/.test(question)
					? EXTRACTED
					: { outcome: 'no decision', next_step: 'call again', sentiment: 'neutral' },
			) +
			'\n```'
		: undefined;

/** The template as a user sets it up: the contacts table selected, the bucket filled in. */
function template(): object {
	const workflow = JSON.parse(fs.readFileSync(TEMPLATE, 'utf8'));
	selectTable(unsetTableNodes(workflow.nodes), contacts.id, 'contacts under test');
	const setMe = workflow.nodes.find((n: any) => n.name === 'Set me: Recordings');
	setMe.parameters.assignments.assignments.find((a: any) => a.name === 'bucket').value =
		store.bucket;
	return workflow;
}

useN8nE2e({ name: 'recording-e2e' }, async (e2e) => {
	({ host, sandbox } = e2e);
	webhookUrl = e2e.webhookUrl('c4e81f27-5a9d-4b3e-8f60-2d7a1b9c3e58/webhook');
	// installs espeak-ng, ffmpeg and s3rver when missing (scripts/install-recording-tools.sh)
	store = await startObjectStore();
	model = await startScriptedModel(undefined, 0, extraction, (audio) => {
		heard.push(audio);
		return TRANSCRIPT;
	});
	await e2e.importAgoraCredential();
	await host.importCredentialData([
		{
			id: 'openAiExampleCred',
			name: 'OpenAI account',
			type: 'openAiApi',
			data: { apiKey: 'sk-fake-e2e', url: model.url },
		},
		// n8n's own S3 credential, reading the bucket Agora's recorder writes to.
		recordingBucketCredential(store),
	]);
	await importRecordingStorage(host, store, 'calls');
	await e2e.serve([]);
	contacts = await createContactsTable(host, 'agora_campaign_contacts_recorded', [
		{ ...newContact('Ada', '+14155550141', 'Europe/Berlin'), status: 'answered', tries: 1 },
		{ ...newContact('Ben', '+14155550142', 'Europe/Berlin'), status: 'answered', tries: 1 },
	]);
	await e2e.importWorkflows([template()]);
	await e2e.serve([TEMPLATE_ID]);
	await sandbox.control('config', {
		notify: { url: webhookUrl, secret: sandbox.notificationSecret },
	});
});

afterAll(async () => {
	await Promise.all([store?.stop(), model?.close()]);
});

/**
 * A campaign call as template 08 places it, with Record the Conversation added: Phone Call › Call on
 * `channel`, the callee's turns spoken, Hang Up (which stops the recording and lists its files).
 */
async function recordedCall(
	channel: string,
	toNumber: string,
	turns: string[],
): Promise<{ cname: string; sid: string; uid: string; files: Array<{ key: string }> }> {
	await sandbox.control('telephony/callees', {
		number: toNumber,
		// answers and stays on the line until Hang Up
		script: { action: 'answer', afterMs: 200, hangUpAfterMs: 600_000 },
	});
	const call = await agoraOutput(
		host,
		agoraWorkflow(`Call ${channel}`, {
			resource: 'phoneCall',
			operation: 'call',
			toNumber,
			fromNumber: '+14155550100',
			greeting: 'Hello, this is Acme Dental about your appointment.',
			model: { llmUrl: `${model.url}/chat/completions`, llmApiKey: 'sk-local-scripted' },
			identity: { name: channel, channel },
			conversation: { recordConversation: true },
		}),
	);
	expect(call.recording).toMatchObject({ mode: 'mix', cname: channel });
	await eventually(async () => {
		const calls = (await sandbox.control('state')) as { calls: Array<Record<string, any>> };
		return calls.calls.find((c) => c.agentId === call.agent_id)?.state === 'ANSWERED' || undefined;
	}, `the answer of ${channel}`);
	for (const text of turns) await sandbox.control(`agents/${call.agent_id}/say`, { text });
	expect(await untilRecordingInProgress(sandbox, call.recording.sid)).toBe(5);
	const hungUp = await agoraOutput(
		host,
		agoraWorkflow(
			`Hang up ${channel}`,
			{
				resource: 'phoneCall',
				operation: 'hangUp',
				agentId: { __rl: true, mode: 'id', value: call.agent_id },
			},
			call,
		),
	);
	expect(hungUp).toMatchObject({ hung_up: true, recording: { stopped: true } });
	return { ...call.recording, files: hungUp.recording.files as Array<{ key: string }> };
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
	for (let i = 0; i < 600; i++) {
		const value = await read();
		if (value !== undefined) return value;
		await new Promise((r) => setTimeout(r, 100));
	}
	throw new Error(`never happened: ${what}`);
}

/** The template's runs, once there are at least `count` and none is open. */
const runs = (count: number) => host.settledExecutions(TEMPLATE_ID, (list) => list.length >= count);

/** An "uploaded" (31) notification of a recording as Agora sends it, signed with `secret`. */
async function sendUploaded(
	recording: { cname: string; sid: string; uid: string; fileList: object[] },
	secret = sandbox.notificationSecret,
	noticeId = `uploaded-${recording.sid}-${Date.now()}`,
): Promise<number> {
	const body = JSON.stringify({
		noticeId,
		productId: 3,
		eventType: 31,
		notifyMs: Date.now(),
		payload: {
			cname: recording.cname,
			uid: recording.uid,
			sid: recording.sid,
			sequence: 99,
			sendts: Date.now(),
			serviceType: 1,
			details: { msgName: 'uploaded', fileList: recording.fileList, status: 0 },
		},
	});
	const sig = signatures(body, secret);
	const res = await fetch(webhookUrl, {
		method: 'POST',
		headers: {
			'content-type': 'application/json',
			'Agora-Signature': sig.sha1,
			'Agora-Signature-V2': sig.sha256,
		},
		body,
	});
	return res.status;
}

test('a recorded campaign call: the MP4 from the bucket is transcribed and outcome, next step, sentiment land in its row only; a resend, a forgery and other channels change nothing', async () => {
	const [ada, ben] = await dataTableRows(host, contacts);
	const recorded = await recordedCall(`campaign-${ada.id}-try-1`, ada.phone, [
		'Hello?',
		'Yes, Tuesday works for me.',
	]);
	const mp4 = recorded.files.find((f) => f.key.endsWith('.mp4'))!;
	expect(mp4.key).toMatch(new RegExp(`^calls/${recorded.sid}_campaign-${ada.id}-try-1_0\\.mp4$`));

	const written = await eventually(async () => {
		const row = (await dataTableRows(host, contacts)).find((r) => r.id === ada.id);
		return row?.outcome ? row : undefined;
	}, 'the fields in Ada’s row');
	expect(written).toMatchObject({
		...EXTRACTED,
		recording_sid: recorded.sid,
		recording_transcript: TRANSCRIPT,
		status: 'answered',
		tries: 1,
	});
	// The transcription got the recording's own MP4, byte for byte, as the recorder uploaded it.
	expect(heard).toHaveLength(1);
	expect(heard[0].data.equals(await store.get(mp4.key))).toBe(true);
	expect(heard[0]).toMatchObject({
		filename: path.basename(mp4.key),
		model: 'whisper-1',
		language: 'en',
	});
	expect(heard[0].seconds).toBeGreaterThan(1);
	expect((await dataTableRows(host, contacts)).find((r) => r.id === ben.id)).toEqual(ben);
	const first = await runs(1);
	expect(first).toHaveLength(1);
	const adaRow = (await dataTableRows(host, contacts)).find((r) => r.id === ada.id);

	// The same recording's "uploaded" again (a new notice id, so the trigger's resend check lets it
	// through): the row holds its recording already, nothing is fetched or transcribed again.
	const fileList = [
		{
			fileName: mp4.key,
			trackType: 'audio',
			uid: '0',
			mixedAllUser: true,
			isPlayable: true,
			sliceStartTime: 1,
		},
	];
	const ids = { cname: recorded.cname, sid: recorded.sid, uid: recorded.uid, fileList };
	expect(await sendUploaded(ids, undefined, `again-${recorded.sid}`)).toBe(200);
	// and Agora's own resend of that notification (same notice id): the trigger starts nothing.
	expect(await sendUploaded(ids, undefined, `again-${recorded.sid}`)).toBe(200);
	// A stranger's notification with a bad signature, aimed at Ben's row: refused, nothing runs.
	expect(
		await sendUploaded(
			{ ...ids, cname: `campaign-${ben.id}-try-1`, sid: 'f'.repeat(32) },
			'guessed',
		),
	).toBe(401);
	// A campaign-shaped channel of no row.
	expect(await sendUploaded({ ...ids, cname: 'campaign-999999-try-1', sid: 'e'.repeat(32) })).toBe(
		200,
	);
	// A real recording of a channel that is no campaign call.
	await recordedCall('support-room-7', '+14155550177', ['Where is my order?']);

	const all = await runs(4);
	expect(all).toHaveLength(4);
	expect(all.every((e) => e.status === 'success')).toBe(true);
	const later = all.filter((e) => e.id !== first[0].id);
	for (const run of later) {
		expect(nodeOutput(run.data, 'Files to Fetch')).toEqual([]);
		expect(nodeOutput(run.data, 'Write to the Campaign Row')).toEqual([]);
	}
	expect(heard).toHaveLength(1);
	expect(model.requests.filter((r) => r.path.endsWith('/audio/transcriptions'))).toHaveLength(1);
	const rows = await dataTableRows(host, contacts);
	expect(rows.find((r) => r.id === ada.id)).toEqual(adaRow);
	expect(rows.find((r) => r.id === ben.id)).toEqual(ben);
}, 300_000);

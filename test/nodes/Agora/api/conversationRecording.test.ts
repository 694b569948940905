/**
 * "Record the Conversation" on Agent › Start and Phone Call › Call, with Stop, Hang Up and Wait for
 * the Call to End, through n8n's engine against the sandbox. Sources (AgoraIO/docs-portal):
 * content/docs/en/ai/best-practices/record-agent-conversation.mdx (audio_scenario "chorus", the
 * recording's start body), content/openapi/cloud-recording/cloud-recording.en.yaml (stop).
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox/src';
import {
	conversationRecorderUid,
	RECORDING_LABELS,
} from '../../../../nodes/Agora/api/conversationRecording';
import { recorderUidFor } from '../../../../nodes/Agora/api/recordingSetup';
import { callWaitClock } from '../../../../nodes/Agora/actions/phoneCall/callWait';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { FAST_TIMING, useSandbox } from '../../../lib/sandbox';
import {
	agentRecordingStartBody,
	STORAGE as STORAGE_EXAMPLE,
} from '../actions/cloudRecording/storageExample';

let sb: Sandbox;
let credential: CredentialData;
useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started), {
	timing: FAST_TIMING,
});

const STORAGE: ICredentialDataDecryptedObject = { ...STORAGE_EXAMPLE, fileNamePrefix: 'calls' };

const record = { recordConversation: true };

const startForm = (over: IDataObject = {}): IDataObject => ({
	resource: 'agent',
	operation: 'start',
	channel: 'room-rec',
	remoteRtcUid: '2002',
	identity: { name: 'agent-rec', agentRtcUid: '1001' },
	conversation: record,
	...over,
});

async function run(parameters: IDataObject, items: IDataObject[] = [{}]) {
	return await runWorkflow(
		agoraWorkflow(parameters as INodeParameters, items, { typeVersion: 1.4 }),
		credential,
		{ agoraRecordingStorageApi: STORAGE },
	);
}

async function startedAgent(over: IDataObject = {}): Promise<IDataObject> {
	const result = await run(startForm(over));
	expect(result.error('Agora')).toBeUndefined();
	return result.output('Agora')[0];
}

const recordingRequests = () =>
	sb.requests
		.filter((r) => r.path.includes('/cloud_recording/') || r.path.endsWith('/join'))
		.map((r) => r.path.split('/').pop());
/** The sandbox's recordings (its Sandbox type does not list the method yet). */
const recordings = () =>
	(sb as unknown as { recordings(): Array<{ status: number; sid: string }> }).recordings();
const bodyOf = (suffix: string) =>
	sb.requests.find((r) => r.path.endsWith(suffix))?.body as IDataObject;

describe('Agent › Start with Record the Conversation', () => {
	it('starts the guide’s recording first, then the agent with audio_scenario "chorus" and the ids in its labels', async () => {
		const out = await startedAgent();
		expect(recordingRequests()).toEqual(['acquire', 'start', 'join']);
		const recording = out.recording as IDataObject;
		expect(out.agent_rtc_uid).toBe('1001');
		// record-agent-conversation.mdx, "Start recording": mix, audio only, HLS and MP4
		expect(bodyOf('/start')).toEqual(
			agentRecordingStartBody('room-rec', recording.uid, 30, ['calls']),
		);
		expect(sb.requests.find((r) => r.path.endsWith('/start'))?.path).toMatch(/\/mode\/mix\/start$/);
		const join = bodyOf('/join').properties as IDataObject;
		// record-agent-conversation.mdx, "Configure the agent"
		expect((join.parameters as IDataObject).audio_scenario).toBe('chorus');
		expect(join.labels).toEqual({
			[RECORDING_LABELS.resourceId]: recording.resourceId,
			[RECORDING_LABELS.sid]: recording.sid,
			[RECORDING_LABELS.uid]: recording.uid,
			[RECORDING_LABELS.mode]: 'mix',
		});
		expect(recording).toEqual({
			resourceId: expect.any(String),
			sid: expect.any(String),
			mode: 'mix',
			cname: 'room-rec',
			uid: recorderUidFor('room-rec', ['1001', '2002']),
			fileNamePrefix: 'calls',
			storage: { vendor: 'alibabaCloud', region: 'CN_Beijing', bucket: 'xxxxx' },
		});
		expect(JSON.stringify(out)).not.toContain('storage-secret-canary');
	});

	it('keeps an audio scenario the user chose, and the labels the user gave', async () => {
		await startedAgent({
			options: { agentParameters: { audioScenario: 'default' } },
			identity: {
				name: 'agent-rec',
				agentRtcUid: '1001',
				labels: { entries: [{ name: 'ticket', value: 'T-1' }] },
			},
		});
		const join = bodyOf('/join').properties as IDataObject;
		expect((join.parameters as IDataObject).audio_scenario).toBe('default');
		expect(join.labels).toMatchObject({ ticket: 'T-1', [RECORDING_LABELS.mode]: 'mix' });
	});

	it('without the option: no recording, no audio scenario, no storage credential read', async () => {
		const result = await runWorkflow(
			agoraWorkflow(startForm({ conversation: {} }) as INodeParameters, [{}], { typeVersion: 1.4 }),
			credential,
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(recordingRequests()).toEqual(['join']);
		const join = bodyOf('/join').properties as IDataObject;
		expect((join.parameters as IDataObject | undefined)?.audio_scenario).toBeUndefined();
		expect(result.output('Agora')[0].recording).toBeUndefined();
	});

	it('an agent that fails to start leaves no recording running', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/join', kind: '500', count: 10 });
		const result = await run(startForm());
		expect(result.error('Agora')).toBeDefined();
		const stops = sb.requests.filter((r) => r.path.endsWith('/stop'));
		expect(stops).toHaveLength(1);
		expect(stops[0].body).toMatchObject({ cname: 'room-rec' });
		// Status 6 and above: stop requested, stopped, exited (the sandbox's recording state machine).
		expect(recordings().map((r) => r.status >= 6)).toEqual([true]);
	});

	it('a recording that fails to start starts no agent', async () => {
		const result = await runWorkflow(
			agoraWorkflow(startForm() as INodeParameters, [{}], { typeVersion: 1.4 }),
			credential,
			{ agoraRecordingStorageApi: { ...STORAGE, fileNamePrefix: 'bad prefix!' } },
		);
		expect(result.error('Agora')?.message).toMatch(/Agora Recording Storage credential/);
		expect(recordingRequests()).toEqual([]);
	});
});

describe('Agent › Stop', () => {
	it('stops the recording Start began (from Start’s item) and lists its files', async () => {
		const agent = await startedAgent();
		const result = await run({ resource: 'agent', operation: 'stop', agentId: agent.agent_id }, [
			agent,
		]);
		expect(result.error('Agora')).toBeUndefined();
		const out = result.output('Agora')[0];
		const recording = out.recording as IDataObject;
		expect(out.stopped).toBe(true);
		expect(recording).toMatchObject({
			stopped: true,
			sid: (agent.recording as IDataObject).sid,
			files: expect.any(Array),
		});
		expect(sb.requests.find((r) => r.path.endsWith('/stop'))?.body).toMatchObject({
			clientRequest: { async_stop: false },
		});
	});

	it('finds the recording in the agent’s labels too (an Agora Trigger’s agent event)', async () => {
		const agent = await startedAgent();
		const event = {
			payload: { agent_id: agent.agent_id, channel: 'room-rec', labels: agent.labels },
		};
		const result = await run({ resource: 'agent', operation: 'stop', agentId: agent.agent_id }, [
			event,
		]);
		expect(result.error('Agora')).toBeUndefined();
		expect((result.output('Agora')[0].recording as IDataObject).stopped).toBe(true);
	});

	it('a recording already gone is no error', async () => {
		const agent = await startedAgent();
		const stop = { resource: 'agent', operation: 'stop', agentId: agent.agent_id };
		expect((await run(stop, [agent])).error('Agora')).toBeUndefined();
		const again = await run({ ...stop, options: { ignoreNotFound: true } }, [agent]);
		expect(again.error('Agora')).toBeUndefined();
		expect(again.output('Agora')[0].recording).toMatchObject({ alreadyEnded: true });
	});

	it('a refused recording stop is reported in the output; the agent is stopped all the same', async () => {
		const agent = await startedAgent();
		sb.injectFault({ method: 'POST', pathIncludes: '/stop', kind: '500', count: 10 });
		const result = await run({ resource: 'agent', operation: 'stop', agentId: agent.agent_id }, [
			agent,
		]);
		expect(result.error('Agora')).toBeUndefined();
		const out = result.output('Agora')[0];
		expect(out.stopped).toBe(true);
		expect(out.recording).toMatchObject({
			stopped: false,
			error: expect.stringMatching(/stop Cloud Recording failed with 500/),
			requestId: expect.any(String),
		});
		expect(JSON.stringify(out)).not.toContain('storage-secret-canary');
	});

	it('an item that names no recording stops only the agent', async () => {
		const agent = await startedAgent();
		const result = await run({ resource: 'agent', operation: 'stop', agentId: agent.agent_id });
		expect(result.output('Agora')[0].recording).toBeUndefined();
		expect(sb.requests.filter((r) => r.path.endsWith('/stop'))).toHaveLength(0);
	});
});

const callForm = (over: IDataObject = {}): IDataObject => ({
	resource: 'phoneCall',
	operation: 'call',
	toNumber: '+14155550123',
	fromNumber: '+14155550100',
	identity: { name: 'call-rec', channel: 'phone-rec', agentRtcUid: '111', remoteRtcUid: '100' },
	conversation: record,
	...over,
});

describe('Phone Call', () => {
	const savedClock = { ...callWaitClock };
	afterEach(() => Object.assign(callWaitClock, savedClock));

	it('Call records with a UID apart from the agent’s and the SIP gateway’s; Hang Up stops it', async () => {
		const placed = await run(callForm());
		expect(placed.error('Agora')).toBeUndefined();
		const call = placed.output('Agora')[0];
		const recording = call.recording as IDataObject;
		expect(recording.cname).toBe('phone-rec');
		expect([call.agent_rtc_uid, call.rtc_uid]).toEqual(['111', '100']);
		expect(recording.uid).toBe(recorderUidFor('phone-rec', ['111', '100']));
		const body = bodyOf('/call');
		expect(((body.properties as IDataObject).parameters as IDataObject).audio_scenario).toBe(
			'chorus',
		);
		expect((body.properties as IDataObject).labels).toMatchObject({
			[RECORDING_LABELS.sid]: recording.sid,
		});
		const hungUp = await run(
			{ resource: 'phoneCall', operation: 'hangUp', agentId: call.agent_id },
			[call],
		);
		expect(hungUp.error('Agora')).toBeUndefined();
		expect(hungUp.output('Agora')[0]).toMatchObject({
			hung_up: true,
			recording: { stopped: true, sid: recording.sid, files: expect.any(Array) },
		});
	});

	it('Wait for the Call to End stops the recording once the call is over and lists its files', async () => {
		let now = 0;
		callWaitClock.now = () => now;
		callWaitClock.sleep = async (ms) => {
			now += ms;
			await sleep(20);
		};
		const result = await run(
			callForm({ waitForEnd: true, waitLimitMinutes: 1, pollSeconds: 20, hangUpAtLimit: true }),
		);
		expect(result.error('Agora')).toBeUndefined();
		const out = result.output('Agora')[0];
		expect(out.ended).toBe(true);
		expect(out.recording).toMatchObject({ stopped: true, files: expect.any(Array) });
		expect(sb.requests.filter((r) => r.path.endsWith('/stop'))).toHaveLength(1);
	});
});

describe('the recorder UID', () => {
	it('is never the agent’s, a user’s or the SIP gateway’s UID', () => {
		const derived = recorderUidFor('room-x');
		const body = {
			sip: { rtc_uid: String(Number(derived) + 1) },
			properties: { channel: 'room-x', agent_rtc_uid: derived, remote_rtc_uids: ['7'] },
		};
		const uid = conversationRecorderUid(body);
		expect([derived, String(Number(derived) + 1), '7']).not.toContain(uid);
		expect(uid).toBe(recorderUidFor('room-x', [derived, String(Number(derived) + 1), '7']));
	});
});

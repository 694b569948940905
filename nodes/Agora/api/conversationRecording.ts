/**
 * "Record the Conversation" of Agent › Start and Phone Call › Call: a Cloud Recording of the agent's
 * channel beside the agent, through the one recording client (cloudRecordings.ts), and its stop by
 * Agent › Stop, Hang Up and Wait for the Call to End. docs/recording.md, Record the conversation.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { validateOrThrow } from '../../shared/validate';
import { isPlainObject, settle } from '../../shared/values';
import { startRecordingRequestSchema } from '../schemas/cloudRecording';
import { agoraErrorDetails, type AgoraContext } from '../transport';
import { autoChannelToken } from './autoToken';
import { startRecording, stopRecording, type RecordingSession } from './cloudRecordings';
import { recordedFiles, uploadingStatus } from './recordingFiles';
import { readRecordingStorage, recorderUidFor, storageSummary } from './recordingSetup';

/** Agora's guide: the agent's audio scene while Cloud Recording shares its channel. */
const RECORDING_AUDIO_SCENARIO = 'chorus';

/** Seconds without anyone in the channel before the recording leaves by itself (Agora's default). */
const CONVERSATION_MAX_IDLE_S = 30;

/** The agent's labels that carry the recording: Agora returns them in every agent notification. */
export const RECORDING_LABELS = {
	resourceId: 'recording_resource_id',
	sid: 'recording_sid',
	uid: 'recording_uid',
	mode: 'recording_mode',
} as const;

/** Sets audio_scenario to the guide's value unless the form or Additional Body chose one. */
export function useRecordingAudioScenario(properties: IDataObject): void {
	const parameters = isPlainObject(properties.parameters) ? properties.parameters : {};
	if (parameters.audio_scenario !== undefined) return;
	properties.parameters = { ...parameters, audio_scenario: RECORDING_AUDIO_SCENARIO };
}

/** The UIDs already in the channel: the agent's, the users it listens to, the SIP gateway's. */
function takenUids(body: IDataObject): string[] {
	const p = body.properties as IDataObject;
	const sip = isPlainObject(body.sip) ? body.sip : {};
	const remotes = Array.isArray(p.remote_rtc_uids) ? p.remote_rtc_uids : [];
	return [p.agent_rtc_uid, sip.rtc_uid, ...remotes]
		.filter((uid) => uid !== undefined && uid !== null)
		.map(String);
}

/** The recorder's UID for a start or call body: derived from the channel, never one already taken. */
export function conversationRecorderUid(body: IDataObject): string {
	const channel = String((body.properties as IDataObject).channel);
	return recorderUidFor(channel, takenUids(body));
}

/**
 * The start of Agora's "Record agent conversations" guide: mix mode, audio only, HLS and MP4, into
 * the Agora Recording Storage credential's bucket; checked before anything is sent.
 */
function conversationRequest(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	body: IDataObject,
	storage: { config: IDataObject; defaultPrefix?: string[] },
	itemIndex: number,
) {
	const cname = String((body.properties as IDataObject).channel);
	const uid = conversationRecorderUid(body);
	const token = autoChannelToken(
		fn,
		ctx,
		{ channelName: cname, uid: Number(uid), field: 'clientRequest.token' },
		itemIndex,
	);
	const storageConfig: IDataObject = { ...storage.config };
	if (storage.defaultPrefix) storageConfig.fileNamePrefix = storage.defaultPrefix;
	return validateOrThrow(
		fn,
		startRecordingRequestSchema,
		{
			mode: 'mix',
			cname,
			uid,
			acquire: {},
			clientRequest: {
				...(token ? { token } : {}),
				storageConfig,
				recordingConfig: {
					channelType: 1,
					maxIdleTime: CONVERSATION_MAX_IDLE_S,
					streamTypes: 0,
					audioProfile: 1,
				},
				recordingFileConfig: { avFileType: ['hls', 'mp4'] },
			},
		},
		itemIndex,
	);
}

/**
 * Starts the recording before the agent, so that its ids can ride in the agent's labels; a repeat
 * of the start (n8n re-running the execution) is Agora's 201 code 7, never a second recording.
 * `session` is undefined when a re-run finds the crashed run's recording already running.
 */
export async function startConversationRecording(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	body: IDataObject,
	args: { rerun: boolean; itemIndex: number },
): Promise<{ session?: RecordingSession; output: IDataObject }> {
	const storage = await readRecordingStorage(fn);
	const withKeys = { ...ctx, secrets: [...ctx.secrets, ...storage.secrets] };
	const request = conversationRequest(fn, withKeys, body, storage, args.itemIndex);
	const outcome = await settle(startRecording(fn, withKeys, request, args));
	if (!outcome.ok) {
		const details = agoraErrorDetails(outcome.error);
		// 400 code 53 on a re-run: the crashed run's recording of this channel runs (its ids went with
		// that run), and the agent's start finds the crashed run's agent; it ends by idle exit.
		if (args.rerun && details?.status === 400 && details.reason === 'code 53')
			return {
				output: {
					cname: request.cname,
					uid: request.uid,
					alreadyRecording: true,
					resourceId: null,
				},
			};
		throw outcome.error;
	}
	const started = outcome.value;
	const session: RecordingSession = {
		resourceId: started.resourceId,
		sid: started.sid,
		mode: started.mode,
		cname: started.cname,
		uid: started.uid,
	};
	const p = body.properties as IDataObject;
	p.labels = { ...(isPlainObject(p.labels) ? p.labels : {}), ...recordingLabels(session) };
	return {
		session,
		output: {
			...session,
			...(started.alreadyStarted ? { alreadyStarted: true } : {}),
			fileNamePrefix: storage.defaultPrefix ? storage.defaultPrefix.join('/') : null,
			storage: storageSummary(storage.config),
		},
	};
}

function recordingLabels(session: RecordingSession): IDataObject {
	return {
		[RECORDING_LABELS.resourceId]: session.resourceId,
		[RECORDING_LABELS.sid]: session.sid,
		[RECORDING_LABELS.uid]: session.uid,
		[RECORDING_LABELS.mode]: session.mode,
	};
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/**
 * The recording an item names for this agent: Start's and Call's `recording` output, or the labels
 * of the agent (Start's output, an Agora Trigger's agent event); undefined when it names none.
 */
export function recordingOfItem(json: IDataObject, agentId: string): RecordingSession | undefined {
	const payload = isPlainObject(json.payload) ? json.payload : undefined;
	const holder =
		json.agent_id === agentId ? json : payload?.agent_id === agentId ? payload : undefined;
	if (!holder) return undefined;
	const given = isPlainObject(holder.recording) ? holder.recording : undefined;
	if (given && text(given.resourceId) && text(given.sid) && text(given.cname) && text(given.uid))
		return {
			resourceId: String(given.resourceId),
			sid: String(given.sid),
			mode: given.mode === 'individual' || given.mode === 'web' ? given.mode : 'mix',
			cname: String(given.cname),
			uid: String(given.uid),
		};
	const labels = isPlainObject(holder.labels) ? holder.labels : {};
	const resourceId = text(labels[RECORDING_LABELS.resourceId]);
	const sid = text(labels[RECORDING_LABELS.sid]);
	const uid = text(labels[RECORDING_LABELS.uid]);
	const cname = text(holder.channel);
	if (!resourceId || !sid || !uid || !cname) return undefined;
	return { resourceId, sid, uid, cname, mode: 'mix' };
}

/**
 * After Stop or Hang Up: the recording the input item names for the agent (Record the Conversation)
 * stopped into the output's `recording`; the output unchanged when the item names none.
 */
export async function stopRecordingOfItem(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	agentId: string,
	output: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	const recording = recordingOfItem(fn.getInputData()[itemIndex]?.json ?? {}, agentId);
	if (recording) output.recording = await stopConversationRecording(fn, ctx, recording, itemIndex);
	return output;
}

/**
 * Stops the recording; lists its files once uploaded. Gone already (a 404, taken at once) is no
 * error, a refused stop is reported in the output: docs/recording.md, Record the Conversation.
 */
export async function stopConversationRecording(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	session: RecordingSession,
	itemIndex: number,
): Promise<IDataObject> {
	const outcome = await settle(
		stopRecording(fn, ctx, session, { asyncStop: false, failoverWaitMs: 0 }, itemIndex),
	);
	if (!outcome.ok) {
		const details = agoraErrorDetails(outcome.error);
		return {
			...session,
			stopped: false,
			error: (outcome.error as Error).message,
			requestId: details?.requestId ?? null,
		};
	}
	const stopped = outcome.value;
	const server = stopped.answer.body.serverResponse;
	return {
		...session,
		stopped: true,
		...(stopped.alreadyEnded ? { alreadyEnded: true, how: stopped.alreadyEnded } : {}),
		...(stopped.noRecordedData ? { noRecordedData: true } : {}),
		uploadingStatus: uploadingStatus(server),
		files: recordedFiles(server, {}),
		requestId: stopped.answer.requestId ?? null,
	};
}

/**
 * The agent's start (or call) beside its recording: when it fails, the recording is stopped so that
 * nothing is left billing; a failure of that stop is left to its idle exit and never hides the
 * agent's error.
 */
export async function unlessTheAgentFails<T>(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	recording: { session?: RecordingSession } | undefined,
	starting: Promise<T>,
	itemIndex: number,
): Promise<T> {
	return await starting.catch(async (error: unknown) => {
		if (recording?.session)
			await settle(
				stopRecording(
					fn,
					ctx,
					recording.session,
					{ asyncStop: true, failoverWaitMs: 0 },
					itemIndex,
				),
			);
		throw error;
	});
}

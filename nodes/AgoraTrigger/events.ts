/**
 * Products and event types of Agora's message notifications, as Agora's notification reference
 * lists them. The `name` of an event is the readable value the trigger puts in `event`.
 */

const ALL_EVENTS = '*';

/** productId of each product the trigger can listen to. */
export const PRODUCT_IDS = { conversationalAi: 17, mediaPull: 4, cloudRecording: 3 } as const;
export type ProductKey = keyof typeof PRODUCT_IDS;

interface AgoraEventType {
	eventType: number;
	name: string;
	displayName: string;
	description: string;
	/** Names earlier versions of this package saved in workflows; still selected. */
	formerNames?: string[];
}

export const CONVERSATIONAL_AI_EVENTS: AgoraEventType[] = [
	{
		eventType: 101,
		name: 'agent_joined',
		displayName: 'Agent Joined (101)',
		description: 'The agent joined the channel',
	},
	{
		eventType: 102,
		name: 'agent_left',
		displayName: 'Agent Left (102)',
		description: 'The agent left the channel; payload has stop_ts, status and message',
	},
	{
		eventType: 103,
		name: 'agent_history',
		displayName: 'Agent History (103)',
		description: 'Conversation history after the agent stopped; payload.contents',
	},
	{
		eventType: 104,
		name: 'agent_expire',
		displayName: 'Agent Expire (104)',
		description: 'Agora’s “agent expire”: the agent’s channel token is about to expire',
		formerNames: ['token_expiring'],
	},
	{
		eventType: 110,
		name: 'agent_error',
		displayName: 'Agent Error (110)',
		description: 'Module errors of one turn; payload.errors',
	},
	{
		eventType: 111,
		name: 'agent_metrics',
		displayName: 'Agent Metrics (111)',
		description: 'Latency metrics per turn (ASR, LLM, TTS); payload.metrics',
	},
	{
		eventType: 112,
		name: 'turns_finished',
		displayName: 'Turns Finished (112)',
		description: 'Summary of the conversation turns; payload.turns',
	},
	{
		eventType: 201,
		name: 'inbound_call_state',
		displayName: 'Inbound Phone Call State Changed (201)',
		description:
			'payload.state of a call to one of your numbers: START, ANSWERED, TRANSFERED (to a person) or HANGUP (ended)',
	},
	{
		eventType: 202,
		name: 'outbound_call_state',
		displayName: 'Outbound Phone Call State Changed (202)',
		description:
			'payload.state of a call placed by Phone Call › Call: START, CALLING, RINGING, ANSWERED or HANGUP (ended)',
	},
];

export const MEDIA_PULL_EVENTS: AgoraEventType[] = [
	{
		eventType: 1,
		name: 'player_created',
		displayName: 'Player Created (1)',
		description: 'A cloud player was created',
	},
	{
		eventType: 3,
		name: 'player_destroyed',
		displayName: 'Player Destroyed (3)',
		description: 'A cloud player was destroyed; payload.destroyReason says why',
	},
	{
		eventType: 4,
		name: 'player_status_changed',
		displayName: 'Player Status Changed (4)',
		description: 'payload.player.status: connecting, success, running, failed or stopped',
	},
];

const recording = (eventType: number, name: string, displayName: string, description: string) => ({
	eventType,
	name,
	displayName: `${displayName} (${eventType})`,
	description,
});

/** Cloud Recording's notification events; each name is Agora's msgName. */
export const CLOUD_RECORDING_EVENTS: AgoraEventType[] = [
	recording(
		1,
		'cloud_recording_error',
		'Error',
		'An error during the recording; details.errorLevel 5 is fatal',
	),
	recording(2, 'cloud_recording_warning', 'Warning', 'A warning during the recording'),
	recording(
		3,
		'cloud_recording_status_update',
		'Status Update',
		'A request did not match the service status',
	),
	recording(
		4,
		'cloud_recording_file_infos',
		'M3U8 File Created',
		'The M3U8 playlist was first written',
	),
	recording(
		11,
		'session_exit',
		'Session Exit',
		'The recording ended and exited; details.exitStatus',
	),
	recording(
		12,
		'session_failover',
		'Session Failover',
		'The recording moves to a new server (within 90 s)',
	),
	recording(30, 'uploader_started', 'Uploader Started', 'The upload service started'),
	recording(31, 'uploaded', 'Uploaded', 'Every file is in your storage; details.fileList'),
	recording(
		32,
		'backuped',
		'Backed Up',
		'Every file is uploaded, some to Agora’s backup first (moved on later)',
	),
	recording(
		33,
		'uploading_progress',
		'Uploading Progress',
		'Upload progress, every minute (0 to 10000)',
	),
	recording(40, 'recorder_started', 'Recorder Started', 'The recorder joined and started'),
	recording(
		41,
		'recorder_leave',
		'Recorder Left',
		'The recorder left the channel; details.leaveCode says why',
	),
	recording(
		42,
		'recorder_slice_start',
		'Slice Start',
		'The first slice of a file (or after an interruption)',
	),
	recording(
		43,
		'recorder_audio_stream_state_changed',
		'Audio Stream State Changed',
		'A user’s audio is received or not',
	),
	recording(
		44,
		'recorder_video_stream_state_changed',
		'Video Stream State Changed',
		'A user’s video is received or not',
	),
	recording(
		45,
		'recorder_snapshot_file',
		'Snapshot Taken',
		'A snapshot was uploaded; details.fileName',
	),
	recording(60, 'vod_started', 'VoD Upload Started', 'The ApsaraVideo for VoD uploader started'),
	recording(61, 'vod_triggered', 'VoD Uploaded', 'Every file is in ApsaraVideo for VoD'),
	recording(
		70,
		'web_recorder_started',
		'Web Page Recording Started',
		'The web page recording started',
	),
	recording(
		71,
		'web_recorder_stopped',
		'Web Page Recording Stopped',
		'The web page recording stopped; details.code and fileList',
	),
	recording(
		72,
		'web_recorder_capability_limit',
		'Web Page Unsupported',
		'The page uses something web recording cannot record',
	),
	recording(
		73,
		'web_recorder_reload',
		'Web Page Reloaded',
		'The page was reloaded; details.reason',
	),
	recording(80, 'transcoder_started', 'Transcoding Started', 'The transcoding started'),
	recording(
		81,
		'transcoder_completed',
		'Transcoding Completed',
		'The transcoding finished; details.result',
	),
	recording(90, 'download_failed', 'Download Failed', 'The recorded files could not be downloaded'),
	recording(
		100,
		'rtmp_publish_status',
		'RTMP Push Status',
		'The web page recording’s CDN push changed state',
	),
	recording(
		1001,
		'postpone_transcode_final_result',
		'Transcoding Result',
		'The final result of the transcoding',
	),
];

const EVENTS_BY_PRODUCT: Record<number, AgoraEventType[]> = {
	[PRODUCT_IDS.conversationalAi]: CONVERSATIONAL_AI_EVENTS,
	[PRODUCT_IDS.mediaPull]: MEDIA_PULL_EVENTS,
	[PRODUCT_IDS.cloudRecording]: CLOUD_RECORDING_EVENTS,
};

const PRODUCT_NAMES: Record<number, string> = {
	1: 'rtc',
	3: 'cloud_recording',
	4: 'media_pull',
	5: 'media_push',
	17: 'conversational_ai',
};

export function productName(productId: number): string {
	return PRODUCT_NAMES[productId] ?? `product_${productId}`;
}

/** Readable name of an event; event types the catalogue does not know yet read `event_<n>`. */
export function eventName(productId: number, eventType: number): string {
	const known = EVENTS_BY_PRODUCT[productId]?.find((e) => e.eventType === eventType);
	return known?.name ?? `event_${eventType}`;
}

/**
 * Whether an event passes the selection of one product. An empty selection or `*` means every
 * event of the product, including event types added by Agora after this list was written.
 */
export function isEventSelected(productId: number, eventType: number, selected: string[]): boolean {
	if (selected.length === 0 || selected.includes(ALL_EVENTS)) return true;
	const known = EVENTS_BY_PRODUCT[productId]?.find((e) => e.eventType === eventType);
	const names = known
		? [known.name, ...(known.formerNames ?? [])]
		: [eventName(productId, eventType)];
	return names.some((name) => selected.includes(name));
}

export function eventOptions(events: AgoraEventType[], allLabel: string) {
	return [
		{
			name: allLabel,
			value: ALL_EVENTS,
			description: 'Every event of this product, also ones added later',
		},
		...events.map((e) => ({ name: e.displayName, value: e.name, description: e.description })),
	];
}

/** The Cloud Recording › Start form: what to record and the channel first, everything else an option. */
import type { INodeProperties } from 'n8n-workflow';

import { UID_MAX } from '../../../shared/agoraFacts';
import { additionalBodyField } from '../../form/additionalBody';
import { builds, buildsAt } from '../../form/labels';
import {
	CAPTURE_INTERVAL,
	MAX_IDLE_TIME,
	RESOURCE_EXPIRED_HOUR,
} from '../../schemas/cloudRecording';
import { channelNameField } from './recordingFields';
import { uidList } from './uids';

const WHAT_TO_RECORD = [
	{
		name: 'Conversation Audio, One File',
		value: 'conversationAudio',
		description: 'Everyone’s voice mixed into one file (mix mode, audio only, HLS and MP4)',
	},
	{
		name: 'Conversation Video, One File',
		value: 'conversationVideo',
		description: 'Everyone’s audio and video in one composite video (mix mode, HLS and MP4)',
	},
	{
		name: 'Each Speaker Separately',
		value: 'eachSpeaker',
		description: 'One audio file per user (individual mode, HLS)',
	},
	{
		name: 'Snapshots',
		value: 'snapshots',
		description: 'JPG snapshots of each user’s video at an interval (individual mode)',
	},
	{
		name: 'Web Page',
		value: 'webPage',
		description: 'A web page recorded as video (web mode)',
	},
];

const onlyFor = (...presets: string[]) => ` Used by: ${presets.join(', ')}.`;

buildsAt({
	'clientRequest.recordingConfig.transcodingConfig.width': 'options.videoWidth',
	'clientRequest.recordingConfig.transcodingConfig.height': 'options.videoHeight',
	'clientRequest.recordingConfig.transcodingConfig.fps': 'options.videoFps',
	'clientRequest.recordingConfig.transcodingConfig.bitrate': 'options.videoBitrate',
	'clientRequest.recordingConfig.transcodingConfig.mixedVideoLayout': 'options.mixedVideoLayout',
	'clientRequest.extensionServiceConfig.extensionServices.serviceParam.url': 'webPageUrl',
	'acquire.resourceExpiredHour': 'options.resourceExpiredHour',
	'acquire.region': 'options.recordingRegion',
});

export const startFields: INodeProperties[] = [
	{
		displayName: 'What to Record',
		name: 'whatToRecord',
		type: 'options',
		noDataExpression: true,
		options: WHAT_TO_RECORD,
		default: 'conversationAudio',
		description: 'The recording mode and what it subscribes to; options below refine it',
		hint: 'Agora leaves the channel by itself once nobody is in it for Max Idle Time (30 s unless set), so a forgotten recording stops billing',
	},
	channelNameField(
		'Channel to record (at most 64 bytes). For a web page: a name of your choice that tells the recording apart (at most 1024 bytes).',
	),
	{
		displayName: 'Web Page URL',
		name: 'webPageUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. https://app.example.com/meeting/42',
		description: 'Page Agora opens and records',
		displayOptions: { show: { whatToRecord: ['webPage'] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Audio Profile',
				name: 'audioProfile',
				type: 'options',
				options: [
					{ name: '48 kHz Mono, About 48 Kbps', value: 0 },
					{ name: '48 kHz Mono, About 128 Kbps', value: 1 },
					{ name: '48 kHz Stereo, About 192 Kbps', value: 2 },
				],
				default: 1,
				description: `Sample rate, channels and bitrate of the mixed audio.${onlyFor('conversation audio or video', 'web page')}`,
			},
			{
				displayName: 'Channel Type',
				name: 'channelType',
				type: 'options',
				options: [
					{ name: 'Communication', value: 0 },
					{ name: 'Live Broadcasting', value: 1 },
				],
				default: 1,
				description:
					'Channel profile the app’s RTC SDK uses; it must match. Agora’s agent-recording guide uses Live Broadcasting.',
			},
			builds('clientRequest.recordingFileConfig.avFileType', {
				displayName: 'File Types',
				name: 'fileTypes',
				type: 'options',
				options: [
					{ name: 'HLS (M3U8 and TS)', value: 'hls' },
					{ name: 'HLS and MP4', value: 'hls,mp4' },
				],
				default: 'hls,mp4',
				description:
					'Files Agora writes. Conversation and web page recordings default to HLS and MP4, each speaker to HLS.',
			}),
			{
				displayName: 'File Name Prefix',
				name: 'fileNamePrefix',
				type: 'string',
				default: '',
				placeholder: 'e.g. recordings/calls',
				description:
					'Folders in the bucket, separated by /: only a-z, A-Z and 0-9 in each, 128 characters in all. Empty: the storage credential’s default prefix.',
			},
			{
				displayName: 'Max Idle Time (Seconds)',
				name: 'maxIdleTime',
				type: 'number',
				typeOptions: {
					minValue: MAX_IDLE_TIME.min,
					maxValue: MAX_IDLE_TIME.max,
					numberPrecision: 0,
				},
				default: 30,
				description: `Agora stops the recording once the channel has had nobody in it this long, ${MAX_IDLE_TIME.min} to ${MAX_IDLE_TIME.max} s (default 30). Keeps an abandoned recording from running up a bill.`,
			},
			{
				displayName: 'Max Recording Hours',
				name: 'maxRecordingHour',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 720, numberPrecision: 0 },
				default: 2,
				description: `A web page recording stops after this many hours, 1 to 720 (default 2: a web page never goes idle).${onlyFor('web page')}`,
			},
			{
				displayName: 'Recorder UID',
				name: 'recorderUid',
				type: 'number',
				typeOptions: { minValue: 0, maxValue: UID_MAX, numberPrecision: 0 },
				default: 0,
				description: `UID the recorder joins the channel with, 1 to ${UID_MAX}, used by nobody else there. 0: one derived from the channel name, the same on every run.`,
			},
			{
				displayName: 'Recording Region',
				name: 'recordingRegion',
				type: 'options',
				options: [
					{ name: 'Asia (Not Mainland China)', value: 'AP' },
					{ name: 'Europe', value: 'EU' },
					{ name: 'Mainland China', value: 'CN' },
					{ name: 'North America', value: 'NA' },
				],
				default: 'NA',
				description:
					'Keep the recording servers in one region (the storage must be in the same region). Unset: the region the request comes from.',
			},
			{
				displayName: 'Resource Expiry (Hours)',
				name: 'resourceExpiredHour',
				type: 'number',
				typeOptions: {
					minValue: RESOURCE_EXPIRED_HOUR.min,
					maxValue: RESOURCE_EXPIRED_HOUR.max,
					numberPrecision: 0,
				},
				default: 72,
				description: `How long after the start Get, Update and Stop still work, ${RESOURCE_EXPIRED_HOUR.min} to ${RESOURCE_EXPIRED_HOUR.max} hours (default 72)`,
			},
			{
				displayName: 'Snapshot Interval (Seconds)',
				name: 'captureInterval',
				type: 'number',
				typeOptions: {
					minValue: CAPTURE_INTERVAL.min,
					maxValue: CAPTURE_INTERVAL.max,
					numberPrecision: 0,
				},
				default: 10,
				description: `Seconds between snapshots, ${CAPTURE_INTERVAL.min} to ${CAPTURE_INTERVAL.max}.${onlyFor('snapshots')}`,
			},
			{
				displayName: 'Speakers Expected',
				name: 'subscribeUidGroup',
				type: 'options',
				options: [
					{ name: '1–2', value: 0 },
					{ name: '3–7', value: 1 },
					{ name: '8–12', value: 2 },
					{ name: '13–17', value: 3 },
					{ name: '18–32', value: 4 },
					{ name: '33–49', value: 5 },
				],
				default: 0,
				description: `Most users recorded at once (Agora’s subscribeUidGroup).${onlyFor('each speaker', 'snapshots')}`,
			},
			{
				displayName: 'Start Paused',
				name: 'onhold',
				type: 'boolean',
				default: false,
				description: `Whether the page is opened but not recorded until Update resumes it.${onlyFor('web page')}`,
			},
			{
				displayName: 'Streams',
				name: 'streamTypes',
				type: 'options',
				options: [
					{ name: 'Audio Only', value: 0 },
					{ name: 'Video Only', value: 1 },
					{ name: 'Audio and Video', value: 2 },
				],
				default: 0,
				description:
					'What is recorded of each user. Unset: what the choice in What to Record implies.',
			},
			uidList('Subscribe Audio UIDs', 'subscribeAudioUids', 'Record only these users’ audio.'),
			uidList('Subscribe Video UIDs', 'subscribeVideoUids', 'Record only these users’ video.'),
			uidList(
				'Unsubscribe Audio UIDs',
				'unsubscribeAudioUids',
				'Record everyone’s audio but these.',
			),
			uidList(
				'Unsubscribe Video UIDs',
				'unsubscribeVideoUids',
				'Record everyone’s video but these.',
			),
			{
				displayName: 'Token',
				name: 'token',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					'Channel token for the recorder’s UID, needed when the App Certificate is on. Agora cannot renew it: it must outlast the recording.',
				hint: 'Leave empty to generate a 24-hour token from the Agora API credential’s App Certificate (none is sent without one)',
			},
			{
				displayName: 'Video Bitrate (Kbps)',
				name: 'videoBitrate',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 500,
				description: `Bitrate of the recorded video.${onlyFor('conversation video', 'web page')}`,
			},
			{
				displayName: 'Video Frame Rate (Fps)',
				name: 'videoFps',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: 60, numberPrecision: 0 },
				default: 15,
				description: `Frames per second (5 to 60 for a web page).${onlyFor('conversation video', 'web page')}`,
			},
			{
				displayName: 'Video Height (Pixels)',
				name: 'videoHeight',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 720,
				description: `Height of the video; width × height at most 1920 × 1080.${onlyFor('conversation video', 'web page')}`,
			},
			{
				displayName: 'Video Layout',
				name: 'mixedVideoLayout',
				type: 'options',
				options: [
					{ name: 'Floating', value: 0, description: 'The first user fills the canvas' },
					{ name: 'Adaptive', value: 1, description: 'Equal windows for everyone' },
				],
				default: 1,
				description: `How the users’ videos share the canvas (vertical and custom layouts: Update Layout).${onlyFor('conversation video')}`,
			},
			{
				displayName: 'Video Width (Pixels)',
				name: 'videoWidth',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1280,
				description: `Width of the video; width × height at most 1920 × 1080.${onlyFor('conversation video', 'web page')}`,
			},
			additionalBodyField(
				'the start request ({cname, uid, clientRequest}; acquire’s clientRequest under "acquire")',
			),
		],
	},
];

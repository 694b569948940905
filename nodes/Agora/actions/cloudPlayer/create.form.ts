/** The Cloud Player › Create form. */
import type { INodeProperties } from 'n8n-workflow';

import { UID_MAX } from '../../../shared/agoraFacts';
import { IDLE_TIMEOUT_MAX, IDLE_TIMEOUT_MIN, VIDEO_RANGES } from '../../schemas/mediaPull';
import { additionalBodyField } from '../../form/additionalBody';
import {
	channelCharsHint,
	playbackSpeedField,
	regionField,
	streamUrlDescription,
} from './playerFields';

const show = { encryption: [true] };

export const createForm: INodeProperties[] = [
	regionField(
		'Region where the media stream originates; the player is created there. Delete and Update need the same region later.',
	),
	{
		displayName: 'Stream URL',
		name: 'streamUrl',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. rtmp://media.example.com/live/stream1',
		description: streamUrlDescription,
	},
	{
		displayName: 'Channel Name',
		name: 'channelName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. support-room-42',
		description: `Channel the stream is injected into. At most 64 bytes: ${channelCharsHint}.`,
	},
	{
		displayName: 'Player Identity',
		name: 'identityType',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'UID (Number)',
				value: 'uid',
				description: 'The player joins the channel with a numeric user ID',
			},
			{
				name: 'User Account (String)',
				value: 'account',
				description: 'The player joins the channel with a string user account',
			},
		],
		default: 'uid',
		description:
			'How the player identifies itself in the channel (exactly one of UID or account is sent)',
	},
	{
		displayName: 'UID',
		name: 'uid',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: UID_MAX, numberPrecision: 0 },
		default: 0,
		description:
			'User ID of the player in the channel, 0 to 4294967295. 0 lets Agora assign one (returned in the output). Must be unique among the users and players of the channel.',
		displayOptions: { show: { identityType: ['uid'] } },
	},
	{
		displayName: 'User Account',
		name: 'account',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. stream-bot',
		description: `User account of the player in the channel. At most 255 bytes: ${channelCharsHint}. Must be unique in the channel.`,
		displayOptions: { show: { identityType: ['account'] } },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Idle Timeout (Seconds)',
				name: 'idleTimeout',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 300,
				description: `Seconds the player may stay idle (stream not playing) before Agora destroys it, ${IDLE_TIMEOUT_MIN} to ${IDLE_TIMEOUT_MAX} (default 300). The value is sent as given: Agora changes a value below ${IDLE_TIMEOUT_MIN} to ${IDLE_TIMEOUT_MIN} and one above ${IDLE_TIMEOUT_MAX} to ${IDLE_TIMEOUT_MAX}.`,
			},
			{
				displayName: 'Name',
				name: 'name',
				type: 'string',
				default: '',
				placeholder: 'e.g. lobby-music',
				description:
					'Unique name of the player in the project: at most 64 bytes of a-z, A-Z, 0-9, - and _. Two live players cannot share a name (see "If a Player With This Name Exists"). Empty: no name.',
			},
			{
				displayName: 'Origin Server IP',
				name: 'streamIp',
				type: 'string',
				default: '',
				placeholder: 'e.g. 203.0.113.10',
				description:
					'IPv4 address of the server the stream comes from. Helps transmission quality when the stream exists only in some regions.',
			},
			{
				displayName: 'Play Time',
				name: 'playTs',
				type: 'number',
				typeOptions: { numberPrecision: 0 },
				default: 0,
				description:
					'Unix time in seconds at which playback starts. 0 (default) plays as soon as the player is created. Otherwise between now - 86400 and now + 300.',
				hint: 'A later time waits; an earlier time starts a live stream at once, and an on-demand stream at that earlier position (for recovery)',
			},
			playbackSpeedField,
			{
				displayName: 'Token',
				name: 'token',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description:
					"Channel token for the player, needed when the project's App Certificate is enabled; its UID or account must be the player's",
				hint: 'Leave empty to generate a 24-hour token from the credential’s App Certificate (nothing is sent when the credential has none)',
			},
		],
	},
	{
		displayName: 'Built-In Encryption',
		name: 'encryption',
		type: 'boolean',
		default: false,
		description:
			'Whether the player encrypts the media it sends into the channel (the channel’s users must use the same mode and key)',
	},
	{
		displayName: 'Encryption Mode',
		name: 'encryptMode',
		type: 'options',
		options: [
			{ name: 'AES-128-ECB', value: 'aes-128-ecb' },
			{ name: 'AES-128-GCM', value: 'aes-128-gcm' },
			{ name: 'AES-128-GCM2', value: 'aes-128-gcm2', description: 'Needs a KDF salt' },
			{ name: 'AES-128-XTS', value: 'aes-128-xts' },
			{ name: 'AES-256-GCM', value: 'aes-256-gcm' },
			{ name: 'AES-256-GCM2', value: 'aes-256-gcm2', description: 'Needs a KDF salt' },
			{ name: 'AES-256-XTS', value: 'aes-256-xts' },
			{ name: 'SM4-128-ECB', value: 'sm4-128-ecb' },
		],
		default: 'aes-128-gcm2',
		description: 'Encryption mode of the channel. The two GCM2 modes need a KDF salt.',
		displayOptions: { show },
	},
	{
		displayName: 'Encryption Key',
		name: 'encryptKey',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			'Encryption key of the channel, any length (32 bytes recommended). Never shown in the output.',
		displayOptions: { show },
	},
	{
		displayName: 'KDF Salt',
		name: 'encryptKdfSalt',
		type: 'string',
		typeOptions: { password: true },
		required: true,
		default: '',
		description:
			'32-byte salt of the channel’s key derivation (not 0). Used only by the two GCM2 modes.',
		displayOptions: { show: { ...show, encryptMode: ['aes-128-gcm2', 'aes-256-gcm2'] } },
	},
	{
		displayName: 'On-Demand Options',
		name: 'onDemandOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Settings that apply to on-demand (file) streams only, not to live streams',
		options: [
			{
				displayName: 'Inject Data Stream (SEI)',
				name: 'dataStream',
				type: 'boolean',
				default: false,
				description:
					'Whether to inject SEI information of the platform’s DataStream type (JSON) into the video frames. Default false.',
			},
			{
				displayName: 'Repeat Time',
				name: 'repeatTime',
				type: 'number',
				typeOptions: { minValue: -1, numberPrecision: 0 },
				default: 1,
				description:
					'How many times the stream plays: 1 (default) once, N that many times, -1 in a loop. 0 is not allowed.',
			},
			{
				displayName: 'Seek Position (Seconds)',
				name: 'seekPosition',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'Position in seconds where playback starts, default 0. Must be less than the duration of the media.',
			},
		],
	},
	{
		displayName: 'Audio Options',
		name: 'audioOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description: 'Audio transcoding. Leave empty for none.',
		options: [
			{
				displayName: 'Audio Profile',
				name: 'profile',
				type: 'options',
				options: [
					{
						name: '0 - Default (Communication 32 kHz Speech Mono 18 Kbps; Live 48 kHz Music Mono 64 Kbps)',
						value: 0,
					},
					{ name: '1 - Speech Standard (32 kHz, Mono, up to 18 Kbps)', value: 1 },
					{ name: '2 - Music Standard (48 kHz, Mono, up to 64 Kbps)', value: 2 },
					{ name: '3 - Music Standard Stereo (48 kHz, Stereo, up to 80 Kbps)', value: 3 },
					{ name: '4 - Music High Quality (48 kHz, Mono, up to 96 Kbps)', value: 4 },
					{ name: '5 - Music High Quality Stereo (48 kHz, Stereo, up to 128 Kbps)', value: 5 },
				],
				default: 0,
				description: 'Sample rate, encoding, channels and bitrate of the injected audio',
			},
		],
	},
	{
		displayName: 'Video Options',
		name: 'videoOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description:
			'Video transcoding (also applies to an image turned into video). Leave empty for none.',
		options: [
			{
				displayName: 'Adapt to Orientation',
				name: 'widthHeightAdaption',
				type: 'boolean',
				default: false,
				description:
					'Whether to pick the size from the source orientation: a landscape source gives 1280 x 720, a portrait source 720 x 1280. Default false.',
			},
			{
				displayName: 'Bitrate (Kbps)',
				name: 'bitrate',
				type: 'number',
				typeOptions: { minValue: VIDEO_RANGES.bitrate.min, maxValue: VIDEO_RANGES.bitrate.max },
				default: 800,
				description: `Video bitrate in Kbps, ${VIDEO_RANGES.bitrate.min} to ${VIDEO_RANGES.bitrate.max}`,
			},
			{
				displayName: 'Codec',
				name: 'codec',
				type: 'options',
				options: [
					{ name: 'H.264', value: 'H.264' },
					{ name: 'VP9', value: 'VP9' },
				],
				default: 'H.264',
				description: 'Video codec, default H.264. Agora encodes any other value as H.264.',
			},
			{
				displayName: 'Fill Mode',
				name: 'fillMode',
				type: 'options',
				options: [
					{
						name: 'Fit',
						value: 'fit',
						description: 'Scale proportionally until the whole video is visible',
					},
					{
						name: 'Fill',
						value: 'fill',
						description: 'Scale proportionally until the viewport is filled (edges may be cut)',
					},
				],
				default: 'fit',
				description: 'How the video is scaled into the output size, default fit',
			},
			{
				displayName: 'Frame Rate (Fps)',
				name: 'frameRate',
				type: 'number',
				typeOptions: { minValue: VIDEO_RANGES.frameRate.min, maxValue: VIDEO_RANGES.frameRate.max },
				default: 15,
				description: `Frames per second, ${VIDEO_RANGES.frameRate.min} to ${VIDEO_RANGES.frameRate.max}, default 15`,
			},
			{
				displayName: 'GOP (Seconds)',
				name: 'gop',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 2,
				description: 'Time between key frames of the output video, in seconds (default 2)',
			},
			{
				displayName: 'Height (Pixels)',
				name: 'height',
				type: 'number',
				typeOptions: {
					minValue: VIDEO_RANGES.height.min,
					maxValue: VIDEO_RANGES.height.max,
					numberPrecision: 0,
				},
				default: 360,
				description: `Output height in pixels, ${VIDEO_RANGES.height.min} to ${VIDEO_RANGES.height.max}`,
			},
			{
				displayName: 'Width (Pixels)',
				name: 'width',
				type: 'number',
				typeOptions: {
					minValue: VIDEO_RANGES.width.min,
					maxValue: VIDEO_RANGES.width.max,
					numberPrecision: 0,
				},
				default: 640,
				description: `Output width in pixels, ${VIDEO_RANGES.width.min} to ${VIDEO_RANGES.width.max}`,
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'If a Player With This Name Exists',
				name: 'onNameConflict',
				type: 'options',
				options: [
					{
						name: 'Fail',
						value: 'fail',
						description: 'Stop with Agora’s 409 error (it names the existing player’s ID)',
					},
					{
						name: 'Return the Existing Player',
						value: 'returnExisting',
						description: 'Output the ID of the live player holding the name, marked existing: true',
					},
				],
				default: 'fail',
				description:
					'What to do when the name is already used by a live player of the project (Agora answers 409)',
			},
			additionalBodyField('the create request ({player: {…}})'),
		],
	},
];

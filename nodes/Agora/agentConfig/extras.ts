/** Avatar, selective attention locking, geofence, media encryption and advanced features. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { VENDOR_KEY_HINT } from './vendorKeys';
import { NOT_SET } from './display';
import { compact, group, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';
import { builds } from '../form/labels';
import { shownBy } from '../form/groups';

export const avatarFields: INodeProperties[] = [
	builds('properties.avatar', {
		displayName: 'Avatar',
		name: 'enableAvatar',
		type: 'boolean',
		default: false,
		description: 'Whether the agent appears as a video avatar',
	}),
	{
		displayName: 'Avatar Vendor',
		name: 'avatarVendor',
		type: 'options',
		options: [
			{ name: 'Akool', value: 'akool' },
			{ name: 'Anam', value: 'anam' },
			{
				name: 'Generic',
				value: 'generic',
				description: 'Avatar services Agora reaches through one protocol, e.g. LemonSlice',
			},
			{ name: 'HeyGen', value: 'heygen' },
			{ name: 'LiveAvatar (HeyGen)', value: 'liveavatar' },
		],
		default: 'akool',
		description: 'Avatar provider. Any other identifier can be given by expression.',
		displayOptions: { show: { enableAvatar: [true] } },
	},
	{
		displayName: 'Avatar Params (JSON)',
		name: 'avatarParams',
		type: 'json',
		default: '{}',
		hint: VENDOR_KEY_HINT,
		description: 'Vendor parameters (required): keys, avatar ID, the avatar’s own UID and token, …',
		displayOptions: { show: { enableAvatar: [true] } },
	},
];

export const salFields: INodeProperties[] = [
	builds('properties.sal', {
		displayName: 'Selective Attention Locking (Beta)',
		name: 'enableSal',
		type: 'boolean',
		default: false,
		description:
			'Whether the agent locks onto one speaker and suppresses other voices and noise (sets advanced_features.enable_sal and sal)',
	}),
	builds('properties.sal.sal_mode', {
		displayName: 'SAL Mode',
		name: 'salMode',
		description: 'Lock onto the first speaker heard, or onto the speaker of a voiceprint',
		type: 'options',
		options: [
			{
				name: 'Locking',
				value: 'locking',
				description:
					'Lock onto one speaker: the first loud, clear one, or the voiceprint below (default)',
			},
			{
				name: 'Recognition',
				value: 'recognition',
				description:
					'Identify the pre-registered speaker and pass it to the LLM (use LLM vendor custom)',
			},
		],
		default: 'locking',
		displayOptions: { show: { enableSal: [true] } },
	}),
	{
		displayName: 'Voiceprint Name',
		name: 'salSampleName',
		type: 'string',
		default: '',
		placeholder: 'e.g. alice',
		description: 'Name of the pre-registered speaker (not "unknown", which is reserved)',
		displayOptions: { show: { enableSal: [true] } },
	},
	builds('properties.sal.sample_urls', {
		displayName: 'Voiceprint URL',
		name: 'salSampleUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://example.com/alice.pcm',
		description:
			'A .pcm file of at most 2 MB: 10 to 15 s of 16 kHz, 16-bit mono PCM with at least 8 s of speech',
		displayOptions: { show: { enableSal: [true] } },
	}),
];

export const geofenceFields: INodeProperties[] = [
	builds('properties.geofence', {
		displayName: 'Geofence Area',
		name: 'geofenceArea',
		type: 'options',
		options: [
			{ name: 'Asia', value: 'ASIA' },
			{ name: 'Europe', value: 'EUROPE' },
			{ name: 'Global', value: 'GLOBAL' },
			{ name: 'India', value: 'INDIA' },
			{ name: 'Japan', value: 'JAPAN' },
			{ name: 'No Restriction', value: 'notSet', description: 'Geofence left out (default)' },
			{ name: 'North America', value: 'NORTH_AMERICA' },
		],
		default: 'notSet',
		description: 'Region whose Agora servers the agent may use',
	}),
	{
		displayName: 'Exclude Area',
		name: 'geofenceExcludeArea',
		type: 'options',
		options: [
			{ name: 'Asia', value: 'ASIA' },
			{ name: 'Europe', value: 'EUROPE' },
			{ name: 'India', value: 'INDIA' },
			{ name: 'Japan', value: 'JAPAN' },
			{ name: 'None', value: 'notSet' },
			{ name: 'North America', value: 'NORTH_AMERICA' },
		],
		default: 'notSet',
		description: 'Region left out of Global',
		displayOptions: { show: { geofenceArea: ['GLOBAL'] } },
	},
];

const ENCRYPTED = ['1', '2', '3', '4', '5', '6', '7', '8'];

export const encryptionFields: INodeProperties[] = [
	builds('properties.rtc', {
		displayName: 'Media Encryption',
		name: 'encryptionMode',
		type: 'options',
		options: [
			{ name: 'AES-128-ECB (2)', value: '2' },
			{ name: 'AES-128-GCM (5)', value: '5' },
			{ name: 'AES-128-GCM2 (7, Recommended)', value: '7' },
			{ name: 'AES-128-XTS (1)', value: '1' },
			{ name: 'AES-256-GCM (6)', value: '6' },
			{ name: 'AES-256-GCM2 (8, Recommended)', value: '8' },
			{ name: 'AES-256-XTS (3)', value: '3' },
			{ name: 'None', value: 'notSet', description: 'No built-in media encryption (default)' },
			{ name: 'SM4-128-ECB (4)', value: '4' },
		],
		default: 'notSet',
		description: 'Built-in RTC media encryption; it must match the other users of the channel',
	}),
	builds('properties.rtc.encryption_key', {
		displayName: 'Encryption Key',
		name: 'encryptionKey',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		hint: VENDOR_KEY_HINT,
		description:
			'Any length; 32 bytes recommended. Without a key no encryption is used. Never appears in the output.',
		displayOptions: { show: { encryptionMode: ENCRYPTED } },
	}),
	builds('properties.rtc.encryption_salt', {
		displayName: 'Encryption Salt',
		name: 'encryptionSalt',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Base64 string that decodes to 32 bytes (required for the GCM2 modes)',
		displayOptions: { show: { encryptionMode: ['7', '8'] } },
	}),
];

export const advancedFeaturesField: INodeProperties = {
	displayName: 'Advanced Features',
	name: 'advancedFeatures',
	description: 'Agora’s feature switches: RTM messaging, tools and more (advanced_features)',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		{
			displayName: 'Agent RTM UID',
			name: 'agentRtmUid',
			type: 'string',
			default: '',
			description:
				'User ID of the agent in the signaling (RTM) channel (agent_rtm_uid), when it differs from the agent UID',
		},
		{
			displayName: 'Enable RTM',
			name: 'enableRtm',
			type: 'boolean',
			default: false,
			description:
				'Whether the agent also joins the signaling (RTM) channel; the token then needs RTC and RTM privileges (a generated token gets both)',
		},
		{
			displayName: 'Enable Tools',
			name: 'enableTools',
			type: 'boolean',
			default: false,
			description: 'Whether the agent may call tools of the MCP servers',
		},
	],
};

export const extrasFields: INodeProperties[] = [
	...salFields,
	...avatarFields,
	...geofenceFields,
	...encryptionFields,
	advancedFeaturesField,
];

function buildSal(r: FormReader): IDataObject | undefined {
	if (!r.switchedOn('enableSal', shownBy(salFields, 'enableSal'))) return undefined;
	const name = text(r.get('salSampleName', ''))?.trim();
	const url = text(r.get('salSampleUrl', ''))?.trim();
	if (url && !name) r.fail('properties.sal.sample_urls', 'needs a voiceprint name for the URL');
	if (name && !url)
		r.fail(`properties.sal.sample_urls.${name}`, 'needs the URL of the voiceprint file');
	return compact({
		sal_mode: r.get('salMode', 'locking'),
		sample_urls: name && url ? { [name]: url } : undefined,
	});
}

function buildGeofence(r: FormReader): IDataObject | undefined {
	const area = r.get('geofenceArea', NOT_SET);
	if (area === NOT_SET) return undefined;
	const exclude = area === 'GLOBAL' ? r.get('geofenceExcludeArea', NOT_SET) : NOT_SET;
	return compact({ area, exclude_area: exclude !== NOT_SET ? exclude : undefined });
}

function buildRtc(r: FormReader): IDataObject | undefined {
	const mode = r.get('encryptionMode', NOT_SET);
	if (mode === NOT_SET) return undefined;
	const salted = mode === '7' || mode === '8';
	return compact({
		encryption_mode: Number(mode),
		encryption_key: text(r.get('encryptionKey', '')),
		encryption_salt: salted ? text(r.get('encryptionSalt', ''))?.trim() : undefined,
	});
}

/** The avatar, sal, geofence, rtc, advanced_features and agent_rtm_uid members of `properties`. */
export function buildExtras(r: FormReader): IDataObject {
	const features = r.get<IDataObject>('advancedFeatures', {});
	const sal = buildSal(r);
	return compact({
		agent_rtm_uid: text(features.agentRtmUid)?.trim(),
		sal,
		advanced_features: group({
			enable_rtm: features.enableRtm === true ? true : undefined,
			enable_tools: features.enableTools === true ? true : undefined,
			enable_sal: sal ? true : undefined,
		}),
		avatar: r.switchedOn('enableAvatar', shownBy(avatarFields, 'enableAvatar'))
			? {
					enable: true,
					vendor: r.get('avatarVendor', 'akool'),
					params: r.json(r.get('avatarParams', ''), 'properties.avatar.params'),
				}
			: undefined,
		geofence: buildGeofence(r),
		rtc: buildRtc(r),
	});
}

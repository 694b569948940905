/** Fields the cloud player forms share: region, playback speed, stream and channel wording. */
import type { INodeProperties } from 'n8n-workflow';

/** Region of the Media Pull path: where the stream originates (create) or where the player was created. */
export function regionField(description: string, hint?: string): INodeProperties {
	return {
		displayName: 'Region',
		name: 'region',
		type: 'options',
		required: true,
		options: [
			{ name: 'Asia Pacific', value: 'ap' },
			{ name: 'China Mainland', value: 'cn' },
			{ name: 'Europe', value: 'eu' },
			{ name: 'North America', value: 'na' },
		],
		default: 'na',
		description,
		...(hint ? { hint } : {}),
	};
}

export const streamUrlDescription =
	'RTMP, HTTP or HTTPS address of the online media stream, at most 1024 bytes. A JPEG or PNG image URL is turned into video.';

export const channelCharsHint =
	'letters, digits, the space and !#$%&amp;()+-:;&lt;=.&gt;?@[]^_,{}|~';

/** Playback speed (tempo) of Create and Update: the speeds Agora offers. */
export const playbackSpeedField: INodeProperties = {
	displayName: 'Playback Speed',
	name: 'tempo',
	type: 'options',
	options: [
		{ name: '0.5×', value: 0.5 },
		{ name: '0.75×', value: 0.75 },
		{ name: '1.0× (Normal)', value: 1 },
		{ name: '1.25×', value: 1.25 },
		{ name: '1.5×', value: 1.5 },
		{ name: '1.75×', value: 1.75 },
		{ name: '2.0×', value: 2 },
	],
	default: 1,
	description: 'Playback speed of the stream (tempo); 1 is normal speed',
};

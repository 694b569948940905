import type { INodeProperties } from 'n8n-workflow';

import type { ParameterReader } from '../../form/parameters';
import { idLocator, readLocator } from '../../form/locators';

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

/** The player of Get, Update and Delete: picked from the list, or given by ID. */
export const playerIdField: INodeProperties = idLocator({
	displayName: 'Cloud Player',
	name: 'playerId',
	description: 'The player: its ID (a UUID) is returned by Create and by Get Many',
	searchListMethod: 'searchCloudPlayers',
	listPlaceholder: 'Select a cloud player...',
	exampleId: '3a2b1c4d-0000-4000-8000-1234567890ab',
	hint: 'The list shows the project’s players with their channel. Type to filter by name, channel or ID.',
});

/** The player ID of an item ('' when empty: the request schema then names the field). */
export function readPlayerId(fn: ParameterReader, itemIndex: number): string {
	return readLocator(fn, 'playerId', itemIndex);
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

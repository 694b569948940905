/** Fields every Cloud Recording operation after Start shares: what names the running recording. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { UID_MAX } from '../../../shared/agoraFacts';
import { builds } from '../../form/labels';
import { FormReader } from '../../form/reader';
import type { RecordingSession } from '../../api/cloudRecordings';

const fromStart = (member: string) => `={{ $json.${member} }}`;

const MODE_OPTIONS = [
	{ name: 'Individual', value: 'individual', description: 'One file per speaker' },
	{ name: 'Mix (Composite)', value: 'mix', description: 'Everyone in one file' },
	{ name: 'Web Page', value: 'web', description: 'A web page recorded as video' },
];

export const channelNameField = (description: string): INodeProperties =>
	builds('cname', {
		displayName: 'Channel Name',
		name: 'channelName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. support-room-42',
		description,
	});

/** The recording of Get, Update, Update Layout and Stop: what Start returned, read from the item by default. */
export const sessionFields: INodeProperties[] = [
	{
		displayName: 'Resource ID',
		name: 'resourceId',
		type: 'string',
		required: true,
		default: fromStart('resourceId'),
		description: 'The recording’s resourceId, as Start returned it',
	},
	{
		displayName: 'Recording ID (SID)',
		name: 'sid',
		type: 'string',
		required: true,
		default: fromStart('sid'),
		description: 'The recording’s sid, as Start returned it',
	},
	// Not "mode": the agent's Mode is another parameter of this node, with other values.
	builds('mode', {
		displayName: 'Recording Mode',
		name: 'recordingMode',
		type: 'options',
		options: MODE_OPTIONS,
		default: fromStart('mode'),
		description: 'The mode the recording was started in (Start returns it as mode)',
	}),
];

/** Update, Update Layout and Stop also name the channel and the recorder as Start did. */
export const channelAndRecorderFields: INodeProperties[] = [
	{
		...channelNameField('The recorded channel, as given to Start'),
		default: fromStart('cname'),
	},
	builds('uid', {
		displayName: 'Recorder UID',
		name: 'recorderUid',
		type: 'string',
		required: true,
		default: fromStart('uid'),
		description: `The recorder’s UID in the channel, as Start returned it (1 to ${UID_MAX})`,
	}),
];

/** The session as the form gives it (checked by the operation's schema). */
export function readSession(
	r: FormReader,
	withChannel: boolean,
): IDataObject & Partial<RecordingSession> {
	const session: IDataObject = {
		resourceId: String(r.get('resourceId', '')).trim(),
		sid: String(r.get('sid', '')).trim(),
		mode: r.get('recordingMode', 'mix'),
	};
	if (withChannel) {
		session.cname = String(r.get('channelName', ''));
		session.uid = String(r.get<unknown>('recorderUid', '')).trim();
	}
	return session;
}

/** How long a 404 of a failover is waited out before the recording counts as ended. */
export const failoverWaitField: INodeProperties = {
	displayName: 'Failover Wait (Seconds)',
	name: 'failoverWaitSeconds',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: 120, numberPrecision: 0 },
	default: 90,
	description:
		'While Agora moves a recording to a new server it answers 404 “failed to find worker” for up to 90 s. The node keeps asking this long before it takes the 404 as “the recording has ended”.',
};

/** Get's and Stop's options: how long a failover may last, and the prefix the files' keys carry. */
export const filesOptionsField: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [
		failoverWaitField,
		{
			displayName: 'File Name Prefix',
			name: 'fileNamePrefix',
			type: 'string',
			default: '',
			placeholder: 'e.g. recordings/calls',
			description:
				'The prefix Start used, for the files’ keys and URLs. Empty: the storage credential’s default prefix.',
		},
	],
};

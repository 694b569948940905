import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readRecordingStorage } from '../../api/recordingSetup';
import { builds, buildsAt } from '../../form/labels';
import { compact, group, text } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { changes } from '../../run/sideEffects';
import { updateRecordingRequestSchema } from '../../schemas/cloudRecording';
import type { OperationContext } from '../types';
import { channelAndRecorderFields, failoverWaitField, sessionFields } from './recordingFields';
import { sendRecordingChange } from './output';
import { uidList, uids } from './uids';

buildsAt({
	'clientRequest.webRecordingConfig': 'updateFields.onhold',
	'clientRequest.rtmpPublishConfig': 'updateFields.rtmpUrl',
	'clientRequest.streamSubscribe': 'updateFields.subscribeAudioUids',
});

const properties: INodeProperties[] = [
	...sessionFields,
	...channelAndRecorderFields,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			builds('clientRequest.storageConfig', {
				displayName: 'Refresh Storage Token',
				name: 'refreshStorageToken',
				type: 'boolean',
				default: true,
				description:
					'Whether to send the storage credential again, with its current STS token (Agora asks for a fresh one every hour of a longer recording)',
			}),
			{
				displayName: 'RTMP Output URL',
				name: 'rtmpUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. rtmp://live.example.com/app/stream',
				description:
					'Where a web page recording is pushed to (rtmp:// or rtmps://, one at a time). Web page recordings only.',
			},
			uidList(
				'Subscribe Audio UIDs',
				'subscribeAudioUids',
				'Record only these users’ audio from now on.',
			),
			uidList(
				'Subscribe Video UIDs',
				'subscribeVideoUids',
				'Record only these users’ video from now on.',
			),
			uidList(
				'Unsubscribe Audio UIDs',
				'unsubscribeAudioUids',
				'Stop recording these users’ audio.',
			),
			uidList(
				'Unsubscribe Video UIDs',
				'unsubscribeVideoUids',
				'Stop recording these users’ video.',
			),
			{
				displayName: 'Web Recording On Hold',
				name: 'onhold',
				type: 'boolean',
				default: true,
				description:
					'Whether a web page recording pauses (true) or resumes (false). Web page recordings only.',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [failoverWaitField],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudRecording'], operation: ['update'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('cloudRecording', 'updated', 'sid');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<INodeExecutionData[]> {
	const r = new FormReader(this, itemIndex);
	const u = r.get<IDataObject>('updateFields', {});
	const storage = u.refreshStorageToken === true ? await readRecordingStorage(this) : undefined;
	const rtmpUrl = text(u.rtmpUrl)?.trim();
	const clientRequest = compact({
		streamSubscribe: group({
			audioUidList: group({
				subscribeAudioUids: uids(u.subscribeAudioUids),
				unsubscribeAudioUids: uids(u.unsubscribeAudioUids),
			}),
			videoUidList: group({
				subscribeVideoUids: uids(u.subscribeVideoUids),
				unsubscribeVideoUids: uids(u.unsubscribeVideoUids),
			}),
		}),
		webRecordingConfig: typeof u.onhold === 'boolean' ? { onhold: u.onhold } : undefined,
		rtmpPublishConfig: rtmpUrl ? { outputs: [{ rtmpUrl }] } : undefined,
		storageConfig: storage?.config,
	});
	const withKeys = storage ? { ...ctx, secrets: [...ctx.secrets, ...storage.secrets] } : ctx;
	const { session, change, requestId } = await sendRecordingChange(
		this,
		withKeys,
		r,
		{ verb: 'update', schema: updateRecordingRequestSchema, clientRequest },
		itemIndex,
	);
	return [{ json: { updated: true, ...session, updatedFields: Object.keys(change), requestId } }];
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { validateOrThrow } from '../../../shared/validate';
import { stopRecording, type RecordingSession } from '../../api/cloudRecordings';
import { uploadingStatus } from '../../api/recordingFiles';
import { FormReader } from '../../form/reader';
import { changes } from '../../run/sideEffects';
import { stopRecordingRequestSchema } from '../../schemas/cloudRecording';
import type { OperationContext } from '../types';
import {
	channelAndRecorderFields,
	filesOptionsField,
	readSession,
	sessionFields,
} from './recordingFields';
import { failoverWaitMs, fileStoreOf, filesOutput } from './output';

const properties: INodeProperties[] = [
	...sessionFields,
	...channelAndRecorderFields,
	{
		displayName: 'Wait for the Upload',
		name: 'waitForUpload',
		type: 'boolean',
		default: true,
		description:
			'Whether Agora answers once every file is uploaded, with the file list (about 20 s at most), or at once without it (the Agora Trigger’s “uploaded” event brings the list later)',
	},
	filesOptionsField,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudRecording'], operation: ['stop'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('cloudRecording', 'stopped', 'sid', ['alreadyEnded']);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<INodeExecutionData[]> {
	const r = new FormReader(this, itemIndex);
	const asyncStop = r.get('waitForUpload', true) !== true;
	const checked = validateOrThrow(
		this,
		stopRecordingRequestSchema,
		{ ...readSession(r, true), clientRequest: { async_stop: asyncStop } },
		itemIndex,
	);
	const session: RecordingSession = {
		resourceId: checked.resourceId,
		sid: checked.sid,
		mode: checked.mode,
		cname: checked.cname,
		uid: checked.uid,
	};
	const store = await fileStoreOf(this, r);
	const stopped = await stopRecording(
		this,
		ctx,
		session,
		{ asyncStop, failoverWaitMs: failoverWaitMs(r) },
		itemIndex,
	);
	const server = (stopped.answer.body.serverResponse ?? {}) as IDataObject;
	const json: IDataObject = {
		stopped: true,
		resourceId: session.resourceId,
		sid: session.sid,
		mode: session.mode,
		cname: session.cname,
		uid: session.uid,
		...(stopped.alreadyEnded ? { alreadyEnded: true, how: stopped.alreadyEnded } : {}),
		...(stopped.noRecordedData ? { noRecordedData: true } : {}),
		uploadingStatus: uploadingStatus(server),
		...filesOutput(server, store),
		requestId: stopped.answer.requestId ?? null,
	};
	return [{ json }];
}

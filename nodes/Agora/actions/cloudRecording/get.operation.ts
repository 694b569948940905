import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { validateOrThrow } from '../../../shared/validate';
import { queryRecording } from '../../api/cloudRecordings';
import { recordingStatusName, webServices } from '../../api/recordingFiles';
import { FormReader } from '../../form/reader';
import { queryRecordingRequestSchema } from '../../schemas/cloudRecording';
import type { OperationContext } from '../types';
import { filesOptionsField, readSession, sessionFields } from './recordingFields';
import { failoverWaitMs, fileStoreOf, filesOutput } from './output';

const properties: INodeProperties[] = [...sessionFields, filesOptionsField];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudRecording'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<INodeExecutionData[]> {
	const r = new FormReader(this, itemIndex);
	const session = validateOrThrow(
		this,
		queryRecordingRequestSchema,
		readSession(r, false),
		itemIndex,
	);
	const store = await fileStoreOf(this, r);
	const { answer, ended } = await queryRecording(
		this,
		ctx,
		session,
		{ failoverWaitMs: failoverWaitMs(r) },
		itemIndex,
	);
	const server = (answer.body.serverResponse ?? {}) as IDataObject;
	const json: IDataObject = {
		resourceId: session.resourceId,
		sid: session.sid,
		mode: session.mode,
		cname: answer.body.cname ?? null,
		uid: answer.body.uid ?? null,
		running: !ended,
		status: ended ? 'ended' : recordingStatusName(server.status),
		statusCode: ended ? null : (server.status ?? null),
		...(ended ? {} : filesOutput(server, store)),
		...(ended ? {} : webServices(server)),
		requestId: answer.requestId ?? null,
	};
	return [{ json }];
}

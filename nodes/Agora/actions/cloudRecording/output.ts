/** What Get, Stop and the updates output of a recording: its ids, its state in words, its files, the change sent. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import type { ZodType } from 'zod';

import { prefixParts } from '../../../shared/recordingStorage';
import { validateOrThrow } from '../../../shared/validate';
import { changeRecording, type RecordingSession } from '../../api/cloudRecordings';
import { readRecordingStorage, storageSummary } from '../../api/recordingSetup';
import { recordedFiles, type FileStore } from '../../api/recordingFiles';
import type { FormReader } from '../../form/reader';
import type { AgoraContext } from '../../transport';
import { readSession } from './recordingFields';

/** The storage the files went to: the credential's bucket and the prefix Start used. */
export async function fileStoreOf(fn: IExecuteFunctions, r: FormReader): Promise<FileStore> {
	const storage = await readRecordingStorage(fn);
	const options = r.get<IDataObject>('options', {});
	return {
		storage: storage.config,
		prefix: prefixParts(options.fileNamePrefix) ?? storage.defaultPrefix,
	};
}

/** The files of a query or stop answer, with where they lie; the storage summarised without keys. */
export function filesOutput(serverResponse: unknown, store: FileStore): IDataObject {
	return {
		files: recordedFiles(serverResponse, store),
		storage: store.storage ? storageSummary(store.storage) : null,
	};
}

/** "Failover Wait (Seconds)" of the Options, in ms; undefined when unset. */
export function failoverWaitMs(r: FormReader): number | undefined {
	const seconds = r.get<IDataObject>('options', {}).failoverWaitSeconds;
	return typeof seconds === 'number' ? seconds * 1000 : undefined;
}

/** What Update or Update Layout sent: the session it changed, the change as checked, Agora's request id. */
interface SentChange {
	session: IDataObject & RecordingSession;
	change: IDataObject;
	requestId: string | null;
}

/**
 * Checks the form's session and `clientRequest` against the verb's schema (nothing leaves before),
 * then sends the change to the running recording.
 */
export async function sendRecordingChange(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	r: FormReader,
	change: { verb: 'update' | 'updateLayout'; schema: ZodType; clientRequest: IDataObject },
	itemIndex: number,
): Promise<SentChange> {
	const { clientRequest: checked, ...session } = validateOrThrow(
		fn,
		change.schema,
		{ ...readSession(r, true), clientRequest: change.clientRequest },
		itemIndex,
	) as { clientRequest: IDataObject } & IDataObject & RecordingSession;
	const answer = await changeRecording(
		fn,
		ctx,
		session,
		{ verb: change.verb, clientRequest: checked, failoverWaitMs: failoverWaitMs(r) },
		itemIndex,
	);
	return { session, change: checked, requestId: answer.requestId ?? null };
}

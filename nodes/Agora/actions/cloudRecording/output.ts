/** What Get and Stop output of a recording: its ids, its state in words and its files. */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { prefixParts } from '../../../shared/recordingStorage';
import { readRecordingStorage, storageSummary } from '../../api/recordingSetup';
import { recordedFiles, type FileStore } from '../../api/recordingFiles';
import type { FormReader } from '../../form/reader';

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

/**
 * What a recording needs besides the form: the storage from the Agora Recording Storage credential
 * (its keys kept out of every output and error) and a recorder UID nobody else in the channel uses.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { UID_MAX } from '../../shared/agoraFacts';
import { selectedCredential } from '../../shared/credentialChoice';
import {
	prefixParts,
	STORAGE_CREDENTIAL_TYPE,
	STORAGE_VENDORS,
	storageConfigOf,
} from '../../shared/recordingStorage';
import { storageConfigSchema } from '../schemas/cloudRecording';

interface RecordingStorage {
	/** storageConfig as Agora's start and update take it, keys included: only ever sent to Agora. */
	config: IDataObject;
	/** The credential's default prefix as folder names. */
	defaultPrefix?: string[];
	/** Keys to redact from anything the node emits. */
	secrets: string[];
}

/** Read once per node run: n8n hands every item of a run the same context object. */
const perRun = new WeakMap<IExecuteFunctions, Promise<RecordingStorage>>();

/** The Agora Recording Storage credential of this node, as storageConfig. */
export async function readRecordingStorage(fn: IExecuteFunctions): Promise<RecordingStorage> {
	let storage = perRun.get(fn);
	if (!storage) {
		storage = readStorage(fn);
		perRun.set(fn, storage);
	}
	return await storage;
}

async function readStorage(fn: IExecuteFunctions): Promise<RecordingStorage> {
	const credential = await selectedCredential(
		fn,
		STORAGE_CREDENTIAL_TYPE,
		'Agora Recording Storage',
	);
	const made = storageConfigOf(credential);
	if ('problem' in made)
		throw new NodeOperationError(
			fn.getNode(),
			`Agora Recording Storage credential: ${made.problem}`,
			{
				description: 'Nothing was sent to Agora.',
			},
		);
	// Checked here so that the error names the credential, not a field of the node's form.
	const defaultPrefix = prefixParts(credential.fileNamePrefix);
	const checked = storageConfigSchema.safeParse({ ...made.config, fileNamePrefix: defaultPrefix });
	if (!checked.success) {
		const issue = checked.error.issues[0];
		throw new NodeOperationError(
			fn.getNode(),
			`Agora Recording Storage credential: ${issue.path.join('.') || 'storage'} ${issue.message}`,
			{ description: 'Nothing was sent to Agora.' },
		);
	}
	const secrets = [credential.secretKey, credential.accessKey, credential.stsToken].filter(
		(s): s is string => typeof s === 'string' && s.length > 0,
	);
	return { config: made.config, defaultPrefix, secrets };
}

/** Where the files are, for an output: vendor by name, region code, bucket; never a key. */
export function storageSummary(config: IDataObject): IDataObject {
	const vendor = STORAGE_VENDORS.find((v) => v.code === config.vendor);
	const region = vendor?.regions?.find(([, code]) => code === config.region)?.[0];
	return {
		vendor: vendor?.key ?? config.vendor ?? null,
		region: region ?? config.region ?? null,
		bucket: config.bucket ?? null,
	};
}

/** Recorder UIDs the node picks lie in the top half of the UID range, away from small app UIDs. */
const PICKED_MIN = 2 ** 31;

/**
 * The recorder UID for a channel when none is given: the same for the same channel (so a repeat of
 * the start is recognised by Agora rather than recording twice), never one of `taken`.
 */
export function recorderUidFor(
	channel: string,
	taken: ReadonlyArray<string | number> = [],
): string {
	// FNV-1a over the channel's UTF-8 bytes.
	let hash = 0x811c9dc5;
	for (const byte of Buffer.from(channel, 'utf8')) {
		hash ^= byte;
		hash = Math.imul(hash, 0x01000193) >>> 0;
	}
	const span = UID_MAX - PICKED_MIN;
	let uid = PICKED_MIN + (hash % span);
	const used = new Set(taken.map(String));
	while (used.has(String(uid))) uid = uid >= UID_MAX - 1 ? PICKED_MIN : uid + 1;
	return String(uid);
}

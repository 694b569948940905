/**
 * Shared set-up of the Cloud Recording tests: importing this file starts the sandbox (reset before
 * each test) for the importing file. Storage is the OpenAPI start example's (vendor 2, region 3,
 * bucket "xxxxx", prefix directory1/directory2): the sandbox keeps such files in "Agora's backup".
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../../lib/harness';
import { FAST_TIMING, useSandbox } from '../../../../lib/sandbox';
import { STORAGE } from './storageExample';

export let sb: Sandbox;
export let credential: CredentialData;

useSandbox({ startDelayMs: 10, stopDelayMs: 10 }, (started) => ({ sb, credential } = started), {
	timing: FAST_TIMING,
});

export async function run(
	parameters: INodeParameters,
	items: IDataObject[] = [{}],
	options: {
		storage?: ICredentialDataDecryptedObject;
		executionId?: string;
		cred?: CredentialData;
	} = {},
) {
	return await runWorkflow(
		agoraWorkflow({ resource: 'cloudRecording', ...parameters }, items),
		options.cred ?? credential,
		{ agoraRecordingStorageApi: options.storage ?? STORAGE },
		{ executionId: options.executionId },
	);
}

/** Starts a recording through the node; returns its output item. */
export async function started(parameters: INodeParameters = {}): Promise<IDataObject> {
	const result = await run({ operation: 'start', channelName: 'room1', ...parameters });
	expect(result.error('Agora')).toBeUndefined();
	return result.output('Agora')[0];
}

/** The requests the sandbox got for Cloud Recording, as "METHOD verb". */
export const recordingCalls = () =>
	sb.requests
		.filter((r) => r.path.includes('/cloud_recording/'))
		.map((r) => `${r.method} ${r.path.split('/').pop()}`);

/** The sandbox's recordings (its Sandbox type does not list the method yet). */
export const recordings = () =>
	(sb as unknown as { recordings(): Array<{ status: number; sid: string }> }).recordings();

/**
 * Shared set-up of the Cloud Player tests: importing this file starts the sandbox (and resets it
 * before each test) for the importing test file; `sb` and `credential` are set once it runs.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../../lib/harness';
import { useSandbox } from '../../../../lib/sandbox';
import { createParams } from './params';

export { createParams, STREAM } from './params';

export let sb: Sandbox;
export let credential: CredentialData;

useSandbox({ startDelayMs: 10, playerQuota: 1000 }, (started) => ({ sb, credential } = started));
beforeEach(() => sb.configure({ rateLimits: false, listDelayMs: 0 }));

export async function run(
	parameters: INodeParameters,
	items: IDataObject[] = [{}],
	cred: CredentialData = credential,
	settings = {},
) {
	return await runWorkflow(agoraWorkflow(parameters, items, settings), cred);
}

/** Creates players straight through the sandbox API (no node), for the read and delete tests. */
export async function seed(
	count: number,
	over: (i: number) => INodeParameters = () => ({}),
): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const result = await run(createParams({ uid: 1000 + i, ...over(i) }));
		expect(result.error('Agora')).toBeUndefined();
		ids.push(result.output('Agora')[0].id as string);
	}
	return ids;
}

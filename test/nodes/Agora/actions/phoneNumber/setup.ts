/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Shared set-up of the Phone Number tests: importing this file starts the sandbox (and resets it
 * before each test) for the importing test file; `sb` and `credential` are set once it runs.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../../lib/harness';
import { useSandbox } from '../../../../lib/sandbox';

export const SIP_PASSWORD = 'trunk-pass-0123456789';

export let sb: Sandbox;
export let credential: CredentialData;

useSandbox({ clock: 'manual' }, (started) => ({ sb, credential } = started));

export const run = async (parameters: IDataObject, items: IDataObject[] = [{}]) =>
	await runWorkflow(agoraWorkflow(parameters as INodeParameters, items), credential);

export function addParams(over: IDataObject = {}): IDataObject {
	return {
		resource: 'phoneNumber',
		operation: 'add',
		phoneNumber: '+1 (987) 654-3210',
		provider: 'byo',
		label: 'Sales Hotline',
		inboundSettings: { allowedAddresses: '112.126.15.64/27, 203.0.113.10' },
		outboundSettings: {
			address: `trunkuser:${SIP_PASSWORD}@sip.example.com`,
			transport: 'tls',
			prefix: '6036',
		},
		...over,
	};
}

export const numberRequests = (method: string) =>
	sb.requests.filter((r) => r.method === method && r.path.includes('/phone-numbers'));

/** Imports three numbers straight through the node, then forgets those requests. */
export async function importNumbers(): Promise<void> {
	for (const n of ['+19876543210', '+19876543211', '+19876543212']) {
		const result = await run(addParams({ phoneNumber: n, label: `line ${n.slice(-1)}` }));
		expect(result.error('Agora')).toBeUndefined();
	}
	sb.requests.length = 0;
}

/**
 * Notification Server › Get IP Addresses, run through n8n's engine against the sandbox: the
 * request of Agora's "IP address query API" (GET /v2/ncs/ip, Basic) and its answer as one item.
 */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../../lib/harness';
import { useSandbox } from '../../../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;

useSandbox({}, (started) => ({ sb, credential } = started));

const parameters = { resource: 'notificationServer', operation: 'getIps' } as INodeParameters;

test('GET /v2/ncs/ip with Basic; the addresses as one list', async () => {
	const result = await runWorkflow(agoraWorkflow(parameters), credential);
	expect(result.error('Agora')).toBeUndefined();
	expect(sb.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v2/ncs/ip']);
	expect(result.output('Agora')).toEqual([
		{ ips: ['127.0.0.1', '::1'], requestId: expect.any(String) },
	]);
});

test('a Token credential without the Customer ID and Secret stops before sending', async () => {
	const token = {
		authentication: 'token',
		appId: sb.appId,
		appCertificate: sb.appCertificate,
		host: 'custom',
		customBaseUrl: sb.url,
	};
	const result = await runWorkflow(agoraWorkflow(parameters), token);
	expect(result.error('Agora')?.message).toContain('requires Basic authentication');
	expect(sb.requests).toHaveLength(0);
});

test('a Token credential with them sends Basic', async () => {
	const result = await runWorkflow(agoraWorkflow(parameters), {
		...credential,
		authentication: 'token',
		appCertificate: sb.appCertificate,
	});
	expect(result.error('Agora')).toBeUndefined();
	expect(result.output('Agora')[0].ips).toEqual(['127.0.0.1', '::1']);
});

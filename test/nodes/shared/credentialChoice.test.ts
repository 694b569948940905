/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A node with no credential selected fails before anything is sent, naming the credential as the
 * form shows it, not by n8n's internal type name.
 */
import http from 'http';
import type { AddressInfo } from 'net';

import { agoraWorkflow, runWorkflow, type CredentialData } from '../../lib/harness';

let server: http.Server;
let received = 0;
let credential: CredentialData;

beforeAll(async () => {
	server = http.createServer((_req, res) => {
		received++;
		res.end('{}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	credential = {
		customerId: 'cid',
		customerSecret: 'csecret',
		appId: 'app',
		host: 'custom',
		customBaseUrl: url,
	};
});

afterAll(() => server.close());

test('without an Agora credential the run stops with “No “Agora API” credential selected”', async () => {
	const result = await runWorkflow(
		agoraWorkflow({ resource: 'agent', operation: 'get', agentId: 'a1' }, [{}], {
			credentials: {},
		}),
		credential,
	);
	const error = result.error('Agora');
	expect(error?.message).toBe('No “Agora API” credential selected');
	expect(error?.description).toContain('Nothing was sent to Agora');
	expect(JSON.stringify(error)).not.toContain('agoraApi');
	expect(received).toBe(0);
});

/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
import http from 'http';
import { AddressInfo } from 'net';

import { agoraWorkflow, runWorkflow } from '../../lib/harness';

test('engine runs Agora get agent', async () => {
	const seen: Array<{ url?: string; auth?: string; rid?: string }> = [];
	const server = http.createServer((req, res) => {
		seen.push({
			url: req.url,
			auth: req.headers.authorization,
			rid: req.headers['x-request-id'] as string,
		});
		res.setHeader('content-type', 'application/json');
		res.end(
			JSON.stringify({
				agent_id: 'a1',
				status: 'RUNNING',
				name: 'n',
				start_ts: 1,
				stop_ts: 0,
				message: '',
			}),
		);
	});
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
	const port = (server.address() as AddressInfo).port;
	try {
		const result = await runWorkflow(
			agoraWorkflow({ resource: 'agent', operation: 'get', agentId: '={{$json.id}}' }, [
				{ id: 'a1' },
				{ id: 'a2' },
			]),
			{
				customerId: 'cid',
				customerSecret: 'csecret',
				appId: 'app',
				host: 'custom',
				customBaseUrl: `http://127.0.0.1:${port}`,
			},
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toHaveLength(2);
		expect(seen.map((s) => s.url).sort()).toEqual([
			'/api/conversational-ai-agent/v2/projects/app/agents/a1',
			'/api/conversational-ai-agent/v2/projects/app/agents/a2',
		]);
		expect(seen[0].auth).toBe('Basic ' + Buffer.from('cid:csecret').toString('base64'));
	} finally {
		server.close();
	}
});

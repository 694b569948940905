/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/** Cloud Player › Get Many, run through n8n's engine against the sandbox. */
import http from 'http';
import type { AddressInfo } from 'net';
import type { IDataObject } from 'n8n-workflow';

import { credential, run, sb, seed } from './setup';

describe('get many', () => {
	it('Return All follows nextPageToken over several pages; one item per player', async () => {
		const ids = await seed(7);
		sb.requests.length = 0;
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'getMany',
			returnAll: true,
			options: { pageSize: 2 },
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora').map((p) => p.id)).toEqual(ids);
		expect(sb.requests).toHaveLength(4);
		expect(sb.requests[0].query).toEqual({ pageSize: '2' });
		expect(sb.requests[1].query.pageToken).toBeTruthy();
	});

	it('Limit stops early and asks only for what it needs', async () => {
		const ids = await seed(7);
		sb.requests.length = 0;
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'getMany',
			returnAll: false,
			limit: 3,
		});
		expect(result.output('Agora').map((p) => p.id)).toEqual(ids.slice(0, 3));
		expect(sb.requests).toHaveLength(1);
		expect(sb.requests[0].query).toEqual({ pageSize: '3' });

		sb.requests.length = 0;
		const paged = await run({
			resource: 'cloudPlayer',
			operation: 'getMany',
			returnAll: false,
			limit: 5,
			options: { pageSize: 2 },
		});
		expect(paged.output('Agora').map((p) => p.id)).toEqual(ids.slice(0, 5));
		expect(sb.requests).toHaveLength(3);
	});

	it('the channel filter reaches Agora as "channelName eq <channel>" (spaces encoded)', async () => {
		const ids = await seed(4, (i) => ({ channelName: i % 2 ? 'my room' : 'room1' }));
		sb.requests.length = 0;
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'getMany',
			returnAll: true,
			filters: { channelName: 'my room' },
		});
		expect(result.output('Agora').map((p) => p.id)).toEqual([ids[1], ids[3]]);
		expect(sb.requests[0].query).toEqual({ filter: 'channelName eq my room', pageSize: '500' });
	});

	it('no players: no output items and no error', async () => {
		const result = await run({ resource: 'cloudPlayer', operation: 'getMany', returnAll: true });
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([]);
	});

	it('items that carry only id, name and createTs pass through unchanged', async () => {
		const pages: Record<string, IDataObject> = {
			'': {
				totalSize: 3,
				fields: 'id,name,createTs',
				players: [
					{ id: 'a', name: 'n1', createTs: 1 },
					{ id: 'b', name: '', createTs: 2 },
				],
				nextPageToken: 't2',
			},
			t2: {
				totalSize: 3,
				fields: 'id,name,createTs',
				players: [{ id: 'c', name: 'n3', createTs: 3 }],
				nextPageToken: '',
			},
		};
		const seen: string[] = [];
		const server = http.createServer((req, res) => {
			const url = new URL(req.url ?? '/', 'http://x');
			seen.push(url.pathname + url.search);
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify(pages[url.searchParams.get('pageToken') ?? '']));
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		try {
			const port = (server.address() as AddressInfo).port;
			const result = await run(
				{ resource: 'cloudPlayer', operation: 'getMany', returnAll: true },
				[{}],
				{
					...credential,
					customBaseUrl: `http://127.0.0.1:${port}`,
				},
			);
			expect(result.error('Agora')).toBeUndefined();
			expect(result.output('Agora')).toEqual([
				{ id: 'a', name: 'n1', createTs: 1 },
				{ id: 'b', name: '', createTs: 2 },
				{ id: 'c', name: 'n3', createTs: 3 },
			]);
			expect(seen).toEqual([
				`/v1/projects/${sb.appId}/cloud-player/players?pageSize=500`,
				`/v1/projects/${sb.appId}/cloud-player/players?pageSize=500&pageToken=t2`,
			]);
		} finally {
			server.close();
		}
	});
});

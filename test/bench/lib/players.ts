/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/** Cloud players created directly against a sandbox (rate limits off while creating). */
import axios from 'axios';
import http from 'http';

import { pool } from './stats';

export async function createPlayers(
	sandbox: { url: string; customerId: string; customerSecret: string; appId: string },
	args: { count: number; channel: string; region?: string; concurrency?: number },
): Promise<string[]> {
	const region = args.region ?? 'na';
	const agent = new http.Agent({ keepAlive: true, maxSockets: args.concurrency ?? 20 });
	const client = axios.create({
		baseURL: `${sandbox.url}/${region}/v1/projects/${sandbox.appId}/cloud-player`,
		auth: { username: sandbox.customerId, password: sandbox.customerSecret },
		httpAgent: agent,
		validateStatus: () => true,
	});
	const ids = new Array<string>(args.count);
	try {
		await pool(args.count, args.concurrency ?? 20, async (i) => {
			const res = await client.post('/players', {
				player: {
					streamUrl: 'rtmp://media.example.com/live/bench',
					channelName: args.channel,
					uid: i + 1,
				},
			});
			if (res.status !== 200 || typeof res.data?.player?.id !== 'string') {
				throw new Error(`creating player ${i} answered ${res.status}: ${JSON.stringify(res.data)}`);
			}
			ids[i] = res.data.player.id;
		});
	} finally {
		agent.destroy();
	}
	return ids;
}

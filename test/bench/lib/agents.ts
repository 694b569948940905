/** Agents created directly against a sandbox (in-process or a separate process) for the get benches. */
import axios from 'axios';

import { startBody } from '../../../sandbox/src/helpers';

export async function createAgents(
	sandbox: { url: string; customerId: string; customerSecret: string; appId: string },
	count: number,
): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const res = await axios.post(
			`${sandbox.url}/api/conversational-ai-agent/v2/projects/${sandbox.appId}/join`,
			startBody({ name: `bench-agent-${i}-${Date.now()}`, channel: `bench-${i}` }),
			{
				auth: { username: sandbox.customerId, password: sandbox.customerSecret },
				validateStatus: () => true,
			},
		);
		if (res.status !== 200 || typeof res.data?.agent_id !== 'string') {
			throw new Error(`creating agent ${i} answered ${res.status}: ${JSON.stringify(res.data)}`);
		}
		ids.push(res.data.agent_id);
	}
	return ids;
}

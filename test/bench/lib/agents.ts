/** Agents created directly against a sandbox (in-process or a separate process) for the get benches. */
import { startAgentAt, type SandboxAddress } from '../../../sandbox/src/helpers';

export async function createAgents(sandbox: SandboxAddress, count: number): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		ids.push(
			await startAgentAt(sandbox, {
				name: `bench-agent-${i}-${Date.now()}`,
				channel: `bench-${i}`,
			}),
		);
	}
	return ids;
}

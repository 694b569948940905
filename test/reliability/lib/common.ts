/** Shared pieces of the reliability suite: seeding and tables (the sandbox set-up is test/lib/sandbox.ts). */

import type { Sandbox } from '../../../sandbox/src';
import {
	agentPath,
	client,
	playerBody,
	playersPath,
	startBody,
} from '../../../sandbox/src/helpers';

/**
 * Starts an agent straight through the sandbox API (no node); idle_timeout 0 keeps it running.
 * The sandbox clock is moved past the start delay (in either clock mode), so the agent is RUNNING
 * when this returns, however slowly the machine runs.
 */
export async function seedAgent(
	sb: Sandbox,
	over: { name?: string; channel?: string } = {},
): Promise<string> {
	const body = startBody({ ...over, properties: { idle_timeout: 0 } });
	const response = await client(sb).post(agentPath(sb, '/join'), body);
	if (response.status !== 200)
		throw new Error(`seeding an agent failed: ${response.status} ${JSON.stringify(response.data)}`);
	sb.clock.advance(sb.options().startDelayMs);
	return response.data.agent_id as string;
}

/** Creates a player straight through the sandbox API (no node). */
export async function seedPlayer(
	sb: Sandbox,
	over: Record<string, unknown> = {},
	region = 'na',
): Promise<string> {
	const response = await client(sb).post(
		playersPath(sb, region),
		playerBody({ idleTimeout: 600, ...over }),
	);
	if (response.status < 200 || response.status > 299) {
		throw new Error(`seeding a player failed: ${response.status} ${JSON.stringify(response.data)}`);
	}
	return response.data.player.id as string;
}

/** A plain text table (first row is the header). */
export function table(rows: string[][]): string {
	const widths = rows[0].map((_, col) => Math.max(...rows.map((row) => (row[col] ?? '').length)));
	const line = (row: string[]) =>
		row.map((cell, col) => (cell ?? '').padEnd(widths[col])).join(' | ');
	return [
		line(rows[0]),
		widths.map((w) => '-'.repeat(w)).join('-|-'),
		...rows.slice(1).map(line),
	].join('\n');
}

/** Shared pieces of the reliability suite: seeding and tables (the sandbox set-up is test/lib/sandbox.ts). */

import type { Sandbox } from '../../../sandbox/src';
import { client, playerBody, playersPath } from '../../../sandbox/src/helpers';
import { seedAgent as seedAgentIn } from '../../lib/sandbox';

/** An agent that keeps running (idle_timeout 0), started straight through the sandbox API. */
export async function seedAgent(
	sb: Sandbox,
	over: { name?: string; channel?: string } = {},
): Promise<string> {
	return await seedAgentIn(sb, { ...over, properties: { idle_timeout: 0 } });
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

/**
 * 3. Bulk delete: N players through the Agora node's Cloud Player > Delete while the sandbox
 * enforces 100 deletes/s; wall time against the N/100 s the limit allows, and no 429.
 */
import { resetRateLimits } from '../../../nodes/Agora/transport/rateLimit';
import { agoraWorkflow, runWorkflow } from '../../lib/harness';
import { startSandboxWithCredential } from '../../lib/sandbox';
import { createPlayers } from '../lib/players';
import type { Row } from '../lib/report';
import { spread, timed } from '../lib/stats';
import type { Bench } from '../lib/types';

const DELETES_PER_S = 100;

function size(smoke: boolean): number {
	return smoke ? 150 : 1000;
}

export const bulkDeleteBench: Bench = {
	id: 3,
	title: 'Bulk delete of cloud players under the 100/s limit',
	method: (smoke) =>
		`**3** — In-process (n8n-core engine, in-process sandbox with playerQuota 100000). Per run: sandbox reset, ${size(smoke)} players created directly with axios (rate limits off while creating, so setup does not take ${size(smoke) / 50} s at 50 creates/s), then rate limits on and the node's process-wide pacing reset; Items (${size(smoke)} ids) -> Agora node Cloud Player > Delete (region na, default options). Figure: wall time of the workflow / (${size(smoke)} / ${DELETES_PER_S} s) = ${size(smoke) / DELETES_PER_S} s, the time the limit allows as the brief defines it (a sliding 1 s window lets the last hundred start at ${size(smoke) / DELETES_PER_S - 1} s, so ~${((size(smoke) / DELETES_PER_S - 1) / (size(smoke) / DELETES_PER_S)).toFixed(2)} is the floor). Each run checks: no error item, ${size(smoke)} items with deleted: true, no player left, and counts the 429s the sandbox answered to deletes (stats().rateLimited.byRule.delete), which must be 0.`,
	async run(ctx) {
		const n = size(ctx.smoke);
		const boundMs = (n / DELETES_PER_S) * 1000;
		const { sb, credential } = await startSandboxWithCredential({
			playerQuota: 100000,
			rateLimits: false,
		});
		const walls: number[] = [];
		const limited: number[] = [];
		try {
			for (let run = 0; run < ctx.runs; run++) {
				sb.reset();
				sb.configure({ rateLimits: false });
				const ids = await createPlayers(sb, { count: n, channel: 'bench-delete' });
				sb.configure({ rateLimits: true });
				resetRateLimits();
				const workflow = agoraWorkflow(
					{ resource: 'cloudPlayer', operation: 'delete', playerId: '={{$json.id}}', region: 'na' },
					ids.map((id) => ({ id })),
				);
				const { ms, value } = await timed(() => runWorkflow(workflow, credential));
				const error = value.error('Agora');
				if (error) throw new Error(`Agora node failed: ${error.message}`);
				const out = value.output('Agora');
				const deleted = out.filter(
					(item) => item.deleted === true && item.error === undefined,
				).length;
				if (out.length !== n || deleted !== n)
					throw new Error(`${out.length} items, ${deleted} deleted, expected ${n}`);
				if (sb.players().length !== 0)
					throw new Error(`${sb.players().length} players left after the delete`);
				walls.push(ms);
				limited.push(sb.stats().rateLimited.byRule.delete ?? 0);
			}
		} finally {
			await sb.close();
			resetRateLimits();
		}
		const rows: Row[] = [
			{
				bench: 3,
				name: `Bulk delete: wall time / ${boundMs / 1000} s allowed, ${n} players at ${DELETES_PER_S} deletes/s`,
				values: walls.map((w) => w / boundMs),
				unit: '',
				target: { op: '<=', value: 1.1 },
				detail: `wall ${spread(walls, 0, ' ms')}; no error items`,
			},
			{
				bench: 3,
				name: 'Bulk delete: 429s the sandbox answered to deletes',
				values: limited,
				unit: '',
				target: { op: '<=', value: 0 },
				detail: 'stats().rateLimited.byRule.delete per run',
				digits: 0,
				exact: true,
			},
		];
		return rows;
	},
};

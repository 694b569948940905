/**
 * Template 08 (the calling campaign) in queue mode: a worker is killed with -9 while its run's calls
 * are under way, and the schedule goes on until every contact has its outcome. Measured from the
 * sandbox's call records (Agora's side) and the contacts table.
 */
import {
	CAMPAIGN_TABLE,
	campaignTemplate,
	createContactsTable,
	importCallerNumber,
	newContact,
	zoneAt,
} from '../../scripts/lib/campaign';
import { dataTableRows } from '../../scripts/lib/dataTables';
import { PHONE_EXAMPLES } from '../../scripts/lib/examples';
import { mostAtOnce, sandboxCalls, saveCampaign, triesCalledTwice } from '../lib/campaign';
import type { QueueCluster } from './cluster';
import { until, type Outcome } from './scenarios';

/** The template as a user imports it (the scenario selects the table and sets the pace). */
export const campaignWorkflow = () => ({ ...campaignTemplate(), active: false });

const CONCURRENCY = 2;
const MAX_TRIES = 2;
/**
 * A claim of the killed run whose call never started is settled after this (one whose call ran is
 * settled once the call has ended): longer than n8n 1.x takes to run the killed execution again
 * (Bull's 6 s lock and 3 s stall check), which then finds every contact claimed and calls nobody.
 */
const STALE_CLAIM_MINUTES = 0.3;
const EVERY_SECONDS = 3;
const CALLERS = ['+14155553001', '+14155553002'];
/** Three answer (and hang up after a while), one line is busy, one callee declines. */
const CALLEES = [
	{ action: 'answer', afterMs: 300, hangUpAfterMs: 2000 },
	{ action: 'answer', afterMs: 300, hangUpAfterMs: 2000 },
	{ action: 'answer', afterMs: 300, hangUpAfterMs: 1000 },
	{ action: 'busy', afterMs: 200 },
	{ action: 'reject', afterMs: 300 },
];
const phoneOf = (i: number) => `+1415555${3101 + i}`;
const FINAL = ['answered', 'unreachable', 'failed', 'interrupted'];

export async function campaignWorkerKilled(cluster: QueueCluster): Promise<Outcome> {
	const began = Date.now();
	const sb = cluster.sandbox!;
	const api = cluster.api;
	const workflowId = PHONE_EXAMPLES.campaignWorkflowId;
	for (const number of CALLERS) await importCallerNumber(sb, number);
	for (const [i, script] of CALLEES.entries())
		await sb.control('telephony/callees', { number: phoneOf(i), script });
	const phones = CALLEES.map((_, i) => phoneOf(i));
	const calls = async () => (await sandboxCalls(sb)).filter((c) => phones.includes(c.toNumber));
	const table = await createContactsTable(
		api,
		CAMPAIGN_TABLE,
		phones.map((phone, i) => newContact(`Contact ${i + 1}`, phone, zoneAt(12))),
	);
	const rows = () => dataTableRows(api, table);
	await saveCampaign(api, table.id, {
		concurrency: CONCURRENCY,
		everySeconds: EVERY_SECONDS,
		settings: {
			maxTries: MAX_TRIES,
			retryDelayMinutes: 0,
			callingDays: '1,2,3,4,5,6,7',
			staleClaimMinutes: STALE_CLAIM_MINUTES,
		},
	});
	const since = await cluster.lastExecutionId();
	const { versionId } = await api.rest<{ versionId: string }>('GET', `workflows/${workflowId}`);
	await api.rest('POST', `workflows/${workflowId}/activate`, { versionId });
	let restart: Promise<void> | undefined;
	try {
		// The first run claims every contact (all lines free) and calls two at a time.
		await until('a call answered in the first run', 60000, async () =>
			(await calls()).some((c) => c.state === 'ANSWERED'),
		);
		const [first] = await cluster.sql<{ id: string }>(
			`SELECT min(id) AS id FROM execution_entity WHERE "workflowId" = $1 AND id > $2`,
			[workflowId, since],
		);
		const victim = cluster.workers.find((w) => w.startedExecutions().includes(String(first.id)));
		if (!victim) throw new Error(`no worker logged starting execution ${first.id}`);
		await victim.kill();
		const killedAt = Date.now();
		const callsAtKill = (await calls()).length;
		const claimed = (await rows()).filter((r) => r.status === 'calling');
		const claimToKill = killedAt - Math.min(...claimed.map((r) => Number(r.claimed_at)));
		restart = victim.start();
		await until('every contact has its outcome', 120000, async () =>
			(await rows()).every((r) => FINAL.includes(r.status)),
		);
		await api.rest('POST', `workflows/${workflowId}/deactivate`, {});
		await until('every call ended', 30000, async () =>
			(await calls()).every((c) => c.state === 'HANGUP'),
		);
		await restart;

		const placed = await calls();
		const final = await rows();
		const twice = triesCalledTwice(placed);
		const most = mostAtOnce(placed);
		// Each claim of the killed run, settled from its call at Agora: an answered call ends as
		// interrupted and is never dialled again; one not answered is called once more at the next try.
		const notReleased = claimed.filter((row) => {
			const tries = placed
				.filter((c) => c.labels.contact_id === String(row.id))
				.map((c) => Number(c.labels.try));
			const after = tries.filter((t) => t > row.tries);
			const end = final.find((r) => r.id === row.id)!;
			if (tries.some((t) => t < row.tries)) return true;
			if (end.status === 'interrupted') return after.length !== 0;
			return after.length !== 1 || end.tries !== row.tries + 1;
		});
		const runs = await cluster.executions(workflowId, since);
		return {
			scenario: `Template 08, a worker killed with -9 while its run's calls were under way (${phones.length} contacts, ${CONCURRENCY} lines, up to ${MAX_TRIES} tries, claims stale after ${STALE_CLAIM_MINUTES * 60} s)`,
			bad: twice.length + Math.max(0, most - CONCURRENCY) + notReleased.length,
			result:
				`${twice.length} (contact, try) called twice; at most ${most} calls at once; ` +
				`${claimed.length} claims of the killed run (killed ${(claimToKill / 1000).toFixed(1)} s after the claims, ${callsAtKill} calls placed by then), ${claimed.length - notReleased.length} settled (interrupted, or called at the next try); ` +
				`outcomes ${final.map((r) => r.status).join(', ')}; ${placed.length} calls in ${runs.length} runs (${runs.filter((r) => r.status !== 'success').length} not successful), ${((Date.now() - began) / 1000).toFixed(0)} s`,
			figures: { twice: twice.length, most, claimed: claimed.length, calls: placed.length },
		};
	} finally {
		await api.rest('POST', `workflows/${workflowId}/deactivate`, {}).catch(() => undefined);
		await restart?.catch(() => undefined);
	}
}

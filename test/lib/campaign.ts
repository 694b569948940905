/* eslint-disable @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * Template 08 under test (phone e2e, queue suite): the template saved with a test's table and pace,
 * and what the sandbox's call records say about it.
 */
import { CAMPAIGN_SETTINGS, campaignTemplate, saveCampaignNodes } from '../../scripts/lib/campaign';
import { selectTable, unsetTableNodes } from '../../scripts/lib/dataTables';
import type { N8nHost } from '../../scripts/lib/n8nHost';
import type { SandboxProcess } from '../../scripts/lib/sandboxProcess';

/** A call as the sandbox records it (Agora's side): `states[].at` on the sandbox's clock. */
export interface SandboxCall {
	agentId: string;
	toNumber: string;
	fromNumber: string;
	state: string;
	reason?: string;
	labels: Record<string, string>;
	states: Array<{ state: string; at: number }>;
}

export const sandboxCalls = async (sandbox: SandboxProcess): Promise<SandboxCall[]> =>
	((await sandbox.control('state')) as { calls: SandboxCall[] }).calls;

export interface CampaignPace {
	/** Calls at once: `concurrency` of Set me: Campaign (Call Contact reads it too). */
	concurrency: number;
	/** Other settings of Set me: Campaign (maxTries, retryDelayMinutes, staleClaimMinutes, …). */
	settings?: Record<string, unknown>;
	/** The schedule's interval in seconds instead of every 5 minutes (whole minutes from 60 on). */
	everySeconds?: number;
	/** The schedule fires once a day, half a day from now: the test runs it by hand, undisturbed. */
	scheduleAway?: boolean;
}

/** Saves the template in n8n with this table, a check each second and the test's settings. */
export async function saveCampaign(
	host: N8nHost,
	tableId: string,
	pace: CampaignPace,
): Promise<void> {
	const workflow = campaignTemplate();
	selectTable(unsetTableNodes(workflow.nodes), tableId, 'contacts under test');
	const values: Record<string, unknown> = { concurrency: pace.concurrency, ...pace.settings };
	for (const node of workflow.nodes) {
		const p = node.parameters as any;
		if (node.name === CAMPAIGN_SETTINGS)
			for (const a of p.assignments.assignments) if (a.name in values) a.value = values[a.name];
		if (node.name === 'Call Contact') p.options.pollSeconds = 1;
		if (node.type === 'n8n-nodes-base.scheduleTrigger' && pace.everySeconds)
			p.rule = {
				interval: [
					pace.everySeconds < 60
						? { field: 'seconds', secondsInterval: pace.everySeconds }
						: { field: 'minutes', minutesInterval: Math.round(pace.everySeconds / 60) },
				],
			};
		if (node.type === 'n8n-nodes-base.scheduleTrigger' && pace.scheduleAway)
			p.rule = {
				interval: [
					{ field: 'days', daysInterval: 1, triggerAtHour: (new Date().getHours() + 12) % 24 },
				],
			};
	}
	await saveCampaignNodes(host, workflow.nodes);
}

/** Every call is one (contact, try): the (contact, try) pairs that were called more than once. */
export function triesCalledTwice(placed: SandboxCall[]): string[] {
	const seen = new Set<string>();
	const twice: string[] = [];
	for (const call of placed) {
		const key = `${call.labels.contact_id}/${call.labels.try}`;
		if (seen.has(key)) twice.push(key);
		seen.add(key);
	}
	return twice;
}

/** The most calls under way at one moment, from each call's first state to its hang-up (sandbox clock). */
export function mostAtOnce(placed: SandboxCall[]): number {
	const edges = placed.flatMap((c) => [
		[c.states[0].at, 1],
		[c.states[c.states.length - 1].at, -1],
	]);
	edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
	let open = 0;
	let most = 0;
	for (const [, step] of edges) most = Math.max(most, (open += step));
	return most;
}

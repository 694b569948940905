/**
 * The queue-mode scenarios, each measured from outside: what the sandbox (Agora) saw, what the
 * recorder (the workflow's own report step) saw, and what n8n stored in its database.
 */
import { randomUUID } from 'crypto';

import { createPlayers } from '../bench/lib/players';
import { sleep, type N8nProcess, type QueueCluster, type StoredExecution } from './cluster';
import { deliver, envelope, inParallel, newNotice, type Notice } from './notify';
import { BULK, BULK_STRICT, NOTIFY, triggerPath } from './workflows';

export interface Outcome {
	scenario: string;
	/** What counts against the suite (runs twice, lost, surfaced 429, items failed by a re-run). */
	bad: number;
	result: string;
	/** Measured figures, for the table and the log. */
	figures: Record<string, number | string>;
}

export const TRIGGER = triggerPath(NOTIFY.webhookId);

/**
 * Deliveries in flight at once. The scenarios test what happens to each notification, not how many
 * n8n takes per second (bench 7): past a few dozen at once on a small machine, n8n's webhook
 * process falls behind its own database health check and answers 503 for a while.
 */
const NOTIFY_CONCURRENCY = 8;

/**
 * Waits until the workflow has at least `expected` executions since `sinceId`, all finished, and
 * their number (and the recorder's) has not changed for `quietMs`; bounded by `timeoutMs`. n8n
 * answers a webhook before it stores the execution, so "nothing open" alone can come too early.
 */
export async function settle(
	cluster: QueueCluster,
	workflowId: string,
	sinceId: number,
	args: { expected: number; timeoutMs: number; quietMs?: number },
): Promise<void> {
	const quietMs = args.quietMs ?? 2500;
	const deadline = Date.now() + args.timeoutMs;
	let last = '';
	let stableSince = Date.now();
	while (Date.now() < deadline) {
		const [row] = await cluster.sql<{ total: string; open: string }>(
			`SELECT count(*) AS total, count(*) FILTER (WHERE status IN ('new', 'running', 'waiting')) AS open
			 FROM execution_entity WHERE "workflowId" = $1 AND id > $2`,
			[workflowId, sinceId],
		);
		const key = `${row.total}/${row.open}/${cluster.recorder.entries.length}`;
		if (key !== last) {
			last = key;
			stableSince = Date.now();
		} else if (Number(row.open) === 0 && Number(row.total) >= args.expected && Date.now() - stableSince >= quietMs) {
			return;
		}
		await sleep(250);
	}
	throw new Error(`workflow ${workflowId}: executions did not settle within ${args.timeoutMs} ms (total/open/reports ${last}, expected ${args.expected})`);
}

/**
 * Agora resends a notification that got no 200 after its 10 s time-out, three times. The sandbox's
 * notifier waits this long between attempts, so that a moment when n8n answers 503 (its database
 * health check lagging on a small, busy machine) is waited out as it would be with Agora.
 */
const RESEND_DELAY_MS = 3000;

interface NoticeRuns {
	/** Executions the notice started (read from the trigger's output in n8n's database). */
	executions: number;
	/** Of those, executions that did not end in success. */
	failed: number;
	/** Runs of the report step: more than executions when n8n re-ran an execution. */
	reports: number;
}

interface Tally {
	once: number;
	twice: number;
	/** Answered 200, yet no execution. */
	lost: number;
	/** Never answered 200 (n8n refused every attempt, Agora's resends included). */
	refused: number;
	failed: number;
	/** Notices whose execution n8n ran again (its report step ran more than once). */
	reRun: number;
}

/** What each notice did: executions (n8n's database) and report-step runs (the recorder). */
async function noticeRuns(cluster: QueueCluster, sinceId: number, noticeIds: string[]): Promise<Map<string, NoticeRuns>> {
	const runs = new Map<string, NoticeRuns>(noticeIds.map((id) => [id, { executions: 0, failed: 0, reports: 0 }]));
	for (const execution of await cluster.executions(NOTIFY.id, sinceId)) {
		// The trigger's output: in its run data once a worker ran it, in the stack to run before.
		const item =
			execution.data?.resultData.runData['Agora Trigger']?.[0]?.data?.main[0]?.[0] ??
			execution.data?.executionData?.nodeExecutionStack?.[0]?.data?.main[0]?.[0];
		const slot = runs.get(String(item?.json.noticeId));
		if (!slot) continue;
		slot.executions++;
		if (execution.status !== 'success') slot.failed++;
	}
	for (const entry of cluster.recorder.entries) {
		const slot = runs.get(String(entry.noticeId));
		if (slot && Number(entry.executionId) > sinceId) slot.reports++;
	}
	return runs;
}

function tally(runs: Map<string, NoticeRuns>, accepted: Set<string>): Tally {
	const t: Tally = { once: 0, twice: 0, lost: 0, refused: 0, failed: 0, reRun: 0 };
	for (const [id, r] of runs) {
		if (r.executions === 0) {
			if (accepted.has(id)) t.lost++;
			else t.refused++;
		} else if (r.executions === 1) t.once++;
		else t.twice++;
		t.failed += r.failed;
		if (r.reports > r.executions) t.reRun++;
	}
	return t;
}

async function tallyNotices(cluster: QueueCluster, sinceId: number, noticeIds: string[], accepted: Set<string>): Promise<Tally> {
	return tally(await noticeRuns(cluster, sinceId, noticeIds), accepted);
}

/** What counts against the suite, and how it reads in the table. */
function badOf(t: Tally): number {
	return t.twice + t.lost + t.refused + t.failed;
}

function outcomeText(t: Tally): string {
	return `${t.twice} ran twice, ${t.lost} lost, ${t.failed} failed${t.refused ? `, ${t.refused} refused by n8n on every attempt` : ''}`;
}

function countStatus(statuses: number[], status: number): number {
	return statuses.filter((s) => s === status).length;
}

/** "200 × 100, 404 × 100" */
function answerSummary(statuses: number[]): string {
	const counts = new Map<number, number>();
	for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
	return [...counts].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s} × ${n}`).join(', ');
}

/**
 * Delivers every notice to its targets (the deliveries of one notice at the same moment). Like
 * Agora, a delivery that got no answer or a 5xx is sent again (new notifyMs) after RESEND_DELAY_MS,
 * up to 3 times. Returns the final status of every delivery, and the notices answered 200 somewhere.
 */
async function notifyAll(cluster: QueueCluster, notices: Notice[], targets: (n: Notice) => string[], concurrency: number) {
	const secret = cluster.sandbox!.notificationSecret;
	const statuses: number[] = [];
	const accepted = new Set<string>();
	const send = async (notice: Notice, url: string): Promise<number> => {
		let status = 0;
		for (let attempt = 0; attempt < 4; attempt++) {
			if (attempt > 0) await sleep(RESEND_DELAY_MS);
			status = await deliver(url, TRIGGER, envelope(notice), secret);
			if (status !== 0 && status < 500) break;
		}
		return status;
	};
	await inParallel(notices.length, concurrency, async (i) => {
		const answers = await Promise.all(targets(notices[i]).map((url) => send(notices[i], url)));
		statuses.push(...answers);
		if (answers.includes(200)) accepted.add(notices[i].noticeId);
	});
	return { statuses, accepted };
}

/** "200 after 35 ms" / "0 after 10002 ms (timeout)", one per attempt. */
function describeTries(tries: Array<{ status: number; ms: number; error?: string }> | undefined): string {
	if (!tries) return 'no attempt record';
	return tries.map((t) => `${t.status} after ${t.ms} ms${t.error ? ` (${t.error})` : ''}`).join('; ');
}

/**
 * Notices through the sandbox's own notifier (it resends on a non-200, as Agora does). The target is
 * cleared afterwards: while it is set, the sandbox also sends its own Cloud Player events, thousands
 * of them in the delete scenarios, which would load the webhook process and the notifier's sockets.
 */
async function throughNotifier(cluster: QueueCluster, count: number, concurrency: number, each?: (sent: number) => void) {
	const sb = cluster.sandbox!;
	await sb.control('config', { notify: { url: `${cluster.webhook!.url}${TRIGGER}`, secret: sb.notificationSecret, retryDelayMs: RESEND_DELAY_MS } });
	const ids: string[] = [];
	const accepted = new Set<string>();
	/** The final answer of each notice, after the notifier's resends (0: no answer). */
	const statuses: number[] = [];
	/** The notices never answered 200: when the first attempt went out, what each attempt got. */
	const unanswered: Array<{ at: number; tries: string }> = [];
	let sent = 0;
	await inParallel(count, concurrency, async () => {
		const notice = newNotice();
		ids.push(notice.noticeId);
		const at = Date.now();
		const out = await sb.control('notify', {
			productId: 17,
			eventType: 101,
			noticeId: notice.noticeId,
			sid: notice.sid,
			payload: { agent_id: notice.agentId, channel: 'queue-room', start_ts: Math.floor(Date.now() / 1000), labels: {} },
		});
		statuses.push(Number(out.status));
		if (out.status === 200) accepted.add(notice.noticeId);
		else unanswered.push({ at, tries: describeTries(out.tries) });
		each?.(++sent);
	}).finally(() => sb.control('config', { notify: null }));
	return { ids, accepted, statuses, unanswered };
}

/** Distinct notifications through the sandbox's own notifier. */
export async function distinctNotifications(cluster: QueueCluster, count: number): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const { ids, accepted } = await throughNotifier(cluster, count, NOTIFY_CONCURRENCY);
	await settle(cluster, NOTIFY.id, since, { expected: accepted.size, timeoutMs: 120000 });
	const t = await tallyNotices(cluster, since, ids, accepted);
	return {
		scenario: `${count} distinct signed notifications through the webhook process`,
		bad: badOf(t),
		result: `${t.once}/${count} ran once; ${outcomeText(t)}`,
		figures: { ...t },
	};
}

/** The same notification delivered at the same moment to two processes (or twice to one). */
export async function simultaneousDeliveries(cluster: QueueCluster, count: number, to: [N8nProcess, N8nProcess]): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const notices = Array.from({ length: count }, newNotice);
	const { statuses, accepted } = await notifyAll(cluster, notices, () => to.map((p) => p.url), NOTIFY_CONCURRENCY / 2);
	await settle(cluster, NOTIFY.id, since, { expected: accepted.size, timeoutMs: 120000 });
	const t = await tallyNotices(cluster, since, notices.map((n) => n.noticeId), accepted);
	const where = to[0] === to[1] ? `both copies to the same ${to[0].name} process` : `at the same moment to ${to[0].name} and ${to[1].name}`;
	return {
		scenario: `The same notification delivered ${where}`,
		bad: badOf(t),
		result: `${t.twice}/${count} ran twice; ${outcomeText(t)}; answers: ${answerSummary(statuses)}`,
		figures: { ...t },
	};
}

/** First delivery to one process, a resend (new notifyMs) to another one `gapMs` later. */
export async function resendElsewhere(cluster: QueueCluster, count: number, first: N8nProcess, second: N8nProcess, gapMs: number): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const notices = Array.from({ length: count }, newNotice);
	const firsts = await notifyAll(cluster, notices, () => [first.url], NOTIFY_CONCURRENCY);
	await sleep(gapMs);
	const resends = await notifyAll(cluster, notices, () => [second.url], NOTIFY_CONCURRENCY);
	const accepted = new Set([...firsts.accepted, ...resends.accepted]);
	await settle(cluster, NOTIFY.id, since, { expected: accepted.size, timeoutMs: 120000 });
	const t = await tallyNotices(cluster, since, notices.map((n) => n.noticeId), accepted);
	return {
		scenario: `A resend that lands on a different process (${first.name}, then ${second.name} ${gapMs / 1000} s later)`,
		bad: badOf(t),
		result: `${t.twice}/${count} ran again; ${outcomeText(t)}; first deliveries answered ${answerSummary(firsts.statuses)}, resends ${answerSummary(resends.statuses)}`,
		figures: { ...t },
	};
}

export async function forgedNotifications(cluster: QueueCluster, count: number): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const notices = Array.from({ length: count }, newNotice);
	const targets = [cluster.main!, cluster.webhook!];
	const statuses: number[] = [];
	await inParallel(count, 10, async (i) => {
		const target = targets[i % 2];
		statuses.push(await deliver(target.url, TRIGGER, envelope(notices[i]), `${cluster.sandbox!.notificationSecret}-forged`));
	});
	await settle(cluster, NOTIFY.id, since, { expected: 0, timeoutMs: 60000 });
	const runs = await noticeRuns(cluster, since, notices.map((n) => n.noticeId));
	const started = [...runs.values()].filter((r) => r.executions > 0).length;
	return {
		scenario: 'Forged notifications (wrong signature), to main and webhook',
		bad: started + countStatus(statuses, 200),
		result: `${started}/${count} started an execution; answers: ${answerSummary(statuses)}`,
		figures: { started, answered401: countStatus(statuses, 401) },
	};
}

// ---------------------------------------------------------------- bulk deletes

export interface DeleteRun {
	wallMs: number;
	executions: StoredExecution[];
	itemsOk: number;
	itemErrors: Record<string, number>;
	failedExecutions: number;
	playersLeft: number;
	sent429: number;
	peakSentPerS: number;
	peakAcceptedPerS: number;
}

/** Most requests inside any 1 s window (sliding), from the sandbox's request log. */
function peakPerSecond(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	let best = 0;
	let start = 0;
	for (let end = 0; end < sorted.length; end++) {
		while (sorted[end] - sorted[start] >= 1000) start++;
		best = Math.max(best, end - start + 1);
	}
	return best;
}

function errorKind(message: string): string {
	const m = /failed with (\d{3})/.exec(message);
	return m ? m[1] : message.slice(0, 60);
}

export async function preparePlayers(cluster: QueueCluster, count: number): Promise<string[]> {
	const sb = cluster.sandbox!;
	await sb.control('reset', {});
	await sb.control('config', { rateLimits: false });
	const ids = await createPlayers(sb, { count, channel: `queue-${randomUUID().slice(0, 8)}`, concurrency: 20 });
	await sb.control('config', { rateLimits: true });
	await sb.control('requests', undefined, 'DELETE');
	return ids;
}

/** Starts one execution per chunk at once (webhook process), waits for all, measures. */
export async function runDeletes(
	cluster: QueueCluster,
	which: typeof BULK | typeof BULK_STRICT,
	ids: string[],
	executions: number,
	during?: (sinceId: number) => Promise<void>,
	settleMs = 120000,
): Promise<DeleteRun> {
	const sb = cluster.sandbox!;
	const before = await sb.control('stats');
	const since = await cluster.lastExecutionId();
	const size = Math.ceil(ids.length / executions);
	const chunks = Array.from({ length: executions }, (_, i) => ids.slice(i * size, (i + 1) * size).map((id) => ({ id })));
	const answers = await Promise.all(
		chunks.map((chunk) =>
			fetch(`${cluster.webhook!.url}/webhook/${which.path}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(chunk),
			}).then((r) => r.status),
		),
	);
	if (answers.some((s) => s !== 200)) throw new Error(`webhook answered ${answers.join(', ')}`);
	if (during) await during(since);
	await settle(cluster, which.id, since, { expected: executions, timeoutMs: settleMs });
	const stored = await cluster.executions(which.id, since);
	if (stored.length !== executions) throw new Error(`${executions} webhook calls answered 200 but ${stored.length} executions were stored`);
	const after = await sb.control('stats');
	const requests = (await sb.control('requests')) as Array<{ method: string; path: string; status: number; at: number }>;
	const deletes = requests.filter((r) => r.method === 'DELETE' && r.path.includes('/players/'));
	const itemErrors: Record<string, number> = {};
	let itemsOk = 0;
	let failedExecutions = 0;
	for (const execution of stored) {
		const runs = execution.data?.resultData.runData.Delete ?? [];
		if (execution.status !== 'success') failedExecutions++;
		for (const run of runs) {
			if (run.error) itemErrors[errorKind(run.error.message)] = (itemErrors[errorKind(run.error.message)] ?? 0) + 1;
			for (const item of run.data?.main[0] ?? []) {
				const error = item.json.error as { message?: string } | string | undefined;
				if (error === undefined) itemsOk++;
				else {
					const kind = errorKind(typeof error === 'string' ? error : String(error.message ?? JSON.stringify(error)));
					itemErrors[kind] = (itemErrors[kind] ?? 0) + 1;
				}
			}
		}
	}
	const state = await sb.control('state');
	const started = Math.min(...stored.map((e) => e.startedAt ?? Infinity));
	const stopped = Math.max(...stored.map((e) => e.stoppedAt ?? 0));
	return {
		wallMs: stopped - started,
		executions: stored,
		itemsOk,
		itemErrors,
		failedExecutions,
		playersLeft: (state.players as unknown[]).length,
		sent429: (after.rateLimited.byRule.delete ?? 0) - (before.rateLimited.byRule.delete ?? 0),
		peakSentPerS: peakPerSecond(deletes.map((r) => r.at)),
		peakAcceptedPerS: peakPerSecond(deletes.filter((r) => r.status === 200).map((r) => r.at)),
	};
}

function describeErrors(errors: Record<string, number>): string {
	const parts = Object.entries(errors).map(([kind, n]) => `${n} × ${kind}`);
	return parts.length ? parts.join(', ') : 'none';
}

export const DELETES_PER_S = 100;

export async function bulkDeletes(
	cluster: QueueCluster,
	args: { executions: number; perExecution: number; continueOnFail: boolean },
): Promise<Outcome> {
	const total = args.executions * args.perExecution;
	const ids = await preparePlayers(cluster, total);
	const run = await runDeletes(cluster, args.continueOnFail ? BULK : BULK_STRICT, ids, args.executions);
	const boundS = total / DELETES_PER_S;
	const surfaced429 = run.itemErrors['429'] ?? 0;
	const workers = cluster.workerCount;
	const handling = args.continueOnFail ? 'On Error: Continue' : "n8n's default error handling";
	return {
		scenario: `${args.executions} executions × ${args.perExecution} deletes, ${workers} worker${workers > 1 ? 's' : ''}, ${handling}`,
		bad: surfaced429 + run.failedExecutions + run.playersLeft,
		result:
			`${surfaced429}/${total} items failed with 429, ${run.failedExecutions}/${args.executions} executions failed, ${run.playersLeft} players left; ` +
			`wall ${(run.wallMs / 1000).toFixed(1)} s against a ${boundS} s bound (${(run.wallMs / 1000 / boundS).toFixed(2)}×); ` +
			`peak ${run.peakSentPerS}/s sent, ${run.peakAcceptedPerS}/s accepted; ${run.sent429} answered 429`,
		figures: {
			wallS: run.wallMs / 1000,
			boundS,
			ratio: run.wallMs / 1000 / boundS,
			surfaced429,
			failedExecutions: run.failedExecutions,
			playersLeft: run.playersLeft,
			answered429: run.sent429,
			peakSentPerS: run.peakSentPerS,
			peakAcceptedPerS: run.peakAcceptedPerS,
			itemErrors: describeErrors(run.itemErrors),
		},
	};
}

/** Polls until `check` is true (bounded). */
async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (await check()) return;
		await sleep(100);
	}
	throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** The worker that logged the start of an execution after `sinceId`. */
async function workerRunning(cluster: QueueCluster, sinceId: number): Promise<N8nProcess> {
	let found: N8nProcess | undefined;
	await until('a worker to start the execution', 30000, async () => {
		found = cluster.workers.find((w) => w.running && w.startedExecutions().some((id) => Number(id) > sinceId));
		return found !== undefined;
	});
	return found!;
}

/** One execution deleting `count` players; its worker is killed with -9 when `killAfter` are gone. */
export async function killDuringDeletes(cluster: QueueCluster, count: number, killAfter: number): Promise<Outcome> {
	const ids = await preparePlayers(cluster, count);
	let killed: N8nProcess | undefined;
	let deletedAtKill = 0;
	const run = await runDeletes(
		cluster,
		BULK,
		ids,
		1,
		async (since) => {
			const worker = await workerRunning(cluster, since);
			await until(`${killAfter} deletes`, 60000, async () => {
				const state = await cluster.sandbox!.control('state');
				deletedAtKill = count - (state.players as unknown[]).length;
				return deletedAtKill >= killAfter;
			});
			await worker.kill();
			killed = worker;
		},
		180000,
	);
	const reRun = cluster.workers.filter((w) => w !== killed && w.running);
	const failed404 = run.itemErrors['404'] ?? 0;
	const failed = Object.values(run.itemErrors).reduce((a, b) => a + b, 0);
	await killed?.start();
	return {
		scenario: `Worker killed with -9 mid-delete (${count} deletes, killed after ${deletedAtKill}); n8n re-runs the stalled job on another worker`,
		bad: failed + run.playersLeft + run.failedExecutions,
		result: `${failed404} items failed with 404 (${describeErrors(run.itemErrors)}), ${run.playersLeft} players left, execution ${run.executions.map((e) => e.status).join(', ')}`,
		figures: {
			deletedAtKill,
			itemsFailed: failed,
			failed404,
			playersLeft: run.playersLeft,
			reRunOn: reRun.map((w) => w.name).join(', '),
			status: run.executions.map((e) => e.status).join(', '),
		},
	};
}

/** Distinct notifications through the sandbox's notifier while a worker is killed with -9. */
export async function killDuringNotifications(cluster: QueueCluster, count: number, killAfter: number): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const victim = cluster.workers.find((w) => w.running)!;
	let kill: Promise<void> | undefined;
	let killAt = 0;
	const { ids, accepted, statuses, unanswered } = await throughNotifier(cluster, count, NOTIFY_CONCURRENCY, (sent) => {
		if (sent !== killAfter) return;
		killAt = Date.now();
		kill = victim.kill();
	});
	await kill;
	await settle(cluster, NOTIFY.id, since, { expected: accepted.size, timeoutMs: 180000, quietMs: 4000 });
	const t = await tallyNotices(cluster, since, ids, accepted);
	const started = victim.startedExecutions().filter((id) => Number(id) > since).length;
	await victim.start();
	return {
		scenario: `Worker killed with -9 mid-notification burst (${count} notifications, killed after ${killAfter}, it had started ${started})`,
		bad: badOf(t),
		result:
			`${outcomeText(t)}; final answers after resends ${answerSummary(statuses)}; ` +
			`${t.reRun} executions n8n ran again after the kill (their Create found the player, their report step ran again)` +
			unanswered.map((u) => `; unanswered, first sent ${u.at - killAt} ms after the kill: ${u.tries}`).join(''),
		figures: { ...t, startedOnKilledWorker: started },
	};
}

/** How many of the notices the trigger's record in the workflow's static data (database) holds. */
async function storedNotices(cluster: QueueCluster, notices: Notice[]): Promise<number> {
	const [row] = await cluster.sql<{ staticData: Record<string, { seenNotices?: Array<[string, number]> }> | null }>(
		`SELECT "staticData" FROM workflow_entity WHERE id = $1`,
		[NOTIFY.id],
	);
	const stored = new Set((row?.staticData?.['node:Agora Trigger']?.seenNotices ?? []).map(([id]) => id));
	return notices.filter((n) => stored.has(n.noticeId)).length;
}

/** First delivery to the webhook process, which is then restarted; the resend goes to the new process. */
export async function resendAfterRestart(cluster: QueueCluster, count: number): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const notices = Array.from({ length: count }, newNotice);
	const webhook = cluster.webhook!;
	const firsts = await notifyAll(cluster, notices, () => [webhook.url], NOTIFY_CONCURRENCY);
	await settle(cluster, NOTIFY.id, since, { expected: firsts.accepted.size, timeoutMs: 120000 });
	const storedBefore = await storedNotices(cluster, notices);
	await webhook.stop();
	await webhook.start();
	await webhook.waitForRoute(TRIGGER);
	const storedAfter = await storedNotices(cluster, notices);
	const resends = await notifyAll(cluster, notices, () => [webhook.url], NOTIFY_CONCURRENCY);
	const accepted = new Set([...firsts.accepted, ...resends.accepted]);
	await settle(cluster, NOTIFY.id, since, { expected: accepted.size, timeoutMs: 120000 });
	const t = await tallyNotices(cluster, since, notices.map((n) => n.noticeId), accepted);
	return {
		scenario: 'A resend that lands on a different process: the webhook process was restarted between delivery and resend',
		bad: badOf(t),
		result:
			`${t.twice}/${count} ran again; ${outcomeText(t)}; first deliveries answered ${answerSummary(firsts.statuses)}, resends ${answerSummary(resends.statuses)}; ` +
			`ids in the stored record: ${storedBefore}/${count} before the restart, ${storedAfter}/${count} after`,
		figures: { ...t, storedBefore, storedAfter },
	};
}

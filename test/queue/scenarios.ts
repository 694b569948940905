/**
 * The queue-mode scenarios, each measured from outside: what the sandbox (Agora) saw, what the
 * recorder (the workflow's own report step) saw, and what n8n stored in its database.
 */
import { sleep, type N8nProcess, type QueueCluster } from './cluster';
import { deliver, envelope, inParallel, newNotice, type Notice } from './notify';
import { NOTIFY, triggerPath } from './workflows';

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
		} else if (
			Number(row.open) === 0 &&
			Number(row.total) >= args.expected &&
			Date.now() - stableSince >= quietMs
		) {
			return;
		}
		await sleep(250);
	}
	throw new Error(
		`workflow ${workflowId}: executions did not settle within ${args.timeoutMs} ms (total/open/reports ${last}, expected ${args.expected})`,
	);
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
async function noticeRuns(
	cluster: QueueCluster,
	sinceId: number,
	noticeIds: string[],
): Promise<Map<string, NoticeRuns>> {
	const runs = new Map<string, NoticeRuns>(
		noticeIds.map((id) => [id, { executions: 0, failed: 0, reports: 0 }]),
	);
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

async function tallyNotices(
	cluster: QueueCluster,
	sinceId: number,
	noticeIds: string[],
	accepted: Set<string>,
): Promise<Tally> {
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
	return [...counts]
		.sort((a, b) => a[0] - b[0])
		.map(([s, n]) => `${s} × ${n}`)
		.join(', ');
}

/**
 * Delivers every notice to its targets (the deliveries of one notice at the same moment). Like
 * Agora, a delivery that got no answer or a 5xx is sent again (new notifyMs) after RESEND_DELAY_MS,
 * up to 3 times. Returns the final status of every delivery, and the notices answered 200 somewhere.
 */
async function notifyAll(
	cluster: QueueCluster,
	notices: Notice[],
	targets: (n: Notice) => string[],
	concurrency: number,
) {
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
function describeTries(
	tries: Array<{ status: number; ms: number; error?: string }> | undefined,
): string {
	if (!tries) return 'no attempt record';
	return tries
		.map((t) => `${t.status} after ${t.ms} ms${t.error ? ` (${t.error})` : ''}`)
		.join('; ');
}

/**
 * Notices through the sandbox's own notifier (it resends on a non-200, as Agora does). The target is
 * cleared afterwards: while it is set, the sandbox also sends its own Cloud Player events, thousands
 * of them in the delete scenarios, which would load the webhook process and the notifier's sockets.
 */
async function throughNotifier(
	cluster: QueueCluster,
	count: number,
	concurrency: number,
	each?: (sent: number) => void,
) {
	const sb = cluster.sandbox!;
	await sb.control('config', {
		notify: {
			url: `${cluster.webhook!.url}${TRIGGER}`,
			secret: sb.notificationSecret,
			retryDelayMs: RESEND_DELAY_MS,
		},
	});
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
			payload: {
				agent_id: notice.agentId,
				channel: 'queue-room',
				start_ts: Math.floor(Date.now() / 1000),
				labels: {},
			},
		});
		statuses.push(Number(out.status));
		if (out.status === 200) accepted.add(notice.noticeId);
		else unanswered.push({ at, tries: describeTries(out.tries) });
		each?.(++sent);
	}).finally(() => sb.control('config', { notify: null }));
	return { ids, accepted, statuses, unanswered };
}

/** Distinct notifications through the sandbox's own notifier. */
export async function distinctNotifications(
	cluster: QueueCluster,
	count: number,
): Promise<Outcome> {
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
export async function simultaneousDeliveries(
	cluster: QueueCluster,
	count: number,
	to: [N8nProcess, N8nProcess],
): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const notices = Array.from({ length: count }, newNotice);
	const { statuses, accepted } = await notifyAll(
		cluster,
		notices,
		() => to.map((p) => p.url),
		NOTIFY_CONCURRENCY / 2,
	);
	await settle(cluster, NOTIFY.id, since, { expected: accepted.size, timeoutMs: 120000 });
	const t = await tallyNotices(
		cluster,
		since,
		notices.map((n) => n.noticeId),
		accepted,
	);
	const where =
		to[0] === to[1]
			? `both copies to the same ${to[0].name} process`
			: `at the same moment to ${to[0].name} and ${to[1].name}`;
	return {
		scenario: `The same notification delivered ${where}`,
		bad: badOf(t),
		result: `${t.twice}/${count} ran twice; ${outcomeText(t)}; answers: ${answerSummary(statuses)}`,
		figures: { ...t },
	};
}

/** First delivery to one process, a resend (new notifyMs) to another one `gapMs` later. */
export async function resendElsewhere(
	cluster: QueueCluster,
	count: number,
	first: N8nProcess,
	second: N8nProcess,
	gapMs: number,
): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const notices = Array.from({ length: count }, newNotice);
	const firsts = await notifyAll(cluster, notices, () => [first.url], NOTIFY_CONCURRENCY);
	await sleep(gapMs);
	const resends = await notifyAll(cluster, notices, () => [second.url], NOTIFY_CONCURRENCY);
	const accepted = new Set([...firsts.accepted, ...resends.accepted]);
	await settle(cluster, NOTIFY.id, since, { expected: accepted.size, timeoutMs: 120000 });
	const t = await tallyNotices(
		cluster,
		since,
		notices.map((n) => n.noticeId),
		accepted,
	);
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
		statuses.push(
			await deliver(
				target.url,
				TRIGGER,
				envelope(notices[i]),
				`${cluster.sandbox!.notificationSecret}-forged`,
			),
		);
	});
	await settle(cluster, NOTIFY.id, since, { expected: 0, timeoutMs: 60000 });
	const runs = await noticeRuns(
		cluster,
		since,
		notices.map((n) => n.noticeId),
	);
	const started = [...runs.values()].filter((r) => r.executions > 0).length;
	return {
		scenario: 'Forged notifications (wrong signature), to main and webhook',
		bad: started + countStatus(statuses, 200),
		result: `${started}/${count} started an execution; answers: ${answerSummary(statuses)}`,
		figures: { started, answered401: countStatus(statuses, 401) },
	};
}

/** Polls until `check` is true (bounded). */
export async function until(
	what: string,
	timeoutMs: number,
	check: () => Promise<boolean>,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	while (Date.now() < deadline) {
		if (await check()) return;
		await sleep(100);
	}
	throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** The worker that logged the start of an execution after `sinceId`. */
export async function workerRunning(cluster: QueueCluster, sinceId: number): Promise<N8nProcess> {
	let found: N8nProcess | undefined;
	await until('a worker to start the execution', 30000, async () => {
		found = cluster.workers.find(
			(w) => w.running && w.startedExecutions().some((id) => Number(id) > sinceId),
		);
		return found !== undefined;
	});
	return found!;
}

/** Distinct notifications through the sandbox's notifier while a worker is killed with -9. */
export async function killDuringNotifications(
	cluster: QueueCluster,
	count: number,
	killAfter: number,
): Promise<Outcome> {
	const since = await cluster.lastExecutionId();
	const victim = cluster.workers.find((w) => w.running)!;
	let kill: Promise<void> | undefined;
	let killAt = 0;
	const { ids, accepted, statuses, unanswered } = await throughNotifier(
		cluster,
		count,
		NOTIFY_CONCURRENCY,
		(sent) => {
			if (sent !== killAfter) return;
			killAt = Date.now();
			kill = victim.kill();
		},
	);
	await kill;
	await settle(cluster, NOTIFY.id, since, {
		expected: accepted.size,
		timeoutMs: 180000,
		quietMs: 4000,
	});
	const t = await tallyNotices(cluster, since, ids, accepted);
	const started = victim.startedExecutions().filter((id) => Number(id) > since).length;
	await victim.start();
	return {
		scenario: `Worker killed with -9 mid-notification burst (${count} notifications, killed after ${killAfter}, it had started ${started})`,
		bad: badOf(t),
		result:
			`${outcomeText(t)}; final answers after resends ${answerSummary(statuses)}; ` +
			`${t.reRun} executions n8n ran again after the kill (their Create found the player, their report step ran again)` +
			unanswered
				.map((u) => `; unanswered, first sent ${u.at - killAt} ms after the kill: ${u.tries}`)
				.join(''),
		figures: { ...t, startedOnKilledWorker: started },
	};
}

/** How many of the notices the trigger's record in the workflow's static data (database) holds. */
async function storedNotices(cluster: QueueCluster, notices: Notice[]): Promise<number> {
	const [row] = await cluster.sql<{
		staticData: Record<string, { seenNotices?: Array<[string, number]> }> | null;
	}>(`SELECT "staticData" FROM workflow_entity WHERE id = $1`, [NOTIFY.id]);
	const stored = new Set(
		(row?.staticData?.['node:Agora Trigger']?.seenNotices ?? []).map(([id]) => id),
	);
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
	const t = await tallyNotices(
		cluster,
		since,
		notices.map((n) => n.noticeId),
		accepted,
	);
	return {
		scenario:
			'A resend that lands on a different process: the webhook process was restarted between delivery and resend',
		bad: badOf(t),
		result:
			`${t.twice}/${count} ran again; ${outcomeText(t)}; first deliveries answered ${answerSummary(firsts.statuses)}, resends ${answerSummary(resends.statuses)}; ` +
			`ids in the stored record: ${storedBefore}/${count} before the restart, ${storedAfter}/${count} after`,
		figures: { ...t, storedBefore, storedAfter },
	};
}

/**
 * Is n8n running this node a second time within the same execution? In queue mode, when a worker
 * dies (crash, OOM, kill -9), its job stalls and n8n hands it to another worker, which runs the
 * execution again from its start (or from the last node it saved). The items the dead worker had
 * already sent were applied at Agora, so on the re-run a Delete finds its player gone, a Stop its
 * agent stopped, a Create its name taken: the operations read those answers as "already done"
 * only when this says the run is a repeat, and as failures (a wrong id, a name in use) otherwise.
 *
 * The mark is kept in n8n's own deduplication store (its database, shared by every worker): one
 * entry per execution, node and run index, the newest MARK_LIMIT per node. n8n rewrites that record
 * whole, so two executions marking at the same moment can drop each other's entry; the mark is
 * read back and written again if it went missing. A mark lost anyway means a later re-run is not
 * recognised, and its repeats fail as they did before. Where n8n offers no such store (its engine
 * without the database services), no run counts as a repeat.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

const MARK_LIMIT = 1000;
const CONFIRMATIONS = 2;
/** One answer per node run: n8n hands every item of a run the same context object. */
const answers = new WeakMap<IExecuteFunctions, Promise<boolean>>();

/**
 * Records (once per node run) that this run happened; resolves to true on a repeat, once the mark
 * is stored. Await it before the first request, or a killed worker can leave no mark.
 */
export function isRerun(ctx: IExecuteFunctions): Promise<boolean> {
	let answer = answers.get(ctx);
	if (answer === undefined) {
		const runIndex = Number(ctx.getWorkflowDataProxy(0).$runIndex ?? 0);
		answer = recordRun(ctx, `run:${ctx.getExecutionId()}:${runIndex}`);
		answers.set(ctx, answer);
	}
	return answer;
}

async function recordRun(ctx: IExecuteFunctions, mark: string): Promise<boolean> {
	const record = ctx.helpers.checkProcessedAndRecord;
	if (typeof record !== 'function') return false;
	const options = { mode: 'entries' as const, maxEntries: MARK_LIMIT };
	// Found before this run wrote it: a repeat. Found after: this run's mark is stored.
	let written = false;
	for (let attempt = 0; attempt <= CONFIRMATIONS; attempt++) {
		try {
			const out = await record([mark], 'node', options);
			if (out.processed.length > 0) return !written;
			written = true;
		} catch (error) {
			// Two first writes at once collide on the record's key; the next attempt updates it.
			ctx.logger.debug(`Agora: recording this run for re-run detection failed: ${(error as Error).message}`);
		}
	}
	return false;
}

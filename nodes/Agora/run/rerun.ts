/**
 * Is n8n running this node a second time within the same execution (a queue-mode worker died)? Then
 * answers such as "already gone" mean done. How the mark is kept: docs/design.md, Re-runs in queue mode.
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
			ctx.logger.debug(
				`Agora: recording this run for re-run detection failed: ${(error as Error).message}`,
			);
		}
	}
	return false;
}

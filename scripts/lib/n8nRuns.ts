/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The runs a real n8n recorded, read from its own database: one run once finished and saved, a
 * workflow's executions, and the output of a node in a run (used through N8nHost).
 */
import path from 'path';

const TERMINAL_STATUSES = ['success', 'error', 'crashed', 'canceled'];

/** What the reader needs of its n8n: where it is installed, its database, and its log for errors. */
export interface RunSource {
	readonly n8nDir: string;
	logTail(): string;
	query<T>(sql: string, params?: unknown[]): Promise<T[]>;
}

export class N8nRuns {
	/** Run data of finished executions by id (see `executions`). */
	private readonly finishedRuns = new Map<number, ExecutedRun['data']>();
	/** How often a run was read finished without its final data (see `saved`). */
	private readonly terminalReads = new Map<number, number>();

	constructor(private readonly host: RunSource) {}

	/** An execution once n8n has finished and saved it. */
	async finished(id: number, timeoutMs = 600000): Promise<RecordedExecution> {
		const deadline = Date.now() + timeoutMs;
		const flatted = require(path.join(this.host.n8nDir, 'node_modules', 'flatted'));
		for (;;) {
			const [row] = await this.host.query<{ status: string; data: string }>(
				'SELECT e.status, d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id WHERE e.id = ?',
				[id],
			);
			const data = row ? (flatted.parse(row.data) as ExecutedRun['data']) : undefined;
			if (row && data && this.saved(id, row.status, data))
				return { id, status: row.status, mode: 'manual', data };
			if (Date.now() > deadline)
				throw new Error(`execution ${id} did not finish:\n${this.host.logTail()}`);
			await new Promise((r) => setTimeout(r, 200));
		}
	}

	/**
	 * Whether a run is finished and saved: n8n 1.x writes its status and its data one after the other,
	 * so a finished status can come with the data of the run's start. A run that ends before any node
	 * ran (crashed, canceled) gets no more data: it counts as saved after a few reads.
	 */
	private saved(id: number, status: string, data: ExecutedRun['data']): boolean {
		if (!TERMINAL_STATUSES.includes(status)) return false;
		const result = data?.resultData;
		if (result && (result.lastNodeExecuted !== undefined || result.error !== undefined))
			return true;
		const reads = (this.terminalReads.get(id) ?? 0) + 1;
		this.terminalReads.set(id, reads);
		return reads >= 25;
	}

	/**
	 * Executions n8n recorded, read from its own database (status, mode, run data). A finished run's
	 * data never changes: it is parsed once, so polling a burst of hundreds stays cheap.
	 */
	async executions(workflowId: string): Promise<RecordedExecution[]> {
		const rows = await this.host.query<{ id: number; status: string; mode: string }>(
			`SELECT id, status, mode FROM execution_entity WHERE workflowId = ? ORDER BY id`,
			[workflowId],
		);
		const unread = rows.filter((row) => !this.finishedRuns.has(row.id)).map((row) => row.id);
		const fresh = new Map<number, ExecutedRun['data']>();
		if (unread.length > 0) {
			const flatted = require(path.join(this.host.n8nDir, 'node_modules', 'flatted'));
			const data = await this.host.query<{ executionId: number; data: string }>(
				`SELECT executionId, data FROM execution_data WHERE executionId IN (${unread.map(() => '?').join(',')})`,
				unread,
			);
			for (const row of data) fresh.set(row.executionId, flatted.parse(row.data));
		}
		const listed: RecordedExecution[] = [];
		for (const row of rows) {
			const data = this.finishedRuns.get(row.id) ?? fresh.get(row.id);
			if (!data) continue;
			const saved = this.finishedRuns.has(row.id) || this.saved(row.id, row.status, data);
			if (saved) this.finishedRuns.set(row.id, data);
			// Finished but not yet saved whole: still running, for whoever waits on it.
			listed.push({
				id: row.id,
				status: saved || !TERMINAL_STATUSES.includes(row.status) ? row.status : 'running',
				mode: row.mode,
				data,
			});
		}
		return listed;
	}

	/**
	 * The workflow's executions once `done` holds and none is still open. n8n answers a webhook
	 * before it saves the run, so a test reads too early otherwise. Gives up after `idleMs` without progress.
	 */
	async settledExecutions(
		workflowId: string,
		done: (list: RecordedExecution[]) => boolean = () => true,
		idleMs = 60000,
	): Promise<RecordedExecution[]> {
		const open = (list: RecordedExecution[]) =>
			list.some((e) => e.status === 'new' || e.status === 'running');
		let list = await this.executions(workflowId);
		let progress = '';
		let idleSince = Date.now();
		while ((!done(list) || open(list)) && Date.now() - idleSince < idleMs) {
			await new Promise((r) => setTimeout(r, 300));
			list = await this.executions(workflowId);
			const now = list.map((e) => e.status).join();
			if (now !== progress) [progress, idleSince] = [now, Date.now()];
		}
		return list;
	}
}

export interface ExecutedRun {
	status: string;
	data: {
		resultData: {
			runData: Record<
				string,
				Array<{
					data?: { main: Array<Array<{ json: Record<string, unknown> }>> };
					error?: { message: string };
				}>
			>;
			error?: { message: string };
			lastNodeExecuted?: string;
		};
	};
}

export interface RecordedExecution {
	id: number;
	status: string;
	mode: string;
	data: ExecutedRun['data'];
}

/** Output items (json) of one node in a run, first run, given output. */
export function nodeOutput(
	data: ExecutedRun['data'],
	node: string,
	output = 0,
): Array<Record<string, unknown>> {
	const run = data.resultData.runData[node]?.[0];
	return (run?.data?.main?.[output] ?? []).map((entry) => entry.json);
}

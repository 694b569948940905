/**
 * Runs `work` for indexes 0..count-1 with at most `concurrency` in flight. After a failure no further
 * item starts and those in flight finish, so the caller learns all that was done (docs/design.md).
 */
interface PoolOutcome<T> {
	/** Result per index; undefined for items that failed or were never started. */
	results: Array<T | undefined>;
	/** Failed items in index order (empty when every item succeeded). */
	failures: Array<{ index: number; error: unknown }>;
}

export async function runConcurrently<T>(
	count: number,
	concurrency: number,
	work: (index: number) => Promise<T>,
): Promise<PoolOutcome<T>> {
	const results = new Array<T | undefined>(count);
	const failures: PoolOutcome<T>['failures'] = [];
	let next = 0;
	const lanes = Math.max(1, Math.min(Math.floor(concurrency) || 1, count));
	const runLane = async () => {
		while (next < count && failures.length === 0) {
			const index = next++;
			try {
				results[index] = await work(index);
			} catch (error) {
				failures.push({ index, error });
			}
		}
	};
	await Promise.all(Array.from({ length: lanes }, runLane));
	failures.sort((a, b) => a.index - b.index);
	return { results, failures };
}

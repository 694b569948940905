/**
 * Runs `work` for indexes 0..count-1 with at most `concurrency` in flight, and returns the results
 * in index order. n8n's HTTP Request node sends all items at once; handling one item at a time
 * would make this node several times slower at real round-trip times.
 *
 * When an item fails, no further item is started; the items in flight finish, and the failure of
 * the lowest index is thrown (what a one-by-one loop would have reported).
 */
export async function mapConcurrent<T>(
	count: number,
	concurrency: number,
	work: (index: number) => Promise<T>,
): Promise<T[]> {
	const results = new Array<T>(count);
	let next = 0;
	const failures: Array<{ index: number; error: unknown }> = [];
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
	if (failures.length > 0) throw failures.reduce((a, b) => (b.index < a.index ? b : a)).error;
	return results;
}

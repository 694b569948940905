/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/** Small statistics and timing helpers for the benchmarks. */

export function median(values: number[]): number {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const mid = sorted.length >> 1;
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summary(values: number[]): { median: number; min: number; max: number } {
	return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** Wall time of `fn` in milliseconds (high resolution). */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
	const start = process.hrtime.bigint();
	const value = await fn();
	return { ms: Number(process.hrtime.bigint() - start) / 1e6, value };
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs `work(i)` for i in 0..count-1 with at most `concurrency` in flight (the baseline's pool). */
export async function pool(
	count: number,
	concurrency: number,
	work: (index: number) => Promise<void>,
): Promise<void> {
	let next = 0;
	const lane = async () => {
		while (next < count) await work(next++);
	};
	await Promise.all(Array.from({ length: Math.min(concurrency, count) }, lane));
}

/**
 * Measures A and B `runs` times, alternating which goes first so warm-up and drift do not favour
 * one side, and returns the per-run ratios A/B with the raw figures.
 */
export async function ratioRuns(
	runs: number,
	a: (run: number) => Promise<number>,
	b: (run: number) => Promise<number>,
): Promise<{ ratios: number[]; a: number[]; b: number[] }> {
	const out = { ratios: [] as number[], a: [] as number[], b: [] as number[] };
	for (let run = 0; run < runs; run++) {
		let x: number;
		let y: number;
		if (run % 2 === 0) {
			x = await a(run);
			y = await b(run);
		} else {
			y = await b(run);
			x = await a(run);
		}
		out.a.push(x);
		out.b.push(y);
		out.ratios.push(x / y);
	}
	return out;
}

/** Like ratioRuns for any number of sides: each run measures every side, the order rotating per run. */
export async function rotateRuns<K extends string>(
	runs: number,
	sides: Record<K, () => Promise<number>>,
): Promise<Record<K, number[]>> {
	const keys = Object.keys(sides) as K[];
	const out = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
	for (let run = 0; run < runs; run++) {
		for (let j = 0; j < keys.length; j++) {
			const key = keys[(run + j) % keys.length];
			out[key].push(await sides[key]());
		}
	}
	return out;
}

export function fmt(value: number, digits = 2): string {
	if (!Number.isFinite(value)) return String(value);
	return value.toFixed(digits);
}

/** "median (min–max)" of a list, e.g. for the raw figures behind a ratio. */
export function spread(values: number[], digits = 0, unit = ''): string {
	const s = summary(values);
	return `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}

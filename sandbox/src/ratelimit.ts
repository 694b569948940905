/**
 * Sliding-window rate limiter (exact sliding log, O(1) per check): each window keeps the
 * timestamps of the last `limit` accepted requests in a ring buffer.
 */

class Window {
	private readonly ts: number[];
	private head = 0;
	private count = 0;

	constructor(
		readonly limit: number,
		readonly windowMs: number,
	) {
		this.ts = new Array<number>(limit).fill(0);
	}

	/** 0 when a request is allowed now, otherwise ms until it will be. */
	waitMs(now: number): number {
		if (this.count < this.limit) return 0;
		const oldest = this.ts[this.head];
		const wait = oldest + this.windowMs - now;
		return wait > 0 ? wait : 0;
	}

	record(now: number): void {
		if (this.count < this.limit) {
			this.ts[(this.head + this.count) % this.limit] = now;
			this.count++;
		} else {
			this.ts[this.head] = now;
			this.head = (this.head + 1) % this.limit;
		}
	}

	newest(): number {
		if (this.count === 0) return 0;
		return this.ts[(this.head + this.count - 1) % this.limit];
	}
}

export interface RateRule {
	/** Rule name used in the statistics, e.g. 'create', 'create:name'. */
	rule: string;
	/** Bucket key (rule plus scope value). */
	key: string;
	limit: number;
	windowMs: number;
}

export type RateResult = { ok: true } | { ok: false; rule: string; retryAfterSeconds: number };

export class RateLimiter {
	private windows = new Map<string, Window>();
	rejected: Record<string, number> = {};
	rejectedTotal = 0;

	/** Checks every rule; records the request in all of them only when all allow it. */
	take(rules: RateRule[], now: number = Date.now()): RateResult {
		const ws: Window[] = [];
		for (const r of rules) {
			const k = `${r.key}|${r.limit}/${r.windowMs}`;
			let w = this.windows.get(k);
			if (!w) {
				w = new Window(r.limit, r.windowMs);
				this.windows.set(k, w);
			}
			const wait = w.waitMs(now);
			if (wait > 0) {
				this.rejected[r.rule] = (this.rejected[r.rule] ?? 0) + 1;
				this.rejectedTotal++;
				return { ok: false, rule: r.rule, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
			}
			ws.push(w);
		}
		for (const w of ws) w.record(now);
		if (this.windows.size > 50000) this.prune(now);
		return { ok: true };
	}

	private prune(now: number): void {
		for (const [k, w] of this.windows) {
			if (now - w.newest() > w.windowMs) this.windows.delete(k);
		}
	}

	reset(): void {
		this.windows.clear();
		this.rejected = {};
		this.rejectedTotal = 0;
	}
}

/**
 * A process-wide map bounded in size and in time (n8n runs for months and allows nodes no timers).
 * Entries stay in insertion order, so dropping expired ones stops at the first live one.
 */
export class ExpiringMap<K, V> {
	private readonly entries = new Map<K, { value: V; expires: number }>();

	constructor(private readonly limits: { maxEntries: number; ttlMs: number }) {}

	get(key: K): V | undefined {
		return this.entryOf(key)?.value;
	}

	/** Milliseconds the live entry of `key` has left, or undefined. */
	timeLeft(key: K): number | undefined {
		const entry = this.entryOf(key);
		return entry ? entry.expires - Date.now() : undefined;
	}

	has(key: K): boolean {
		return this.get(key) !== undefined;
	}

	set(key: K, value: V): void {
		this.dropExpired();
		this.entries.delete(key);
		this.entries.set(key, { value, expires: Date.now() + this.limits.ttlMs });
		for (const oldest of this.entries.keys()) {
			if (this.entries.size <= this.limits.maxEntries) break;
			this.entries.delete(oldest);
		}
	}

	delete(key: K): void {
		this.entries.delete(key);
	}

	get size(): number {
		this.dropExpired();
		return this.entries.size;
	}

	clear(): void {
		this.entries.clear();
	}

	/** Live entries, the one set longest ago first. */
	*live(): IterableIterator<[K, V]> {
		this.dropExpired();
		for (const [key, entry] of this.entries) yield [key, entry.value];
	}

	/** The entry of `key` unless expired: checked on its own too, as a clock set back can reorder expiries. */
	private entryOf(key: K): { value: V; expires: number } | undefined {
		this.dropExpired();
		const entry = this.entries.get(key);
		if (entry === undefined || entry.expires > Date.now()) return entry;
		this.entries.delete(key);
		return undefined;
	}

	private dropExpired(): void {
		const now = Date.now();
		for (const [key, entry] of this.entries) {
			if (entry.expires > now) break;
			this.entries.delete(key);
		}
	}
}

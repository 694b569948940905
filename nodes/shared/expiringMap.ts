/**
 * A process-wide map bounded in size and in time, for the caches the nodes keep between
 * executions (n8n runs for months: an unbounded map grows with every name or id it ever saw).
 *
 * - An entry lives `ttlMs` after it was last set; reads do not extend it.
 * - Past `maxEntries`, the entry set longest ago is dropped.
 * - Expired entries are never returned, and are dropped on every access of the map (n8n's rules
 *   for community nodes allow no timers, so there is no background sweep).
 *
 * Entries are kept in insertion order and every set re-inserts, so the oldest entry is always the
 * first: dropping expired ones stops at the first live one.
 */
export class ExpiringMap<K, V> {
	private readonly entries = new Map<K, { value: V; expires: number }>();

	constructor(private readonly limits: { maxEntries: number; ttlMs: number }) {}

	get(key: K): V | undefined {
		this.dropExpired();
		return this.entries.get(key)?.value;
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

	private dropExpired(): void {
		const now = Date.now();
		for (const [key, entry] of this.entries) {
			if (entry.expires > now) break;
			this.entries.delete(key);
		}
	}
}

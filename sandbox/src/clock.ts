/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * The sandbox's clock: every timestamp and self-made state change reads it. Real mode follows the
 * wall clock; manual mode stands still until advance() or set() (sandbox/README.md, Time).
 */
export type ClockMode = 'real' | 'manual';

interface Pending {
	due: number;
	/** Scheduling order, to fire timers with the same due time in the order they were set. */
	order: number;
	fn: () => void;
	handle?: NodeJS.Timeout;
}

export class Clock {
	private current: ClockMode;
	/** Real mode: now = Date.now() + offset. */
	private offset = 0;
	/** Manual mode: the time that stands still. */
	private frozen: number;
	private readonly timers = new Map<number, Pending>();
	private nextId = 1;
	private advancing = false;

	constructor(mode: ClockMode = 'real', startMs?: number) {
		this.current = mode;
		const start = startMs ?? Date.now();
		this.frozen = start;
		this.offset = start - Date.now();
	}

	get mode(): ClockMode {
		return this.current;
	}

	/** Milliseconds since the Unix epoch, as the sandbox sees it. */
	now(): number {
		return this.current === 'manual' ? this.frozen : Date.now() + this.offset;
	}

	nowS(): number {
		return Math.floor(this.now() / 1000);
	}

	/** Timers waiting to fire. */
	get pending(): number {
		return this.timers.size;
	}

	/** Calls fn once `ms` of sandbox time have passed; returns an id for clear(). */
	after(ms: number, fn: () => void): number {
		const id = this.nextId++;
		const p: Pending = { due: this.now() + Math.max(0, ms), order: id, fn };
		this.timers.set(id, p);
		if (this.current === 'real') this.arm(id, p);
		return id;
	}

	clear(id: number | undefined): void {
		if (id === undefined) return;
		const p = this.timers.get(id);
		if (!p) return;
		if (p.handle) clearTimeout(p.handle);
		this.timers.delete(id);
	}

	clearAll(): void {
		for (const p of this.timers.values()) if (p.handle) clearTimeout(p.handle);
		this.timers.clear();
	}

	/** Moves time forward by ms and fires every timer that falls due, in order. */
	advance(ms: number): void {
		if (!(ms >= 0)) throw new Error('advance takes a number of milliseconds >= 0');
		const target = this.now() + ms;
		if (this.current === 'real') {
			this.offset += ms;
			this.fireDue(target);
			for (const [id, p] of this.timers) this.arm(id, p);
			return;
		}
		this.fireDue(target);
		this.frozen = target;
	}

	/**
	 * Sets the time. Forward: like advance(). Backward: pending timers keep the delay they had left
	 * (they are moved back by the same amount), so nothing fires early or late.
	 */
	set(ms: number): void {
		if (!Number.isFinite(ms)) throw new Error('set takes a time in milliseconds since the epoch');
		const delta = ms - this.now();
		if (delta >= 0) {
			this.advance(delta);
			return;
		}
		for (const p of this.timers.values()) p.due += delta;
		if (this.current === 'manual') this.frozen = ms;
		else {
			this.offset += delta;
			for (const [id, p] of this.timers) this.arm(id, p);
		}
	}

	/** Switches mode and keeps the current time and every timer's remaining delay. */
	setMode(mode: ClockMode): void {
		if (mode === this.current) return;
		const now = this.now();
		if (mode === 'manual') {
			for (const p of this.timers.values()) if (p.handle) clearTimeout(p.handle);
			for (const p of this.timers.values()) p.handle = undefined;
			this.frozen = now;
			this.current = 'manual';
			return;
		}
		this.offset = now - Date.now();
		this.current = 'real';
		for (const [id, p] of this.timers) this.arm(id, p);
	}

	private arm(id: number, p: Pending): void {
		if (p.handle) clearTimeout(p.handle);
		p.handle = setTimeout(() => this.fire(id), Math.max(0, p.due - this.now()));
		p.handle.unref();
	}

	private fire(id: number): void {
		const p = this.timers.get(id);
		if (!p) return;
		this.timers.delete(id);
		p.fn();
	}

	/** Fires timers due at or before target, earliest first; timers they set are fired too when due. */
	private fireDue(target: number): void {
		if (this.advancing) return;
		this.advancing = true;
		try {
			for (;;) {
				let nextId: number | undefined;
				let next: Pending | undefined;
				for (const [id, p] of this.timers) {
					if (p.due > target) continue;
					if (!next || p.due < next.due || (p.due === next.due && p.order < next.order)) {
						next = p;
						nextId = id;
					}
				}
				if (!next || nextId === undefined) return;
				if (next.handle) clearTimeout(next.handle);
				this.timers.delete(nextId);
				if (this.current === 'manual' && next.due > this.frozen) this.frozen = next.due;
				next.fn();
			}
		} finally {
			this.advancing = false;
		}
	}
}

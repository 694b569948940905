import type { FaultKind, FaultSpec, MoreFaultKind } from './types';
import { isObj } from './util';

export const FAULT_KINDS: ReadonlyArray<FaultKind | MoreFaultKind> = [
	'429',
	'500',
	'503',
	'504',
	'504-after-commit',
	'drop',
	'drop-after-commit',
	'latency',
	'206-65',
	'failover',
];

interface PendingFault {
	spec: FaultSpec;
	method?: string;
	remaining: number;
}

/** Checks a FaultSpec received over HTTP; returns an error text or undefined. */
export function faultSpecError(f: unknown): string | undefined {
	if (!isObj(f)) return 'fault must be a JSON object';
	if (typeof f.kind !== 'string' || !(FAULT_KINDS as readonly string[]).includes(f.kind)) {
		return `kind must be one of ${FAULT_KINDS.join(', ')}`;
	}
	if (f.method !== undefined && typeof f.method !== 'string') return 'method must be a string';
	if (f.pathIncludes !== undefined && typeof f.pathIncludes !== 'string')
		return 'pathIncludes must be a string';
	for (const k of ['count', 'retryAfterSeconds', 'latencyMs', 'durationMs']) {
		const v = f[k];
		if (v !== undefined && (typeof v !== 'number' || !Number.isFinite(v) || v < 0))
			return `${k} must be a number >= 0`;
	}
	return undefined;
}

/** Faults are matched in the order injected; each match consumes one of its count. */
export class Faults {
	private pending: PendingFault[] = [];
	applied = 0;

	add(spec: FaultSpec): void {
		const err = faultSpecError(spec);
		if (err) throw new Error(err);
		const count = spec.count ?? 1;
		if (count <= 0) return;
		this.pending.push({ spec: { ...spec }, method: spec.method?.toUpperCase(), remaining: count });
	}

	/** Returns the fault to apply to this request, consuming it, or undefined. */
	take(method: string, path: string): FaultSpec | undefined {
		if (this.pending.length === 0) return undefined;
		for (let i = 0; i < this.pending.length; i++) {
			const f = this.pending[i];
			if (f.method && f.method !== method) continue;
			if (f.spec.pathIncludes && !path.includes(f.spec.pathIncludes)) continue;
			f.remaining--;
			if (f.remaining <= 0) this.pending.splice(i, 1);
			this.applied++;
			return f.spec;
		}
		return undefined;
	}

	list(): FaultSpec[] {
		return this.pending.map((f) => ({ ...f.spec, count: f.remaining }));
	}

	clear(): void {
		this.pending = [];
	}

	reset(): void {
		this.pending = [];
		this.applied = 0;
	}
}

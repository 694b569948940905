/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
import type { Server } from 'http';

export type Json = Record<string, unknown>;

export function isObj(v: unknown): v is Json {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function isNil(v: unknown): v is null | undefined {
	return v === undefined || v === null;
}

export function byteLen(s: string): number {
	return Buffer.byteLength(s, 'utf8');
}

/** Wall-clock timers (answer delays, which are about the network, not sandbox time); close() clears them all. */
export class Timers {
	private readonly pending = new Set<NodeJS.Timeout>();

	after(ms: number, fn: () => void): NodeJS.Timeout {
		const t: NodeJS.Timeout = setTimeout(
			() => {
				this.pending.delete(t);
				fn();
			},
			Math.max(0, ms),
		);
		t.unref();
		this.pending.add(t);
		return t;
	}

	clear(t: NodeJS.Timeout | undefined): void {
		if (!t) return;
		clearTimeout(t);
		this.pending.delete(t);
	}

	clearAll(): void {
		for (const t of this.pending) clearTimeout(t);
		this.pending.clear();
	}

	get size(): number {
		return this.pending.size;
	}
}

/** Appends to a live array and trims it to `limit` (amortised O(1)). */
export function pushBounded<T>(arr: T[], item: T, limit: number): void {
	arr.push(item);
	if (arr.length > limit + Math.max(16, Math.floor(limit / 10))) {
		arr.splice(0, arr.length - limit);
	}
}

/** Index of the first element whose key is > k, in an array sorted ascending by key. */
export function upperBound<T>(arr: T[], k: number, key: (t: T) => number): number {
	let lo = 0;
	let hi = arr.length;
	while (lo < hi) {
		const mid = (lo + hi) >>> 1;
		if (key(arr[mid]) <= k) lo = mid + 1;
		else hi = mid;
	}
	return lo;
}

export function encodeToken(prefix: string, n: number): string {
	return Buffer.from(`${prefix}:${n}`, 'utf8').toString('base64url');
}

/** Returns the number encoded by encodeToken, or undefined if the token is not one of ours. */
export function decodeToken(prefix: string, token: string): number | undefined {
	if (!/^[A-Za-z0-9_-]+$/.test(token)) return undefined;
	const s = Buffer.from(token, 'base64url').toString('utf8');
	const m = /^([a-z0-9]+):(\d{1,15})$/.exec(s);
	if (!m || m[1] !== prefix) return undefined;
	return Number(m[2]);
}

/**
 * One page of the items that match, starting at the item with sequence number fromSeq; the cursor
 * is the id of the first item of the next page ("" at the end). Agent and call lists page this way.
 */
export function cursorPage<T extends { seq: number }>(
	all: T[],
	match: (t: T) => boolean,
	fromSeq: number,
	limit: number,
	id: (t: T) => string,
): { list: T[]; total: number; cursor: string } {
	const matches = all.filter(match);
	const page = matches.filter((t) => t.seq >= fromSeq);
	return {
		list: page.slice(0, limit),
		total: matches.length,
		cursor: page.length > limit ? id(page[limit]) : '',
	};
}

/**
 * Keeps idle keep-alive sockets open longer than any client does (Node's agent: 5 s), so a client
 * never sends on a socket the server is closing at that moment (ECONNRESET under load).
 */
export function outlastClientKeepAlive(server: Server): void {
	server.keepAliveTimeout = 65_000;
	server.headersTimeout = 66_000;
}

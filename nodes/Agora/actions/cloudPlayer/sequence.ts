/**
 * Update sequence numbers: the millisecond clock, made strictly increasing per player in this process
 * so that two updates in one millisecond still differ (why: docs/design.md, Cloud player update sequence).
 */
const last = new Map<string, number>();
const LIMIT = 10000;

export function nextSequence(playerKey: string, now = Date.now()): number {
	const previous = last.get(playerKey);
	const value = previous === undefined ? now : Math.max(now, previous + 1);
	// Re-insert so the oldest entries are the ones forgotten.
	last.delete(playerKey);
	last.set(playerKey, value);
	if (last.size > LIMIT) last.delete(last.keys().next().value as string);
	return value;
}

/** A sequence given explicitly by the user still raises the floor for later automatic ones. */
export function noteSequence(playerKey: string, value: number): void {
	const previous = last.get(playerKey);
	if (previous === undefined || value > previous) {
		last.delete(playerKey);
		last.set(playerKey, value);
	}
}

/** The highest sequence this process has sent to the player, if any. */
export function previousSequence(playerKey: string): number | undefined {
	return last.get(playerKey);
}

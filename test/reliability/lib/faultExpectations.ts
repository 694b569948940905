/**
 * The faults matrix's expectations: for every operation that talks to Agora and every injected
 * fault, the expected outcome and sandbox state (docs/testing.md).
 */
import type { FaultKind } from '../../../sandbox/src';

const FAULTS: FaultKind[] = ['429', '503', '500', '504', '504-after-commit', 'drop', 'latency'];
const TIMEOUT_MS = 1000;
const LATENCY_MS = 3000;
const RETRY_AFTER_CAP_MS = 300;

type Outcome = 'retried' | 'success' | 'reconciled' | 'error';

interface Expectation {
	/**
	 * retried: the transport repeated the request and it succeeded; success: the operation's own
	 * logic repeated or looked up and it succeeded; reconciled: the output says reconciled (found by
	 * a lookup after an ambiguous answer); error: a clear error (status and request id).
	 */
	outcome: Outcome;
	/** Statuses the sandbox recorded for the operation's own request, in order (0 = dropped). */
	statuses: Array<number | number[]>;
	/** Effects counted in the sandbox afterwards (see `effects` of each operation). */
	effects: number;
	why: string;
}

const ok = (
	statuses: Expectation['statuses'],
	effects: number,
	why: string,
	outcome: Outcome = 'retried',
): Expectation => ({
	outcome,
	statuses,
	effects,
	why,
});
const fail = (statuses: Expectation['statuses'], effects: number, why: string): Expectation => ({
	outcome: 'error',
	statuses,
	effects,
	why,
});

/** Reads are repeated by the transport after anything but a 4xx. */
function readRow(): Record<FaultKind, Expectation> {
	return {
		'429': ok([429, 200], 0, 'retried after Retry-After'),
		'503': ok([503, 200], 0, 'retried'),
		'500': ok([500, 200], 0, 'idempotent: retried'),
		'504': ok([504, 200], 0, 'idempotent: retried'),
		'504-after-commit': ok([504, 200], 0, 'idempotent: retried'),
		drop: ok([0, 200], 0, 'idempotent: retried'),
		latency: ok([200, 200], 0, 'idempotent: retried after the time-out'),
	};
}

/**
 * Updates are retried after every fault, `why` they may be; a repeat of one Agora already applied
 * (after a commit, after the time-out) counts `repeated` updates applied, as `repeats` says.
 */
function updateRow(
	why: string,
	repeated: number,
	repeats: [afterCommit: string, afterTimeOut: string],
): Record<FaultKind, Expectation> {
	return {
		'429': ok([429, 200], 1, 'retried after Retry-After'),
		'503': ok([503, 200], 1, 'retried'),
		'500': ok([500, 200], 1, `${why}: retried`),
		'504': ok([504, 200], 1, `${why}: retried`),
		'504-after-commit': ok([504, 200], repeated, `${why}: ${repeats[0]}`),
		drop: ok([0, 200], 1, `${why}: retried`),
		latency: ok([200, 200], repeated, `${why}: ${repeats[1]}`),
	};
}

/**
 * The matrix. `effects`: start = live agents of that name; stop = leave requests that stopped it
 * (1); update (agent) = updates applied; speak = messages said; interrupt = interrupts; create =
 * players; delete = players destroyed; player update = updates applied (a repeat with the same
 * sequence is ignored by Agora); reads = 0 (nothing changes).
 */
const EXPECTED: Record<string, Record<FaultKind, Expectation>> = {
	'agent.start': {
		'429': ok([429, 200], 1, 'retried after Retry-After'),
		'503': ok([503, 200], 1, 'retried'),
		'500': ok(
			[500, 200],
			1,
			'not blindly repeated: looked up by name, not found, started again',
			'success',
		),
		'504': ok([504, 200], 1, 'looked up by name, not found, started again', 'success'),
		'504-after-commit': ok(
			[504],
			1,
			'looked up by name: found, returned, no second start',
			'reconciled',
		),
		drop: ok([0, 200], 1, 'looked up by name, not found, started again', 'success'),
		latency: ok([200], 1, 'time-out: looked up by name, found, no second start', 'reconciled'),
	},
	'agent.stop': {
		'429': ok([429, 200], 1, 'retried after Retry-After'),
		'503': ok([503, 200], 1, 'retried'),
		'500': ok([500, 200], 1, 'stopping twice is safe: repeated', 'success'),
		'504': ok([504, 200], 1, 'repeated', 'success'),
		'504-after-commit': ok(
			[504, [200, 404]],
			1,
			'repeated; a 404 on the repeat means the first one stopped it',
			'success',
		),
		drop: ok([0, 200], 1, 'repeated', 'success'),
		latency: ok([200, 404], 1, 'repeated after the time-out; 404 = already stopped', 'success'),
	},
	'agent.update': updateRow('idempotent', 2, [
		'the same update applied again (same final state)',
		'the same update applied again after the time-out (same final state)',
	]),
	'agent.speak': {
		'429': ok([429, 200], 1, 'retried after Retry-After (refused, not processed)'),
		'503': ok([503, 200], 1, 'retried (refused, not processed)'),
		'500': fail(
			[500],
			0,
			'not repeated (it could be said twice): error with status and request id',
		),
		'504': fail([504], 0, 'not repeated: error with status and request id'),
		'504-after-commit': fail([504], 1, 'said once, not repeated: error with status and request id'),
		drop: fail([0], 0, 'not repeated: error with the request id'),
		latency: fail([200], 1, 'said once, not repeated: time-out error with the request id'),
	},
	'agent.interrupt': {
		'429': ok([429, 200], 1, 'retried after Retry-After'),
		'503': ok([503, 200], 1, 'retried'),
		'500': fail([500], 0, 'not repeated (a late second interrupt could cut the next answer)'),
		'504': fail([504], 0, 'not repeated: error with status and request id'),
		'504-after-commit': fail([504], 1, 'applied once, not repeated'),
		drop: fail([0], 0, 'not repeated: error with the request id'),
		latency: fail([200], 1, 'applied once, not repeated: time-out error'),
	},
	'agent.get': readRow(),
	'agent.getMany': readRow(),
	'agent.getHistory': readRow(),
	'cloudPlayer.create (named)': {
		'429': ok([429, 200], 1, 'retried after Retry-After'),
		'503': ok([503, 200], 1, 'retried'),
		'500': fail([500], 0, 'a 500 is not ambiguous for Media Pull: error, not repeated'),
		'504': ok([504, 200], 1, 'named: sent again, created once', 'success'),
		'504-after-commit': ok(
			[504, 409],
			1,
			'named: sent again, 409 names the first player',
			'reconciled',
		),
		drop: ok([0, 200], 1, 'named: sent again, created once', 'success'),
		latency: ok(
			[200, 409],
			1,
			'named: sent again after the time-out, 409 names the first player',
			'reconciled',
		),
	},
	'cloudPlayer.create (unnamed)': {
		'429': ok([429, 200], 1, 'retried after Retry-After'),
		'503': ok([503, 200], 1, 'retried'),
		'500': fail([500], 0, 'a 500 is not ambiguous for Media Pull: error, not repeated'),
		'504': fail(
			[504],
			0,
			'unnamed: the channel list is polled, nothing found: "unknown" error, never created blindly',
		),
		'504-after-commit': ok([504], 1, 'unnamed: found in the channel list', 'reconciled'),
		drop: fail([0], 0, 'unnamed: polled, nothing found: "unknown" error with the request id'),
		latency: ok([200], 1, 'unnamed: found in the channel list after the time-out', 'reconciled'),
	},
	'cloudPlayer.delete': {
		'429': ok([429, 200], 1, 'retried after Retry-After'),
		'503': ok([503, 200], 1, 'retried'),
		'500': ok([500, 200], 1, 'deleting twice is safe: repeated', 'success'),
		'504': ok([504, 200], 1, 'repeated', 'success'),
		'504-after-commit': ok([504, 404], 1, 'repeated; 404 = the first one deleted it', 'success'),
		drop: ok([0, 200], 1, 'repeated', 'success'),
		latency: ok([200, 404], 1, 'repeated after the time-out; 404 = deleted', 'success'),
	},
	'cloudPlayer.get': readRow(),
	'cloudPlayer.getMany': readRow(),
	'cloudPlayer.update': updateRow('same sequence', 1, [
		'the repeat is ignored by Agora, applied once',
		'the repeat after the time-out is ignored, applied once',
	]),
};

export { FAULTS, TIMEOUT_MS, LATENCY_MS, RETRY_AFTER_CAP_MS, EXPECTED };

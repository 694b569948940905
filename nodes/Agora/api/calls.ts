/** What the phone call operations share: the telephony paths and when a call has ended. */
import type { IDataObject } from 'n8n-workflow';

/** Paths below the project: the calls collection, one call, an action on one call. */
export const CALLS_PATH = '/call';

export function callPath(agentId: string, action?: string): string {
	return `/calls/${encodeURIComponent(agentId)}${action ? `/${action}` : ''}`;
}

/**
 * Whether a call record or status says the call is over: `state` hangup, a stop time, or a reason
 * for the end (Agora gives stop_ts 0 or null while the call goes on; an empty reason is none).
 */
export function callHasEnded(call: IDataObject): boolean {
	const stop = Number(call.stop_ts ?? 0);
	return (
		call.state === 'hangup' ||
		(Number.isFinite(stop) && stop > 0) ||
		(typeof call.reason === 'string' && call.reason !== '')
	);
}

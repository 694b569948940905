/** What the phone call operations share: the call's ID field and the telephony paths. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { idLocator } from '../form/locators';

/**
 * A call is known by the ID of the agent it created (Call answers it as agent_id). The field keeps
 * the name of the Agent ID field, so the agent's own readers apply.
 */
export const callIdField: INodeProperties = idLocator({
	displayName: 'Call',
	name: 'agentId',
	description:
		'The call, known by its agent_id: returned by Phone Call › Call and listed by Get Many',
	searchListMethod: 'searchCalls',
	listPlaceholder: 'Select a call...',
	exampleId: '1NT29X10YHxxxxxWJOXLYHNYB',
	hint: 'Type a number in E.164 format to list only the calls from or to it',
});

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

/** Who the agent is in the channel: name, channel, UIDs, token and idle timeout. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { IDLE_TIMEOUT_MAX_S } from '../schemas/agent';
import { compact, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';
import { builds } from '../form/labels';
import { MODE } from './display';

/** The form's idle timeout, Agora's own default too. */
const IDLE_TIMEOUT_DEFAULT_S = 30;

/**
 * A default name that reads in a list ("agent-1234-3f9a2c1b7e": prefix, execution, short hash) and
 * is unique per execution, node, run and item. A re-run of the execution (queue mode, after a
 * worker died) computes the same name, so the repeat finds what the first run started.
 */
export function uniquePerItem(prefix: string): string {
	return `={{ '${prefix}-' + $execution.id + '-' + ($nodeId + '-' + $runIndex + '-' + $itemIndex).hash('sha256').slice(0, 10) }}`;
}

/** How long the agent stays alone: a conversation setting from node version 1.3 on. */
export const idleTimeoutField: INodeProperties = {
	displayName: 'Idle Timeout (Seconds)',
	name: 'idleTimeout',
	type: 'number',
	typeOptions: { minValue: 0, maxValue: IDLE_TIMEOUT_MAX_S, numberPrecision: 0 },
	default: IDLE_TIMEOUT_DEFAULT_S,
	description: `Seconds the agent stays after the user left, 0 to ${IDLE_TIMEOUT_MAX_S} (0: until stopped). Default 30; with a saved pipeline 30 is not sent, so the pipeline’s own value applies.`,
};

export const identityFields: INodeProperties[] = [
	{
		displayName: 'Agent Name',
		name: 'name',
		type: 'string',
		required: true,
		default: uniquePerItem('agent'),
		description:
			'Unique name of the agent; a name in use by a running agent is refused (409). The default (execution ID and a short hash of node, run and item) stays the same when n8n re-runs the execution.',
	},
	{
		displayName: 'Channel Name',
		name: 'channel',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. support-room-42',
		description: 'Channel the agent joins',
	},
	builds('properties.remote_rtc_uids', {
		displayName: 'User UID',
		name: 'remoteRtcUid',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1002',
		description:
			'UID of the user the agent listens and answers to (remote_rtc_uids; Agora supports one user). Digits only unless String UIDs is on.',
	}),
	{
		displayName: 'Agent UID',
		name: 'agentRtcUid',
		type: 'string',
		default: '0',
		description:
			'UID of the agent in the channel; it must be unique there. 0 (default) lets Agora assign a random UID. Digits only unless String UIDs is on.',
	},
	{
		displayName: 'String UIDs',
		name: 'enableStringUid',
		type: 'boolean',
		default: false,
		description:
			'Whether the agent UID and user UID are string user accounts (enable_string_uid). Off (default): both must be integers.',
	},
	{
		displayName: 'Channel Token',
		name: 'token',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		hint: 'Leave empty to generate one from the credential’s App Certificate',
		description:
			'Token the agent joins the channel with. Empty: a 24-hour token from the credential’s App Certificate (with RTM privileges when Enable RTM is on), or an empty token for projects without one.',
	},
	idleTimeoutField,
];

/** The identity members of `properties`, plus the agent's name for the body's top level. */
export function buildIdentity(r: FormReader): { name: string; properties: IDataObject } {
	// A saved pipeline keeps its own value unless the user changed the form's default.
	const idleTimeout = r.get<number>('idleTimeout', IDLE_TIMEOUT_DEFAULT_S);
	const pipeline = r.get<string>('mode', MODE.cascade) === MODE.pipeline;
	const properties = compact({
		channel: String(r.get('channel', '')).trim(),
		token: String(r.get('token', '') ?? ''),
		agent_rtc_uid: String(r.get<unknown>('agentRtcUid', '0')).trim(),
		remote_rtc_uids: [String(r.get<unknown>('remoteRtcUid', '')).trim()],
		enable_string_uid: r.get('enableStringUid', false) ? true : undefined,
		idle_timeout: pipeline && idleTimeout === IDLE_TIMEOUT_DEFAULT_S ? undefined : idleTimeout,
	});
	return { name: String(text(r.get('name', '')) ?? '').trim(), properties };
}

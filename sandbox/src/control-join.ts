/**
 * POST /_sandbox/join {appId, channel, uid, token}: what Agora's web client does with a session from
 * its backend (client.join(appId, channel, token, uid)), checked as Agora checks a join: the App ID,
 * the token's signature and expiry, its RTC join privilege for that channel and UID. The answer lists
 * the channel's agents, and whether each one listens to this UID (remote_rtc_uids).
 */
import type { AgentStore } from './agents';
import type { Clock } from './clock';
import type { ControlAnswer, ControlExtension } from './control';
import { checkToken } from './token';
import type { AgentRecord } from './types';
import { isObj } from './util';

const bad = (error: string, status = 400): ControlAnswer => ({ status, body: { error } });

const GONE = new Set(['STOPPING', 'STOPPED', 'FAILED']);

/** UIDs are 32-bit unsigned integers in Agora's RTC; a web client passes a number or its decimal text. */
function readUid(value: unknown): string | undefined {
	const text = typeof value === 'number' ? String(value) : value;
	if (typeof text !== 'string' || !/^\d{1,10}$/.test(text) || Number(text) > 0xffffffff)
		return undefined;
	return String(Number(text));
}

function listensTo(agent: AgentRecord, uid: string): boolean {
	const remote = agent.properties.remote_rtc_uids;
	return Array.isArray(remote) && remote.some((r) => String(r) === '*' || String(r) === uid);
}

function join(
	agents: AgentStore,
	clock: Clock,
	app: { appId: string; appCertificate: string },
	body: unknown,
): ControlAnswer {
	if (!isObj(body)) return bad('body must be {"appId", "channel", "uid", "token"}');
	const { appId, channel, token } = body;
	if (typeof appId !== 'string' || appId === '') return bad('appId is required');
	if (typeof channel !== 'string' || channel === '') return bad('channel is required');
	if (typeof token !== 'string' || token === '') return bad('token is required');
	const uid = readUid(body.uid);
	if (uid === undefined) return bad('uid must be an integer from 0 to 4294967295');
	if (appId !== app.appId) return bad(`App ID ${appId} is not this project's`, 403);
	const check = checkToken(token, app.appId, app.appCertificate, clock.nowS());
	if (!check.ok) return bad(check.reason, 403);
	if (check.rtc.channelName !== channel)
		return bad(`token was built for channel "${check.rtc.channelName}", not "${channel}"`, 403);
	// A token for UID 0 lets any UID join; otherwise the UIDs must match.
	const tokenUid = check.rtc.uid ?? '';
	if (tokenUid !== '' && tokenUid !== '0' && tokenUid !== uid)
		return bad(`token was built for UID ${tokenUid}, not ${uid}`, 403);
	const present = agents.all().filter((a) => a.channel === channel && !GONE.has(a.status));
	return {
		status: 200,
		body: {
			joined: true,
			channel,
			uid: Number(uid),
			agents: present.map((a) => ({
				agent_id: a.agentId,
				name: a.name,
				status: a.status,
				agent_rtc_uid: a.agentUid,
				listens_to_you: listensTo(a, uid),
			})),
		},
	};
}

/** `app` is read at each join: the sandbox's App ID and certificate as configured then. */
export function joinControl(
	agents: AgentStore,
	clock: Clock,
	app: () => { appId: string; appCertificate: string },
): ControlExtension {
	return (method, path, body) =>
		method === 'POST' && path === '/_sandbox/join' ? join(agents, clock, app(), body) : undefined;
}

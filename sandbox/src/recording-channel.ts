/**
 * What the recorder finds in a channel: who is in it (live agents, phone calls' SIP users and the
 * callers the agents listen to) and what they said while it recorded (the agents' turns and the
 * caller lines they answered), from the sandbox's own agents and calls.
 */
import { playbackMs, spokenIn } from './conversation';
import type { Utterance } from './recording-media';
import type { AgentRecord, CallRecord } from './types';

const GONE = new Set(['STOPPED', 'FAILED']);

function liveAgents(agents: AgentRecord[], cname: string): AgentRecord[] {
	return agents.filter((a) => a.channel === cname && !GONE.has(a.status));
}

/** The caller an agent answers: its call's SIP user, else the one remote uid it listens to. */
export function callerUid(a: AgentRecord, calls: CallRecord[]): string {
	const call = calls.find((c) => c.agentId === a.agentId);
	if (call) return call.sipUid;
	const remote = a.properties.remote_rtc_uids;
	const first = Array.isArray(remote) ? remote[0] : undefined;
	return first !== undefined && first !== '*' ? String(first) : '0';
}

/** Whether anyone but recorders is in the channel (maxIdleTime counts while nobody is). */
export function channelBusy(agents: AgentRecord[], calls: CallRecord[], cname: string): boolean {
	return (
		liveAgents(agents, cname).length > 0 || calls.some((c) => c.channel === cname && c.stopTs === 0)
	);
}

/** Uids in use in the channel: live agents, their callers and SIP users. */
export function channelUids(
	agents: AgentRecord[],
	calls: CallRecord[],
	cname: string,
): Set<string> {
	const uids = new Set<string>();
	for (const a of liveAgents(agents, cname)) {
		uids.add(a.agentUid);
		uids.add(callerUid(a, calls));
	}
	for (const c of calls) if (c.channel === cname && c.stopTs === 0) uids.add(c.sipUid);
	uids.delete('0');
	return uids;
}

/** The text of what played before `until` (an interrupted or cut turn says only its first part). */
function played(text: string, from: number, until: number): string {
	const full = playbackMs(text);
	if (until - from >= full) return text;
	const chars = [...text];
	return chars
		.slice(0, Math.max(0, Math.ceil((chars.length * (until - from)) / full)))
		.join('')
		.trim();
}

/** What was said in the channel between `from` and `to` (sandbox ms), in order. */
export function channelSpeech(
	agents: AgentRecord[],
	calls: CallRecord[],
	cname: string,
	from: number,
	to: number,
): Utterance[] {
	const said: Array<Utterance & { at: number }> = [];
	for (const a of agents.filter((x) => x.channel === cname)) {
		const caller = callerUid(a, calls);
		for (const t of a.turns) {
			const s = spokenIn(t);
			if (!s) continue;
			const heardAt = t.start.start_at;
			if (s.heard && heardAt >= from && heardAt <= to)
				said.push({ uid: caller, text: s.heard, role: 'caller', at: heardAt });
			const end = Math.min(t.end.end_at, to);
			if (end <= from || s.playFrom >= to) continue;
			const text = played(s.text, s.playFrom, end);
			if (text) said.push({ uid: a.agentUid, text, role: 'agent', at: s.playFrom });
		}
	}
	return said.sort((x, y) => x.at - y.at).map(({ uid, text, role }) => ({ uid, text, role }));
}

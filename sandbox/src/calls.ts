/**
 * Phone calls of the sandbox project on the sandbox clock: outbound and inbound call states, their
 * signed notifications and GET answers as Agora's SDK reads them (sandbox/README.md, Telephony).
 */
import { AgentError, AgentStore, StoreCtx } from './agents';
import type { Caller } from './caller';
import { appendStart } from './conversation';
import type { AgentRecord, CalleeScript, CallRecord, CallState } from './types';
import { cursorPage, isObj } from './util';
import type { CallListQuery, ValidCall } from './validate-telephony';
import type { ValidStart } from './validate-start';

export const DEFAULT_CALLEE: CalleeScript = { action: 'answer', afterMs: 2000 };

export class CallStore {
	private readonly byAgent = new Map<string, CallRecord>();
	private readonly order: CallRecord[] = [];
	private readonly timerOf = new Map<string, number>();
	/** Callee scripts by called number; "*" is the default. */
	private readonly scripts = new Map<string, CalleeScript>();
	private seq = 0;

	constructor(
		private readonly ctx: StoreCtx,
		private readonly agents: AgentStore,
		private readonly caller: Caller,
	) {
		agents.stopListeners.push((a) => this.agentStopped(a));
	}

	all(): CallRecord[] {
		return this.order.slice();
	}

	reset(): void {
		for (const t of this.timerOf.values()) this.ctx.clock.clear(t);
		this.timerOf.clear();
		this.byAgent.clear();
		this.order.length = 0;
		this.scripts.clear();
	}

	setScript(number: string, script: CalleeScript): void {
		this.scripts.set(number, script);
	}

	clearScripts(): void {
		this.scripts.clear();
	}

	scriptsView(): Record<string, CalleeScript> {
		return { '*': this.scripts.get('*') ?? DEFAULT_CALLEE, ...Object.fromEntries(this.scripts) };
	}

	private scriptFor(number: string): CalleeScript {
		return this.scripts.get(number) ?? this.scripts.get('*') ?? DEFAULT_CALLEE;
	}

	private after(call: CallRecord, ms: number, fn: () => void): void {
		this.ctx.clock.clear(this.timerOf.get(call.agentId));
		this.timerOf.set(
			call.agentId,
			this.ctx.clock.after(ms, () => {
				this.timerOf.delete(call.agentId);
				fn();
			}),
		);
	}

	private record(
		agent: AgentRecord,
		type: 'inbound' | 'outbound',
		to: string,
		from: string,
		sipUid: string,
		pipelineId?: string,
	): CallRecord {
		const call: CallRecord = {
			agentId: agent.agentId,
			name: agent.name,
			channel: agent.channel,
			type,
			toNumber: to,
			fromNumber: from,
			sipUid,
			createTs: this.ctx.clock.nowS(),
			stopTs: 0,
			state: 'START',
			states: [],
			labels: agent.labels,
			seq: ++this.seq,
		};
		if (pipelineId) call.pipelineId = pipelineId;
		this.byAgent.set(call.agentId, call);
		this.order.push(call);
		this.enter(call, 'START');
		return call;
	}

	/** Moves a call to a state and sends its notification (202 outbound, 201 inbound). */
	private enter(call: CallRecord, state: CallState): void {
		const at = this.ctx.clock.now();
		call.state = state;
		call.states.push({ state, at });
		this.ctx.notifier.emit(17, call.type === 'outbound' ? 202 : 201, {
			agent_id: call.agentId,
			name: call.name,
			channel: call.channel,
			state,
			report_ms: at,
			labels: call.labels,
		});
	}

	/** POST /call: the agent joins the channel and the callee's phone starts to ring. */
	call(v: ValidCall, request: Record<string, unknown>): CallRecord {
		const agent = this.agents.start(v.agent, request);
		const call = this.record(
			agent,
			'outbound',
			v.sip.toNumber,
			v.sip.fromNumber,
			v.sip.rtcUid,
			v.pipelineId,
		);
		const script = (call.callee = this.scriptFor(v.sip.toNumber));
		agent.greetOnAnswer = true;
		const half = Math.floor(this.ctx.opts.callSetupMs / 2);
		this.after(call, half, () => {
			if (script.action === 'fail') return this.end(call, 'failed', 'failed');
			this.enter(call, 'CALLING');
			this.after(call, this.ctx.opts.callSetupMs - half, () => {
				// a busy line never rings
				if (script.action === 'busy')
					return this.after(call, script.afterMs ?? 0, () => this.end(call, 'failed', 'busy'));
				this.enter(call, 'RINGING');
				this.ring(call, script);
			});
		});
		return call;
	}

	private ring(call: CallRecord, s: CalleeScript): void {
		if (s.action === 'answer')
			this.after(call, s.afterMs ?? 2000, () => this.answer(call, s.hangUpAfterMs, s.lines));
		else if (s.action === 'reject')
			this.after(call, s.afterMs ?? 1000, () => this.end(call, 'failed', 'rejected'));
		else this.after(call, this.ctx.opts.ringTimeoutMs, () => this.end(call, 'failed', 'no-answer'));
	}

	private answer(call: CallRecord, hangUpAfterMs: number | undefined, lines?: string[]): void {
		call.outcome = 'answered';
		this.enter(call, 'ANSWERED');
		const agent = this.agents.get(call.agentId);
		if (agent?.greetOnAnswer) this.agents.greet(agent);
		if (hangUpAfterMs !== undefined)
			this.after(call, hangUpAfterMs, () => this.end(call, 'hangup'));
		if (agent && lines?.length) void this.sayLines(call, agent, lines, hangUpAfterMs === undefined);
	}

	/** The callee says its lines one after the other, then hangs up once the agent's last answer has played. */
	private async sayLines(
		call: CallRecord,
		agent: AgentRecord,
		lines: string[],
		hangUpAfter: boolean,
	): Promise<void> {
		for (const line of lines) {
			if (call.state !== 'ANSWERED') return;
			try {
				await this.caller.hear(agent.agentId, line);
			} catch {
				// the agent cannot answer (stopped, another llm.style): the callee goes on
			}
		}
		if (!hangUpAfter || call.state !== 'ANSWERED') return;
		const now = this.ctx.clock.now();
		this.after(call, appendStart(agent, now) - now, () => this.end(call, 'hangup'));
	}

	/** An inbound call to an imported number, answered by an agent of the number's pipeline. */
	inbound(
		agent: ValidStart,
		to: string,
		from: string,
		pipelineId: string | undefined,
		hangUpAfterMs?: number,
		lines?: string[],
	): CallRecord {
		const a = this.agents.start(agent, {
			name: agent.name,
			pipeline_id: pipelineId,
			properties: agent.properties,
		});
		const call = this.record(
			a,
			'inbound',
			to,
			from,
			String((agent.properties.remote_rtc_uids as unknown[])[0]),
			pipelineId,
		);
		this.after(call, this.ctx.opts.startDelayMs, () => this.answer(call, hangUpAfterMs, lines));
		return call;
	}

	private end(call: CallRecord, reason: 'request' | 'hangup' | 'failed', outcome?: string): void {
		if (call.state === 'HANGUP') return;
		this.ctx.clock.clear(this.timerOf.get(call.agentId));
		this.timerOf.delete(call.agentId);
		call.reason = reason;
		if (outcome) call.outcome = outcome;
		call.stopTs = this.ctx.clock.nowS();
		this.enter(call, 'HANGUP');
		const a = this.agents.get(call.agentId);
		if (a) this.agents.stop(a, 'call_ended', `Agent exited: the call ended (${reason}).`);
	}

	/** The callee (or caller, inbound) hangs up now. */
	remoteHangup(agentId: string): CallRecord {
		const call = this.known(agentId);
		this.end(
			call,
			call.outcome === 'answered' ? 'hangup' : 'failed',
			call.outcome === 'answered' ? undefined : 'rejected',
		);
		return call;
	}

	private agentStopped(a: AgentRecord): void {
		const call = this.byAgent.get(a.agentId);
		if (call && call.state !== 'HANGUP')
			this.end(call, a.stopReason === 'leave' ? 'request' : 'failed');
	}

	known(agentId: string): CallRecord {
		const c = this.byAgent.get(agentId);
		if (!c) throw new AgentError(404, 'TaskNotFound', `Call ${agentId} is not found.`);
		return c;
	}

	// HangupTelephonyRequest: "hang up the ongoing call and leave the RTC channel"; an ended call is 404
	hangup(agentId: string): CallRecord {
		const call = this.known(agentId);
		if (call.state === 'HANGUP')
			throw new AgentError(404, 'TaskNotFound', `Call ${agentId} has already ended.`);
		this.end(call, 'request');
		return call;
	}

	// ListTelephonyRequest: number matches either side; type; create time window; agent_id cursor
	list(q: CallListQuery): { list: CallRecord[]; total: number; cursor: string } {
		const match = (c: CallRecord): boolean =>
			(q.number === undefined || c.toNumber === q.number || c.fromNumber === q.number) &&
			(q.type === undefined || c.type === q.type) &&
			c.createTs >= q.fromTime &&
			c.createTs <= q.toTime;
		let from = 0;
		if (q.cursor) {
			const at = this.byAgent.get(q.cursor);
			if (!at)
				throw new AgentError(
					400,
					'InvalidFieldValue',
					'cursor is not an agent_id of a call of this project.',
				);
			from = at.seq;
		}
		return cursorPage(this.order, match, from, q.limit, (c) => c.agentId);
	}
}

/** A call as GetTelephonyResponse / the list items give it (state only once answered or ended). */
export function callView(c: CallRecord, withReason: boolean): Record<string, unknown> {
	const out: Record<string, unknown> = { to_number: c.toNumber, from_number: c.fromNumber };
	if (c.pipelineId) out.pipeline_id = c.pipelineId;
	Object.assign(out, { type: c.type, agent_id: c.agentId, channel: c.channel });
	if (withReason && c.reason) out.reason = c.reason;
	out.create_ts = c.createTs;
	if (c.state === 'HANGUP') out.state = 'hangup';
	else if (c.state === 'ANSWERED') out.state = 'answered';
	out.stop_ts = c.stopTs;
	return out;
}

export const CALLEE_SCRIPT_RULE =
	'script must be {"action":"answer","afterMs"?,"hangUpAfterMs"?,"lines"?: ["..."]}, {"action":"reject"|"busy","afterMs"?}, {"action":"no-answer"} or {"action":"fail"} (ms >= 0, lines non-empty strings)';

export function isCalleeScript(v: unknown): v is CalleeScript {
	if (!isObj(v)) return false;
	const ms = (x: unknown): boolean =>
		x === undefined || (typeof x === 'number' && Number.isFinite(x) && x >= 0);
	const lines = (x: unknown): boolean =>
		x === undefined || (Array.isArray(x) && x.every((l) => typeof l === 'string' && l.length > 0));
	if (v.action === 'answer') return ms(v.afterMs) && ms(v.hangUpAfterMs) && lines(v.lines);
	if (v.action === 'reject' || v.action === 'busy') return ms(v.afterMs);
	return v.action === 'no-answer' || v.action === 'fail';
}

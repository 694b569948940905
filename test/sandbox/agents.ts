/** State of the Conversational AI agents of the (single) sandbox project. */
import { randomBytes } from 'crypto';
import type { Notifier } from './notifier';
import type { AgentRecord, AgentStatus, ResolvedOptions } from './types';
import { AGENT_STATUS_CODES } from './types';
import { decodeToken, encodeToken, isObj, Json, nowS, Timers, upperBound } from './util';
import type { ValidSpeak, ValidStart, ValidUpdate } from './validate-agent';

export class AgentError extends Error {
	constructor(
		readonly status: number,
		readonly reason: string,
		detail: string,
	) {
		super(detail);
	}
}

export interface StoreCtx {
	opts: ResolvedOptions;
	timers: Timers;
	notifier: Notifier;
}

export interface AgentListQuery {
	channel?: string;
	fromTime?: number;
	toTime?: number;
	state?: number;
	limit: number;
	cursor?: string;
}

const STOPPED_LIKE: ReadonlySet<AgentStatus> = new Set<AgentStatus>(['STOPPING', 'STOPPED', 'FAILED']);

function clone<T>(v: T): T {
	return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

export class AgentStore {
	private readonly byId = new Map<string, AgentRecord>();
	/** All agents in creation order (seq ascending). */
	private readonly order: AgentRecord[] = [];
	private readonly byChannel = new Map<string, AgentRecord[]>();
	/** Non-stopped agents by name (names must be unique among them). */
	private readonly activeByName = new Map<string, AgentRecord>();
	private readonly timerOf = new Map<string, NodeJS.Timeout>();
	private activeCount = 0;
	private seq = 0;

	constructor(private readonly ctx: StoreCtx) {}

	all(): AgentRecord[] {
		return this.order.slice();
	}

	get(id: string): AgentRecord | undefined {
		return this.byId.get(id);
	}

	reset(): void {
		for (const t of this.timerOf.values()) this.ctx.timers.clear(t);
		this.timerOf.clear();
		this.byId.clear();
		this.order.length = 0;
		this.byChannel.clear();
		this.activeByName.clear();
		this.activeCount = 0;
	}

	private setTimer(id: string, ms: number, fn: () => void): void {
		this.ctx.timers.clear(this.timerOf.get(id));
		this.timerOf.set(
			id,
			this.ctx.timers.after(ms, () => {
				this.timerOf.delete(id);
				fn();
			}),
		);
	}

	start(v: ValidStart, request: Json): AgentRecord {
		if (this.activeByName.has(v.name)) {
			throw new AgentError(409, 'TaskConflict', `An agent with the name ${v.name} is already running in this project.`);
		}
		const quota = this.ctx.opts.agentQuota;
		if (quota > 0 && this.activeCount >= quota) {
			throw new AgentError(422, 'ResourceQuotaLimitExceeded', `The concurrent agent quota of ${quota} is reached.`);
		}
		const props = clone(v.properties);
		const history: AgentRecord['history'] = [];
		const llm = isObj(props.llm) ? props.llm : undefined;
		const mllm = isObj(props.mllm) ? props.mllm : undefined;
		if (!v.mllm && llm && Array.isArray(llm.system_messages)) {
			for (const m of llm.system_messages) {
				if (isObj(m)) history.push({ role: String(m.role), content: m.content });
			}
		}
		const greeting = v.mllm ? mllm?.greeting_message : llm?.greeting_message;
		if (typeof greeting === 'string' && greeting) history.push({ role: 'assistant', content: greeting });
		const ts = nowS();
		const a: AgentRecord = {
			agentId: randomBytes(16).toString('hex').toUpperCase(),
			name: v.name,
			channel: v.channel,
			status: 'STARTING',
			createTs: ts,
			startTs: ts,
			stopTs: 0,
			message: 'Agent is starting.',
			request: clone(request),
			properties: props,
			labels: clone(v.labels),
			mllm: v.mllm,
			idleTimeout: v.idleTimeout,
			history,
			speaks: [],
			interrupts: 0,
			updatesApplied: 0,
			seq: ++this.seq,
		};
		this.byId.set(a.agentId, a);
		this.order.push(a);
		let ch = this.byChannel.get(a.channel);
		if (!ch) this.byChannel.set(a.channel, (ch = []));
		ch.push(a);
		this.activeByName.set(a.name, a);
		this.activeCount++;
		this.setTimer(a.agentId, this.ctx.opts.startDelayMs, () => this.becomeRunning(a));
		return a;
	}

	private becomeRunning(a: AgentRecord): void {
		if (a.status !== 'STARTING') return;
		a.status = 'RUNNING';
		a.message = 'Agent is running.';
		this.ctx.notifier.emit(17, 101, {
			agent_id: a.agentId,
			name: a.name,
			start_ts: a.startTs,
			channel: a.channel,
			labels: a.labels,
		});
		if (a.userLeftAt !== undefined) this.scheduleIdle(a);
	}

	/** Looks up an agent that may still be operated on (not stopping or stopped). */
	live(id: string): AgentRecord {
		const a = this.byId.get(id);
		if (!a || STOPPED_LIKE.has(a.status)) {
			throw new AgentError(404, 'TaskNotFound', `Agent ${id} is not found or has already stopped.`);
		}
		return a;
	}

	known(id: string): AgentRecord {
		const a = this.byId.get(id);
		if (!a) throw new AgentError(404, 'TaskNotFound', `Agent ${id} is not found.`);
		return a;
	}

	leave(id: string): AgentRecord {
		const a = this.byId.get(id);
		if (!a || a.status === 'STOPPED' || a.status === 'FAILED') {
			throw new AgentError(404, 'TaskNotFound', `Agent ${id} is not found or has already stopped.`);
		}
		if (a.status !== 'STOPPING') this.beginStop(a, 'leave', 'Agent stopped by a leave request.');
		return a;
	}

	private beginStop(a: AgentRecord, reason: string, message: string): void {
		a.status = 'STOPPING';
		a.stopReason = reason;
		a.message = message;
		this.setTimer(a.agentId, this.ctx.opts.stopDelayMs, () => this.becomeStopped(a));
	}

	private becomeStopped(a: AgentRecord): void {
		if (a.status !== 'STOPPING') return;
		a.status = 'STOPPED';
		a.stopTs = nowS();
		if (this.activeByName.get(a.name) === a) this.activeByName.delete(a.name);
		this.activeCount--;
		const n = this.ctx.notifier;
		n.emit(17, 102, {
			agent_id: a.agentId,
			name: a.name,
			start_ts: a.startTs,
			stop_ts: a.stopTs,
			channel: a.channel,
			status: a.status,
			message: a.message,
			labels: a.labels,
		});
		n.emit(17, 103, {
			agent_id: a.agentId,
			name: a.name,
			start_ts: a.startTs,
			stop_ts: a.stopTs,
			channel: a.channel,
			contents: a.history,
			labels: a.labels,
		});
	}

	userLeft(id: string): void {
		const a = this.live(id);
		a.userLeftAt = Date.now();
		if (a.status === 'RUNNING') this.scheduleIdle(a);
	}

	private scheduleIdle(a: AgentRecord): void {
		if (a.idleTimeout === 0) return;
		this.setTimer(a.agentId, a.idleTimeout * 1000, () => {
			if (a.status === 'RUNNING') this.beginStop(a, 'idle_timeout', 'Agent exited: idle timeout after the remote users left.');
		});
	}

	update(id: string, u: ValidUpdate): AgentRecord {
		const a = this.live(id);
		const p = a.properties;
		if (u.token !== undefined) p.token = u.token;
		if (u.systemMessages !== undefined || u.llmParams !== undefined) {
			const llm: Json = isObj(p.llm) ? p.llm : (p.llm = {});
			if (u.systemMessages !== undefined) llm.system_messages = clone(u.systemMessages);
			if (u.llmParams !== undefined) llm.params = clone(u.llmParams);
		}
		if (u.mllmParams !== undefined) {
			const m: Json = isObj(p.mllm) ? p.mllm : (p.mllm = {});
			m.params = clone(u.mllmParams);
		}
		a.updatesApplied++;
		return a;
	}

	speak(id: string, s: ValidSpeak): AgentRecord {
		const a = this.live(id);
		if (a.mllm) throw new AgentError(400, 'InvalidRequestBody', 'speak is not supported when mllm is configured.');
		a.speaks.push({ text: s.text, priority: s.priority, interruptable: s.interruptable, at: Date.now() });
		a.history.push({ role: 'assistant', content: s.text });
		return a;
	}

	interrupt(id: string): AgentRecord {
		const a = this.live(id);
		a.interrupts++;
		return a;
	}

	list(q: AgentListQuery): { list: AgentRecord[]; total: number; cursor: string } {
		const src = q.channel !== undefined ? (this.byChannel.get(q.channel) ?? []) : this.order;
		let after = 0;
		if (q.cursor) {
			const c = decodeToken('a', q.cursor);
			if (c === undefined) throw new AgentError(400, 'InvalidFieldValue', 'cursor is not valid.');
			after = c;
		}
		const match = (a: AgentRecord): boolean =>
			(q.state === undefined || AGENT_STATUS_CODES[a.status] === q.state) &&
			(q.fromTime === undefined || a.startTs >= q.fromTime) &&
			(q.toTime === undefined || a.startTs <= q.toTime);
		const filtered = q.state !== undefined || q.fromTime !== undefined || q.toTime !== undefined;
		const start = upperBound(src, after, (a) => a.seq);
		const list: AgentRecord[] = [];
		let i = start;
		for (; i < src.length && list.length < q.limit; i++) if (match(src[i])) list.push(src[i]);
		let more = false;
		for (; i < src.length; i++) {
			if (match(src[i])) {
				more = true;
				break;
			}
		}
		let total = src.length;
		if (filtered) {
			total = 0;
			for (const a of src) if (match(a)) total++;
		}
		return { list, total, cursor: more && list.length ? encodeToken('a', list[list.length - 1].seq) : '' };
	}
}

/** State of the Conversational AI agents of the (single) sandbox project, on the sandbox clock. */
import { randomBytes } from 'crypto';
import type { Clock } from './clock';
import { appendStart, finishedTurns, interruptPlaying, isSpeaking, playTurn } from './conversation';
import type { Notifier } from './notifier';
import * as R from './reference';
import type { AgentRecord, AgentStatus, ResolvedOptions, TurnRecord } from './types';
import { AGENT_STATUS_CODES } from './types';
import { substitute } from './llm-client';
import { cursorPage, isObj } from './util';
import type { AgentListQuery, ValidSpeak, ValidThink, ValidUpdate } from './validate-agent';
import type { ValidStart } from './validate-start';

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
	clock: Clock;
	notifier: Notifier;
}

const STOPPED_LIKE: ReadonlySet<AgentStatus> = new Set<AgentStatus>([
	'STOPPING',
	'STOPPED',
	'FAILED',
]);

function clone<T>(v: T): T {
	return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

export class AgentStore {
	private readonly byId = new Map<string, AgentRecord>();
	/** All agents in creation order (seq ascending). */
	private readonly order: AgentRecord[] = [];
	/** Non-stopped agents by name (a name in use gives 409). */
	private readonly activeByName = new Map<string, AgentRecord>();
	/** The one pending state change of each agent (running, idle exit, stopped). */
	private readonly timerOf = new Map<string, number>();
	/** The 72-hour session limit of each live agent. */
	private readonly lifeTimerOf = new Map<string, number>();
	private activeCount = 0;
	private seq = 0;
	/** Called when an agent is created (the caller connects its MCP servers). */
	readonly startListeners: Array<(a: AgentRecord) => void> = [];
	/** Called when an agent reaches STOPPED (telephony ends its call, the caller closes its tools). */
	readonly stopListeners: Array<(a: AgentRecord) => void> = [];

	constructor(private readonly ctx: StoreCtx) {}

	all(): AgentRecord[] {
		return this.order.slice();
	}

	get(id: string): AgentRecord | undefined {
		return this.byId.get(id);
	}

	reset(): void {
		for (const t of this.timerOf.values()) this.ctx.clock.clear(t);
		for (const t of this.lifeTimerOf.values()) this.ctx.clock.clear(t);
		this.timerOf.clear();
		this.lifeTimerOf.clear();
		this.byId.clear();
		this.order.length = 0;
		this.activeByName.clear();
		this.activeCount = 0;
	}

	private setTimer(id: string, ms: number, fn: () => void): void {
		this.ctx.clock.clear(this.timerOf.get(id));
		this.timerOf.set(
			id,
			this.ctx.clock.after(ms, () => {
				this.timerOf.delete(id);
				fn();
			}),
		);
	}

	start(v: ValidStart, request: Record<string, unknown>): AgentRecord {
		// start-agent name: "The same identifier cannot be used repeatedly" while the agent lives
		if (this.activeByName.has(v.name)) {
			throw new AgentError(
				409,
				'TaskConflict',
				`An agent with the name ${v.name} is already running in this project.`,
			);
		}
		const quota = this.ctx.opts.agentQuota;
		if (quota > 0 && this.activeCount >= quota) {
			throw new AgentError(
				422,
				'ResourceQuotaLimitExceeded',
				`The concurrent agent quota of ${quota} is reached.`,
			);
		}
		const ts = this.ctx.clock.nowS();
		const a: AgentRecord = {
			agentId: randomBytes(16).toString('hex').toUpperCase(),
			name: v.name,
			channel: v.channel,
			agentUid: v.agentUid,
			status: 'STARTING',
			createTs: ts,
			startTs: ts,
			stopTs: 0,
			message: 'Agent is starting.',
			request: clone(request),
			properties: clone(v.properties),
			labels: clone(v.labels),
			mllm: v.mllm,
			idleTimeout: v.idleTimeout,
			history: [],
			speaks: [],
			thinks: [],
			turns: [],
			interrupts: 0,
			updatesApplied: 0,
			seq: ++this.seq,
		};
		this.byId.set(a.agentId, a);
		this.order.push(a);
		this.activeByName.set(a.name, a);
		this.activeCount++;
		for (const l of this.startListeners) l(a);
		this.setTimer(a.agentId, this.ctx.opts.startDelayMs, () => this.becomeRunning(a));
		// idle_timeout: "the maximum running time for a single session is 72 hours"
		this.lifeTimerOf.set(
			a.agentId,
			this.ctx.clock.after(R.MAX_SESSION_S * 1000, () => {
				this.lifeTimerOf.delete(a.agentId);
				if (!STOPPED_LIKE.has(a.status))
					this.beginStop(a, 'max_duration', 'Agent exited: the 72-hour session limit was reached.');
			}),
		);
		return a;
	}

	/** greeting_message (template variables substituted), said when the caller joins. */
	greet(a: AgentRecord): void {
		const block = a.mllm ? a.properties.mllm : a.properties.llm;
		const g = isObj(block) ? block.greeting_message : undefined;
		if (typeof g !== 'string' || !g || a.status !== 'RUNNING') return;
		playTurn(
			a,
			substitute(g, isObj(block) ? block.template_variables : undefined),
			this.ctx.clock.now(),
			'greeting',
		);
	}

	private becomeRunning(a: AgentRecord): void {
		if (a.status !== 'STARTING') return;
		a.status = 'RUNNING';
		a.message = 'Agent is running.';
		// an outbound call's callee joins when it answers: the greeting waits for that
		if (!a.greetOnAnswer) this.greet(a);
		this.ctx.notifier.emit(17, 101, {
			agent_id: a.agentId,
			name: a.name,
			start_ts: a.startTs,
			channel: a.channel,
			labels: a.labels,
		});
		if (a.userLeftAt !== undefined) this.scheduleIdle(a);
	}

	/** An agent that may still be operated on (not stopping or stopped). */
	live(id: string): AgentRecord {
		const a = this.byId.get(id);
		if (!a || STOPPED_LIKE.has(a.status))
			throw new AgentError(404, 'TaskNotFound', `Agent ${id} is not found or has already stopped.`);
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

	/** Stops a live agent for a reason other than a leave request (call hung up, idle, limit). */
	stop(a: AgentRecord, reason: string, message: string): void {
		if (!STOPPED_LIKE.has(a.status)) this.beginStop(a, reason, message);
	}

	private beginStop(a: AgentRecord, reason: string, message: string): void {
		interruptPlaying(a, this.ctx.clock.now(), 'api_leave');
		a.status = 'STOPPING';
		a.stopReason = reason;
		a.message = message;
		this.setTimer(a.agentId, this.ctx.opts.stopDelayMs, () => this.becomeStopped(a));
	}

	private becomeStopped(a: AgentRecord): void {
		if (a.status !== 'STOPPING') return;
		a.status = 'STOPPED';
		a.stopTs = this.ctx.clock.nowS();
		if (this.activeByName.get(a.name) === a) this.activeByName.delete(a.name);
		this.activeCount--;
		this.ctx.clock.clear(this.lifeTimerOf.get(a.agentId));
		this.lifeTimerOf.delete(a.agentId);
		const base = {
			agent_id: a.agentId,
			name: a.name,
			start_ts: a.startTs,
			stop_ts: a.stopTs,
			channel: a.channel,
		};
		this.ctx.notifier.emit(17, 102, {
			...base,
			status: a.status,
			message: a.message,
			labels: a.labels,
		});
		this.ctx.notifier.emit(17, 103, { ...base, contents: a.history, labels: a.labels });
		for (const l of this.stopListeners) l(a);
	}

	userLeft(id: string): void {
		const a = this.live(id);
		a.userLeftAt = this.ctx.clock.now();
		if (a.status === 'RUNNING') this.scheduleIdle(a);
	}

	private scheduleIdle(a: AgentRecord): void {
		if (a.idleTimeout === 0) return;
		this.setTimer(a.agentId, a.idleTimeout * 1000, () => {
			if (a.status === 'RUNNING')
				this.beginStop(
					a,
					'idle_timeout',
					'Agent exited: idle timeout after the remote users left.',
				);
		});
	}

	// agent-update: token replaced; llm.system_messages and llm.params / mllm.params replaced whole
	update(id: string, u: ValidUpdate): AgentRecord {
		const a = this.live(id);
		const p = a.properties;
		if (u.token !== undefined) p.token = u.token;
		if (u.systemMessages !== undefined || u.llmParams !== undefined) {
			const llm: Record<string, unknown> = isObj(p.llm) ? p.llm : (p.llm = {});
			if (u.systemMessages !== undefined) llm.system_messages = clone(u.systemMessages);
			if (u.llmParams !== undefined) llm.params = clone(u.llmParams);
		}
		if (u.mllmParams !== undefined) {
			const m: Record<string, unknown> = isObj(p.mllm) ? p.mllm : (p.mllm = {});
			m.params = clone(u.mllmParams);
		}
		a.updatesApplied++;
		return a;
	}

	// agent-speak: "not supported when using mllm"; INTERRUPT cuts the current audio, APPEND
	// waits for it, IGNORE is dropped while the agent speaks
	speak(id: string, s: ValidSpeak): AgentRecord {
		const a = this.live(id);
		if (a.mllm)
			throw new AgentError(
				400,
				'InvalidRequestBody',
				'speak is not supported when mllm is configured.',
			);
		const now = this.ctx.clock.now();
		const busy = isSpeaking(a, now);
		const played = !(busy && s.priority === 'IGNORE');
		a.speaks.push({
			text: s.text,
			priority: s.priority,
			interruptable: s.interruptable,
			at: now,
			played,
		});
		if (!played) return a;
		if (s.priority === 'INTERRUPT') interruptPlaying(a, now, 'api_speak');
		playTurn(a, s.text, s.priority === 'APPEND' ? appendStart(a, now) : now, 'api_speak');
		return a;
	}

	// agent-think: the text enters the conversation as user input unless the action for the
	// agent's state (speaking or listening) is ignore
	think(id: string, t: ValidThink): AgentRecord {
		const a = this.live(id);
		const now = this.ctx.clock.now();
		const speaking = isSpeaking(a, now);
		const action = speaking ? t.onSpeaking : t.onListening;
		const accepted = action !== 'ignore';
		a.thinks.push({ ...t, metadata: clone(t.metadata), at: now, accepted });
		if (!accepted) return a;
		if (speaking && action === 'interrupt') interruptPlaying(a, now, 'api_interrupt');
		a.history.push({ role: 'user', content: t.text });
		return a;
	}

	interrupt(id: string): AgentRecord {
		const a = this.live(id);
		a.interrupts++;
		interruptPlaying(a, this.ctx.clock.now(), 'api_interrupt');
		return a;
	}

	// get-history: "Only supports querying the running agent"
	history(id: string): AgentRecord {
		const a = this.known(id);
		if (a.status !== 'RUNNING')
			throw new AgentError(
				404,
				'TaskNotFound',
				`Agent ${id} is ${a.status}: history is available only while the agent is running.`,
			);
		return a;
	}

	// get-turns: sessions of the last 7 days, paged from page_index 1
	turns(
		id: string,
		pageIndex: number,
		pageSize: number,
	): { agent: AgentRecord; turns: TurnRecord[]; total: number; pages: number } {
		const a = this.known(id);
		if (this.ctx.clock.nowS() - a.startTs > R.TURNS_WINDOW_S)
			throw new AgentError(404, 'TaskNotFound', `Agent ${id} started more than 7 days ago.`);
		const all = finishedTurns(a, this.ctx.clock.now());
		const pages = Math.max(1, Math.ceil(all.length / pageSize));
		return {
			agent: a,
			turns: all.slice((pageIndex - 1) * pageSize, pageIndex * pageSize),
			total: all.length,
			pages,
		};
	}

	// get-agent-list: filters by channel, states and start time; ascending creation order; the
	// cursor is the agent_id where the next page starts
	list(q: AgentListQuery): { list: AgentRecord[]; total: number; cursor: string } {
		const match = (a: AgentRecord): boolean =>
			(q.channel === undefined || a.channel === q.channel) &&
			q.states.includes(AGENT_STATUS_CODES[a.status]) &&
			a.startTs >= q.fromTime &&
			a.startTs <= q.toTime;
		let from = 0;
		if (q.cursor) {
			const at = this.byId.get(q.cursor);
			if (!at)
				throw new AgentError(
					400,
					'InvalidFieldValue',
					'cursor is not an agent_id of this project.',
				);
			from = at.seq;
		}
		return cursorPage(this.order, match, from, q.limit, (a) => a.agentId);
	}
}

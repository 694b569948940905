/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The caller in an agent's channel and the agent's engine answering it: LLM call, MCP and HTTP tool calls,
 * spoken answer; turns land in history and notifications (sandbox/README.md, The conversation loop).
 */
import type { AgentStore, StoreCtx } from './agents';
import { AgentError } from './agents';
import { addTurn, interruptPlaying, isSpeaking } from './conversation';
import { callLlm, llmRequestBody, LlmFailure, substitute, type ToolCall } from './llm-client';
import { HttpTools } from './http-tools';
import { McpTools, mcpEntries, type ToolOutcome } from './mcp-client';
import type { AgentRecord, HistoryItem, TurnRecord } from './types';
import { isObj, type Json } from './util';

/** LLM rounds in one turn (tool calls and their results) before the turn fails. */
const MAX_TOOL_ROUNDS = 5;

export interface ToolCallRecord {
	name: string;
	arguments: string;
	server: string;
	result: string;
	isError: boolean;
	latencyMs: number;
}

/** One caller turn as the control API and the page show it. */
export interface Exchange {
	turnId: number;
	said: string;
	answer: string;
	/** Wall ms from the caller's words to the LLM's first token of the answer, and to its end. */
	ttftMs?: number;
	totalMs?: number;
	toolCalls: ToolCallRecord[];
	error?: { code: string; message: string };
	/** True when the agent said failure_message instead of an answer. */
	failed: boolean;
}

const CONTEXT_ROLES = new Set(['system', 'user', 'assistant', 'tool']);

export class Caller {
	private readonly tools = new Map<string, Promise<McpTools>>();
	private readonly exchanges = new Map<string, Exchange[]>();
	private readonly turnQueue = new Map<string, Promise<unknown>>();
	/** Pending 112 notifications (sandbox clock timers), cleared on reset. */
	private readonly finishTimers = new Set<number>();

	constructor(
		private readonly ctx: StoreCtx,
		private readonly agents: AgentStore,
	) {
		agents.startListeners.push((a) => this.connectTools(a));
		agents.stopListeners.push((a) => void this.closeTools(a.agentId));
	}

	reset(): void {
		for (const id of [...this.tools.keys()]) void this.closeTools(id);
		this.exchanges.clear();
		this.turnQueue.clear();
		for (const t of this.finishTimers) this.ctx.clock.clear(t);
		this.finishTimers.clear();
	}

	exchangesOf(agentId: string): Exchange[] {
		return this.exchanges.get(agentId) ?? [];
	}

	/** Resolves once the agent's MCP servers are initialized (or failed). */
	async toolsReady(agentId: string): Promise<{ tools: string[]; failures: string[] }> {
		const set = await this.tools.get(agentId);
		if (!set) return { tools: [], failures: [] };
		return {
			tools: set.openAiTools().map((t) => String((t.function as Json).name)),
			failures: set.failures.map((f) => f.message),
		};
	}

	// MCP guide: the agent connects to its servers when it starts; a failure is an agent error (110)
	private connectTools(a: AgentRecord): void {
		const entries = mcpEntries(a.properties, a.mllm);
		if (entries.length === 0) return;
		const pending = McpTools.connect(entries).then((set) => {
			if (set.failures.length > 0) {
				a.message = `${a.message} ${set.failures.map((f) => f.message).join(' ')}`;
				this.agentError(
					a,
					0,
					set.failures.map((f) => ({ module: 'mcp', code: 'mcp_init_failed', message: f.message })),
				);
			}
			return set;
		});
		this.tools.set(a.agentId, pending);
	}

	private async closeTools(agentId: string): Promise<void> {
		const set = this.tools.get(agentId);
		this.tools.delete(agentId);
		await (await set)?.close();
	}

	private agentError(
		a: AgentRecord,
		turnId: number,
		errors: Array<{ module: string; code: string; message: string }>,
	): void {
		this.ctx.notifier.emit(17, 110, {
			agent_id: a.agentId,
			name: a.name,
			channel: a.channel,
			turn_id: turnId,
			errors: errors.map((e) => ({ ...e, turn_id: turnId })),
			labels: a.labels,
		});
	}

	/**
	 * A line the caller says: answered through the LLM when the agent has llm.url; otherwise it
	 * only joins the history (the sandbox cannot run a pipeline's or an MLLM's model).
	 */
	hear(agentId: string, text: string): Promise<Exchange | undefined> {
		const a = this.agents.live(agentId);
		const llm = a.properties.llm;
		if (!a.mllm && isObj(llm) && typeof llm.url === 'string' && llm.url)
			return this.say(agentId, text);
		if (a.status !== 'RUNNING') return Promise.resolve(undefined);
		a.history.push({ role: 'user', content: text });
		const ex: Exchange = {
			turnId: a.turns.length + 1,
			said: text,
			answer: '',
			toolCalls: [],
			failed: false,
		};
		this.exchanges.set(agentId, [...this.exchangesOf(agentId), ex]);
		return Promise.resolve(ex);
	}

	/** The caller says `text`; resolves when the agent's answer (or failure_message) started playing. */
	say(agentId: string, text: string): Promise<Exchange> {
		const a = this.agents.live(agentId);
		if (a.status !== 'RUNNING')
			throw new AgentError(
				409,
				'AgentNotReady',
				`Agent ${agentId} is ${a.status}: the caller can speak once it is RUNNING.`,
			);
		const llm = this.llmOf(a);
		if (!llm) {
			const managed = isObj(a.properties.llm) && a.properties.llm.credential_mode === 'managed';
			throw new AgentError(
				400,
				'NoLlmUrl',
				managed && !a.mllm
					? `Agent ${agentId} uses Agora’s managed LLM: give the sandbox SANDBOX_MANAGED_LLM_URL (an OpenAI chat-completions endpoint) to play it.`
					: `Agent ${agentId} has no llm.url the sandbox can call (MLLM and pipeline agents are not simulated).`,
			);
		}
		// llm.style picks the request format; the sandbox speaks the default one, OpenAI's
		if (llm.style !== undefined && llm.style !== 'openai') {
			throw new AgentError(
				400,
				'StyleNotSimulated',
				`Agent ${agentId} has llm.style ${JSON.stringify(llm.style)}: the sandbox calls LLMs in the openai style only.`,
			);
		}
		// turns of one agent run one after the other, as a conversation does
		const previous = this.turnQueue.get(agentId) ?? Promise.resolve();
		const turn = previous.catch(() => undefined).then(() => this.turn(a, llm, text));
		this.turnQueue.set(agentId, turn);
		return turn;
	}

	/**
	 * The LLM block the sandbox calls for this agent: its own llm.url, or for Agora's managed LLM
	 * (credential_mode managed, no url) the endpoint configured to play it; none for MLLM agents.
	 */
	llmOf(a: AgentRecord): Json | undefined {
		const llm = a.mllm ? undefined : a.properties.llm;
		if (!isObj(llm)) return undefined;
		if (llm.credential_mode === 'managed' && !llm.url && this.ctx.opts.managedLlmUrl)
			return { ...llm, url: this.ctx.opts.managedLlmUrl };
		return typeof llm.url === 'string' && llm.url ? llm : undefined;
	}

	private async turn(a: AgentRecord, llm: Json, text: string): Promise<Exchange> {
		const saidAt = this.ctx.clock.now();
		if (isSpeaking(a, saidAt)) interruptPlaying(a, saidAt, 'start_of_speech');
		a.history.push({ role: 'user', content: text });
		const turnId = a.turns.length + 1;
		const ex: Exchange = { turnId, said: text, answer: '', toolCalls: [], failed: false };
		this.exchanges.set(a.agentId, [...this.exchangesOf(a.agentId), ex]);
		const started = Date.now();
		try {
			const tools = await this.tools.get(a.agentId);
			const answer = await this.think(a, llm, tools, ex);
			ex.answer = answer.content;
			ex.ttftMs = Date.now() - started - (answer.totalMs - answer.ttftMs);
			ex.totalMs = Date.now() - started;
		} catch (e) {
			if (!(e instanceof LlmFailure)) throw e;
			ex.error = { code: e.code, message: e.message };
			ex.failed = true;
			this.agentError(a, turnId, [{ module: 'llm', code: e.code, message: e.message }]);
			const failure = llm.failure_message;
			ex.answer = typeof failure === 'string' ? substitute(failure, llm.template_variables) : '';
		}
		if (a.status !== 'RUNNING' || !ex.answer) return ex;
		const metadata: Json =
			ex.toolCalls.length > 0
				? {
						tool_calls: ex.toolCalls.map((c) => ({
							name: c.name,
							...(c.server ? { mcp_server: c.server } : {}),
							latency_ms: c.latencyMs,
							is_error: c.isError,
						})),
					}
				: {};
		const turn = addTurn(a, ex.answer, saidAt, {
			type: 'voice_input',
			metadata,
			playFrom: this.ctx.clock.now(),
			llmTtftMs: ex.ttftMs,
			heard: text,
		});
		ex.turnId = turn.turn_id;
		if (ex.ttftMs !== undefined) {
			this.ctx.notifier.emit(17, 111, {
				agent_id: a.agentId,
				name: a.name,
				channel: a.channel,
				metrics: [
					{
						turn_id: turn.turn_id,
						asr_ttlw: 0,
						llm_ttfb: ex.ttftMs,
						tts_ttfb:
							turn.metrics.segmented_latency_ms.find((s) => s.name === 'tts_ttfb')?.latency ?? 0,
					},
				],
				labels: a.labels,
			});
		}
		const timer = this.ctx.clock.after(Math.max(0, turn.end.end_at - this.ctx.clock.now()), () => {
			this.finishTimers.delete(timer);
			this.turnFinished(a, turn);
		});
		this.finishTimers.add(timer);
		return ex;
	}

	// 112 turns finished: the turn as get-turns lists it, sent when it has ended (or was cut)
	private turnFinished(a: AgentRecord, turn: TurnRecord): void {
		this.ctx.notifier.emit(17, 112, {
			agent_id: a.agentId,
			total_turn_count: a.turns.length,
			is_truncated: false,
			turns: [{ agent_id: a.agentId, channel: a.channel, ...turn }],
			labels: a.labels,
		});
	}

	/** LLM rounds until a text answer: tool calls run on the MCP servers or HTTP tools, their results go back. */
	private async think(a: AgentRecord, llm: Json, mcp: McpTools | undefined, ex: Exchange) {
		// custom LLM turn_id: from 0, one per user-agent interaction
		const llmTurnId = this.exchangesOf(a.agentId).indexOf(ex);
		const http = HttpTools.of(a.properties, a.mllm);
		const tools = [...(mcp?.openAiTools() ?? []), ...http.openAiTools()];
		for (let round = 0; round < MAX_TOOL_ROUNDS; round++) {
			const context = a.history.filter((h: HistoryItem) => CONTEXT_ROLES.has(h.role));
			const body = llmRequestBody({
				llm,
				history: context,
				turnId: llmTurnId,
				timestampMs: this.ctx.clock.now(),
				tools,
			});
			const apiKey = typeof llm.api_key === 'string' ? llm.api_key : undefined;
			const answer = await callLlm(String(llm.url), apiKey, body, this.ctx.opts.llmTimeoutMs);
			if (answer.toolCalls.length === 0) return answer;
			await this.runTools(
				a,
				answer.content,
				answer.toolCalls,
				(call) => this.callTool(call, mcp, http),
				ex,
			);
		}
		throw new LlmFailure(
			'tool_loop',
			`the LLM asked for tools ${MAX_TOOL_ROUNDS} times without answering`,
		);
	}

	/** An HTTP tool of that name first (llm.tools), else the MCP server that lists it. */
	private callTool(
		call: ToolCall,
		mcp: McpTools | undefined,
		http: HttpTools,
	): Promise<ToolOutcome> {
		if (http.has(call.function.name))
			return http.call(call.function.name, call.function.arguments, call.id);
		if (mcp) return mcp.call(call.function.name, call.function.arguments);
		return Promise.resolve({
			server: '',
			content: `Tool ${call.function.name} is not available.`,
			isError: true,
			latencyMs: 0,
		});
	}

	// OpenAI's tool protocol: the assistant message carrying tool_calls, then one tool message per call
	private async runTools(
		a: AgentRecord,
		content: string,
		calls: ToolCall[],
		run: (call: ToolCall) => Promise<ToolOutcome>,
		ex: Exchange,
	): Promise<void> {
		a.history.push({ role: 'assistant', content: content || null, tool_calls: calls });
		for (const call of calls) {
			const outcome = await run(call);
			ex.toolCalls.push({
				name: call.function.name,
				arguments: call.function.arguments,
				server: outcome.server,
				result: outcome.content,
				isError: outcome.isError,
				latencyMs: outcome.latencyMs,
			});
			a.history.push({ role: 'tool', tool_call_id: call.id, content: outcome.content });
		}
	}
}

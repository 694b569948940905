import type { ClockMode } from './clock';

/**
 * Public types of the Agora sandbox (a local fake of the Conversational AI agent API,
 * the Media Pull API and the message-notification sender).
 */

export interface NotifyOptions {
	/** Callback target that receives the signed notification envelopes. */
	url: string;
	/** Notification secret used for Agora-Signature (HMAC-SHA1) and Agora-Signature-V2 (HMAC-SHA256). */
	secret: string;
	/** Per-attempt time-out, default 10000 ms (Agora: the receiver must answer within 10 s). */
	timeoutMs?: number;
	/** Pause between attempts, default 200 ms. */
	retryDelayMs?: number;
}

export interface SandboxOptions {
	/** Default 0 = a free port; the server always binds 127.0.0.1. */
	port?: number;
	customerId?: string;
	customerSecret?: string;
	appId?: string;
	/** App Certificate of the project: verifies `Authorization: agora token=<007 token>`. */
	appCertificate?: string;
	/**
	 * 'real' (default): time runs by itself. 'manual': time stands still until clock.advance() or
	 * POST /_sandbox/clock moves it, so tests never race the wall clock.
	 */
	clock?: ClockMode;
	/** Start time of the clock (ms since the epoch), default now. */
	clockStartMs?: number;
	/** Agent STARTING -> RUNNING and player connecting -> running/failed, default 50 ms. */
	startDelayMs?: number;
	/** Agent STOPPING -> STOPPED, default 50 ms. */
	stopDelayMs?: number;
	/** A new player appears in the player list only after this many ms (Agora: about 10000), default 0. */
	listDelayMs?: number;
	/** Enforce the Media Pull rate limits of the spec, default false. */
	rateLimits?: boolean;
	/** Concurrent (live) players per project, default 20. */
	playerQuota?: number;
	/** Concurrent non-stopped agents per project; 0 = unlimited (default). Over it: 422 ResourceQuotaLimitExceeded. */
	agentQuota?: number;
	/** Added to every API answer, default 0. */
	latencyMs?: number;
	/** Callback target for notifications; null/undefined = no automatic notifications. */
	notify?: NotifyOptions | null;
	/**
	 * Overrides the idle time-out (idleTimeout seconds) after which a failed player is destroyed,
	 * so tests need not wait the 5 s minimum. Default: undefined = use the player's idleTimeout.
	 */
	playerIdleTimeoutMs?: number;
	/** Bound of the recorded request log, default 5000. */
	requestLogLimit?: number;
	/** Outbound call: START -> CALLING -> RINGING takes this long, default 500 ms. */
	callSetupMs?: number;
	/** An unanswered call ends (reason failed) after ringing this long, default 30000 ms. */
	ringTimeoutMs?: number;
	/** Outbound calls must come from an imported number with outbound enabled, default false. */
	requireImportedNumbers?: boolean;
	/** The agent waits this long (wall ms) for its LLM before it says failure_message, default 15000. */
	llmTimeoutMs?: number;
	/**
	 * Cloud Recording uploads of every storage vendor but 11 (which names its own endpoint) go to this
	 * S3-compatible endpoint (the local store); without it they stay in "Agora's backup" (backuped).
	 */
	recordingStorageEndpoint?: string;
	/**
	 * The chat-completions endpoint that plays Agora's managed LLMs (credential_mode managed with no
	 * url); none by default: the caller is then told to configure one.
	 */
	managedLlmUrl?: string;
}

/**
 * What the person called does: answer after afterMs, say its lines (each a caller turn the agent
 * answers) and hang up (hangUpAfterMs after answering, else once its lines are answered); reject,
 * be busy, let it ring, or the call fails before ringing.
 */
export type CalleeScript =
	| { action: 'answer'; afterMs?: number; hangUpAfterMs?: number; lines?: string[] }
	| { action: 'reject'; afterMs?: number }
	| { action: 'busy'; afterMs?: number }
	| { action: 'no-answer' }
	| { action: 'fail' };

/** States of the call notifications (event types 201 and 202). */
export type CallState = 'START' | 'CALLING' | 'RINGING' | 'ANSWERED' | 'HANGUP';

export interface CallRecord {
	/** The call's agent, which is also the call's id. */
	agentId: string;
	name: string;
	channel: string;
	type: 'inbound' | 'outbound';
	toNumber: string;
	fromNumber: string;
	pipelineId?: string;
	/** RTC uid of the SIP gateway in the channel. */
	sipUid: string;
	/** Unix seconds. */
	createTs: number;
	/** Unix seconds; 0 until the call ends. */
	stopTs: number;
	state: CallState;
	/** Every state with the sandbox time (ms) it was entered. */
	states: Array<{ state: CallState; at: number }>;
	/** request (hung up through the API or the agent left), hangup (the other party), failed. */
	reason?: 'request' | 'hangup' | 'failed';
	/** answered, rejected or no-answer. */
	outcome?: string;
	/** The callee script the call follows (outbound). */
	callee?: CalleeScript;
	labels: Record<string, unknown>;
	seq: number;
}

export interface PhoneNumberRecord {
	provider: string;
	phone_number: string;
	label: string;
	inbound: boolean;
	outbound: boolean;
	inbound_config: Record<string, unknown> | null;
	outbound_config: Record<string, unknown> | null;
}

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	/** Lower-cased header names; Authorization removed. */
	headers: Record<string, string>;
	/** Parsed JSON body, the raw string when it is not JSON, undefined when empty. */
	body: unknown;
	/** Status answered; 0 when the connection was dropped by a 'drop' fault. */
	status: number;
	requestId?: string;
	/** Date.now() when the request was received. */
	at: number;
}

export type FaultKind = '429' | '500' | '503' | '504' | '504-after-commit' | 'drop' | 'latency';
/**
 * Faults added with Cloud Recording: the operation happens and the connection drops; 206 code 65
 * (nothing happens); the recording of the path's sid fails over (404 for durationMs).
 */
export type MoreFaultKind = 'drop-after-commit' | '206-65' | 'failover';

export interface FaultSpec {
	/** HTTP method to match (case-insensitive); any when omitted. */
	method?: string;
	/** Substring match on the path (query string excluded); any when omitted. */
	pathIncludes?: string;
	kind: FaultKind | MoreFaultKind;
	/** Number of matching requests it applies to, default 1. */
	count?: number;
	/** For '429', default 1. */
	retryAfterSeconds?: number;
	/** For 'latency', default 30000. */
	latencyMs?: number;
	/** For 'failover' (Cloud Recording): how long the recording answers 404, sandbox ms, default 30000. */
	durationMs?: number;
}

export type AgentStatus =
	| 'IDLE'
	| 'STARTING'
	| 'RUNNING'
	| 'STOPPING'
	| 'STOPPED'
	| 'RECOVERING'
	| 'FAILED';

export const AGENT_STATUS_CODES: Record<AgentStatus, number> = {
	IDLE: 0,
	STARTING: 1,
	RUNNING: 2,
	STOPPING: 3,
	STOPPED: 4,
	RECOVERING: 5,
	FAILED: 6,
};

export interface HistoryItem {
	role: string;
	content: unknown;
	/** An assistant message that asked for MCP tools (OpenAI tool protocol). */
	tool_calls?: unknown[];
	/** A tool message: the result of that call. */
	tool_call_id?: string;
}

export interface SpeakRecord {
	text: string;
	priority: string;
	interruptable: boolean;
	/** Sandbox clock, ms. */
	at: number;
	/** False when priority IGNORE met a busy agent. */
	played?: boolean;
}

export interface ThinkRecord {
	text: string;
	onListening: string;
	onThinking: string;
	onSpeaking: string;
	interruptable: boolean;
	metadata?: Record<string, unknown>;
	/** Sandbox clock, ms. */
	at: number;
	/** False when the action for the agent's state was ignore. */
	accepted: boolean;
}

/** One conversation turn as get-turns reports it. */
export interface TurnRecord {
	turn_id: number;
	start: { start_at: number; type: string; metadata: Record<string, unknown> };
	end: { end_at: number; type: string; metadata: Record<string, unknown> };
	metrics: {
		e2e_latency_ms: number;
		segmented_latency_ms: Array<{ name: string; latency: number }>;
	};
}

export interface AgentRecord {
	agentId: string;
	name: string;
	channel: string;
	status: AgentStatus;
	/** Unix seconds. */
	createTs: number;
	startTs: number;
	/** 0 until STOPPED. */
	stopTs: number;
	message: string;
	/** The start request body as received. */
	request: Record<string, unknown>;
	/** Current properties (start properties with updates applied). */
	properties: Record<string, unknown>;
	labels: Record<string, unknown>;
	mllm: boolean;
	/** Seconds; 0 = never exits on its own. */
	idleTimeout: number;
	history: HistoryItem[];
	speaks: SpeakRecord[];
	thinks: ThinkRecord[];
	turns: TurnRecord[];
	interrupts: number;
	/** agent_rtc_uid as given. */
	agentUid: string;
	updatesApplied: number;
	/** Why it stopped: 'leave' | 'idle_timeout' | 'max_duration' | 'call_ended'. */
	stopReason?: string;
	/** Sandbox clock (ms) when userLeft() was called. */
	userLeftAt?: number;
	/** An outbound call's agent: greeting_message plays when the callee answers, not on RUNNING. */
	greetOnAnswer?: boolean;
	/** Creation order. */
	seq: number;
}

export type PlayerStatus = 'idle' | 'connecting' | 'running' | 'failed';
export type Region = 'cn' | 'ap' | 'na' | 'eu';

export interface PlayerRecord {
	id: string;
	region: Region;
	name: string | null;
	channelName: string;
	/** Given or assigned uid (0 for an account player). */
	uid: number;
	account?: string;
	streamUrl: string;
	token?: string;
	/** Seconds, clamped to [5, 600]. */
	idleTimeout: number;
	playTs: number;
	encryptMode?: string;
	repeatTime: number;
	seekPosition: number;
	isPause: boolean;
	/** audioOptions.volume, default 100. */
	volume: number;
	audioOptions?: Record<string, unknown>;
	videoOptions?: Record<string, unknown>;
	dataStreamOptions?: Record<string, unknown>;
	streamIp?: string;
	status: PlayerStatus;
	/** Unix seconds. */
	createTs: number;
	/** Sandbox clock (ms) at creation. */
	createdAt: number;
	/** Highest applied update sequence; -1 before the first update. */
	lastSequence: number;
	updatesApplied: number;
	updatesIgnored: number;
	lastIgnoredSequence?: number;
	/** The create request's player object as received. */
	request: Record<string, unknown>;
	/** Creation order. */
	seq: number;
}

export interface DestroyedPlayer {
	id: string;
	name: string | null;
	channelName: string;
	destroyReason: string;
	at: number;
}

export interface NotificationRecord {
	noticeId: string;
	productId: number;
	eventType: number;
	payload: unknown;
	/** Last HTTP status (0 = network error / time-out). */
	status: number;
	attempts: number;
	at: number;
	/** Each attempt in order: what came back and how long it took. */
	tries: NotificationAttempt[];
}

/** What one notification came to after its resends; `tries` only when asked for. */
export type NotificationOutcome = Pick<NotificationRecord, 'status' | 'attempts'> & {
	tries?: NotificationAttempt[];
};

export interface NotificationAttempt {
	/** HTTP status, 0 when none came. */
	status: number;
	/** Wall time from sending to the answer or the failure. */
	ms: number;
	/** Why no status came: the socket error's code, or "timeout". */
	error?: string;
}

export interface SandboxStats {
	/** Requests answered 429 by the rate limiter, per rule and in total. */
	rateLimited: { total: number; byRule: Record<string, number> };
	/** Creates refused because the concurrent player quota was reached. */
	quotaRejected: number;
	/** Requests a fault was applied to. */
	faultsApplied: number;
	notifications: { sent: number; delivered: number; failed: number; attempts: number };
	/** API requests handled (control calls excluded). */
	requests: number;
}

export interface NotificationInput {
	productId: number;
	eventType: number;
	payload: object;
	noticeId?: string;
	sid?: string;
}

export interface Sandbox {
	/** 'http://127.0.0.1:PORT', used as the custom base URL. */
	url: string;
	customerId: string;
	customerSecret: string;
	appId: string;
	close(): Promise<void>;
	/** Clears agents, players, calls, phone numbers, requests, faults, rate-limit counters, stats and notification log. */
	reset(): void;
	/** Live, bounded array (the same array object for the sandbox's whole life). */
	requests: RecordedRequest[];
	configure(p: Partial<SandboxOptions>): void;
	injectFault(f: FaultSpec): void;
	agents(): AgentRecord[];
	players(): PlayerRecord[];
	/** Simulates all remote users leaving; the agent stops after idle_timeout s (0 = never). */
	userLeft(agentId: string): void;
	sendNotification(
		n: NotificationInput,
		opts?: { badSignature?: boolean; tries?: boolean; url?: string },
	): Promise<NotificationOutcome>;

	// ---- additions (not in the original brief) ----
	/** Counters (429s sent by the rate limiter etc.). */
	stats(): SandboxStats;
	/** Players destroyed (delete, idle time-out), most recent last, bounded to 1000. */
	destroyedPlayers(): DestroyedPlayer[];
	/** Notifications sent (automatic and manual), bounded to 1000. */
	notifications(): NotificationRecord[];
	/** Pending faults. */
	faults(): FaultSpec[];
	/** Removes the pending faults (the applied count stays). */
	clearFaults(): void;
	/** What GET /_sandbox/state answers. */
	state(): Record<string, unknown>;
	/** Current effective options. */
	options(): Readonly<ResolvedOptions>;
	/** Phone calls, in creation order. */
	calls(): CallRecord[];
	/** Imported phone numbers. */
	phoneNumbers(): PhoneNumberRecord[];
	/** Sets what the person at `number` ("*" for any) does when called. */
	setCallee(number: string, script: CalleeScript): void;
	/** The sandbox's clock: read it, move it (manual mode), switch modes. */
	clock: SandboxClock;
	appCertificate: string;
}

export interface SandboxClock {
	readonly mode: ClockMode;
	/** ms since the epoch, as the sandbox sees it. */
	now(): number;
	/** The same in whole seconds (what timestamps in answers use). */
	nowS(): number;
	/** Moves time forward and fires what falls due (both modes). */
	advance(ms: number): void;
	/** Sets the time (ms since the epoch). */
	set(ms: number): void;
	setMode(mode: ClockMode): void;
	/** Timers waiting to fire. */
	readonly pending: number;
}

export interface ResolvedOptions {
	port: number;
	customerId: string;
	customerSecret: string;
	appId: string;
	appCertificate: string;
	startDelayMs: number;
	stopDelayMs: number;
	listDelayMs: number;
	rateLimits: boolean;
	playerQuota: number;
	agentQuota: number;
	latencyMs: number;
	notify: NotifyOptions | null;
	playerIdleTimeoutMs: number | undefined;
	requestLogLimit: number;
	callSetupMs: number;
	ringTimeoutMs: number;
	requireImportedNumbers: boolean;
	llmTimeoutMs: number;
	recordingStorageEndpoint: string | undefined;
	managedLlmUrl: string | undefined;
}

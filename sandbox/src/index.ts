/**
 * Agora sandbox: a local, stateful fake of Agora's Conversational AI agent API (v2), Media Pull
 * (cloud player) API and message-notification sender. See README.md in this folder.
 */
export { startSandbox, AGENT_PREFIX } from './server';
export { signatures } from './notifier';
export { AGENT_STATUS_CODES } from './types';
export type { ClockMode } from './clock';
export type {
	AgentRecord,
	AgentStatus,
	CalleeScript,
	CallRecord,
	CallState,
	DestroyedPlayer,
	FaultKind,
	MoreFaultKind,
	FaultSpec,
	NotificationInput,
	NotificationRecord,
	NotifyOptions,
	PhoneNumberRecord,
	PlayerRecord,
	PlayerStatus,
	RecordedRequest,
	Region,
	ResolvedOptions,
	Sandbox,
	SandboxOptions,
	SandboxClock,
	SandboxStats,
	ThinkRecord,
	TurnRecord,
} from './types';

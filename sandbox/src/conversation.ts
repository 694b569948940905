/**
 * What an agent says and hears, as far as the REST API can see it: history (get-history), turns
 * with latency metrics (get-turns) and whether the agent is speaking (which decides how speak,
 * think and interrupt act). Audio is not simulated: a turn plays for a time derived from its text.
 */
import type { AgentRecord, TurnRecord } from './types';

/** Time to first audio byte reported for every turn (metrics.segmented_latency_ms tts_ttfb). */
export const TTS_TTFB_MS = 300;
/** Playback time per character of text. */
export const MS_PER_CHAR = 60;

export function playbackMs(text: string): number {
	return TTS_TTFB_MS + MS_PER_CHAR * [...text].length;
}

/** What each turn said (the agent's text, and the caller's line it answers), for the recorder. */
const spoken = new WeakMap<TurnRecord, { text: string; playFrom: number; heard?: string }>();

export function spokenIn(
	t: TurnRecord,
): { text: string; playFrom: number; heard?: string } | undefined {
	return spoken.get(t);
}

/** The agent's audio plays until this sandbox time (ms); 0 when it never spoke. */
const playingUntil = new WeakMap<AgentRecord, number>();

export function isSpeaking(a: AgentRecord, now: number): boolean {
	return (playingUntil.get(a) ?? 0) > now;
}

function lastTurn(a: AgentRecord): TurnRecord | undefined {
	return a.turns[a.turns.length - 1];
}

/** Ends the turn that is playing at `now` as interrupted (get-turns end.type "interrupted"). */
export function interruptPlaying(a: AgentRecord, now: number, causedBy: string): boolean {
	const t = lastTurn(a);
	if (!t || !isSpeaking(a, now)) return false;
	t.end = {
		end_at: now,
		type: 'interrupted',
		metadata:
			causedBy === 'api_leave' || causedBy === 'start_of_speech'
				? { caused_by: causedBy }
				: { caused_by: causedBy, transport: 'http' },
	};
	playingUntil.set(a, now);
	return true;
}

export interface TurnShape {
	type: 'greeting' | 'api_speak' | 'voice_input';
	metadata: Record<string, unknown>;
	/** Sandbox ms the agent's audio starts (after the LLM answered); the turn's start_at otherwise. */
	playFrom?: number;
	/** LLM time to first token, for the metrics of a voice_input turn. */
	llmTtftMs?: number;
	/** The caller's line this turn answers (voice_input). */
	heard?: string;
}

/** Adds a turn the agent plays: text into history, the turn with its end and latency metrics. */
export function addTurn(
	a: AgentRecord,
	text: string,
	startAt: number,
	shape: TurnShape,
): TurnRecord {
	const duration = playbackMs(text);
	const playFrom = shape.playFrom ?? startAt;
	const segments =
		shape.llmTtftMs === undefined ? [] : [{ name: 'llm_ttft', latency: shape.llmTtftMs }];
	segments.push({ name: 'tts_ttfb', latency: TTS_TTFB_MS });
	const turn: TurnRecord = {
		turn_id: a.turns.length + 1,
		start: { start_at: startAt, type: shape.type, metadata: shape.metadata },
		end: {
			end_at: playFrom + duration,
			type: 'ok',
			metadata: { playback_duration_ms: duration - TTS_TTFB_MS },
		},
		metrics: {
			e2e_latency_ms: segments.reduce((sum, x) => sum + x.latency, 0),
			segmented_latency_ms: segments,
		},
	};
	a.turns.push(turn);
	spoken.set(turn, { text, playFrom, heard: shape.heard });
	playingUntil.set(a, playFrom + duration);
	a.history.push({ role: 'assistant', content: text });
	return turn;
}

/**
 * Adds a turn the agent plays, starting at `startAt` (get-turns start.type greeting or api_speak).
 * Returns the turn.
 */
export function playTurn(
	a: AgentRecord,
	text: string,
	startAt: number,
	type: 'greeting' | 'api_speak',
	nth = 1,
): TurnRecord {
	return addTurn(a, text, startAt, {
		type,
		metadata: type === 'greeting' ? { greeting_nth: nth } : { transport: 'http' },
	});
}

/** When an APPEND speak starts: after the audio that is playing. */
export function appendStart(a: AgentRecord, now: number): number {
	return Math.max(now, playingUntil.get(a) ?? 0);
}

/** Turns that have ended by `now`, as get-turns lists them. */
export function finishedTurns(a: AgentRecord, now: number): TurnRecord[] {
	return a.turns.filter((t) => t.end.end_at <= now);
}

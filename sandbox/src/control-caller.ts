/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Control routes for the caller (say, conversation, conversations, the talk page); no authentication,
 * not recorded. The routes: sandbox/README.md.
 */
import { AgentError, type AgentStore } from './agents';
import type { Caller } from './caller';
import type { CallStore } from './calls';
import type { ControlAnswer, ControlExtension } from './control';
import { TALK_PAGE } from './page';
import { safeDecode } from './reply';
import type { AgentRecord } from './types';
import { isObj } from './util';

const done = (body: unknown): ControlAnswer => ({ status: 200, body });
const bad = (error: string, status = 400): ControlAnswer => ({ status, body: { error } });

function agentView(a: AgentRecord, calls: CallStore, caller: Caller): Record<string, unknown> {
	const llm = caller.llmOf(a);
	const call = calls.all().find((c) => c.agentId === a.agentId);
	const greeted =
		a.turns[0]?.start.type === 'greeting'
			? a.history.find((h) => h.role === 'assistant')
			: undefined;
	return {
		agent_id: a.agentId,
		name: a.name,
		channel: a.channel,
		status: a.status,
		message: a.message,
		can_talk: llm !== undefined,
		greeting: greeted?.content,
		call: call
			? {
					type: call.type,
					to_number: call.toNumber,
					from_number: call.fromNumber,
					state: call.state,
					reason: call.reason,
				}
			: undefined,
	};
}

async function say(
	caller: Caller,
	calls: CallStore,
	id: string,
	body: unknown,
): Promise<ControlAnswer> {
	if (!isObj(body) || typeof body.text !== 'string' || body.text.trim() === '')
		return bad('body must be {"text": "what the caller says"} (non-empty)');
	// on a phone call nobody speaks into the channel before the call is answered, or after it ended
	const call = calls.all().find((c) => c.agentId === id);
	if (call && call.state !== 'ANSWERED')
		return bad(
			`The call of agent ${id} is ${call.state}: the caller speaks once it is answered.`,
			409,
		);
	try {
		return done(await caller.say(id, body.text));
	} catch (e) {
		if (e instanceof AgentError) return bad(e.message, e.status);
		throw e;
	}
}

async function conversation(
	agents: AgentStore,
	calls: CallStore,
	caller: Caller,
	id: string,
): Promise<ControlAnswer> {
	const a = agents.get(id);
	if (!a) return bad(`Agent ${id} is not found.`, 404);
	const tools = await caller.toolsReady(id);
	return done({
		agent: agentView(a, calls, caller),
		history: a.history,
		exchanges: caller.exchangesOf(id),
		tools,
	});
}

export function callerControl(
	agents: AgentStore,
	calls: CallStore,
	caller: Caller,
): ControlExtension {
	return (method, path, body) => {
		if (method === 'GET' && path === '/_sandbox/talk')
			return { status: 200, body: TALK_PAGE, contentType: 'text/html; charset=utf-8' };
		if (method === 'GET' && path === '/_sandbox/conversations') {
			return done(
				agents.all().map((a) => ({
					...agentView(a, calls, caller),
					exchanges: caller.exchangesOf(a.agentId),
				})),
			);
		}
		const m = /^\/_sandbox\/agents\/([^/]+)\/(say|conversation)$/.exec(path);
		if (!m) return undefined;
		const id = safeDecode(m[1]) ?? m[1];
		if (m[2] === 'say' && method === 'POST') return say(caller, calls, id, body);
		if (m[2] === 'conversation' && method === 'GET') return conversation(agents, calls, caller, id);
		return undefined;
	};
}

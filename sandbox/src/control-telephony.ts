/* eslint-disable @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Control routes for telephony (callee scripts, inbound calls, remote hang-up); no authentication, not
 * recorded. The routes: sandbox/README.md, Telephony.
 */
import { AgentError } from './agents';
import { CALLEE_SCRIPT_RULE, CallStore, isCalleeScript } from './calls';
import { FieldError } from './check';
import type { ControlAnswer, ControlExtension } from './control';
import { pipelineOf, PhoneNumberStore } from './numbers';
import { safeDecode } from './reply';
import { isObj } from './util';
import { E164_RE, e164 } from './validate-telephony';
import { validateStart } from './validate-start';

const done = (body: unknown = { ok: true }): ControlAnswer => ({ status: 200, body });
const bad = (error: string, status = 400): ControlAnswer => ({ status, body: { error } });

function setCallee(calls: CallStore, body: unknown): ControlAnswer {
	if (!isObj(body)) return bad('body must be {"number": "+1..." | "*", "script": {...}}');
	const number = body.number ?? '*';
	if (number !== '*' && (typeof number !== 'string' || !E164_RE.test(number)))
		return bad('number must be "*" or an E.164 phone number');
	if (!isCalleeScript(body.script)) {
		return bad(CALLEE_SCRIPT_RULE);
	}
	calls.setScript(number as string, body.script);
	return done({ callees: calls.scriptsView() });
}

let inboundSeq = 0;

function inbound(calls: CallStore, numbers: PhoneNumberStore, body: unknown): ControlAnswer {
	if (!isObj(body))
		return bad('body must be {"to_number", "from_number", "hangUpAfterMs"?, "lines"?}');
	try {
		const to = e164(body, 'to_number', '');
		const from = e164(body, 'from_number', '');
		const n = numbers.get(to);
		if (!n || !n.inbound)
			return bad(`${to} is not an imported phone number with inbound calls enabled`);
		const pipeline = pipelineOf(n, 'inbound');
		if (!pipeline) return bad(`${to} has no inbound_config.pipeline_id to answer with`);
		const hang = body.hangUpAfterMs;
		if (hang !== undefined && (typeof hang !== 'number' || !(hang >= 0)))
			return bad('hangUpAfterMs must be a number >= 0');
		const lines = body.lines;
		if (
			lines !== undefined &&
			!(Array.isArray(lines) && lines.every((l) => typeof l === 'string' && l.length > 0))
		)
			return bad('lines must be an array of non-empty strings');
		const seq = ++inboundSeq;
		const agent = validateStart({
			name: `inbound-${seq}`,
			pipeline_id: pipeline,
			properties: {
				channel: `inbound-${seq}`,
				token: '',
				agent_rtc_uid: '1001',
				remote_rtc_uids: ['2002'],
			},
		});
		return done({
			agent_id: calls.inbound(
				agent,
				to,
				from,
				pipeline,
				hang as number | undefined,
				lines as string[] | undefined,
			).agentId,
		});
	} catch (e) {
		if (e instanceof FieldError || e instanceof AgentError) return bad(e.message);
		throw e;
	}
}

export function telephonyControl(calls: CallStore, numbers: PhoneNumberStore): ControlExtension {
	return (method, path, body) => {
		const key = `${method} ${path}`;
		if (key === 'GET /_sandbox/telephony')
			return done({
				callees: calls.scriptsView(),
				calls: calls.all(),
				phoneNumbers: numbers.all(),
			});
		if (key === 'POST /_sandbox/telephony/callees') return setCallee(calls, body);
		if (key === 'DELETE /_sandbox/telephony/callees') {
			calls.clearScripts();
			return done({ callees: calls.scriptsView() });
		}
		if (key === 'POST /_sandbox/telephony/inbound') return inbound(calls, numbers, body);
		const m = /^\/_sandbox\/calls\/([^/]+)\/remote-hangup$/.exec(path);
		if (m && method === 'POST') {
			try {
				return done(calls.remoteHangup(safeDecode(m[1]) ?? m[1]));
			} catch (e) {
				return bad((e as Error).message, 404);
			}
		}
		return undefined;
	};
}

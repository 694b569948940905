/**
 * Validation of the start request (Conversational AI reference, POST /v2/projects/{appid}/join,
 * start-agent requestBody). Throws FieldError; the message starts with the field path. Fields the
 * reference does not list are accepted (additionalProperties: true).
 */
import {
	FieldError,
	invalid,
	missing,
	optBool,
	optInt,
	optObj,
	optStr,
	reqObj,
	reqStr,
} from './check';
import * as R from './reference';
import { isNil, isObj, Json } from './util';
import {
	checkManualPreconditions,
	validateAdvanced,
	validateFiller,
	validateGeofence,
	validateInterruption,
	validateParameters,
	validateRtc,
	validateSal,
	validateTurnDetection,
} from './validate-conversation';
import {
	llmSpeaks,
	ModelContext,
	validateAsr,
	validateAvatar,
	validateLlm,
	validateMllm,
	validateTts,
} from './validate-models';

export interface ValidStart {
	name: string;
	channel: string;
	agentUid: string;
	stringUid: boolean;
	/** mllm.enable or the deprecated advanced_features.enable_mllm: asr, llm and tts are ignored. */
	mllm: boolean;
	idleTimeout: number;
	labels: Record<string, unknown>;
	properties: Json;
}

const DIGITS = /^\d+$/;

// properties.enable_string_uid: false -> agent and subscriber user IDs must be integers
function uid(v: unknown, path: string, stringUid: boolean): string {
	if (isNil(v)) throw missing(path);
	if (typeof v !== 'string') throw invalid(path, 'must be a string');
	if (v.length === 0) throw missing(path);
	if (!stringUid && !DIGITS.test(v)) {
		throw invalid(
			path,
			'must be an integer user ID (digits only) unless properties.enable_string_uid is true',
		);
	}
	return v;
}

function identity(
	p: Json,
	P: string,
): { channel: string; agentUid: string; stringUid: boolean; idleTimeout: number } {
	const channel = reqStr(p, 'channel', P, { nonEmpty: true });
	reqStr(p, 'token', P);
	const stringUid = optBool(p, 'enable_string_uid', P) ?? false;
	const agentUid = uid(p.agent_rtc_uid, `${P}.agent_rtc_uid`, stringUid);
	optStr(p, 'agent_rtm_uid', P);
	if (isNil(p.remote_rtc_uids)) throw missing(`${P}.remote_rtc_uids`);
	if (!Array.isArray(p.remote_rtc_uids)) throw invalid(`${P}.remote_rtc_uids`, 'must be an array');
	// "Currently, only one user ID is supported."
	if (p.remote_rtc_uids.length !== 1)
		throw invalid(`${P}.remote_rtc_uids`, 'must contain exactly one user ID');
	if (p.remote_rtc_uids[0] !== R.ALL_REMOTE_USERS)
		uid(p.remote_rtc_uids[0], `${P}.remote_rtc_uids[0]`, stringUid);
	const idleTimeout = optInt(p, 'idle_timeout', P, 0, R.IDLE_TIMEOUT_MAX_S) ?? 30;
	return { channel, agentUid, stringUid, idleTimeout };
}

/**
 * What a preset covers ("Use presets": one comma-separated identifier per category, ASR, LLM or TTS;
 * "any API key or endpoint URL fields for that category are ignored"). An identifier the page does
 * not list is taken to cover everything.
 */
export function presetCoverage(
	preset: string | undefined,
): Pick<ModelContext, 'preset' | 'presetLlm' | 'presetTts'> {
	const ids = (preset ?? '')
		.split(',')
		.map((id) => id.trim())
		.filter(Boolean);
	const category = (id: string) =>
		Object.entries(R.PRESETS).find(([, listed]) => (listed as readonly string[]).includes(id))?.[0];
	return {
		preset: ids.some((id) => category(id) === undefined),
		presetLlm: ids.some((id) => category(id) === 'llm'),
		presetTts: ids.some((id) => category(id) === 'tts'),
	};
}

/** Validates the start (join) request body. */
export function validateStart(body: unknown): ValidStart {
	if (!isObj(body))
		throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	const name = reqStr(body, 'name', '', { nonEmpty: true });
	const ctx: ModelContext = {
		...presetCoverage(optStr(body, 'preset', '')),
		pipeline: !!optStr(body, 'pipeline_id', ''),
	};
	const p = reqObj(body, 'properties', '');
	const P = 'properties';
	const id = identity(p, P);
	validateGeofence(p, P);
	const adv = validateAdvanced(p, P);
	const mllm = (isObj(p.mllm) && p.mllm.enable === true) || adv?.enable_mllm === true;
	// "Enabling MLLM automatically disables ASR, LLM, and TTS": with mllm they are ignored
	if (!mllm) {
		validateAsr(p, P);
		validateTts(p, P, { ...ctx, llmSpeaks: llmSpeaks(p) });
		validateLlm(p, P, ctx);
	}
	validateMllm(p, P, mllm, ctx);
	validateAvatar(p, P);
	const modes = validateTurnDetection(p, P);
	validateInterruption(p, P);
	validateSal(p, P);
	const labels = optObj(p, 'labels', P);
	validateRtc(p, P);
	validateFiller(p, P);
	validateParameters(p, P);
	// turn_detection has no effect with mllm, so its manual-mode preconditions do not apply there
	if (!mllm) checkManualPreconditions(p, P, modes);
	return { name, ...id, mllm, labels: labels ?? {}, properties: p };
}

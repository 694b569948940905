/**
 * Validation of the Conversational AI agent requests (start, update, speak), following
 * service-interface.md. Throws FieldError; the detail always starts with the field path.
 * Unknown extra fields are accepted (Agora tolerates extension fields such as vendor params).
 */
import {
	FieldError,
	invalid,
	join,
	missing,
	modeConfig,
	optArr,
	optBool,
	optEnum,
	optInt,
	optNum,
	optObj,
	optStr,
	optStrArr,
	optStrMap,
	reqObj,
	reqStr,
} from './check';
import { byteLen, isNil, isObj, Json } from './util';

export const GEOFENCE_AREAS = ['GLOBAL', 'NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN'] as const;
export const GEOFENCE_EXCLUDE = ['NORTH_AMERICA', 'EUROPE', 'ASIA', 'INDIA', 'JAPAN'] as const;
export const LLM_STYLES = ['openai', 'gemini', 'anthropic', 'dify'] as const;
export const MLLM_VENDORS = ['openai', 'gemini', 'vertexai', 'xai'] as const;
export const AVATAR_VENDORS = ['akool', 'liveavatar', 'anam', 'generic'] as const;
export const SPEAK_PRIORITIES = ['INTERRUPT', 'APPEND', 'IGNORE'] as const;

const DIGITS = /^\d+$/;

export interface ValidStart {
	name: string;
	channel: string;
	mllm: boolean;
	idleTimeout: number;
	labels: Record<string, unknown>;
	properties: Json;
}

function sameSet(a: string[], b: readonly string[]): boolean {
	return a.length === b.length && b.every((x) => a.includes(x));
}

function modalities(o: Json, key: string, path: string, allowed: readonly (readonly string[])[]): void {
	const a = optStrArr(o, key, path);
	if (!a) return;
	if (!allowed.some((set) => sameSet(a, set))) {
		throw invalid(join(path, key), `must be one of ${allowed.map((s) => JSON.stringify(s)).join(', ')}`);
	}
}

function uid(v: unknown, path: string, stringUid: boolean): void {
	if (typeof v !== 'string') throw invalid(path, 'must be a string');
	if (v.length === 0) throw missing(path);
	if (!stringUid && !DIGITS.test(v)) {
		throw invalid(path, 'must be an integer uid (digits only) unless properties.enable_string_uid is true');
	}
}

function isBase64Of32Bytes(s: string): boolean {
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(s) || s.length % 4 !== 0) return false;
	return Buffer.from(s, 'base64').length === 32;
}

function validateMessages(o: Json, key: string, path: string): void {
	const a = optArr(o, key, path);
	if (!a) return;
	const p = join(path, key);
	a.forEach((m, i) => {
		const ip = `${p}[${i}]`;
		if (!isObj(m)) throw invalid(ip, 'must be an object');
		reqStr(m, 'role', ip);
		if (isNil(m.content)) throw missing(`${ip}.content`);
		if (typeof m.content !== 'string' && !Array.isArray(m.content)) throw invalid(`${ip}.content`, 'must be a string or an array');
	});
}

function validateGeofence(p: Json, path: string): void {
	const g = optObj(p, 'geofence', path);
	if (!g) return;
	const gp = join(path, 'geofence');
	if (isNil(g.area)) throw missing(`${gp}.area`);
	const area = optEnum(g, 'area', gp, GEOFENCE_AREAS);
	const ex = optEnum(g, 'exclude_area', gp, GEOFENCE_EXCLUDE);
	if (ex !== undefined && area !== 'GLOBAL') throw invalid(`${gp}.exclude_area`, 'is allowed only when area is GLOBAL');
}

function validateAdvanced(p: Json, path: string): Json | undefined {
	const a = optObj(p, 'advanced_features', path);
	if (!a) return undefined;
	const ap = join(path, 'advanced_features');
	for (const k of ['enable_mllm', 'enable_rtm', 'enable_sal', 'enable_tools']) optBool(a, k, ap);
	return a;
}

function validateTts(p: Json, path: string, required: boolean, preset: boolean): void {
	const t = optObj(p, 'tts', path);
	const tp = join(path, 'tts');
	if (!t) {
		if (required) throw missing(tp);
		return;
	}
	if (preset) optStr(t, 'vendor', tp);
	else reqStr(t, 'vendor', tp, { nonEmpty: true });
	if (preset) optObj(t, 'params', tp);
	else reqObj(t, 'params', tp);
	const sp = optArr(t, 'skip_patterns', tp);
	sp?.forEach((x, i) => {
		if (typeof x !== 'number' || !Number.isInteger(x) || x < 1 || x > 5) {
			throw invalid(`${tp}.skip_patterns[${i}]`, 'must be an integer in [1, 5]');
		}
	});
}

function validateMcpServers(l: Json, lp: string): void {
	const a = optArr(l, 'mcp_servers', lp);
	if (!a) return;
	const seen = new Set<string>();
	a.forEach((s, i) => {
		const sp = `${lp}.mcp_servers[${i}]`;
		if (!isObj(s)) throw invalid(sp, 'must be an object');
		const name = reqStr(s, 'name', sp, { nonEmpty: true });
		if (name.length > 48 || !/^[A-Za-z0-9]+$/.test(name)) {
			throw invalid(`${sp}.name`, 'must be at most 48 characters, English letters and digits only');
		}
		if (seen.has(name)) throw invalid(`${sp}.name`, 'must be unique');
		seen.add(name);
		reqStr(s, 'endpoint', sp, { nonEmpty: true });
		optEnum(s, 'transport', sp, ['streamable_http']);
		optStrMap(s, 'headers', sp);
		optStrArr(s, 'allowed_tools', sp);
		optInt(s, 'timeout_ms', sp, 0);
	});
}

function validateLlm(p: Json, path: string, required: boolean, urlRequired: boolean): void {
	const l = optObj(p, 'llm', path);
	const lp = join(path, 'llm');
	if (!l) {
		if (required) throw missing(lp);
		return;
	}
	if (urlRequired) reqStr(l, 'url', lp, { nonEmpty: true });
	else optStr(l, 'url', lp);
	optStr(l, 'api_key', lp);
	validateMessages(l, 'system_messages', lp);
	optObj(l, 'params', lp);
	optInt(l, 'max_history', lp, 1, 1024);
	modalities(l, 'input_modalities', lp, [['text'], ['text', 'image']]);
	modalities(l, 'output_modalities', lp, [['text'], ['audio'], ['text', 'audio']]);
	const g = optObj(l, 'greeting_configs', lp);
	if (g) {
		const gp = `${lp}.greeting_configs`;
		optEnum(g, 'mode', gp, ['single_every', 'single_first']);
		optInt(g, 'delay_ms', gp, 0, 5000);
		optBool(g, 'interruptable', gp);
	}
	optStr(l, 'greeting_message', lp);
	optStr(l, 'failure_message', lp);
	optStr(l, 'vendor', lp);
	optEnum(l, 'style', lp, LLM_STYLES);
	optStrMap(l, 'template_variables', lp);
	validateMcpServers(l, lp);
	optStrMap(l, 'headers', lp);
}

function validateMllmTurnDetection(m: Json, mp: string): void {
	const td = optObj(m, 'turn_detection', mp);
	if (!td) return;
	const tp = `${mp}.turn_detection`;
	const mode = optEnum(td, 'mode', tp, ['platform_vad', 'server_vad', 'semantic_vad']);
	const cfg = modeConfig(td, tp, mode, ['platform_vad_config', 'server_vad_config', 'semantic_vad_config'], false);
	if (!cfg) return;
	const cp = `${tp}.${mode}_config`;
	if (mode === 'platform_vad') {
		optInt(cfg, 'interrupt_duration_ms', cp, 0);
		optInt(cfg, 'prefix_padding_ms', cp, 0);
		optInt(cfg, 'silence_duration_ms', cp, 0);
		optNum(cfg, 'threshold', cp);
	} else if (mode === 'server_vad') {
		optInt(cfg, 'prefix_padding_ms', cp, 0);
		optInt(cfg, 'silence_duration_ms', cp, 0);
		optNum(cfg, 'threshold', cp);
		optInt(cfg, 'idle_timeout_ms', cp, 0);
		optEnum(cfg, 'start_of_speech_sensitivity', cp, ['START_SENSITIVITY_HIGH', 'START_SENSITIVITY_LOW']);
		optEnum(cfg, 'end_of_speech_sensitivity', cp, ['END_SENSITIVITY_HIGH', 'END_SENSITIVITY_LOW']);
	} else {
		optEnum(cfg, 'eagerness', cp, ['auto', 'low', 'medium', 'high']);
	}
}

function validateMllm(p: Json, path: string, enabled: boolean, keyOptional: boolean): void {
	const m = optObj(p, 'mllm', path);
	if (!m) return;
	const mp = join(path, 'mllm');
	optBool(m, 'enable', mp);
	optStr(m, 'url', mp);
	if (enabled && !keyOptional) reqStr(m, 'api_key', mp, { nonEmpty: true });
	else optStr(m, 'api_key', mp);
	const msgs = optArr(m, 'messages', mp);
	msgs?.forEach((x, i) => {
		if (!isObj(x)) throw invalid(`${mp}.messages[${i}]`, 'must be an object');
	});
	optObj(m, 'params', mp);
	modalities(m, 'input_modalities', mp, [['audio'], ['audio', 'text']]);
	const out = optStrArr(m, 'output_modalities', mp);
	if (out && !(out.length === 2 && out[0] === 'text' && out[1] === 'audio')) {
		throw invalid(`${mp}.output_modalities`, 'must be ["text","audio"]');
	}
	optStr(m, 'greeting_message', mp);
	optEnum(m, 'vendor', mp, MLLM_VENDORS);
	validateMllmTurnDetection(m, mp);
}

function validateAvatar(p: Json, path: string): void {
	const a = optObj(p, 'avatar', path);
	if (!a) return;
	const ap = join(path, 'avatar');
	const enable = optBool(a, 'enable', ap);
	optEnum(a, 'vendor', ap, AVATAR_VENDORS);
	optObj(a, 'params', ap);
	if (enable) {
		if (isNil(a.vendor)) throw missing(`${ap}.vendor`);
		if (isNil(a.params)) throw missing(`${ap}.params`);
	}
}

const DEPRECATED_TD_KEYS = [
	'type',
	'interrupt_mode',
	'interrupt_duration_ms',
	'interrupt_keywords',
	'prefix_padding_ms',
	'silence_duration_ms',
	'threshold',
	'eagerness',
];

function validateTurnDetection(p: Json, path: string, mllm: boolean): void {
	const td = optObj(p, 'turn_detection', path);
	if (!td) return;
	const tp = join(path, 'turn_detection');
	// current form
	optEnum(td, 'mode', tp, ['default']);
	const cfg = optObj(td, 'config', tp);
	if (cfg) {
		const cp = `${tp}.config`;
		optNum(cfg, 'speech_threshold', cp, { min: 0, max: 1, exclusive: true });
		const sos = optObj(cfg, 'start_of_speech', cp);
		if (sos) {
			const sp = `${cp}.start_of_speech`;
			if (isNil(sos.mode)) throw missing(`${sp}.mode`);
			const mode = optEnum(sos, 'mode', sp, ['vad', 'keywords', 'disabled']);
			const c = modeConfig(sos, sp, mode, ['vad_config', 'keywords_config', 'disabled_config'], true);
			if (c) {
				const ccp = `${sp}.${mode}_config`;
				if (mode === 'vad') {
					optInt(c, 'interrupt_duration_ms', ccp, 120, 1200);
					optInt(c, 'speaking_interrupt_duration_ms', ccp, 120, 1200);
					optInt(c, 'prefix_padding_ms', ccp, 0, 5000);
				} else if (mode === 'keywords') {
					optInt(c, 'interrupt_duration_ms', ccp, 120, 1200);
					optInt(c, 'prefix_padding_ms', ccp, 0, 5000);
					optStrArr(c, 'triggered_keywords', ccp);
				} else {
					optEnum(c, 'strategy', ccp, ['append', 'ignore']);
				}
			}
		}
		const eos = optObj(cfg, 'end_of_speech', cp);
		if (eos) {
			const ep = `${cp}.end_of_speech`;
			const mode = optEnum(eos, 'mode', ep, ['vad', 'semantic']);
			const c = modeConfig(eos, ep, mode, ['vad_config', 'semantic_config'], true);
			if (c) {
				const ccp = `${ep}.${mode}_config`;
				optInt(c, 'silence_duration_ms', ccp, 120, 2000);
				if (mode === 'semantic') {
					const mw = c.max_wait_ms;
					if (!isNil(mw) && mw !== -1) optInt(c, 'max_wait_ms', ccp, 500, 10000);
					optBool(c, 'pause_state_enabled', ccp);
				}
			}
		}
	}
	// deprecated form (still accepted)
	if (DEPRECATED_TD_KEYS.some((k) => !isNil(td[k]))) {
		const type = optEnum(td, 'type', tp, ['platform_vad', 'server_vad', 'semantic_vad']);
		if (type && type !== 'platform_vad' && !mllm) throw invalid(`${tp}.type`, `${type} is allowed only with mllm`);
		const im = optEnum(td, 'interrupt_mode', tp, ['interrupt', 'append', 'ignore', 'keywords', 'adaptive']);
		if (im && im !== 'interrupt' && mllm) throw invalid(`${tp}.interrupt_mode`, 'only interrupt is allowed with mllm');
		optNum(td, 'interrupt_duration_ms', tp, { min: 0 });
		optStrArr(td, 'interrupt_keywords', tp, 128);
		optNum(td, 'prefix_padding_ms', tp, { min: 0 });
		optNum(td, 'silence_duration_ms', tp, { min: 0 });
		optNum(td, 'threshold', tp, { min: 0, max: 1, exclusive: true });
		const e = optEnum(td, 'eagerness', tp, ['auto', 'low', 'high']);
		if (e && e !== 'auto' && type !== 'semantic_vad') throw invalid(`${tp}.eagerness`, 'applies only with type semantic_vad');
	}
}

function validateInterruption(p: Json, path: string): void {
	const it = optObj(p, 'interruption', path);
	if (!it) return;
	const ip = join(path, 'interruption');
	optBool(it, 'enable', ip);
	optEnum(it, 'mode', ip, ['start_of_speech', 'keywords']);
	const kc = optObj(it, 'keywords_config', ip);
	if (kc) optStrArr(kc, 'trigger_keywords', `${ip}.keywords_config`, 128);
	const dc = optObj(it, 'disabled_config', ip);
	if (dc) optEnum(dc, 'strategy', `${ip}.disabled_config`, ['append', 'ignore']);
}

function validateSal(p: Json, path: string): void {
	const s = optObj(p, 'sal', path);
	if (!s) return;
	const sp = join(path, 'sal');
	const mode = optEnum(s, 'sal_mode', sp, ['locking', 'recognition']);
	const urls = optObj(s, 'sample_urls', sp);
	if (urls) {
		const keys = Object.keys(urls);
		if (keys.length !== 1) throw invalid(`${sp}.sample_urls`, 'must have exactly one entry');
		if (keys[0] === 'unknown') throw invalid(`${sp}.sample_urls`, 'entry name "unknown" is reserved');
		if (typeof urls[keys[0]] !== 'string' || (urls[keys[0]] as string).length === 0) {
			throw invalid(`${sp}.sample_urls.${keys[0]}`, 'must be a URL string');
		}
	} else if (mode === 'recognition') {
		throw missing(`${sp}.sample_urls`);
	}
}

function validateRtc(p: Json, path: string): void {
	const r = optObj(p, 'rtc', path);
	if (!r) return;
	const rp = join(path, 'rtc');
	optStr(r, 'encryption_key', rp);
	const salt = optStr(r, 'encryption_salt', rp);
	const mode = optInt(r, 'encryption_mode', rp, 1, 8);
	if (mode === 7 || mode === 8) {
		if (!salt) throw missing(`${rp}.encryption_salt`);
		if (!isBase64Of32Bytes(salt)) throw invalid(`${rp}.encryption_salt`, 'must be a base64 string that decodes to 32 bytes');
	}
}

function validateFiller(p: Json, path: string): void {
	const f = optObj(p, 'filler_words', path);
	if (!f) return;
	const fp = join(path, 'filler_words');
	const enable = optBool(f, 'enable', fp);
	const trig = optObj(f, 'trigger', fp);
	if (trig) {
		const tp = `${fp}.trigger`;
		const mode = optEnum(trig, 'mode', tp, ['fixed_time']);
		const others = Object.keys(trig).filter((k) => k.endsWith('_config') && k !== 'fixed_time_config' && !isNil(trig[k]));
		if (others.length) throw invalid(`${tp}.${others[0]}`, 'does not match trigger.mode (only fixed_time_config is allowed)');
		const c = modeConfig(trig, tp, mode ?? (isNil(trig.fixed_time_config) ? undefined : 'fixed_time'), ['fixed_time_config'], false);
		if (c) optInt(c, 'response_wait_ms', `${tp}.fixed_time_config`, 100, 10000);
	}
	const content = optObj(f, 'content', fp);
	const cp = `${fp}.content`;
	let phrases: string[] | undefined;
	if (content) {
		const mode = optEnum(content, 'mode', cp, ['static']);
		const others = Object.keys(content).filter((k) => k.endsWith('_config') && k !== 'static_config' && !isNil(content[k]));
		if (others.length) throw invalid(`${cp}.${others[0]}`, 'does not match content.mode (only static_config is allowed)');
		const c = modeConfig(content, cp, mode ?? (isNil(content.static_config) ? undefined : 'static'), ['static_config'], false);
		if (c) {
			const sp = `${cp}.static_config`;
			phrases = optStrArr(c, 'phrases', sp);
			if (phrases) {
				if (phrases.length > 100) throw invalid(`${sp}.phrases`, 'must have at most 100 phrases');
				phrases.forEach((ph, i) => {
					const words = ph.trim().split(/\s+/).filter(Boolean).length;
					if (words > 50) throw invalid(`${sp}.phrases[${i}]`, 'must have at most 50 words');
				});
			}
			optEnum(c, 'selection_rule', sp, ['shuffle', 'round_robin']);
		}
	}
	if (enable && (!phrases || phrases.length === 0)) throw missing(`${cp}.static_config.phrases`);
}

function validateParameters(p: Json, path: string): void {
	const pr = optObj(p, 'parameters', path);
	if (!pr) return;
	const pp = join(path, 'parameters');
	const sc = optObj(pr, 'silence_config', pp);
	if (sc) {
		const sp = `${pp}.silence_config`;
		const t = optInt(sc, 'timeout_ms', sp, 0, 60000);
		optEnum(sc, 'action', sp, ['speak', 'think']);
		const c = optStr(sc, 'content', sp);
		if (t !== undefined && t > 0 && !c) throw missing(`${sp}.content`);
	}
	const fc = optObj(pr, 'farewell_config', pp);
	if (fc) {
		const fp = `${pp}.farewell_config`;
		optBool(fc, 'graceful_enabled', fp);
		optInt(fc, 'graceful_timeout_seconds', fp, 0, 120);
	}
	optEnum(pr, 'data_channel', pp, ['rtm', 'datastream']);
	optBool(pr, 'enable_metrics', pp);
	optBool(pr, 'enable_error_message', pp);
	optEnum(pr, 'audio_scenario', pp, ['default', 'chorus', 'aiserver']);
}

/** Validates the start (join) request body. */
export function validateStart(body: unknown): ValidStart {
	if (!isObj(body)) throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	const name = reqStr(body, 'name', '', { nonEmpty: true });
	const preset = optStr(body, 'preset', '');
	const pipelineId = optStr(body, 'pipeline_id', '');
	const hasPreset = !!preset;
	const hasPipeline = !!pipelineId;
	const p = reqObj(body, 'properties', '');
	const P = 'properties';

	const channel = reqStr(p, 'channel', P, { nonEmpty: true });
	reqStr(p, 'token', P);
	const stringUid = optBool(p, 'enable_string_uid', P) ?? false;
	if (isNil(p.agent_rtc_uid)) throw missing(`${P}.agent_rtc_uid`);
	uid(p.agent_rtc_uid, `${P}.agent_rtc_uid`, stringUid);
	if (isNil(p.remote_rtc_uids)) throw missing(`${P}.remote_rtc_uids`);
	if (!Array.isArray(p.remote_rtc_uids)) throw invalid(`${P}.remote_rtc_uids`, 'must be an array');
	if (p.remote_rtc_uids.length !== 1) throw invalid(`${P}.remote_rtc_uids`, 'must contain exactly one user ID');
	uid(p.remote_rtc_uids[0], `${P}.remote_rtc_uids[0]`, stringUid);
	const idle = optInt(p, 'idle_timeout', P, 0);

	validateGeofence(p, P);
	const adv = validateAdvanced(p, P);
	const asr = optObj(p, 'asr', P);
	if (asr) optStr(asr, 'language', `${P}.asr`);

	const mllmObj = isObj(p.mllm) ? p.mllm : undefined;
	const mllm = mllmObj?.enable === true || adv?.enable_mllm === true;

	if (!mllm) {
		validateTts(p, P, !hasPipeline, hasPreset);
		validateLlm(p, P, !hasPipeline, !hasPipeline && !hasPreset);
	}
	validateMllm(p, P, mllm, hasPreset || hasPipeline);
	validateAvatar(p, P);
	validateTurnDetection(p, P, mllm);
	validateInterruption(p, P);
	validateSal(p, P);
	const labels = optObj(p, 'labels', P);
	validateRtc(p, P);
	validateFiller(p, P);
	validateParameters(p, P);

	return { name, channel, mllm, idleTimeout: idle ?? 30, labels: labels ?? {}, properties: p };
}

export interface ValidUpdate {
	token?: string;
	systemMessages?: unknown[];
	llmParams?: Json;
	mllmParams?: Json;
}

/** Validates the update body `{properties: {token?, llm?: {system_messages?, params?}, mllm?: {params?}}}`. */
export function validateUpdate(body: unknown): ValidUpdate {
	if (isNil(body)) return {};
	if (!isObj(body)) throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	const extra = Object.keys(body).filter((k) => k !== 'properties');
	if (extra.length) {
		throw new FieldError(
			'InvalidRequestBody',
			extra[0],
			`${extra[0]} is not allowed at the top level; the body must be {"properties": {...}}`,
		);
	}
	const p = optObj(body, 'properties', '');
	if (!p) return {};
	const P = 'properties';
	const out: ValidUpdate = {};
	out.token = optStr(p, 'token', P);
	const l = optObj(p, 'llm', P);
	if (l) {
		validateMessages(l, 'system_messages', `${P}.llm`);
		out.systemMessages = optArr(l, 'system_messages', `${P}.llm`);
		out.llmParams = optObj(l, 'params', `${P}.llm`);
	}
	const m = optObj(p, 'mllm', P);
	if (m) out.mllmParams = optObj(m, 'params', `${P}.mllm`);
	return out;
}

export interface ValidSpeak {
	text: string;
	priority: string;
	interruptable: boolean;
}

export function validateSpeak(body: unknown): ValidSpeak {
	if (!isObj(body)) throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	const text = reqStr(body, 'text', '', { nonEmpty: true });
	if (byteLen(text) > 512) throw invalid('text', 'must be at most 512 bytes (UTF-8)');
	const priority = optEnum(body, 'priority', '', SPEAK_PRIORITIES) ?? 'INTERRUPT';
	const interruptable = optBool(body, 'interruptable', '') ?? true;
	return { text, priority, interruptable };
}

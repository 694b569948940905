/**
 * Start request: the model blocks (asr, tts, llm, mllm, avatar), following the Conversational AI
 * reference, start-agent requestBody properties.<block>. Vendors are open lists: any string passes.
 */
import {
	invalid,
	join,
	missing,
	optArr,
	optBool,
	optEnum,
	optInt,
	optNum,
	optObj,
	optStr,
	optStrArr,
	reqStr,
} from './check';
import * as R from './reference';
import { validateHttpTools } from './validate-tools';
import { byteLen, isNil, isObj, Json } from './util';

export interface ModelContext {
	/** pipeline_id given: asr, tts and llm are optional. */
	pipeline: boolean;
	/** A preset the presets page does not list: what it covers is unknown, so nothing is required. */
	preset: boolean;
	/** An LLM preset: llm needs no url, key or model, and may be left out. */
	presetLlm?: boolean;
	/** A TTS preset: tts needs no vendor or params, and may be left out. */
	presetTts?: boolean;
	/** llm.output_modalities ["audio"]: "you don't need to set up a TTS module" (Agora's audio output guide). */
	llmSpeaks?: boolean;
}

export function llmSpeaks(p: Json): boolean {
	const out = isObj(p.llm) ? p.llm.output_modalities : undefined;
	return Array.isArray(out) && out.length === 1 && out[0] === 'audio';
}

function sameSet(a: string[], b: readonly string[]): boolean {
	return a.length === b.length && b.every((x) => a.includes(x));
}

/** An array-valued field that must equal one of the documented combinations (order free). */
export function modalities(
	o: Json,
	key: string,
	path: string,
	allowed: readonly (readonly string[])[],
): void {
	const a = optStrArr(o, key, path);
	if (!a) return;
	if (!allowed.some((set) => sameSet(a, set))) {
		throw invalid(
			join(path, key),
			`must be one of ${allowed.map((s) => JSON.stringify(s)).join(', ')}`,
		);
	}
}

/** system_messages / mllm.messages: arrays of objects (start-agent properties.llm.system_messages). */
export function messageList(o: Json, key: string, path: string): unknown[] | undefined {
	const a = optArr(o, key, path);
	a?.forEach((m, i) => {
		if (!isObj(m)) throw invalid(`${join(path, key)}[${i}]`, 'must be an object');
	});
	return a;
}

// properties.asr: credential_mode enum, vendor any string, params object (the "Basic configuration"
// example sends asr with language only, so params is not enforced although the schema lists it)
export function validateAsr(p: Json, path: string): void {
	const a = optObj(p, 'asr', path);
	if (!a) return;
	const ap = join(path, 'asr');
	optEnum(a, 'credential_mode', ap, R.CREDENTIAL_MODES);
	optStr(a, 'language', ap);
	optStr(a, 'vendor', ap);
	optObj(a, 'params', ap);
}

// properties.tts: required vendor and params; skip_patterns 1..5; generic_http needs url,
// headers and params
export function validateTts(p: Json, path: string, ctx: ModelContext): void {
	const t = optObj(p, 'tts', path);
	const tp = join(path, 'tts');
	if (!t) {
		if (!ctx.pipeline && !ctx.llmSpeaks && !ctx.presetTts && !ctx.preset) throw missing(tp);
		return;
	}
	optEnum(t, 'credential_mode', tp, R.CREDENTIAL_MODES);
	const relaxed = ctx.pipeline || ctx.preset || !!ctx.presetTts;
	const vendor = relaxed ? optStr(t, 'vendor', tp) : reqStr(t, 'vendor', tp, { nonEmpty: true });
	if (relaxed) optObj(t, 'params', tp);
	else if (!optObj(t, 'params', tp)) throw missing(join(tp, 'params'));
	if (vendor === R.TTS_GENERIC_HTTP) {
		reqStr(t, 'url', tp, { nonEmpty: true });
		if (!optObj(t, 'headers', tp)) throw missing(join(tp, 'headers'));
		if (!optObj(t, 'params', tp)) throw missing(join(tp, 'params'));
	} else {
		optStr(t, 'url', tp);
		optObj(t, 'headers', tp);
	}
	optArr(t, 'skip_patterns', tp)?.forEach((x, i) => {
		if (!(R.SKIP_PATTERNS as readonly unknown[]).includes(x))
			throw invalid(`${tp}.skip_patterns[${i}]`, 'must be one of 1, 2, 3, 4, 5');
	});
}

function validateGreeting(l: Json, lp: string): void {
	const g = optObj(l, 'greeting_configs', lp);
	if (g) {
		const gp = join(lp, 'greeting_configs');
		optStr(g, 'mode', gp);
		optInt(g, 'delay_ms', gp);
		optBool(g, 'interruptable', gp);
		optInt(
			g,
			'audio_download_timeout_ms',
			gp,
			R.GREETING_AUDIO_TIMEOUT.min,
			R.GREETING_AUDIO_TIMEOUT.max,
		);
		optInt(g, 'audio_pcm_sample_rate', gp);
	}
	const message = optStr(l, 'greeting_message', lp);
	if (l.greeting_audio_url === undefined) return;
	const up = join(lp, 'greeting_audio_url');
	const url = l.greeting_audio_url;
	if (typeof url !== 'string') throw invalid(up, 'must be a string');
	if (url === '') throw invalid(up, 'must not be an empty string');
	if (!/^https?:\/\/[^\s/]+/i.test(url)) throw invalid(up, 'must be an http:// or https:// URL');
	if (byteLen(url) > R.GREETING_AUDIO_URL_MAX_BYTES)
		throw invalid(up, `must be at most ${R.GREETING_AUDIO_URL_MAX_BYTES} bytes`);
	if (!message) throw missing(join(lp, 'greeting_message'));
}

function validateMcpServers(l: Json, lp: string): void {
	const a = optArr(l, 'mcp_servers', lp);
	if (!a) return;
	const seen = new Set<string>();
	a.forEach((s, i) => {
		const sp = `${lp}.mcp_servers[${i}]`;
		if (!isObj(s)) throw invalid(sp, 'must be an object');
		const name = reqStr(s, 'name', sp, { nonEmpty: true });
		if (!R.MCP_NAME_RE.test(name))
			throw invalid(`${sp}.name`, 'must be at most 48 characters, English letters and digits only');
		if (seen.has(name)) throw invalid(`${sp}.name`, 'must be unique');
		seen.add(name);
		reqStr(s, 'endpoint', sp, { nonEmpty: true });
		optStr(s, 'transport', sp);
		optObj(s, 'headers', sp);
		optArr(s, 'allowed_tools', sp);
		optInt(s, 'timeout_ms', sp, 0);
	});
}

// properties.llm: required url (not with pipeline_id or preset); modalities; greeting; style enum;
// vendor any string; mcp_servers
export function validateLlm(p: Json, path: string, ctx: ModelContext): void {
	const l = optObj(p, 'llm', path);
	const lp = join(path, 'llm');
	if (!l) {
		if (!ctx.pipeline && !ctx.presetLlm && !ctx.preset) throw missing(lp);
		return;
	}
	const mode = optEnum(l, 'credential_mode', lp, R.CREDENTIAL_MODES);
	// Managed mode: Agora supplies the credentials and the endpoint ("Use managed mode").
	if (ctx.pipeline || ctx.preset || ctx.presetLlm || mode === 'managed') optStr(l, 'url', lp);
	else reqStr(l, 'url', lp, { nonEmpty: true });
	optStr(l, 'api_key', lp);
	messageList(l, 'system_messages', lp);
	optObj(l, 'params', lp);
	optInt(l, 'max_history', lp);
	modalities(l, 'input_modalities', lp, R.LLM_INPUT_MODALITIES);
	modalities(l, 'output_modalities', lp, R.LLM_OUTPUT_MODALITIES);
	validateGreeting(l, lp);
	optStr(l, 'failure_message', lp);
	optStr(l, 'vendor', lp);
	// request styles grow with the providers Agora supports: any string passes
	optStr(l, 'style', lp);
	optObj(l, 'template_variables', lp);
	validateMcpServers(l, lp);
	validateHttpTools(l, lp);
	optObj(l, 'headers', lp);
}

function validateMllmTurnDetection(m: Json, mp: string): void {
	const td = optObj(m, 'turn_detection', mp);
	if (!td) return;
	const tp = join(mp, 'turn_detection');
	optStr(td, 'mode', tp);
	for (const k of ['agora_vad_config', 'platform_vad_config']) {
		const c = optObj(td, k, tp);
		if (!c) continue;
		const cp = join(tp, k);
		for (const f of ['interrupt_duration_ms', 'prefix_padding_ms', 'silence_duration_ms'])
			optInt(c, f, cp);
		optNum(c, 'threshold', cp);
	}
	const s = optObj(td, 'server_vad_config', tp);
	if (s) {
		const sp = join(tp, 'server_vad_config');
		for (const f of ['prefix_padding_ms', 'silence_duration_ms', 'idle_timeout_ms'])
			optInt(s, f, sp);
		optNum(s, 'threshold', sp);
		optEnum(s, 'start_of_speech_sensitivity', sp, R.START_SENSITIVITY);
		optEnum(s, 'end_of_speech_sensitivity', sp, R.END_SENSITIVITY);
	}
	const sem = optObj(td, 'semantic_vad_config', tp);
	if (sem) optEnum(sem, 'eagerness', join(tp, 'semantic_vad_config'), R.MLLM_EAGERNESS);
}

// properties.mllm: api_key required when enabled with a vendor that uses it; vertexai needs its
// ADC credentials, project and region instead (not with pipeline_id or preset), at the top of mllm
// (Vertex AI page) or under mllm.params (Agora's server SDKs send them there)
export function validateMllm(p: Json, path: string, enabled: boolean, ctx: ModelContext): void {
	const m = optObj(p, 'mllm', path);
	if (!m) return;
	const mp = join(path, 'mllm');
	optBool(m, 'enable', mp);
	const vendor = optStr(m, 'vendor', mp) || 'openai';
	const needsCredentials = enabled && !ctx.pipeline && !ctx.preset;
	if (needsCredentials && (R.MLLM_URL_REQUIRED_VENDORS as readonly string[]).includes(vendor))
		reqStr(m, 'url', mp, { nonEmpty: true });
	else optStr(m, 'url', mp);
	if (needsCredentials && (R.MLLM_API_KEY_VENDORS as readonly string[]).includes(vendor))
		reqStr(m, 'api_key', mp, { nonEmpty: true });
	else optStr(m, 'api_key', mp);
	const params = isObj(m.params) ? m.params : {};
	for (const k of R.MLLM_VERTEX_FIELDS) {
		const inParams = typeof params[k] === 'string' && params[k] !== '';
		if (needsCredentials && vendor === R.MLLM_VERTEX_VENDOR && !inParams)
			reqStr(m, k, mp, { nonEmpty: true });
		else optStr(m, k, mp);
	}
	messageList(m, 'messages', mp);
	optObj(m, 'params', mp);
	modalities(m, 'input_modalities', mp, R.MLLM_INPUT_MODALITIES);
	modalities(m, 'output_modalities', mp, R.MLLM_OUTPUT_MODALITIES);
	optStr(m, 'greeting_message', mp);
	optStr(m, 'failure_message', mp);
	validateMllmTurnDetection(m, mp);
	// "Call custom tools" and "Use MCP tools": MLLM agents take tools and mcp_servers under mllm,
	// with the same definitions as under llm
	validateHttpTools(m, mp);
	validateMcpServers(m, mp);
}

// properties.avatar: "To enable, set to true and configure the vendor and params fields"
export function validateAvatar(p: Json, path: string): void {
	const a = optObj(p, 'avatar', path);
	if (!a) return;
	const ap = join(path, 'avatar');
	const enable = optBool(a, 'enable', ap);
	optStr(a, 'vendor', ap);
	optObj(a, 'params', ap);
	if (enable) {
		if (isNil(a.vendor) || a.vendor === '') throw missing(`${ap}.vendor`);
		if (isNil(a.params)) throw missing(`${ap}.params`);
	}
}

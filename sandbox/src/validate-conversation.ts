/**
 * Start request: how the conversation runs (turn detection, interruption, SAL, encryption, filler words,
 * parameters, geofence), per the reference. Unknown modes pass; a known one must bring what it needs.
 */
import {
	invalid,
	join,
	missing,
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
import { isNil, isObj, Json } from './util';

const EXCLUSIVE_UNIT = { min: 0, max: 1, exclusive: true };

// properties.geofence: area required; exclude_area only with area GLOBAL
export function validateGeofence(p: Json, path: string): void {
	const g = optObj(p, 'geofence', path);
	if (!g) return;
	const gp = join(path, 'geofence');
	if (isNil(g.area)) throw missing(`${gp}.area`);
	const area = optEnum(g, 'area', gp, R.GEOFENCE_AREAS);
	const ex = optEnum(g, 'exclude_area', gp, R.GEOFENCE_EXCLUDE);
	if (ex !== undefined && area !== 'GLOBAL')
		throw invalid(`${gp}.exclude_area`, 'is allowed only when area is GLOBAL');
}

export function validateAdvanced(p: Json, path: string): Json | undefined {
	const a = optObj(p, 'advanced_features', path);
	if (!a) return undefined;
	const ap = join(path, 'advanced_features');
	for (const k of ['enable_mllm', 'enable_rtm', 'enable_sal', 'enable_tools']) optBool(a, k, ap);
	return a;
}

/**
 * The "{mode}_config" rule of start_of_speech / end_of_speech: one mode configuration at most, the
 * one matching mode; a mode alone is accepted (see reference.ts).
 */
function modeConfig(o: Json, path: string, mode: string | undefined): Json | undefined {
	const present = Object.keys(o).filter((k) => k.endsWith('_config') && !isNil(o[k]));
	if (present.length > 1)
		throw invalid(
			join(path, present[1]),
			`cannot be given together with ${join(path, present[0])}`,
		);
	if (mode === undefined) {
		if (present.length)
			throw invalid(join(path, present[0]), `requires ${join(path, 'mode')} to match it`);
		return undefined;
	}
	const expected = `${mode}_config`;
	if (mode === R.MANUAL_MODE) {
		if (present.length)
			throw invalid(join(path, present[0]), 'is not supported: mode manual takes no configuration');
		return undefined;
	}
	if (present.length && present[0] !== expected) {
		throw invalid(
			join(path, present[0]),
			`does not match ${join(path, 'mode')} ${mode} (expected ${expected})`,
		);
	}
	if (!present.length) return undefined;
	return optObj(o, expected, path);
}

function validateStartOfSpeech(cfg: Json, cp: string): string | undefined {
	const sos = optObj(cfg, 'start_of_speech', cp);
	if (!sos) return undefined;
	const sp = join(cp, 'start_of_speech');
	if (isNil(sos.mode)) throw missing(`${sp}.mode`);
	const mode = optStr(sos, 'mode', sp);
	const c = modeConfig(sos, sp, mode);
	if (c) {
		const ccp = `${sp}.${mode}_config`;
		for (const k of [
			'interrupt_duration_ms',
			'speaking_interrupt_duration_ms',
			'prefix_padding_ms',
		])
			optInt(c, k, ccp);
		optStrArr(c, 'triggered_keywords', ccp);
		optEnum(c, 'strategy', ccp, R.STRATEGIES);
	}
	return mode;
}

function validateEndOfSpeech(cfg: Json, cp: string): string | undefined {
	const eos = optObj(cfg, 'end_of_speech', cp);
	if (!eos) return undefined;
	const ep = join(cp, 'end_of_speech');
	const mode = optStr(eos, 'mode', ep);
	const c = modeConfig(eos, ep, mode);
	if (c) {
		const ccp = `${ep}.${mode}_config`;
		optInt(c, 'silence_duration_ms', ccp);
		optInt(c, 'max_wait_ms', ccp, -1);
		optBool(c, 'pause_state_enabled', ccp);
	}
	return mode;
}

// properties.turn_detection: the current form (mode, config) and the deprecated one (type, ...)
// Returns the start and end of speech modes, for the manual-mode preconditions.
export function validateTurnDetection(p: Json, path: string): { sos?: string; eos?: string } {
	const td = optObj(p, 'turn_detection', path);
	if (!td) return {};
	const tp = join(path, 'turn_detection');
	optStr(td, 'mode', tp);
	optEnum(td, 'type', tp, R.TURN_DETECTION_TYPES);
	optEnum(td, 'interrupt_mode', tp, R.INTERRUPT_MODES);
	optNum(td, 'interrupt_duration_ms', tp, { min: 0 });
	optStrArr(td, 'interrupt_keywords', tp, R.MAX_KEYWORDS);
	optInt(td, 'prefix_padding_ms', tp, 0);
	optInt(td, 'silence_duration_ms', tp, 0);
	optNum(td, 'threshold', tp, EXCLUSIVE_UNIT);
	optEnum(td, 'eagerness', tp, R.DEPRECATED_EAGERNESS);
	const cfg = optObj(td, 'config', tp);
	if (!cfg) return {};
	const cp = join(tp, 'config');
	optNum(cfg, 'speech_threshold', cp, EXCLUSIVE_UNIT);
	return { sos: validateStartOfSpeech(cfg, cp), eos: validateEndOfSpeech(cfg, cp) };
}

/** Mode manual (start or end of speech) needs advanced_features.enable_rtm true and data_channel "rtm". */
export function checkManualPreconditions(
	p: Json,
	path: string,
	modes: { sos?: string; eos?: string },
): void {
	const which =
		modes.sos === R.MANUAL_MODE
			? 'start_of_speech'
			: modes.eos === R.MANUAL_MODE
				? 'end_of_speech'
				: undefined;
	if (!which) return;
	const why = `when turn_detection.config.${which}.mode is manual`;
	const adv = isObj(p.advanced_features) ? p.advanced_features : {};
	if (adv.enable_rtm !== true)
		throw invalid(join(path, 'advanced_features.enable_rtm'), `must be true ${why}`);
	const params = isObj(p.parameters) ? p.parameters : {};
	if (params.data_channel !== 'rtm')
		throw invalid(join(path, 'parameters.data_channel'), `must be "rtm" ${why}`);
}

// properties.interruption
export function validateInterruption(p: Json, path: string): void {
	const it = optObj(p, 'interruption', path);
	if (!it) return;
	const ip = join(path, 'interruption');
	optBool(it, 'enable', ip);
	optStr(it, 'mode', ip);
	const kc = optObj(it, 'keywords_config', ip);
	if (kc) optStrArr(kc, 'trigger_keywords', `${ip}.keywords_config`, R.MAX_KEYWORDS);
	const dc = optObj(it, 'disabled_config', ip);
	if (dc) optEnum(dc, 'strategy', `${ip}.disabled_config`, R.STRATEGIES);
}

// properties.sal: one voiceprint URL; the name "unknown" is reserved
export function validateSal(p: Json, path: string): void {
	const s = optObj(p, 'sal', path);
	if (!s) return;
	const sp = join(path, 'sal');
	optStr(s, 'sal_mode', sp);
	const urls = optObj(s, 'sample_urls', sp);
	if (!urls) return;
	const keys = Object.keys(urls);
	if (keys.length !== 1) throw invalid(`${sp}.sample_urls`, 'must hold exactly one voiceprint URL');
	if (keys[0] === R.SAL_RESERVED_NAME)
		throw invalid(`${sp}.sample_urls`, `must not use the reserved name "${R.SAL_RESERVED_NAME}"`);
	if (typeof urls[keys[0]] !== 'string' || urls[keys[0]] === '')
		throw invalid(`${sp}.sample_urls.${keys[0]}`, 'must be a URL string');
}

// properties.rtc: encryption_mode 1..8; modes 7 and 8 need a (base64) encryption_salt. The
// reference's own example salt is a shortened placeholder, so its decoded length is not checked.
export function validateRtc(p: Json, path: string): void {
	const r = optObj(p, 'rtc', path);
	if (!r) return;
	const rp = join(path, 'rtc');
	optStr(r, 'encryption_key', rp);
	const salt = optStr(r, 'encryption_salt', rp);
	const mode = r.encryption_mode;
	if (isNil(mode)) return;
	if (!(R.ENCRYPTION_MODES as readonly unknown[]).includes(mode))
		throw invalid(`${rp}.encryption_mode`, 'must be one of 1 to 8');
	if (!(R.SALTED_ENCRYPTION_MODES as readonly unknown[]).includes(mode)) return;
	if (!salt) throw missing(`${rp}.encryption_salt`);
	if (!/^[A-Za-z0-9+/]+={0,2}$/.test(salt))
		throw invalid(`${rp}.encryption_salt`, 'must be a base64 string');
}

/**
 * filler_words.{trigger,content}: its configuration sits under "{mode}_config" or, as the
 * reference's own "Advanced configuration" example writes it, under "config". Returns it with its path.
 */
function fillerConfig(o: Json, path: string, defaultMode: string): { c?: Json; at: string } {
	const keys = Object.keys(o).filter(
		(k) => (k === 'config' || k.endsWith('_config')) && !isNil(o[k]),
	);
	const mode = typeof o.mode === 'string' ? o.mode : defaultMode;
	if (keys.length > 1)
		throw invalid(join(path, keys[1]), `cannot be given together with ${join(path, keys[0])}`);
	if (!keys.length) return { at: join(path, `${mode}_config`) };
	if (keys[0] !== 'config' && keys[0] !== `${mode}_config`)
		throw invalid(join(path, keys[0]), `does not match ${join(path, 'mode')} ${mode}`);
	return { c: optObj(o, keys[0], path), at: join(path, keys[0]) };
}

// properties.filler_words: phrases required in the content configuration, at most 100 of at most
// 50 words; selection_rule; response_wait_ms
export function validateFiller(p: Json, path: string): void {
	const f = optObj(p, 'filler_words', path);
	if (!f) return;
	const fp = join(path, 'filler_words');
	const enable = optBool(f, 'enable', fp);
	const trig = optObj(f, 'trigger', fp);
	if (trig) {
		optStr(trig, 'mode', `${fp}.trigger`);
		const t = fillerConfig(trig, `${fp}.trigger`, 'fixed_time');
		if (t.c) optInt(t.c, 'response_wait_ms', t.at);
	}
	const content = optObj(f, 'content', fp);
	let phrases: string[] | undefined;
	if (content) {
		const mode = optStr(content, 'mode', `${fp}.content`);
		const { c, at } = fillerConfig(content, `${fp}.content`, 'static');
		// mode generated (join reference from v2.8): an optional generated_config, no phrases
		if (mode === 'generated') {
			if (c) validateGeneratedFiller(c, at);
			return;
		}
		if (c) {
			if (isNil(c.phrases)) throw missing(`${at}.phrases`);
			phrases = optStrArr(c, 'phrases', at) ?? [];
			checkPhrases(phrases, at);
			optEnum(c, 'selection_rule', at, R.FILLER_SELECTION_RULES);
		}
	}
	if (enable && (!phrases || phrases.length === 0))
		throw missing(`${fp}.content.static_config.phrases`);
}

// generated_config: llm_provider {url, api_key required; params}, prompt, fallback_strategy static
function validateGeneratedFiller(c: Json, at: string): void {
	const provider = optObj(c, 'llm_provider', at);
	if (provider) {
		const pp = join(at, 'llm_provider');
		reqStr(provider, 'url', pp, { nonEmpty: true });
		reqStr(provider, 'api_key', pp, { nonEmpty: true });
		optObj(provider, 'params', pp);
	}
	optStr(c, 'prompt', at);
	optEnum(c, 'fallback_strategy', at, R.FILLER_FALLBACK_STRATEGIES);
	optInt(c, 'context_message_limit', at, 0);
	optInt(c, 'history_character_limit', at, 0);
}

function checkPhrases(phrases: string[], sp: string): void {
	if (phrases.length > R.FILLER_MAX_PHRASES)
		throw invalid(`${sp}.phrases`, `must have at most ${R.FILLER_MAX_PHRASES} phrases`);
	phrases.forEach((ph, i) => {
		if (ph.trim().split(/\s+/).filter(Boolean).length > R.FILLER_MAX_WORDS) {
			throw invalid(`${sp}.phrases[${i}]`, `must have at most ${R.FILLER_MAX_WORDS} words`);
		}
	});
}

// properties.parameters
export function validateParameters(p: Json, path: string): void {
	const pr = optObj(p, 'parameters', path);
	if (!pr) return;
	const pp = join(path, 'parameters');
	const sc = optObj(pr, 'silence_config', pp);
	if (sc) {
		const sp = `${pp}.silence_config`;
		const t = optInt(sc, 'timeout_ms', sp, 0, R.SILENCE_TIMEOUT_MAX);
		optEnum(sc, 'action', sp, R.SILENCE_ACTIONS);
		const c = optStr(sc, 'content', sp);
		if (t !== undefined && t > 0 && !c) throw missing(`${sp}.content`);
	}
	const fc = optObj(pr, 'farewell_config', pp);
	if (fc) {
		optBool(fc, 'graceful_enabled', `${pp}.farewell_config`);
		optInt(fc, 'graceful_timeout_seconds', `${pp}.farewell_config`, 0);
	}
	optEnum(pr, 'data_channel', pp, R.DATA_CHANNELS);
	for (const k of ['enable_metrics', 'enable_error_message', 'opt_out']) optBool(pr, k, pp);
	optEnum(pr, 'audio_scenario', pp, R.AUDIO_SCENARIOS);
}

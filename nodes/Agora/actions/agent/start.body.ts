/**
 * Start form -> start (join) request body. Unset optional fields and groups that are switched off
 * are left out; the body is validated afterwards (schemas/agent.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { parseJsonParameter } from '../../helpers/json';
import { itemParameter, type ParameterReader } from '../../helpers/parameters';
import { invalidField } from '../../helpers/validate';
import { readJsonArray, readKeyValues, readSystemMessages, splitList } from './fields';
import { MODE, NOT_SET } from './start.fields';

type Fn = ParameterReader;

/** Adds `value` under `key` unless it is undefined. */
function put(target: IDataObject, key: string, value: unknown): void {
	if (value !== undefined) target[key] = value as IDataObject[string];
}

/** The object itself, or undefined when it has no member (an unset group). */
function nonEmpty(value: IDataObject): IDataObject | undefined {
	return Object.keys(value).length > 0 ? value : undefined;
}

const text = (value: unknown): string | undefined => {
	if (value === undefined || value === null) return undefined;
	const out = String(value);
	return out.trim() === '' ? undefined : out;
};

/** A collection of number/boolean settings whose names already are the API's keys. */
function plainConfig(value: unknown): IDataObject {
	const out: IDataObject = {};
	for (const [key, entry] of Object.entries((value ?? {}) as IDataObject)) {
		if (entry !== undefined && entry !== null && entry !== '') out[key] = entry;
	}
	return out;
}

function modalities(value: unknown): string[] | undefined {
	const list = splitList(value);
	return list.length > 0 ? list : undefined;
}

class Reader {
	constructor(
		private readonly fn: Fn,
		private readonly itemIndex: number,
	) {}

	get<T>(name: string, fallback: T): T {
		const value = itemParameter(this.fn, name, this.itemIndex, fallback) as T | undefined;
		return value === undefined || value === null ? fallback : value;
	}

	/** A JSON object field; empty text or `{}` counts as not given. */
	json(value: unknown, field: string): IDataObject | undefined {
		const parsed = parseJsonParameter(this.fn, value, field, this.itemIndex);
		return parsed && Object.keys(parsed).length > 0 ? parsed : undefined;
	}

	array(value: unknown, field: string): unknown[] | undefined {
		const parsed = readJsonArray(this.fn, value, field, this.itemIndex);
		return parsed && parsed.length > 0 ? parsed : undefined;
	}

	fail(field: string, rule: string): never {
		throw invalidField(this.fn, field, rule, this.itemIndex);
	}
}

function buildLlm(r: Reader): IDataObject {
	const llm: IDataObject = {};
	put(llm, 'url', text(r.get('llmUrl', '')));
	put(llm, 'api_key', text(r.get('llmApiKey', '')));
	put(llm, 'system_messages', readSystemMessages(r.get('llmSystemMessages', {})));
	put(llm, 'params', r.json(r.get('llmParams', ''), 'properties.llm.params'));

	const o = r.get<IDataObject>('llmOptions', {});
	put(llm, 'max_history', o.maxHistory);
	put(llm, 'input_modalities', modalities(o.inputModalities));
	put(llm, 'output_modalities', modalities(o.outputModalities));
	put(llm, 'greeting_message', text(o.greetingMessage));
	const greeting: IDataObject = {};
	put(greeting, 'mode', o.greetingMode);
	put(greeting, 'delay_ms', o.greetingDelayMs);
	put(greeting, 'interruptable', o.greetingInterruptable);
	put(llm, 'greeting_configs', nonEmpty(greeting));
	put(llm, 'failure_message', text(o.failureMessage));
	put(llm, 'vendor', text(o.vendor));
	put(llm, 'style', text(o.style));
	put(llm, 'template_variables', readKeyValues(o.templateVariables));
	put(llm, 'headers', readKeyValues(o.headers));

	const servers = (o.mcpServers as { servers?: IDataObject[] } | undefined)?.servers;
	if (Array.isArray(servers) && servers.length > 0) {
		llm.mcp_servers = servers.map((server, index) => {
			const out: IDataObject = { name: String(server.name ?? '').trim(), endpoint: String(server.endpoint ?? '').trim() };
			put(out, 'transport', text(server.transport));
			put(out, 'headers', r.json(server.headers, `properties.llm.mcp_servers[${index}].headers`));
			const toolsMode = server.allowedToolsMode ?? 'all';
			if (toolsMode === 'none') out.allowed_tools = [];
			else if (toolsMode === 'list') {
				const names = splitList(server.allowedTools);
				if (names.length === 0) {
					r.fail(`properties.llm.mcp_servers[${index}].allowed_tools`, 'needs at least one tool name (or choose All Tools / No Tools)');
				}
				out.allowed_tools = names;
			}
			if (typeof server.timeoutMs === 'number' && server.timeoutMs > 0) out.timeout_ms = server.timeoutMs;
			return out;
		});
	}
	return llm;
}

function buildTts(r: Reader): IDataObject {
	const tts: IDataObject = {};
	put(tts, 'vendor', text(r.get('ttsVendor', '')));
	// Required, but a preset may provide it: left out when empty, so the schema can say which.
	put(tts, 'params', r.json(r.get('ttsParams', ''), 'properties.tts.params'));
	const skip = r.get<unknown[]>('ttsSkipPatterns', []);
	if (Array.isArray(skip) && skip.length > 0) tts.skip_patterns = skip.map((entry) => Number(entry)).sort((a, b) => a - b);
	return tts;
}

function buildAsr(r: Reader): IDataObject | undefined {
	const o = r.get<IDataObject>('asr', {});
	const asr: IDataObject = {};
	put(asr, 'language', text(o.language));
	put(asr, 'vendor', text(o.vendor));
	put(asr, 'params', r.json(o.params, 'properties.asr.params'));
	return nonEmpty(asr);
}

function buildMllm(r: Reader): IDataObject {
	const mllm: IDataObject = { enable: true };
	put(mllm, 'vendor', text(r.get('mllmVendor', '')));
	put(mllm, 'url', text(r.get('mllmUrl', '')));
	put(mllm, 'api_key', text(r.get('mllmApiKey', '')));
	put(mllm, 'params', r.json(r.get('mllmParams', ''), 'properties.mllm.params'));
	const o = r.get<IDataObject>('mllmOptions', {});
	put(mllm, 'messages', r.array(o.messages, 'properties.mllm.messages'));
	put(mllm, 'input_modalities', modalities(o.inputModalities));
	put(mllm, 'output_modalities', modalities(o.outputModalities));
	put(mllm, 'greeting_message', text(o.greetingMessage));

	const mode = r.get('mllmTurnDetectionMode', NOT_SET);
	if (mode !== NOT_SET) {
		const td: IDataObject = { mode };
		if (mode === 'platform_vad') put(td, 'platform_vad_config', nonEmpty(plainConfig(r.get('mllmPlatformVadConfig', {}))));
		if (mode === 'server_vad') put(td, 'server_vad_config', nonEmpty(plainConfig(r.get('mllmServerVadConfig', {}))));
		if (mode === 'semantic_vad') td.semantic_vad_config = { eagerness: r.get('mllmSemanticEagerness', 'auto') };
		mllm.turn_detection = td;
	}
	return mllm;
}

function buildTurnDetection(r: Reader): IDataObject | undefined {
	if (!r.get('configureTurnDetection', false)) return undefined;
	const config: IDataObject = { speech_threshold: r.get('speechThreshold', 0.5) };
	const sosMode = r.get('startOfSpeechMode', NOT_SET);
	if (sosMode !== NOT_SET) {
		// The config of the chosen mode is always sent (Agora requires it), and no other.
		const sos: IDataObject = { mode: sosMode };
		if (sosMode === 'vad') sos.vad_config = plainConfig(r.get('startOfSpeechVad', {}));
		if (sosMode === 'keywords') {
			const keywords = plainConfig(r.get('startOfSpeechKeywordsConfig', {}));
			const list = splitList(r.get('startOfSpeechKeywords', ''));
			if (list.length > 0) keywords.triggered_keywords = list;
			sos.keywords_config = keywords;
		}
		if (sosMode === 'disabled') sos.disabled_config = { strategy: r.get('startOfSpeechDisabledStrategy', 'append') };
		config.start_of_speech = sos;
	}
	const eosMode = r.get('endOfSpeechMode', NOT_SET);
	if (eosMode !== NOT_SET) {
		const eos: IDataObject = { mode: eosMode };
		if (eosMode === 'vad') eos.vad_config = plainConfig(r.get('endOfSpeechVad', {}));
		if (eosMode === 'semantic') eos.semantic_config = plainConfig(r.get('endOfSpeechSemantic', {}));
		config.end_of_speech = eos;
	}
	return { mode: 'default', config };
}

function buildInterruption(r: Reader): IDataObject | undefined {
	if (!r.get('configureInterruption', false)) return undefined;
	const enable = r.get('interruptionEnable', true);
	const out: IDataObject = { enable };
	if (enable) {
		const mode = r.get<string>('interruptionMode', 'start_of_speech');
		out.mode = mode;
		if (mode === 'keywords') out.keywords_config = { trigger_keywords: splitList(r.get('interruptionKeywords', '')) };
	} else {
		out.disabled_config = { strategy: r.get('interruptionDisabledStrategy', 'append') };
	}
	return out;
}

function buildSal(r: Reader): IDataObject | undefined {
	if (!r.get('enableSal', false)) return undefined;
	const sal: IDataObject = { sal_mode: r.get('salMode', 'locking') };
	const name = text(r.get('salSampleName', ''))?.trim();
	const url = text(r.get('salSampleUrl', ''))?.trim();
	if (name || url) {
		if (!name) r.fail('properties.sal.sample_urls', 'needs a voiceprint name for the URL');
		if (!url) r.fail(`properties.sal.sample_urls.${name}`, 'needs the URL of the voiceprint file');
		sal.sample_urls = { [name]: url };
	}
	return sal;
}

function buildFillerWords(r: Reader): IDataObject | undefined {
	if (!r.get('enableFillerWords', false)) return undefined;
	const list = (r.get<IDataObject>('fillerPhrases', {}).phrases ?? []) as IDataObject[];
	const phrases = list.map((entry) => String(entry.text ?? '').trim()).filter(Boolean);
	return {
		enable: true,
		trigger: { mode: 'fixed_time', fixed_time_config: { response_wait_ms: r.get('fillerResponseWaitMs', 1500) } },
		content: {
			mode: 'static',
			static_config: { phrases, selection_rule: r.get('fillerSelectionRule', 'shuffle') },
		},
	};
}

function buildParameters(r: Reader): IDataObject | undefined {
	const o = r.get<IDataObject>('agentParameters', {});
	const out: IDataObject = {};
	const silence: IDataObject = {};
	put(silence, 'timeout_ms', o.silenceTimeoutMs);
	put(silence, 'action', o.silenceAction);
	put(silence, 'content', text(o.silenceContent));
	put(out, 'silence_config', nonEmpty(silence));
	const farewell: IDataObject = {};
	put(farewell, 'graceful_enabled', o.gracefulEnabled);
	put(farewell, 'graceful_timeout_seconds', o.gracefulTimeoutSeconds);
	put(out, 'farewell_config', nonEmpty(farewell));
	put(out, 'data_channel', o.dataChannel);
	put(out, 'enable_metrics', o.enableMetrics);
	put(out, 'enable_error_message', o.enableErrorMessage);
	put(out, 'audio_scenario', o.audioScenario);
	return nonEmpty(out);
}

function buildRtc(r: Reader): IDataObject | undefined {
	const mode = r.get('encryptionMode', NOT_SET);
	if (mode === NOT_SET) return undefined;
	const rtc: IDataObject = { encryption_mode: Number(mode) };
	put(rtc, 'encryption_key', text(r.get('encryptionKey', '')));
	if (mode === '7' || mode === '8') put(rtc, 'encryption_salt', text(r.get('encryptionSalt', ''))?.trim());
	return rtc;
}

/** The start request body of one item, before "Additional Body (JSON)" and token generation. */
export function buildStartBody(fn: Fn, itemIndex: number): IDataObject {
	const r = new Reader(fn, itemIndex);
	const mode = r.get<string>('mode', MODE.cascade);
	const stringUid = r.get('enableStringUid', false);

	const properties: IDataObject = {
		channel: String(r.get('channel', '')).trim(),
		token: String(r.get('token', '') ?? ''),
		agent_rtc_uid: String(r.get<unknown>('agentRtcUid', '0')).trim(),
		remote_rtc_uids: [String(r.get<unknown>('remoteRtcUid', '')).trim()],
	};
	if (stringUid) properties.enable_string_uid = true;
	put(properties, 'idle_timeout', r.get<number>('idleTimeout', 30));

	if (mode === MODE.mllm) {
		properties.mllm = buildMllm(r);
	} else {
		put(properties, 'asr', buildAsr(r));
		if (mode === MODE.cascade || r.get('overrideLlm', false)) properties.llm = buildLlm(r);
		if (mode === MODE.cascade || r.get('overrideTts', false)) properties.tts = buildTts(r);
		put(properties, 'turn_detection', buildTurnDetection(r));
		put(properties, 'filler_words', buildFillerWords(r));
	}
	put(properties, 'interruption', buildInterruption(r));

	const advanced: IDataObject = {};
	const features = r.get<IDataObject>('advancedFeatures', {});
	if (features.enableRtm === true) advanced.enable_rtm = true;
	if (features.enableTools === true) advanced.enable_tools = true;
	const sal = buildSal(r);
	if (sal) {
		advanced.enable_sal = true;
		properties.sal = sal;
	}
	put(properties, 'advanced_features', nonEmpty(advanced));

	if (r.get('enableAvatar', false)) {
		properties.avatar = {
			enable: true,
			vendor: r.get('avatarVendor', 'akool'),
			params: r.json(r.get('avatarParams', ''), 'properties.avatar.params'),
		};
	}
	const area = r.get('geofenceArea', NOT_SET);
	if (area !== NOT_SET) {
		const geofence: IDataObject = { area };
		const exclude = area === 'GLOBAL' ? r.get('geofenceExcludeArea', NOT_SET) : NOT_SET;
		if (exclude !== NOT_SET) geofence.exclude_area = exclude;
		properties.geofence = geofence;
	}
	put(properties, 'rtc', buildRtc(r));
	put(properties, 'parameters', buildParameters(r));
	put(properties, 'labels', readKeyValues(r.get('labels', {})));

	const body: IDataObject = { name: String(r.get('name', '')).trim() };
	put(body, 'preset', text(r.get('preset', ''))?.trim());
	if (mode === MODE.pipeline) {
		body.pipeline_id = String(r.get('pipelineId', '')).trim();
		// Without it the saved-pipeline mode would quietly start a plain agent.
		if (body.pipeline_id === '') throw invalidField(fn, 'pipeline_id', 'is required in Saved Pipeline mode', itemIndex);
	}
	body.properties = properties;
	return body;
}

/**
 * Validation of the telephony and phone-number requests, following Agora's server SDK request types;
 * phone numbers are E.164. Throws FieldError naming the field.
 */
import { FieldError, invalid, optArr, optBool, optObj, optStr, reqObj, reqStr } from './check';
import { isNil, isObj, Json } from './util';
import { validateStart, ValidStart } from './validate-start';

/** E.164: "+", a country code that does not start with 0, at most 15 digits in all. */
export const E164_RE = /^\+[1-9]\d{1,14}$/;
// ListTelephonyRequestType / GetTelephonyResponse.Type
export const CALL_TYPES = ['inbound', 'outbound'] as const;
// ListTelephonyRequest.from_time: "Default is 60 days ago"
export const CALL_LIST_WINDOW_S = 60 * 86400;

export function e164(o: Json, key: string, path: string): string {
	const v = reqStr(o, key, path, { nonEmpty: true });
	if (!E164_RE.test(v))
		throw invalid(
			path ? `${path}.${key}` : key,
			'must be a phone number in E.164 format (+ and up to 15 digits, e.g. +14155550100)',
		);
	return v;
}

export interface ValidCall {
	sip: { toNumber: string; fromNumber: string; rtcUid: string; rtcToken: string };
	pipelineId?: string;
	/** The agent the call creates (name, channel, uids, properties). */
	agent: ValidStart;
}

/**
 * CallTelephonyRequest: name, sip {to_number, from_number (E.164), rtc_uid, rtc_token},
 * pipeline_id, properties. With pipeline_id, properties need only channel, token, agent_rtc_uid
 * and remote_rtc_uids (which then holds the SIP gateway uid; it defaults to sip.rtc_uid); without,
 * properties are those of start-agent.
 */
export function validateCall(body: unknown): ValidCall {
	if (!isObj(body))
		throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	reqStr(body, 'name', '', { nonEmpty: true });
	const s = reqObj(body, 'sip', '');
	const sip = {
		toNumber: e164(s, 'to_number', 'sip'),
		fromNumber: e164(s, 'from_number', 'sip'),
		rtcUid: reqStr(s, 'rtc_uid', 'sip', { nonEmpty: true }),
		rtcToken: reqStr(s, 'rtc_token', 'sip'),
	};
	const pipelineId = optStr(body, 'pipeline_id', '');
	const p = reqObj(body, 'properties', '');
	const properties = isNil(p.remote_rtc_uids) ? { ...p, remote_rtc_uids: [sip.rtcUid] } : p;
	const agent = validateStart({ name: body.name, pipeline_id: pipelineId, properties });
	return { sip, pipelineId: pipelineId || undefined, agent };
}

export interface CallListQuery {
	number?: string;
	type?: string;
	fromTime: number;
	toTime: number;
	limit: number;
	cursor?: string;
}

const NUMBER = /^\d+(\.\d+)?$/;
const INTEGER = /^\d{1,15}$/;

// ListTelephonyRequest: number (calling or called), from_time (default 60 days ago), to_time
// (default now), type (inbound | outbound; all when absent), limit, cursor (an agent_id)
export function parseCallListQuery(query: Record<string, string>, nowS: number): CallListQuery {
	const time = (key: string, fallback: number): number => {
		const v = query[key];
		if (v === undefined || v === '') return fallback;
		if (!NUMBER.test(v)) throw invalid(key, 'must be a Unix timestamp in seconds');
		return Number(v);
	};
	const q: CallListQuery = {
		fromTime: time('from_time', nowS - CALL_LIST_WINDOW_S),
		toTime: time('to_time', nowS),
		limit: 20,
	};
	if (query.number) q.number = query.number;
	if (query.type !== undefined && query.type !== '') {
		if (!(CALL_TYPES as readonly string[]).includes(query.type))
			throw invalid('type', 'must be inbound or outbound');
		q.type = query.type;
	}
	if (query.limit !== undefined && query.limit !== '') {
		if (!INTEGER.test(query.limit) || Number(query.limit) < 1)
			throw invalid('limit', 'must be an integer >= 1');
		q.limit = Number(query.limit);
	}
	if (query.cursor) q.cursor = query.cursor;
	return q;
}

export interface ValidNumber {
	provider: string;
	phoneNumber: string;
	label: string;
	inbound: boolean;
	outbound: boolean;
	inboundConfig: Json;
	outboundConfig: Json;
}

function stringList(o: Json, key: string, path: string): void {
	optArr(o, key, path)?.forEach((x, i) => {
		if (typeof x !== 'string') throw invalid(`${path}.${key}[${i}]`, 'must be a string');
	});
}

/**
 * AddPhoneNumbersRequest: provider (byo, twilio; a growing list, so any string), phone_number
 * (E.164), label, inbound, outbound, inbound_config {allowed_addresses}, outbound_config
 * {address, transport, prefix}. Both configs are required members of the request.
 */
export function validateAddNumber(body: unknown): ValidNumber {
	if (!isObj(body))
		throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	const provider = reqStr(body, 'provider', '', { nonEmpty: true });
	const phoneNumber = e164(body, 'phone_number', '');
	const label = reqStr(body, 'label', '');
	const inboundConfig = reqObj(body, 'inbound_config', '');
	stringList(inboundConfig, 'allowed_addresses', 'inbound_config');
	const outboundConfig = reqObj(body, 'outbound_config', '');
	for (const k of ['address', 'transport', 'prefix']) optStr(outboundConfig, k, 'outbound_config');
	return {
		provider,
		phoneNumber,
		label,
		inbound: optBool(body, 'inbound', '') ?? true,
		outbound: optBool(body, 'outbound', '') ?? true,
		inboundConfig,
		outboundConfig,
	};
}

export interface NumberUpdate {
	/** undefined: unchanged; null: cleared. */
	inboundConfig?: Json | null;
	outboundConfig?: Json | null;
}

// UpdatePhoneNumbersRequest: inbound_config / outbound_config {pipeline_id}; null clears one
export function validateUpdateNumber(body: unknown): NumberUpdate {
	if (isNil(body)) return {};
	if (!isObj(body))
		throw new FieldError('InvalidRequestBody', '', 'request body must be a JSON object');
	const out: NumberUpdate = {};
	for (const k of Object.keys(body)) {
		if (k !== 'inbound_config' && k !== 'outbound_config')
			throw invalid(k, 'cannot be updated (updatable: inbound_config, outbound_config)');
	}
	for (const [key, prop] of [
		['inbound_config', 'inboundConfig'],
		['outbound_config', 'outboundConfig'],
	] as const) {
		if (!(key in body)) continue;
		if (body[key] === null) {
			out[prop] = null;
			continue;
		}
		const c = optObj(body, key, '');
		if (c) optStr(c, 'pipeline_id', key);
		out[prop] = c;
	}
	return out;
}

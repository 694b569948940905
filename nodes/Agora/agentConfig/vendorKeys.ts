/**
 * Vendor keys from the "Agora Vendor Keys" credential: a key typed into the form wins, an empty one
 * is filled from the credential. Why a credential: docs/design.md, Vendor keys.
 */
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IExecuteFunctions,
	INodeCredentialTestResult,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isCredentialChosen, selectedCredential } from '../../shared/credentialChoice';
import { isPlainObject } from '../../shared/values';
import { presetCategories } from '../../shared/agoraFacts';
import { itemParameter } from '../form/parameters';

export const VENDOR_KEYS_CREDENTIAL = 'agoraVendorKeysApi';

/**
 * The node parameter that chooses where keys come from, and the operations that show it (it is
 * part of the agent configuration form: they add their own display rule).
 */
export const VENDOR_KEYS_PARAMETER = 'vendorKeys';
export const VENDOR_KEYS_SHOWN = { resource: ['agent', 'phoneCall'], operation: ['start', 'call'] };

/** Hint of the form's key fields. */
export const VENDOR_KEY_HINT =
	'Saved in the workflow as plain text. To keep it encrypted, leave it empty and set Vendor Keys to From Credential.';

const vendorKeysField: INodeProperties = {
	displayName: 'Vendor Keys',
	name: VENDOR_KEYS_PARAMETER,
	type: 'options',
	noDataExpression: true,
	options: [
		{
			name: 'Typed Into This Node',
			value: 'form',
			description: 'Keys are saved in the workflow as plain text',
		},
		{
			name: 'From Credential',
			value: 'credential',
			description:
				'An Agora Vendor Keys credential fills every key field left empty; n8n keeps it encrypted, outside the workflow. With none chosen, Agora Managed models serve the LLM and voice left without a key.',
		},
	],
	default: 'form',
	description:
		'Where the API keys of the LLM, TTS, ASR, realtime model and avatar come from, and the media encryption key',
};

/**
 * Versions 1 and 1.1 keep keys typed into the node by default; from 1.2 a new node takes them (and
 * the LLM URL and TTS vendor) from the credential, so a Start needs only a channel and a user UID.
 */
export const vendorKeysFields: INodeProperties[] = [
	{ ...vendorKeysField, displayOptions: { show: { '@version': [1, 1.1] } } },
	{ ...vendorKeysField, default: 'credential', displayOptions: { show: { '@version': [1.2] } } },
];

/** From 1.3 the choice is an option of the Identity and Security group, From Credential unless set. */
export const vendorKeysOption: INodeProperties = { ...vendorKeysField, default: 'credential' };
export const VENDOR_KEYS_GROUP = 'identity';

/**
 * The Vendor Keys credential: shown unless keys are typed into the node. The group's option is read
 * by its path (n8n evaluates credential rules with lodash paths), so an unset option keeps the default.
 */
export const VENDOR_KEYS_CREDENTIAL_RULE = {
	show: VENDOR_KEYS_SHOWN,
	hide: {
		[VENDOR_KEYS_PARAMETER]: ['form'],
		[`${VENDOR_KEYS_GROUP}.${VENDOR_KEYS_PARAMETER}`]: ['form'],
	},
};

/** The credential's fields, parsed. */
export interface VendorKeys {
	llmUrl?: string;
	llmVendor?: string;
	llmStyle?: string;
	ttsVendor?: string;
	llmApiKey?: string;
	llmHeaders?: IDataObject;
	mcpHeaders?: IDataObject;
	mcpBearerToken?: string;
	toolHeaders?: IDataObject;
	fillerLlmApiKey?: string;
	mllmApiKey?: string;
	mllmAdcCredentials?: string;
	ttsParams?: IDataObject;
	ttsHeaders?: IDataObject;
	asrParams?: IDataObject;
	avatarParams?: IDataObject;
	encryptionKey?: string;
	encryptionSalt?: string;
	/** Every string the credential holds, for redaction. */
	secrets: string[];
	/** No credential chosen: the LLM and voice left without a key are Agora Managed. */
	agoraManaged?: boolean;
}

const JSON_FIELDS: Array<[keyof VendorKeys, string, string]> = [
	['llmHeaders', 'llmSecretHeaders', 'LLM Header Values (JSON)'],
	['mcpHeaders', 'mcpSecretHeaders', 'MCP Server Header Values (JSON)'],
	['toolHeaders', 'toolSecretHeaders', 'Tool Header Values (JSON)'],
	['ttsParams', 'ttsSecretParams', 'TTS Params Secrets (JSON)'],
	['ttsHeaders', 'ttsSecretHeaders', 'TTS Header Values (JSON)'],
	['asrParams', 'asrSecretParams', 'ASR Params Secrets (JSON)'],
	['avatarParams', 'avatarSecretParams', 'Avatar Params Secrets (JSON)'],
];
/** Where the agent's vendors are, not secrets: kept out of the redaction list. */
const ENDPOINT_FIELDS: Array<[keyof VendorKeys, string]> = [
	['llmUrl', 'llmUrl'],
	['llmVendor', 'llmVendor'],
	['llmStyle', 'llmStyle'],
	['ttsVendor', 'ttsVendor'],
];
const TEXT_FIELDS: Array<[keyof VendorKeys, string]> = [
	...ENDPOINT_FIELDS,
	['llmApiKey', 'llmApiKey'],
	['mllmApiKey', 'mllmApiKey'],
	['mllmAdcCredentials', 'mllmAdcSecret'],
	['mcpBearerToken', 'mcpBearerToken'],
	['fillerLlmApiKey', 'fillerLlmApiKey'],
	['encryptionKey', 'encryptionSecretKey'],
	['encryptionSalt', 'encryptionSaltSecret'],
];

function stringsOf(value: unknown, into: string[]): string[] {
	if (typeof value === 'string' && value !== '') into.push(value);
	else if (Array.isArray(value)) value.forEach((entry) => stringsOf(entry, into));
	else if (isPlainObject(value)) Object.values(value).forEach((entry) => stringsOf(entry, into));
	return into;
}

/**
 * The credential's fields, or the name of the first field that is not a JSON object. The message
 * never repeats the field's text: it is a secret.
 */
export function parseVendorKeys(
	data: ICredentialDataDecryptedObject,
): VendorKeys | { invalid: string } {
	const keys: VendorKeys = { secrets: [] };
	for (const [key, field] of TEXT_FIELDS) {
		const value = typeof data[field] === 'string' ? (data[field] as string) : '';
		if (value.trim() !== '') (keys[key] as string) = value.trim();
	}
	for (const [key, field, label] of JSON_FIELDS) {
		const text = typeof data[field] === 'string' ? (data[field] as string).trim() : '';
		if (text === '') continue;
		let parsed: unknown;
		try {
			parsed = JSON.parse(text);
		} catch {
			return { invalid: label };
		}
		if (!isPlainObject(parsed)) return { invalid: label };
		(keys[key] as IDataObject) = parsed;
	}
	const endpoints = new Set(ENDPOINT_FIELDS.map(([, field]) => field));
	keys.secrets = stringsOf(
		Object.entries(data)
			.filter(([field]) => !endpoints.has(field))
			.map(([, value]) => value),
		[],
	);
	return keys;
}

const invalidMessage = (label: string) =>
	`The Agora Vendor Keys credential's field "${label}" must be a JSON object, e.g. {"key": "…"}`;

/** The vendor keys of this execution, when the node takes them from the credential. */
export async function readVendorKeys(fn: IExecuteFunctions): Promise<VendorKeys | undefined> {
	const resource = fn.getNodeParameter('resource', 0) as string;
	const operation = fn.getNodeParameter('operation', 0) as string;
	if (
		!VENDOR_KEYS_SHOWN.resource.includes(resource) ||
		!VENDOR_KEYS_SHOWN.operation.includes(operation)
	)
		return undefined;
	if (itemParameter(fn, VENDOR_KEYS_PARAMETER, 0, 'form') !== 'credential') return undefined;
	// n8n's editor pre-selects one credential in a new node (the Agora API one): a Start with no
	// Vendor Keys credential runs on Agora's managed models rather than failing.
	if (!isCredentialChosen(fn, VENDOR_KEYS_CREDENTIAL)) return { secrets: [], agoraManaged: true };
	const keys = parseVendorKeys(
		await selectedCredential(fn, VENDOR_KEYS_CREDENTIAL, 'Agora Vendor Keys API'),
	);
	if ('invalid' in keys) {
		throw new NodeOperationError(fn.getNode(), invalidMessage(keys.invalid), {
			description: 'Fix the field in the credential. Nothing was sent to Agora.',
		});
	}
	return keys;
}

/** The credential test: every JSON field parses to an object. Vendors check the keys themselves. */
export async function agoraVendorKeysCredentialTest(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const keys = parseVendorKeys(credential.data ?? {});
	if ('invalid' in keys) return { status: 'Error', message: invalidMessage(keys.invalid) };
	const hasEndpoint = ENDPOINT_FIELDS.some(([key]) => keys[key] !== undefined);
	if (keys.secrets.length === 0 && !hasEndpoint)
		return { status: 'Error', message: 'The credential holds no key: fill at least one field' };
	return {
		status: 'OK',
		message: 'The fields are well formed. Each vendor checks its key when an agent starts.',
	};
}

const isEmpty = (value: unknown) =>
	value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** `target` with every member of `source` that `target` leaves out or empty; nested objects merged. */
function fillEmpty(target: unknown, source: IDataObject): IDataObject {
	const out: IDataObject = isPlainObject(target) ? { ...target } : {};
	for (const [key, value] of Object.entries(source)) {
		if (isPlainObject(out[key]) && isPlainObject(value)) out[key] = fillEmpty(out[key], value);
		else if (isEmpty(out[key])) out[key] = value;
	}
	return out;
}

/** A provider block that calls its vendor with the user's key (not Agora Managed). */
const usesOwnKey = (block: unknown): block is IDataObject =>
	isPlainObject(block) && Object.keys(block).length > 0 && block.credential_mode !== 'managed';

const hasAuthorization = (headers: unknown) =>
	isPlainObject(headers) &&
	Object.entries(headers).some(
		([name, value]) => name.toLowerCase() === 'authorization' && !isEmpty(value),
	);

/** MCP servers with the credential's headers (by server name), then its bearer token where Authorization is still empty. */
export function withMcpKeys(servers: unknown, keys: VendorKeys): unknown {
	if (!Array.isArray(servers)) return servers;
	return servers.map((server) => {
		if (!isPlainObject(server)) return server;
		let headers: unknown = server.headers;
		const named = keys.mcpHeaders?.[String(server.name)];
		if (isPlainObject(named)) headers = fillEmpty(headers, named);
		if (keys.mcpBearerToken && !hasAuthorization(headers)) {
			const rest = isPlainObject(headers)
				? Object.fromEntries(
						Object.entries(headers).filter(([name]) => name.toLowerCase() !== 'authorization'),
					)
				: {};
			headers = { ...rest, Authorization: `Bearer ${keys.mcpBearerToken}` };
		}
		return headers === server.headers ? server : { ...server, headers: headers as IDataObject };
	});
}

/** HTTP tools with the credential's headers, by tool name; a header typed into the node wins. */
function withToolKeys(tools: unknown, keys: VendorKeys): unknown {
	if (!Array.isArray(tools) || !keys.toolHeaders) return tools;
	const byName = keys.toolHeaders;
	return tools.map((tool) => {
		if (!isPlainObject(tool) || !isPlainObject(tool.function) || !isPlainObject(tool.server))
			return tool;
		const named = byName[String(tool.function.name)];
		if (!isPlainObject(named)) return tool;
		return { ...tool, server: { ...tool.server, headers: fillEmpty(tool.server.headers, named) } };
	});
}

function withLlmKeys(llm: IDataObject, keys: VendorKeys): IDataObject {
	let out = keys.llmApiKey ? fillEmpty(llm, { api_key: keys.llmApiKey }) : { ...llm };
	if (keys.llmHeaders) out = { ...out, headers: fillEmpty(out.headers, keys.llmHeaders) };
	if (out.mcp_servers !== undefined)
		out.mcp_servers = withMcpKeys(out.mcp_servers, keys) as IDataObject[];
	return out;
}

/** The filler-words LLM's key, where the request names a provider and leaves its key empty. */
function withFillerKey(fillerWords: IDataObject, keys: VendorKeys): IDataObject {
	const content = fillerWords.content;
	if (!keys.fillerLlmApiKey || !isPlainObject(content) || !isPlainObject(content.generated_config))
		return fillerWords;
	const provider = content.generated_config.llm_provider;
	if (!isPlainObject(provider)) return fillerWords;
	const generated = {
		...content.generated_config,
		llm_provider: fillEmpty(provider, { api_key: keys.fillerLlmApiKey }),
	};
	return { ...fillerWords, content: { ...content, generated_config: generated } };
}

function withTtsKeys(tts: IDataObject, keys: VendorKeys): IDataObject {
	let out = keys.ttsParams ? { ...tts, params: fillEmpty(tts.params, keys.ttsParams) } : { ...tts };
	if (keys.ttsHeaders && (isPlainObject(tts.headers) || tts.vendor === 'generic_http')) {
		out = { ...out, headers: fillEmpty(tts.headers, keys.ttsHeaders) };
	}
	return out;
}

/** Vertex AI takes ADC credentials and no API key (Agora's Vertex AI page); the others an API key. */
function withMllmKeys(mllm: IDataObject, keys: VendorKeys): IDataObject {
	let out: IDataObject = { ...mllm };
	if (mllm.vendor === 'vertexai') {
		if (keys.mllmAdcCredentials)
			out = fillEmpty(mllm, { adc_credentials_string: keys.mllmAdcCredentials });
	} else if (keys.mllmApiKey) out = fillEmpty(mllm, { api_key: keys.mllmApiKey });
	if (out.mcp_servers !== undefined)
		out.mcp_servers = withMcpKeys(out.mcp_servers, keys) as IDataObject[];
	return out;
}

function withRtcKeys(rtc: IDataObject, keys: VendorKeys): IDataObject {
	const fill: IDataObject = {};
	if (keys.encryptionKey) fill.encryption_key = keys.encryptionKey;
	// Only the GCM2 modes (7 and 8) take a salt.
	if (keys.encryptionSalt && [7, 8].includes(Number(rtc.encryption_mode)))
		fill.encryption_salt = keys.encryptionSalt;
	return fillEmpty(rtc, fill);
}

/**
 * The agent's `properties` with the credential's keys filled in where the request leaves them empty,
 * only in blocks the request has (never Agora Managed ones, no key for ARES). The request's objects
 * are copied, never changed: Additional Body may hand in the item's own.
 */
function applyVendorKeys(properties: IDataObject, keys: VendorKeys | undefined): IDataObject {
	if (!keys) return properties;
	const out: IDataObject = { ...properties };
	const { llm, mllm, tts, asr, avatar, rtc, filler_words: fillerWords } = properties;
	if (usesOwnKey(llm)) out.llm = withLlmKeys(llm, keys);
	// Tools are called by Agora's engine whoever provides the model: Agora Managed included.
	if (isPlainObject(out.llm) && out.llm.tools !== undefined)
		out.llm = { ...out.llm, tools: withToolKeys(out.llm.tools, keys) as IDataObject[] };
	if (isPlainObject(mllm) && mllm.enable !== false) out.mllm = withMllmKeys(mllm, keys);
	if (usesOwnKey(tts)) out.tts = withTtsKeys(tts, keys);
	if (usesOwnKey(asr) && asr.vendor !== undefined && asr.vendor !== 'ares' && keys.asrParams)
		out.asr = { ...asr, params: fillEmpty(asr.params, keys.asrParams) };
	if (isPlainObject(avatar) && avatar.enable !== false && keys.avatarParams) {
		out.avatar = { ...avatar, params: fillEmpty(avatar.params, keys.avatarParams) };
	}
	if (isPlainObject(rtc) && rtc.encryption_mode !== undefined) out.rtc = withRtcKeys(rtc, keys);
	if (isPlainObject(fillerWords)) out.filler_words = withFillerKey(fillerWords, keys);
	return out;
}

const hasPresetOrPipeline = (body: IDataObject) =>
	!isEmpty(body.preset) || !isEmpty(body.pipeline_id);
const usesMllm = (p: IDataObject) =>
	(isPlainObject(p.mllm) && p.mllm.enable === true) ||
	(isPlainObject(p.advanced_features) && p.advanced_features.enable_mllm === true);
const speaksAlone = (llm: unknown) =>
	isPlainObject(llm) &&
	Array.isArray(llm.output_modalities) &&
	llm.output_modalities.length === 1 &&
	llm.output_modalities[0] === 'audio';

/**
 * The credential's LLM endpoint and TTS vendor where the request needs them and leaves them empty.
 * Not with a preset or a saved pipeline (they provide the vendors) nor in Multimodal mode. Vendor
 * and style go with the credential's URL only: they describe that endpoint.
 */
function withEndpoints(body: IDataObject, p: IDataObject, keys: VendorKeys): IDataObject {
	if (hasPresetOrPipeline(body) || usesMllm(p)) return p;
	const out: IDataObject = { ...p };
	const llm = isPlainObject(p.llm) ? p.llm : {};
	if (keys.llmUrl && isEmpty(llm.url) && llm.credential_mode !== 'managed') {
		const fill: IDataObject = { url: keys.llmUrl };
		if (keys.llmVendor) fill.vendor = keys.llmVendor;
		if (keys.llmStyle) fill.style = keys.llmStyle;
		out.llm = fillEmpty(llm, fill);
	}
	if (keys.ttsVendor && !speaksAlone(out.llm) && (!isPlainObject(p.tts) || isEmpty(p.tts.vendor))) {
		out.tts = fillEmpty(p.tts, { vendor: keys.ttsVendor });
	}
	return out;
}

/**
 * A start or call body with the credential's values in every place the request leaves empty: the
 * LLM endpoint and TTS vendor, then the keys. Runs before the body is validated.
 */
export function applyVendorCredential(
	body: IDataObject,
	keys: VendorKeys | undefined,
): IDataObject {
	if (!keys || !isPlainObject(body.properties)) return body;
	if (keys.agoraManaged) return withAgoraManaged(body, body.properties);
	const filled = applyVendorKeys(withEndpoints(body, body.properties, keys), keys);
	// A preset's providers take no key of ours ("Use presets": their key fields are ignored).
	const byPreset = presetCategories(typeof body.preset === 'string' ? body.preset : undefined);
	const properties: IDataObject = { ...filled };
	for (const block of ['asr', 'llm', 'tts'] as const) {
		if (byPreset[block]) properties[block] = body.properties[block];
		if (properties[block] === undefined) delete properties[block];
	}
	return { ...body, properties };
}

/**
 * Agora's managed models ("Use managed mode": the vendors and models Agora supplies keys for), used
 * where a request names no key of its own and no Vendor Keys credential is chosen.
 */
const AGORA_MANAGED = {
	llm: { vendor: 'openai', params: { model: 'gpt-4o-mini' } },
	ttsVendors: ['minimax', 'openai'],
	tts: {
		vendor: 'minimax',
		params: {
			model: 'speech-2.6-turbo',
			voice_setting: { voice_id: 'English_captivating_female1' },
		},
	},
};

const KEY_NAME = /key|token|secret/i;
const hasOwnKey = (block: IDataObject) =>
	!isEmpty(block.api_key) ||
	(isPlainObject(block.headers) && Object.keys(block.headers).length > 0) ||
	(isPlainObject(block.params) &&
		Object.entries(block.params).some(([name, value]) => KEY_NAME.test(name) && !isEmpty(value)));

const withoutEmptyKeys = (params: unknown): IDataObject =>
	Object.fromEntries(
		Object.entries(isPlainObject(params) ? params : {}).filter(
			([name, value]) => !(KEY_NAME.test(name) && isEmpty(value)),
		),
	);

/** The LLM and the voice that bring no key and no endpoint of their own, as Agora Managed blocks. */
function withAgoraManaged(body: IDataObject, p: IDataObject): IDataObject {
	if (hasPresetOrPipeline(body) || usesMllm(p)) return body;
	const out: IDataObject = { ...p };
	const llm = isPlainObject(p.llm) ? p.llm : {};
	if (
		isEmpty(llm.url) &&
		!hasOwnKey(llm) &&
		llm.credential_mode === undefined &&
		(isEmpty(llm.vendor) || llm.vendor === AGORA_MANAGED.llm.vendor)
	) {
		out.llm = {
			...llm,
			vendor: AGORA_MANAGED.llm.vendor,
			credential_mode: 'managed',
			params: { ...AGORA_MANAGED.llm.params, ...(isPlainObject(llm.params) ? llm.params : {}) },
		};
	}
	const tts = isPlainObject(p.tts) ? p.tts : {};
	if (!speaksAlone(out.llm) && tts.credential_mode === undefined && !hasOwnKey(tts)) {
		// A vendor Agora cannot manage would go without a key: Agora's managed voice speaks instead.
		const managed = AGORA_MANAGED.ttsVendors.includes(String(tts.vendor))
			? { vendor: tts.vendor, params: withoutEmptyKeys(tts.params) }
			: AGORA_MANAGED.tts;
		out.tts = { ...tts, ...managed, credential_mode: 'managed' };
	}
	return { ...body, properties: out };
}

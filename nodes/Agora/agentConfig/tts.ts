/** Text-to-speech (properties.tts). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { VENDOR_KEY_HINT } from './vendorKeys';
import { keyValueField, readKeyValues } from '../form/commonFields';
import { builds } from '../form/labels';
import { compact, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';

/** The vendor that speaks the OpenAI TTS protocol; it needs url and headers as well. */
const GENERIC_HTTP = 'generic_http';

export const ttsFields: INodeProperties[] = [
	builds('properties.tts', {
		displayName: 'TTS Vendor',
		name: 'ttsVendor',
		type: 'options',
		options: [
			{ name: 'Amazon Polly', value: 'amazon' },
			{ name: 'Cartesia', value: 'cartesia' },
			{ name: 'Deepgram', value: 'deepgram' },
			{ name: 'ElevenLabs', value: 'elevenlabs' },
			{ name: 'Fish Audio', value: 'fishaudio' },
			{
				name: 'Generic HTTP (OpenAI TTS Protocol)',
				value: 'generic_http',
				description: 'Any service that speaks the OpenAI TTS protocol',
			},
			{ name: 'Google', value: 'google' },
			{ name: 'Gradium', value: 'gradium' },
			{ name: 'Hume AI', value: 'humeai' },
			{ name: 'Microsoft Azure', value: 'microsoft' },
			{ name: 'MiniMax', value: 'minimax' },
			{ name: 'Mistral', value: 'mistral' },
			{ name: 'Murf', value: 'murf' },
			{ name: 'OpenAI', value: 'openai' },
			{ name: 'Rime', value: 'rime' },
			{ name: 'Sarvam', value: 'sarvam' },
			{ name: 'Smallest AI', value: 'smallestai' },
			{ name: 'xAI', value: 'xai' },
		],
		default: 'microsoft',
		description: 'Text-to-speech provider. Any other identifier can be given by expression.',
	}),
	{
		displayName: 'TTS Params (JSON)',
		name: 'ttsParams',
		type: 'json',
		default:
			'{\n  "key": "",\n  "region": "eastus",\n  "voice_name": "en-US-AndrewMultilingualNeural"\n}',
		hint: VENDOR_KEY_HINT,
		description:
			'Provider-specific settings (key, voice, model, …). Required unless a preset provides the TTS. Values never appear in the output.',
	},
	{
		displayName: 'TTS URL',
		name: 'ttsUrl',
		type: 'string',
		default: '',
		placeholder: 'e.g. https://tts.example.com/v1/audio/speech',
		description: 'Endpoint URL of the service that speaks the OpenAI TTS protocol',
		displayOptions: { show: { ttsVendor: [GENERIC_HTTP] } },
	},
	keyValueField({
		displayName: 'TTS Headers',
		name: 'ttsHeaders',
		itemName: 'Header',
		description:
			'Headers sent to the TTS service, e.g. Authorization (tts.headers). Values never appear in the output.',
		namePlaceholder: 'e.g. Authorization',
		secretValues: true,
		displayOptions: { show: { ttsVendor: [GENERIC_HTTP] } },
	}),
	{
		displayName: 'TTS Credentials',
		name: 'ttsCredentialMode',
		type: 'options',
		options: [
			{
				name: 'Agora Managed',
				value: 'managed',
				description:
					'Agora supplies the provider key; give the voice and model only (supported providers only)',
			},
			{
				name: 'Your Own Key',
				value: 'byok',
				description: 'The key in TTS Params is used (default)',
			},
		],
		default: 'byok',
		description: 'Whose credentials the TTS provider is called with (credential_mode)',
	},
	{
		displayName: 'TTS Skip Patterns',
		name: 'ttsSkipPatterns',
		type: 'multiOptions',
		options: [
			{ name: 'Chinese Parentheses （ ）', value: '1' },
			{ name: 'Chinese Square Brackets 【 】', value: '2' },
			{ name: 'Curly Braces { }', value: '5' },
			{ name: 'Parentheses ( )', value: '3' },
			{ name: 'Square Brackets [ ]', value: '4' },
		],
		default: [],
		description:
			'Bracketed text the TTS does not read aloud (only the outermost pair counts). The transcript and memory keep the full text.',
	},
];

/** What a new node's TTS fields hold: n8n saves no value equal to its default, so none was typed. */
const TTS_DEFAULTS = {
	vendor: fieldDefault('ttsVendor'),
	params: fieldDefault('ttsParams'),
};

function fieldDefault(name: string): unknown {
	return ttsFields.find((field) => field.name === name)?.default;
}

/**
 * `byPreset`: a preset provides the TTS. Then, and with Agora Managed credentials, the fields left at
 * their defaults (a Microsoft voice and an empty key) are not sent: Agora provides vendor or key.
 */
export function buildTts(r: FormReader, byPreset = false): IDataObject | undefined {
	// byok is Agora's default: sent only when managed is chosen.
	const credentials = r.get('ttsCredentialMode', 'byok');
	const typedVendor = r.get('ttsVendor', '');
	const vendor = byPreset && typedVendor === TTS_DEFAULTS.vendor ? undefined : text(typedVendor);
	const genericHttp = vendor === GENERIC_HTTP;
	const typedParams = r.get('ttsParams', '');
	const untouched = typeof typedParams === 'string' && typedParams.trim() === TTS_DEFAULTS.params;
	const params =
		untouched && (byPreset || credentials === 'managed')
			? undefined
			: r.json(typedParams, 'properties.tts.params');
	const skip = r.get<unknown[]>('ttsSkipPatterns', []);
	const tts = compact({
		vendor,
		url: genericHttp ? text(r.get('ttsUrl', ''))?.trim() : undefined,
		// Required with this vendor: an empty list is sent as {} rather than left out.
		headers: genericHttp ? (readKeyValues(r.get('ttsHeaders', {})) ?? {}) : undefined,
		// Required, but a preset may provide it: left out when empty, so the schema can say which.
		params,
		credential_mode: credentials !== 'byok' ? credentials : undefined,
		skip_patterns:
			Array.isArray(skip) && skip.length > 0
				? skip.map((entry) => Number(entry)).sort((a, b) => a - b)
				: undefined,
	});
	return byPreset && Object.keys(tts).length === 0 ? undefined : tts;
}

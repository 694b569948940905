/** Speech recognition (properties.asr). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { VENDOR_KEY_HINT } from './vendorKeys';
import { credentialModeOption, NOT_MLLM } from './display';
import { type FormReader } from '../form/reader';
import { group, text } from '../form/bodyWriters';

export const asrFields: INodeProperties[] = [
	{
		displayName: 'Speech Recognition (ASR)',
		name: 'asr',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		description:
			'Speech recognition settings; left out when empty (Agora’s ARES recognizer is the default)',
		displayOptions: { show: NOT_MLLM },
		options: [
			credentialModeOption,
			{
				displayName: 'Language',
				name: 'language',
				type: 'string',
				default: 'en-US',
				description:
					'BCP-47 language of the user’s speech, e.g. en-US, zh-CN. A language in Params wins over it.',
			},
			{
				displayName: 'Params (JSON)',
				name: 'params',
				type: 'json',
				default: '{}',
				hint: VENDOR_KEY_HINT,
				description: 'Provider-specific settings (key, model, …) for the chosen vendor',
			},
			{
				displayName: 'Vendor',
				name: 'vendor',
				type: 'options',
				options: [
					{ name: 'Amazon Transcribe', value: 'amazon' },
					{ name: 'ARES (Agora)', value: 'ares' },
					{ name: 'AssemblyAI', value: 'assemblyai' },
					{ name: 'Deepgram', value: 'deepgram' },
					{ name: 'Gemini', value: 'gemini' },
					{ name: 'Google', value: 'google' },
					{ name: 'Microsoft Azure', value: 'microsoft' },
					{ name: 'OpenAI', value: 'openai' },
					{ name: 'Sarvam', value: 'sarvam' },
					{ name: 'Smallest AI', value: 'smallestai' },
					{ name: 'Speechmatics', value: 'speechmatics' },
					{ name: 'xAI', value: 'xai' },
				],
				default: 'ares',
				description:
					'Speech recognition provider (default ares). Any other identifier can be given by expression.',
			},
		],
	},
];

export function buildAsr(r: FormReader): IDataObject | undefined {
	const o = r.get<IDataObject>('asr', {});
	return group({
		credential_mode: text(o.credentialMode),
		language: text(o.language),
		vendor: text(o.vendor),
		params: r.json(o.params, 'properties.asr.params'),
	});
}

/**
 * Beside a preset or Agora Managed credentials only what the user typed is sent, on every node
 * version that offers them. Agora's join reference (preset): "When a preset is specified, you do
 * not need to provide the endpoint URL, API key, or model for the preset providers"; its "Use
 * presets" page: the key and URL fields of a preset's category are ignored; "Use managed mode":
 * Agora supplies the credentials and endpoint, you name the provider and model.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, runWorkflow } from '../../../lib/harness';
import { credential, joins, sb } from '../actions/agent/setup';

const PRESET = 'deepgram_nova_3,openai_gpt_4o_mini,minimax_speech_2_6_turbo';
/** A Vendor Keys credential with an LLM endpoint and a TTS key: none of it goes beside a preset. */
const KEYS: ICredentialDataDecryptedObject = {
	llmUrl: 'http://127.0.0.1:9/v1/chat/completions',
	llmApiKey: 'cred-llm-key',
	ttsSecretParams: JSON.stringify({ key: 'cred-tts-key' }),
};
const START = { resource: 'agent', operation: 'start', channel: 'room1', remoteRtcUid: '2002' };

async function sentProperties(parameters: IDataObject, typeVersion: number): Promise<IDataObject> {
	sb.reset();
	const workflow = agoraWorkflow(parameters as INodeParameters, [{}], { typeVersion });
	const result = await runWorkflow(workflow, credential, { agoraVendorKeysApi: KEYS });
	expect(result.error('Agora')).toBeUndefined();
	const body = joins()[0].body as IDataObject;
	return body.properties as IDataObject;
}

/** Where each version keeps Presets: at the top level up to 1.2, in Advanced from 1.3. */
const PRESET_AT: Array<[number, IDataObject]> = [
	[1, { preset: PRESET, vendorKeys: 'credential' }],
	[1.1, { preset: PRESET, vendorKeys: 'credential' }],
	[1.2, { preset: PRESET }],
	[1.3, { options: { preset: PRESET } }],
];

describe.each(PRESET_AT)(
	'version %s, a Start with the SDKs’ preset and nothing else typed',
	(version, preset) => {
		it('sends no LLM, TTS or ASR block: the preset provides all three', async () => {
			const properties = await sentProperties({ ...START, ...preset }, version);
			expect(properties.llm).toBeUndefined();
			expect(properties.tts).toBeUndefined();
			expect(properties.asr).toBeUndefined();
		});

		it('a voice typed beside the TTS preset is sent alone, without the credential’s key', async () => {
			const typed = { ttsParams: '{"voice_setting": {"voice_id": "English_Wiselady"}}' };
			const voice = version >= 1.3 ? { voice: typed } : typed;
			const properties = await sentProperties({ ...START, ...preset, ...voice }, version);
			expect(properties.tts).toEqual({
				params: { voice_setting: { voice_id: 'English_Wiselady' } },
			});
		});
	},
);

describe.each([1.2, 1.3])('version %s, Agora Managed credentials', (version) => {
	it('a managed TTS left at the form’s default voice sends neither it nor the credential’s key', async () => {
		const tts = { ttsVendor: 'minimax', ttsCredentialMode: 'managed' };
		const typed = { ...tts, ttsParams: '{"model": "speech-2.6-turbo"}' };
		const form = (voice: IDataObject) => ({ ...START, ...(version >= 1.3 ? { voice } : voice) });
		expect((await sentProperties(form(typed), version)).tts).toEqual({
			vendor: 'minimax',
			params: { model: 'speech-2.6-turbo' },
			credential_mode: 'managed',
		});
		// Untouched, the params are a Microsoft voice with an empty key: not sent, so Agora's check names them.
		sb.reset();
		const workflow = agoraWorkflow(form(tts) as INodeParameters, [{}], { typeVersion: version });
		const result = await runWorkflow(workflow, credential, { agoraVendorKeysApi: KEYS });
		expect(result.error('Agora')?.message).toContain('TTS Params');
		expect(joins()).toHaveLength(0);
	});
});

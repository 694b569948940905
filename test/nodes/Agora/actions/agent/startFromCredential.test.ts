/**
 * Agent › Start with only a channel and a user UID: from version 1.2 the Agora Vendor Keys
 * credential gives the LLM endpoint, the TTS vendor and their keys; the form wins; 1.1 is unchanged.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, runWorkflow } from '../../../../lib/harness';
import { credential, joins } from './setup';

const KEYS: ICredentialDataDecryptedObject = {
	llmUrl: 'http://127.0.0.1:9/v1/chat/completions',
	llmVendor: 'custom',
	llmStyle: 'openai',
	llmApiKey: 'cred-llm-key',
	ttsVendor: 'elevenlabs',
	ttsSecretParams: JSON.stringify({ key: 'cred-tts-key', voice_id: 'v1' }),
};
const BARE: INodeParameters = {
	resource: 'agent',
	operation: 'start',
	channel: 'room1',
	remoteRtcUid: '2002',
};

async function start(
	parameters: INodeParameters,
	typeVersion: number,
	keys: ICredentialDataDecryptedObject = KEYS,
) {
	return await runWorkflow(agoraWorkflow(parameters, [{}], { typeVersion }), credential, {
		agoraVendorKeysApi: keys,
	});
}

const sent = () => (joins()[0].body as IDataObject).properties as IDataObject;

describe('Agent › Start 1.2 with the Vendor Keys credential', () => {
	it('sends the credential’s LLM URL, vendor, style, key and TTS when the form gives only channel and user UID', async () => {
		const result = await start(BARE, 1.2);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')[0].agent_id).toEqual(expect.any(String));
		const p = sent();
		expect(p.llm).toMatchObject({
			url: KEYS.llmUrl,
			vendor: 'custom',
			style: 'openai',
			api_key: 'cred-llm-key',
		});
		// The form's TTS vendor (Microsoft by default) wins; its empty key is filled.
		expect((p.tts as IDataObject).vendor).toBe('microsoft');
		expect((p.tts as IDataObject).params).toMatchObject({ key: 'cred-tts-key' });
	});

	it('takes the TTS vendor from the credential when the form leaves it empty', async () => {
		const result = await start({ ...BARE, ttsVendor: '', ttsParams: '' }, 1.2);
		expect(result.error('Agora')).toBeUndefined();
		expect(sent().tts).toMatchObject({
			vendor: 'elevenlabs',
			params: { key: 'cred-tts-key', voice_id: 'v1' },
		});
	});

	it('values typed into the form win; the credential’s vendor and style go only with its own URL', async () => {
		const form = {
			...BARE,
			llmUrl: 'https://llm.example.com/v1/chat/completions',
			llmApiKey: 'form-key',
			ttsVendor: 'openai',
			ttsParams: '{"key": "form-tts"}',
		};
		const result = await start(form, 1.2);
		expect(result.error('Agora')).toBeUndefined();
		const p = sent();
		expect(p.llm).toMatchObject({
			url: 'https://llm.example.com/v1/chat/completions',
			api_key: 'form-key',
		});
		expect(p.llm).not.toHaveProperty('vendor');
		expect(p.llm).not.toHaveProperty('style');
		expect(p.tts).toMatchObject({ vendor: 'openai', params: { key: 'form-tts' } });
	});

	it('gives no LLM URL to an agent of a saved pipeline', async () => {
		const result = await start({ ...BARE, mode: 'pipeline', pipelineId: 'pipe-1' }, 1.2);
		expect(result.error('Agora')).toBeUndefined();
		expect(sent().llm).toBeUndefined();
	});

	it('without an LLM URL in form or credential, names the form field and the credential', async () => {
		const result = await start(BARE, 1.2, { ...KEYS, llmUrl: '' });
		expect(result.error('Agora')?.message).toMatch(/LLM URL/);
		expect(result.error('Agora')?.message).toMatch(/Vendor Keys credential/);
		expect(joins()).toHaveLength(0);
	});
});

describe('Agent › Start 1.1', () => {
	it('keeps keys typed into the node by default: the credential is not read', async () => {
		const result = await start(BARE, 1.1);
		expect(result.error('Agora')?.message).toMatch(/LLM URL/);
		expect(joins()).toHaveLength(0);
	});
});

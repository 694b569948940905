/**
 * Agent › Start with Vendor Keys From Credential (the default from 1.2) and no Vendor Keys
 * credential chosen: n8n's editor pre-selects only the Agora API credential in a new node, so the
 * LLM and the voice that bring no key of their own run on Agora's managed models ("Use managed
 * mode"); anything that brings its own key or endpoint is sent as typed.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, runWorkflow } from '../../../../lib/harness';
import { credential, joins } from './setup';

// The models Agora supplies keys for ("Use managed mode"): OpenAI's gpt-4o-mini, MiniMax's voice.
const MANAGED_LLM = { vendor: 'openai', params: { model: 'gpt-4o-mini' } };
const MANAGED_TTS = { vendor: 'minimax', params: { model: 'speech-2.6-turbo' } };

const BARE: INodeParameters = {
	resource: 'agent',
	operation: 'start',
	channel: 'room1',
	remoteRtcUid: '2002',
};

async function start(parameters: INodeParameters, typeVersion = 1.3) {
	return await runWorkflow(agoraWorkflow(parameters, [{}], { typeVersion }), credential);
}

const sent = () => (joins()[0].body as IDataObject).properties as IDataObject;

describe('Agent › Start without a Vendor Keys credential', () => {
	it.each([1.2, 1.3])(
		'%s: a new node’s channel and user UID start an agent on Agora’s managed LLM and voice',
		async (typeVersion) => {
			const result = await start(BARE, typeVersion);
			expect(result.error('Agora')).toBeUndefined();
			expect(result.output('Agora')[0].agent_id).toEqual(expect.any(String));
			const { llm, tts } = sent();
			expect(llm).toMatchObject({ ...MANAGED_LLM, credential_mode: 'managed' });
			expect(llm).not.toHaveProperty('url');
			expect(llm).not.toHaveProperty('api_key');
			// The form's default voice (Microsoft Azure) has no key: Agora's managed voice speaks.
			expect(tts).toMatchObject({ ...MANAGED_TTS, credential_mode: 'managed' });
			expect(JSON.stringify(tts)).not.toMatch(/eastus|AndrewMultilingual|"key"/);
		},
	);

	it('an LLM URL and keys typed into the form are sent as typed, not managed', async () => {
		const result = await start({
			...BARE,
			model: { llmUrl: 'http://127.0.0.1:9/v1/chat/completions', llmApiKey: 'typed-llm-key' },
			voice: { ttsVendor: 'elevenlabs', ttsParams: '{"key": "typed-tts-key", "voice_id": "v1"}' },
		});
		expect(result.error('Agora')).toBeUndefined();
		const { llm, tts } = sent();
		expect(llm).toEqual({
			url: 'http://127.0.0.1:9/v1/chat/completions',
			api_key: 'typed-llm-key',
		});
		expect(tts).toEqual({ vendor: 'elevenlabs', params: { key: 'typed-tts-key', voice_id: 'v1' } });
	});

	it('a voice vendor Agora manages keeps its own settings, without the empty key', async () => {
		const result = await start({
			...BARE,
			voice: { ttsVendor: 'openai', ttsParams: '{"key": "", "model": "tts-1", "voice": "alloy"}' },
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(sent().tts).toEqual({
			vendor: 'openai',
			credential_mode: 'managed',
			params: { model: 'tts-1', voice: 'alloy' },
		});
	});

	it('keys typed into the node (Vendor Keys: Typed Into This Node) are never replaced: the LLM URL is asked for', async () => {
		const result = await start({ ...BARE, vendorKeys: 'form' }, 1.2);
		expect(result.error('Agora')?.message).toMatch(/LLM URL/);
		expect(joins()).toHaveLength(0);
	});
});

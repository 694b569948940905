/**
 * Agent › Start in version 1.3 (the grouped form) sends the very request of version 1.2, for fields
 * at the top level and inside each group, for a new node's defaults, and for an expression in a
 * group; a workflow saved with 1.2 runs unchanged.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, runWorkflow } from '../../../../lib/harness';
import { credential, joins, LLM_KEY, SENT_KEYS as KEYS, sentBody, TTS_KEY } from './setup';

const SALT = Buffer.alloc(32, 7).toString('base64');

const top = { resource: 'agent', operation: 'start', channel: 'room1', remoteRtcUid: '2002' };

/** One value for a field of every group; in 1.2 each is a top-level field or its own collection. */
const model = {
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmApiKey: LLM_KEY,
	llmSystemMessages: { messages: [{ role: 'system', content: 'Hi {{customer}}' }] },
	llmParams: '{"model": "gpt-4o-mini"}',
	llmOptions: {
		greetingMessage: 'Hello',
		maxHistory: 64,
		templateVariables: { entries: [{ name: 'customer', value: 'Ann' }] },
	},
};
const voice = {
	ttsVendor: 'elevenlabs',
	ttsParams: JSON.stringify({ key: TTS_KEY, voice_id: 'v1' }),
	ttsSkipPatterns: ['3', '4'],
	asr: { language: 'de-DE', vendor: 'deepgram', params: '{"key": "asr-secret-0123456789"}' },
};
const conversation = {
	idleTimeout: 120,
	configureTurnDetection: true,
	endOfSpeechMode: 'semantic',
	endOfSpeechSemantic: { max_wait_ms: 2000 },
	configureInterruption: true,
	interruptionMode: 'keywords',
	interruptionKeywords: 'stop, wait',
	enableFillerWords: true,
	fillerPhrases: { phrases: [{ text: 'Let me see…' }] },
};
const identity = {
	vendorKeys: 'form',
	name: 'agent-x',
	agentRtcUid: '1001',
	geofenceArea: 'GLOBAL',
	geofenceExcludeArea: 'EUROPE',
	encryptionMode: '8',
	encryptionKey: 'k'.repeat(32),
	encryptionSalt: SALT,
	labels: { entries: [{ name: 'ticket', value: 'T-1' }] },
};
const advanced = {
	preset: 'deepgram_nova_3',
	advancedFeatures: { enableRtm: true },
	agentParameters: { silenceTimeoutMs: 5000, silenceContent: 'Still there?' },
	enableSal: true,
	salMode: 'recognition',
	ifNameInUse: 'returnExisting',
	requestOptions: { maxRetries: 1 },
};

describe('Agent › Start 1.3 builds the request of 1.2', () => {
	it('for a field of every group, set inside its group', async () => {
		const { ifNameInUse, requestOptions, ...advancedFields } = advanced;
		const saved12 = {
			...top,
			...model,
			...voice,
			...conversation,
			...identity,
			...advancedFields,
			options: { ifNameInUse },
			requestOptions,
		};
		const grouped13 = { ...top, model, voice, conversation, identity, options: advanced };
		const body12 = await sentBody(saved12, 1.2);
		expect(body12.properties).toMatchObject({
			idle_timeout: 120,
			rtc: { encryption_mode: 8 },
			sal: { sal_mode: 'recognition' },
		});
		expect(await sentBody(grouped13, 1.3)).toEqual(body12);
	});

	it('for a new node: channel and user UID only, every group empty (defaults, the credential’s keys)', async () => {
		const body12 = await sentBody(top, 1.2);
		// The default name is an expression: in a group it is evaluated as n8n evaluates a top-level one.
		expect(body12.name).toMatch(/^agent-4242-[0-9a-f]{10}$/);
		expect(await sentBody(top, 1.3)).toEqual(body12);
	});

	it('for expressions inside a group, read from the item or evaluated by n8n', async () => {
		const items = [{ url: 'https://llm.example.com/a', room: 'room1' }];
		const body12 = await sentBody(
			{ ...top, llmUrl: '={{ $json.url }}', llmApiKey: '={{ "k-" + $json.room }}' },
			1.2,
			items,
		);
		const body13 = await sentBody(
			{ ...top, model: { llmUrl: '={{ $json.url }}', llmApiKey: '={{ "k-" + $json.room }}' } },
			1.3,
			items,
		);
		expect(body12.properties).toMatchObject({
			llm: { url: 'https://llm.example.com/a', api_key: 'k-room1' },
		});
		expect(body13).toEqual(body12);
	});

	it('in Saved Pipeline mode, with the LLM override set at the top level and its fields in Model', async () => {
		const pipeline = { ...top, mode: 'pipeline', pipelineId: 'pl-1', overrideLlm: true };
		const body12 = await sentBody(
			{ ...pipeline, llmUrl: model.llmUrl, llmParams: model.llmParams },
			1.2,
		);
		expect(body12).toMatchObject({
			pipeline_id: 'pl-1',
			properties: { llm: { url: model.llmUrl } },
		});
		expect(
			await sentBody(
				{ ...pipeline, model: { llmUrl: model.llmUrl, llmParams: model.llmParams } },
				1.3,
			),
		).toEqual(body12);
	});
});

describe('settings of the groups that shape the run, not the body', () => {
	async function failure(parameters: IDataObject, typeVersion: number) {
		const workflow = agoraWorkflow(parameters as INodeParameters, [{}], { typeVersion });
		const result = await runWorkflow(workflow, credential, { agoraVendorKeysApi: KEYS });
		return { message: result.error('Agora')?.message, sent: joins().length };
	}

	it('Vendor Keys › Typed Into This Node, in Identity and Security: the credential’s keys are not used', async () => {
		const expected = await failure({ ...top, vendorKeys: 'form' }, 1.2);
		expect(expected).toEqual({ message: expect.stringMatching(/LLM URL/), sent: 0 });
		expect(await failure({ ...top, identity: { vendorKeys: 'form' } }, 1.3)).toEqual(expected);
	});

	it('Request Options, in Advanced: checked as at the top level', async () => {
		const expected = await failure({ ...top, requestOptions: { concurrency: 0 } }, 1.2);
		expect(expected).toEqual({ message: expect.stringMatching(/Concurrency/), sent: 0 });
		expect(await failure({ ...top, options: { requestOptions: { concurrency: 0 } } }, 1.3)).toEqual(
			expected,
		);
	});
});

describe('a workflow saved with 1.2', () => {
	it('runs unchanged: its top-level fields are read where 1.2 keeps them', async () => {
		const saved = { ...top, ...model, vendorKeys: 'form', ttsParams: voice.ttsParams };
		const body = await sentBody(saved, 1.2);
		expect(body.properties).toMatchObject({
			channel: 'room1',
			remote_rtc_uids: ['2002'],
			llm: { url: model.llmUrl, api_key: LLM_KEY, greeting_message: 'Hello', max_history: 64 },
			tts: { vendor: 'microsoft', params: { key: TTS_KEY, voice_id: 'v1' } },
		});
	});
});

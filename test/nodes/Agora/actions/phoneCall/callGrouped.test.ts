/**
 * Phone Call › Call in version 1.3 (the grouped form) sends the very request of version 1.2: the
 * call's identity (channel, SIP UID, tokens) and the wait for the end live in groups there.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraWorkflow, runWorkflow } from '../../../../lib/harness';
import { callParams, credential, LLM_KEY, posts, sb, SIP_TOKEN } from './setup';

async function sentBody(parameters: IDataObject, typeVersion: number): Promise<IDataObject> {
	sb.reset();
	const workflow = agoraWorkflow(parameters as INodeParameters, [{}], { typeVersion });
	const result = await runWorkflow(workflow, credential, {}, { executionId: '4343' });
	expect(result.error('Agora')).toBeUndefined();
	const body = posts('/call')[0].body as IDataObject;
	const properties = { ...(body.properties as IDataObject) };
	delete properties.token;
	return { ...body, properties };
}

const numbers = {
	resource: 'phoneCall',
	operation: 'call',
	toNumber: '+1 (415) 555-0123',
	fromNumber: '+14155550100',
};
const keys = {
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmApiKey: LLM_KEY,
	ttsParams: '{"key": "tts-secret-abcdef012345"}',
};

describe('Phone Call › Call 1.3 builds the request of 1.2', () => {
	it('for the call’s identity, the model, the voice and the options set inside their groups', async () => {
		const saved = callParams({
			sipRtcToken: SIP_TOKEN,
			vendorKeys: 'form',
			idleTimeout: 60,
			labels: { entries: [{ name: 'contact', value: 'Ada' }] },
		});
		const body12 = await sentBody(saved, 1.2);
		expect(body12).toMatchObject({
			name: 'call-x',
			sip: { rtc_uid: '100', rtc_token: SIP_TOKEN },
			properties: { channel: 'phone-room', idle_timeout: 60 },
		});
		const grouped = {
			...numbers,
			model: { llmUrl: keys.llmUrl, llmApiKey: LLM_KEY },
			voice: { ttsVendor: 'microsoft', ttsParams: saved.ttsParams },
			conversation: { idleTimeout: 60 },
			identity: {
				vendorKeys: 'form',
				name: 'call-x',
				channel: 'phone-room',
				remoteRtcUid: '100',
				agentRtcUid: '111',
				sipRtcToken: SIP_TOKEN,
				labels: { entries: [{ name: 'contact', value: 'Ada' }] },
			},
			options: { waitForEnd: false },
		};
		expect(await sentBody(grouped, 1.3)).toEqual(body12);
	});

	it('for a new node: the numbers and keys only (default call name, channel and SIP UID)', async () => {
		const body12 = await sentBody({ ...numbers, vendorKeys: 'form', ...keys }, 1.2);
		expect(body12).toMatchObject({
			name: expect.stringMatching(/^call-4343-/),
			sip: { rtc_uid: '100' },
		});
		const body13 = await sentBody(
			{
				...numbers,
				identity: { vendorKeys: 'form' },
				model: { llmUrl: keys.llmUrl, llmApiKey: LLM_KEY },
				voice: { ttsParams: keys.ttsParams },
			},
			1.3,
		);
		expect(body13).toEqual(body12);
	});
});

describe('Phone Call › Call 1.4', () => {
	it('Instructions and Greeting at the top send what 1.3 sends with them in Model', async () => {
		const voice = { ttsParams: keys.ttsParams };
		const model = { llmUrl: keys.llmUrl, llmApiKey: LLM_KEY };
		const identity = { vendorKeys: 'form' };
		const body14 = await sentBody(
			{
				...numbers,
				instructions: 'Confirm the appointment.',
				greeting: 'Hello!',
				model,
				voice,
				identity,
			},
			1.4,
		);
		expect(body14.properties).toMatchObject({
			llm: {
				system_messages: [{ role: 'system', content: 'Confirm the appointment.' }],
				greeting_message: 'Hello!',
			},
		});
		const model13 = {
			...model,
			llmSystemMessages: { messages: [{ role: 'system', content: 'Confirm the appointment.' }] },
			llmOptions: { greetingMessage: 'Hello!' },
		};
		expect(body14).toEqual(await sentBody({ ...numbers, model: model13, voice, identity }, 1.3));
	});
});

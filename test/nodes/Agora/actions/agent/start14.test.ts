/**
 * Agent › Start in version 1.4: Instructions and Greeting at the top build the LLM's first system
 * message and greeting (the realtime model's instructions and greeting in Multimodal mode), and a
 * setting added to a group needs no switch: 1.3 with the switch on sends the very same request.
 */
import type { IDataObject } from 'n8n-workflow';

import { LLM_KEY, sentBody } from './setup';

const top = { resource: 'agent', operation: 'start', channel: 'room1', remoteRtcUid: '2002' };
const PROMPT = 'You are a concise support agent for Acme.';

describe('Instructions and Greeting', () => {
	it('cascade: the first system message, before the ones in Model, and the greeting message', async () => {
		const model = {
			llmSystemMessages: { messages: [{ role: 'user', content: 'Example question' }] },
		};
		const body = await sentBody({ ...top, instructions: PROMPT, greeting: 'Hi!', model }, 1.4);
		const llm = (body.properties as IDataObject).llm as IDataObject;
		expect(llm.system_messages).toEqual([
			{ role: 'system', content: PROMPT },
			{ role: 'user', content: 'Example question' },
		]);
		expect(llm.greeting_message).toBe('Hi!');
		// 1.3 with the same messages in Model › System Messages and LLM Options › Greeting Message.
		const saved13 = {
			...top,
			model: {
				llmSystemMessages: {
					messages: [{ role: 'system', content: PROMPT }, ...model.llmSystemMessages.messages],
				},
				llmOptions: { greetingMessage: 'Hi!' },
			},
		};
		expect(body).toEqual(await sentBody(saved13, 1.3));
	});

	it('Multimodal: the realtime model’s instructions (params) and greeting', async () => {
		const mllm = {
			mllmVendor: 'openai',
			mllmApiKey: LLM_KEY,
			mllmParams: '{"model": "gpt-realtime"}',
		};
		const body = await sentBody(
			{ ...top, mode: 'mllm', instructions: PROMPT, greeting: 'Hello', model: mllm },
			1.4,
		);
		expect((body.properties as IDataObject).mllm).toMatchObject({
			params: { model: 'gpt-realtime', instructions: PROMPT },
			greeting_message: 'Hello',
		});
	});

	it('empty, nothing is added', async () => {
		expect(await sentBody(top, 1.4)).toEqual(await sentBody(top, 1.3));
	});
});

describe('adding a setting turns its part on (1.3 needed a switch for it)', () => {
	const conversation = {
		endOfSpeechMode: 'semantic',
		endOfSpeechSemantic: { max_wait_ms: 2000 },
		interruptionMode: 'keywords',
		interruptionKeywords: 'stop, wait',
		fillerPhrases: { phrases: [{ text: 'Let me see…' }] },
	};
	const options = {
		salMode: 'recognition',
		avatarVendor: 'akool',
		avatarParams: '{"avatar_id": "a1"}',
	};
	const switches13 = {
		conversation: {
			...conversation,
			configureTurnDetection: true,
			configureInterruption: true,
			enableFillerWords: true,
		},
		options: { ...options, enableSal: true, enableAvatar: true },
	};

	it('turn detection, interruption, filler words, voice lock and avatar', async () => {
		const body14 = await sentBody({ ...top, conversation, options }, 1.4);
		expect(body14.properties).toMatchObject({
			turn_detection: { config: { end_of_speech: { mode: 'semantic' } } },
			interruption: { enable: true, mode: 'keywords' },
			filler_words: { enable: true },
			sal: { sal_mode: 'recognition' },
			avatar: { enable: true, vendor: 'akool' },
		});
		expect(body14).toEqual(await sentBody({ ...top, ...switches13 }, 1.3));
	});

	it('no setting added: none of them is sent', async () => {
		const properties = (await sentBody(top, 1.4)).properties as IDataObject;
		for (const member of ['turn_detection', 'interruption', 'filler_words', 'sal', 'avatar'])
			expect(properties[member]).toBeUndefined();
	});
});

/**
 * Additional Body (JSON) on every operation that sends a body: merged over what the form builds,
 * sent, and checked like the rest before anything is sent. Run through n8n's engine against the
 * sandbox. Fields Agora adds later pass through (its reference lets request objects grow).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;

useSandbox(
	{ startDelayMs: 5, stopDelayMs: 5, playerQuota: 100 },
	(started) => ({ sb, credential } = started),
);

const run = async (parameters: IDataObject) =>
	await runWorkflow(agoraWorkflow(parameters as INodeParameters), credential);
const extra = (body: IDataObject) => ({ options: { additionalBody: JSON.stringify(body) } });
const lastBody = (method: string) =>
	[...sb.requests].reverse().find((r) => r.method === method)?.body as IDataObject;

async function liveAgent(): Promise<string> {
	const result = await run({
		resource: 'agent',
		operation: 'start',
		name: `ab-${Math.random().toString(36).slice(2)}`,
		channel: 'room',
		remoteRtcUid: '1002',
		agentRtcUid: '1001',
		llmUrl: 'https://api.openai.com/v1/chat/completions',
		llmApiKey: 'k',
		ttsVendor: 'microsoft',
		ttsParams: '{"key": "k", "voice_name": "v"}',
	});
	return String(result.output('Agora')[0].agent_id);
}

describe('Agent operations', () => {
	test('Speak: the reference example’s members plus a later field', async () => {
		const agentId = await liveAgent();
		// Speak example of the reference: {"text": ..., "priority": "INTERRUPT", "interruptable": false}.
		const result = await run({
			resource: 'agent',
			operation: 'speak',
			agentId,
			text: 'Sorry, the conversation content is not compliant.',
			...extra({ interruptable: false, added_later: { a: 1 } }),
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(lastBody('POST')).toEqual({
			text: 'Sorry, the conversation content is not compliant.',
			priority: 'INTERRUPT',
			interruptable: false,
			added_later: { a: 1 },
		});
	});

	test('Speak: the merged body is checked (priority from Additional Body)', async () => {
		const agentId = await liveAgent();
		const before = sb.requests.length;
		const result = await run({
			resource: 'agent',
			operation: 'speak',
			agentId,
			text: 'hi',
			...extra({ priority: 'SOON' }),
		});
		expect(apiField(result.error('Agora'))).toBe('priority');
		expect(sb.requests.length).toBe(before);
	});

	test('Think: metadata and actions from Additional Body', async () => {
		const agentId = await liveAgent();
		const result = await run({
			resource: 'agent',
			operation: 'think',
			agentId,
			text: 'Check the order',
			...extra({ metadata: { publisher: 'user123' }, on_speaking_action: 'interrupt' }),
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(lastBody('POST')).toMatchObject({
			text: 'Check the order',
			metadata: { publisher: 'user123' },
			on_speaking_action: 'interrupt',
		});
	});

	test('Update: llm.params from Additional Body, listed in the output; an empty token refused', async () => {
		const agentId = await liveAgent();
		let result = await run({
			resource: 'agent',
			operation: 'update',
			agentId,
			...extra({ properties: { llm: { params: { model: 'gpt-4o-mini', max_tokens: 1024 } } } }),
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(lastBody('POST')).toEqual({
			properties: { llm: { params: { model: 'gpt-4o-mini', max_tokens: 1024 } } },
		});
		expect(result.output('Agora')[0].updated).toEqual(['llm']);
		result = await run({
			resource: 'agent',
			operation: 'update',
			agentId,
			...extra({ properties: { token: ' ' } }),
		});
		expect(apiField(result.error('Agora'))).toBe('properties.token');
	});
});

describe('Cloud Player operations', () => {
	const create = {
		resource: 'cloudPlayer',
		operation: 'create',
		region: 'na',
		streamUrl: 'rtmp://example.com/live/stream',
		channelName: 'room',
		identityType: 'uid',
		uid: 0,
	};

	test('Create: videoOptions.gop and repeatTime (the reference example’s members) through Additional Body', async () => {
		const result = await run({
			...create,
			options: {
				additionalBody: JSON.stringify({ player: { videoOptions: { gop: 30 }, repeatTime: -1 } }),
			},
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(lastBody('POST')).toMatchObject({
			player: {
				streamUrl: 'rtmp://example.com/live/stream',
				videoOptions: { gop: 30 },
				repeatTime: -1,
			},
		});
	});

	test('Create: the merged player is checked (channelName from Additional Body)', async () => {
		const result = await run({
			...create,
			options: { additionalBody: JSON.stringify({ player: { channelName: 'a/b' } }) },
		});
		expect(apiField(result.error('Agora'))).toBe('player.channelName');
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	test('Update: audioOptions.volume through Additional Body', async () => {
		const created = await run(create);
		const id = String(created.output('Agora')[0].id);
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'update',
			region: 'na',
			playerId: id,
			updateFields: { isPause: true },
			options: { additionalBody: JSON.stringify({ player: { audioOptions: { volume: 50 } } }) },
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(lastBody('PATCH')).toEqual({ player: { isPause: true, audioOptions: { volume: 50 } } });
	});
});

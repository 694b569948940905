/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Shared set-up of the Agent tests: importing this file starts the sandbox (and resets it
 * before each test) for the importing test file; `sb` and `credential` are set once it runs.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox/src';
import type { startBody } from '../../../../../sandbox/src/helpers';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../../lib/harness';
import { seedAgent, useSandbox } from '../../../../lib/sandbox';

export let sb: Sandbox;
export let credential: CredentialData;

useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started));

export const LLM_KEY = 'sk-llm-secret-0123456789';
export const TTS_KEY = 'tts-secret-abcdef012345';

export function cascadeParams(over: IDataObject = {}): IDataObject {
	return {
		resource: 'agent',
		operation: 'start',
		channel: 'room1',
		remoteRtcUid: '2002',
		agentRtcUid: '1001',
		llmUrl: 'https://llm.example.com/v1/chat/completions',
		llmApiKey: LLM_KEY,
		llmSystemMessages: { messages: [{ role: 'system', content: 'You are helpful.' }] },
		ttsVendor: 'microsoft',
		ttsParams: JSON.stringify({ key: TTS_KEY, region: 'eastus', voice_name: 'en-US-AndrewNeural' }),
		...over,
	};
}

export async function run(parameters: IDataObject, items: IDataObject[] = [{}], settings = {}) {
	return await runWorkflow(
		agoraWorkflow(parameters as INodeParameters, items, settings),
		credential,
	);
}

/** The Start tests' base form: cascade mode, with keys in both the LLM and the TTS parameters. */
export function startParams(over: IDataObject = {}): IDataObject {
	return {
		resource: 'agent',
		operation: 'start',
		name: 'agent-x',
		channel: 'room1',
		remoteRtcUid: '2002',
		agentRtcUid: '1001',
		llmUrl: 'https://llm.example.com/v1/chat/completions',
		llmApiKey: LLM_KEY,
		ttsVendor: 'microsoft',
		ttsParams: '{"key": "tts-secret-abcdef012345", "voice_name": "en-US-AndrewNeural"}',
		...over,
	};
}

/** Runs one item with the given workflow settings. */
export async function runWithSettings(parameters: IDataObject, settings: IDataObject = {}) {
	return await run(parameters, [{}], settings);
}

/**
 * Starts agents straight through the sandbox API (no node), for the read and steer tests. The
 * sandbox clock is then moved past the start delay, so they are RUNNING however slow the machine.
 */
export async function seed(
	count: number,
	over: (i: number) => Parameters<typeof startBody>[0] = () => ({}),
): Promise<string[]> {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) ids.push(await seedAgent(sb, over(i)));
	return ids;
}

export const joins = () =>
	sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/join'));

/** A Vendor Keys credential with an LLM endpoint and a TTS key, for the comparisons of versions. */
export const SENT_KEYS: ICredentialDataDecryptedObject = {
	llmUrl: 'http://127.0.0.1:9/v1/chat/completions',
	llmApiKey: 'cred-llm-key',
	ttsSecretParams: JSON.stringify({ key: 'cred-tts-key' }),
};

/** The join request of one run at this node version, without its token (it carries a timestamp). */
export async function sentBody(
	parameters: IDataObject,
	typeVersion: number,
	items: IDataObject[] = [{}],
): Promise<IDataObject> {
	sb.reset();
	const workflow = agoraWorkflow(parameters as INodeParameters, items, { typeVersion });
	const result = await runWorkflow(
		workflow,
		credential,
		{ agoraVendorKeysApi: SENT_KEYS },
		{ executionId: '4242' },
	);
	expect(result.error('Agora')).toBeUndefined();
	const body = joins()[0].body as IDataObject;
	const properties = { ...(body.properties as IDataObject) };
	delete properties.token;
	return { ...body, properties };
}

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Shared set-up of the Phone Call tests: importing this file starts the sandbox (and resets it
 * before each test) for the importing test file; `sb` and `credential` are set once it runs.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../../lib/harness';
import { useSandbox } from '../../../../lib/sandbox';

export const SETUP_MS = 400;
export const LLM_KEY = 'sk-llm-secret-0123456789';
export const SIP_TOKEN = 'sip-token-secret-0123456789';

export let sb: Sandbox;
export let credential: CredentialData;

useSandbox(
	{ startDelayMs: 5, stopDelayMs: 5, callSetupMs: SETUP_MS, clock: 'manual' },
	(started) => ({ sb, credential } = started),
);

export function callParams(over: IDataObject = {}): IDataObject {
	return {
		resource: 'phoneCall',
		operation: 'call',
		toNumber: '+1 (415) 555-0123',
		fromNumber: '+14155550100',
		name: 'call-x',
		channel: 'phone-room',
		remoteRtcUid: '100',
		agentRtcUid: '111',
		llmUrl: 'https://llm.example.com/v1/chat/completions',
		llmApiKey: LLM_KEY,
		ttsVendor: 'microsoft',
		ttsParams: '{"key": "tts-secret-abcdef012345", "voice_name": "en-US-AndrewNeural"}',
		...over,
	};
}

export async function run(
	parameters: IDataObject,
	items: IDataObject[] = [{}],
	cred: CredentialData = credential,
	settings: IDataObject = {},
) {
	return await runWorkflow(agoraWorkflow(parameters as INodeParameters, items, settings), cred);
}

export const posts = (suffix: string) =>
	sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));

export async function placeCall(over: IDataObject = {}): Promise<string> {
	const result = await run(callParams(over));
	expect(result.error('Agora')).toBeUndefined();
	return String(result.output('Agora')[0].agent_id);
}

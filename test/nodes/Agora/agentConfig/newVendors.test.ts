/**
 * Agent › Start sends the vendors and routes Agora added lately, each from its form fields through
 * n8n's engine to the sandbox. Each test names the page whose REST API tab it sends.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../../sandbox/src';
import { loadFixtures } from '../../../conformance/fixtures';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;
useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (setup) => ({ sb, credential } = setup));

/** The documented properties of a guide fixture (test/conformance/fixtures). */
function documented(name: string): IDataObject {
	const f = loadFixtures().find((x) => x.name === name);
	if (!f) throw new Error(`no fixture ${name}`);
	return (f.body as { properties: IDataObject }).properties;
}

const identity = {
	resource: 'agent',
	operation: 'start',
	name: 'documented',
	channel: 'channel_name',
	agentRtcUid: '1001',
	remoteRtcUid: '1002',
};
const cascade = {
	llmUrl: 'https://api.openai.com/v1/chat/completions',
	llmApiKey: '<your_llm_key>',
	ttsVendor: 'microsoft',
	ttsParams: '{"key": "k", "region": "eastus", "voice_name": "en-US-AndrewMultilingualNeural"}',
};

async function start(parameters: IDataObject) {
	const result = await runWorkflow(
		agoraWorkflow({ ...identity, ...parameters } as INodeParameters),
		credential,
	);
	const join = sb.requests.find((r) => r.path.endsWith('/join'));
	expect(result.error('Agora')).toBeUndefined();
	return (join?.body as { properties: IDataObject }).properties;
}

test('Smallest AI speech recognition (models/asr/smallest-ai.mdx, REST API tab)', async () => {
	const asr = documented('guide-join-asr-smallestai').asr as IDataObject;
	const properties = await start({
		...cascade,
		asr: { vendor: 'smallestai', language: 'zh', params: JSON.stringify(asr.params) },
	});
	expect(properties.asr).toEqual(asr);
});

test('Smallest AI voices (models/tts/smallest-ai.mdx, REST API tab)', async () => {
	const tts = documented('guide-join-tts-smallestai').tts as IDataObject;
	const properties = await start({
		...cascade,
		ttsVendor: 'smallestai',
		ttsParams: JSON.stringify(tts.params),
	});
	expect(properties.tts).toEqual(tts);
});

describe('LemonSlice avatar through the generic vendor (models/avatar/lemonslice.mdx)', () => {
	test('the REST API tab’s params', async () => {
		const avatar = documented('guide-join-avatar-lemonslice').avatar as IDataObject;
		const properties = await start({
			...cascade,
			enableAvatar: true,
			avatarVendor: 'generic',
			avatarParams: JSON.stringify(avatar.params),
		});
		expect(properties.avatar).toEqual({ enable: true, ...avatar });
	});

	test('the SDK tab’s additional_params (agent image and aspect ratio) pass through', async () => {
		const params = {
			api_key: '<LEMONSLICE_API_KEY>',
			api_base_url: 'https://lemonslice.com/api/liveai/agora',
			avatar_id: 'lemonslice',
			agora_uid: '<AGORA_UID>',
			additional_params: { agent_image_url: 'https://img.test/a.png', aspect_ratio: '2x3' },
		};
		const properties = await start({
			...cascade,
			enableAvatar: true,
			avatarVendor: 'generic',
			avatarParams: JSON.stringify(params),
		});
		expect((properties.avatar as IDataObject).params).toEqual(params);
	});
});

test('OpenAI GPT-Live (models/mllm/openai-gpt-live.mdx, REST API tab)', async () => {
	const mllm = documented('guide-join-mllm-gpt-live').mllm as IDataObject;
	const properties = await start({
		mode: 'mllm',
		mllmVendor: 'openai-gpt-live',
		mllmApiKey: mllm.api_key,
		mllmUrl: mllm.url,
		mllmOptions: { greetingMessage: mllm.greeting_message },
	});
	expect(properties.mllm).toEqual(mllm);
	expect(properties).not.toHaveProperty('llm');
});

test('an MLLM agent’s HTTP tools go in mllm.tools with enable_tools (build/tools/custom-tools.mdx: "Declare them in mllm.tools")', async () => {
	const documentedTool = (
		(documented('guide-join-mllm-tools').mllm as IDataObject).tools as IDataObject[]
	)[0] as { function: IDataObject; server: IDataObject };
	const properties = await start({
		mode: 'mllm',
		mllmVendor: 'openai',
		mllmApiKey: '<openai_api_key>',
		mllmOptions: {
			tools: {
				tool: [
					{
						name: documentedTool.function.name,
						description: documentedTool.function.description,
						parameters: JSON.stringify(documentedTool.function.parameters),
						method: 'GET',
						url: documentedTool.server.url,
						headers: JSON.stringify(documentedTool.server.headers),
						timeoutMs: documentedTool.server.timeout_ms,
					},
				],
			},
		},
	});
	const mllm = properties.mllm as IDataObject;
	// execution is left out: "Defaults to sync when omitted".
	expect(mllm.tools).toEqual([
		{ type: 'function', function: documentedTool.function, server: documentedTool.server },
	]);
	expect(properties.advanced_features).toEqual({ enable_tools: true });
	expect(properties).not.toHaveProperty('llm');
});

test('a second MLLM tool with the same name is refused naming the MLLM’s Tools', async () => {
	const tool = { name: 'lookUp', method: 'GET', url: 'https://tools.test/a' };
	const result = await runWorkflow(
		agoraWorkflow({
			...identity,
			mode: 'mllm',
			mllmVendor: 'openai',
			mllmApiKey: 'k',
			mllmOptions: { tools: { tool: [tool, { ...tool, name: 'LOOKUP' }] } },
		} as INodeParameters),
		credential,
	);
	expect(result.error('Agora')?.message).toContain('“MLLM Options › Tools › Name”');
	expect(sb.requests.filter((r) => r.path.endsWith('/join'))).toHaveLength(0);
});

test('OpenAI GPT-Live without its url is refused before sending, naming MLLM URL (the page: url required)', async () => {
	const result = await runWorkflow(
		agoraWorkflow({
			...identity,
			mode: 'mllm',
			mllmVendor: 'openai-gpt-live',
			mllmApiKey: 'k',
		} as INodeParameters),
		credential,
	);
	expect(result.error('Agora')?.message).toContain('“MLLM URL”');
	expect(sb.requests.filter((r) => r.path.endsWith('/join'))).toHaveLength(0);
});

describe('Gemini Live thinking level (models/mllm/gemini.mdx documents no such key)', () => {
	// Agora names no thinking field for Gemini Live, so whatever the user writes in params is sent as is.
	const params = {
		model: 'gemini-3.1-flash-live-preview',
		voice: 'Charon',
		thinking_config: { thinking_level: 'low' },
	};

	test('Agent › Start sends MLLM Params untouched', async () => {
		const properties = await start({
			mode: 'mllm',
			mllmVendor: 'gemini',
			mllmApiKey: '<GOOGLE_GEMINI_API_KEY>',
			mllmParams: JSON.stringify(params),
		});
		expect((properties.mllm as IDataObject).params).toEqual(params);
	});

	test('Agent › Update sends MLLM Params untouched', async () => {
		await start({
			mode: 'mllm',
			mllmVendor: 'gemini',
			mllmApiKey: '<GOOGLE_GEMINI_API_KEY>',
			mllmParams: JSON.stringify({ model: params.model }),
		});
		const agentId = sb.agents()[0].agentId;
		const result = await runWorkflow(
			agoraWorkflow({
				resource: 'agent',
				operation: 'update',
				agentId,
				updateFields: { mllmParams: JSON.stringify(params) },
			} as INodeParameters),
			credential,
		);
		expect(result.error('Agora')).toBeUndefined();
		const update = sb.requests.find((r) => r.path.endsWith('/update'));
		expect(update?.body).toEqual({ properties: { mllm: { params } } });
	});
});

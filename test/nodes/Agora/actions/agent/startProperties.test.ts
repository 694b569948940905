/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/** Agent › Start: documented properties of Agora's current reference, from the form to what arrives at Agora. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { decodeAccessToken2 } from '../../../../../sandbox/src/accessToken2Decoder';
import { agoraWorkflow, apiField, runWorkflow } from '../../../../lib/harness';
import { cascadeParams, credential, sb } from './setup';

const APP_CERTIFICATE = 'fedcba9876543210fedcba9876543210';

beforeEach(() => sb.configure({ rateLimits: false, listDelayMs: 0 }));

async function run(parameters: IDataObject) {
	return await runWorkflow(agoraWorkflow(parameters as INodeParameters), {
		...credential,
		appCertificate: APP_CERTIFICATE,
	});
}

const cascade = (over: IDataObject = {}): IDataObject =>
	cascadeParams({ name: 'ref-agent', ...over });

const mllm = (over: IDataObject = {}): IDataObject => ({
	resource: 'agent',
	operation: 'start',
	name: 'ref-mllm',
	channel: 'room1',
	remoteRtcUid: '2002',
	mode: 'mllm',
	mllmApiKey: 'mllm-key-123',
	...over,
});

/** The start request the sandbox accepted; the item must not have failed. */
function started(result: Awaited<ReturnType<typeof run>>): IDataObject {
	expect(result.error('Agora')).toBeUndefined();
	const join = sb.requests.find((r) => r.path.endsWith('/join'));
	expect(join?.status).toBe(200);
	return (join!.body as IDataObject).properties as IDataObject;
}

describe('MLLM turn detection: agora_vad, server_vad, semantic_vad; the deprecated type in both modes', () => {
	test('the form offers and sends agora_vad with agora_vad_config', async () => {
		const p = started(
			await run(
				mllm({
					mllmTurnDetectionMode: 'agora_vad',
					mllmPlatformVadConfig: { silence_duration_ms: 500, threshold: 0.4 },
				}),
			),
		);
		expect((p.mllm as IDataObject).turn_detection).toEqual({
			mode: 'agora_vad',
			agora_vad_config: { silence_duration_ms: 500, threshold: 0.4 },
		});
	});

	test('a workflow saved with platform_vad (older snapshot) sends agora_vad', async () => {
		const p = started(
			await run(
				mllm({
					mllmTurnDetectionMode: 'platform_vad',
					mllmPlatformVadConfig: { interrupt_duration_ms: 200 },
				}),
			),
		);
		expect((p.mllm as IDataObject).turn_detection).toEqual({
			mode: 'agora_vad',
			agora_vad_config: { interrupt_duration_ms: 200 },
		});
	});

	test('agora_vad through Additional Body', async () => {
		const body = {
			properties: {
				mllm: {
					turn_detection: { mode: 'agora_vad', agora_vad_config: { prefix_padding_ms: 800 } },
				},
			},
		};
		const p = started(await run(mllm({ options: { additionalBody: JSON.stringify(body) } })));
		expect((p.mllm as IDataObject).turn_detection).toEqual(body.properties.mllm.turn_detection);
	});

	test.each(['agora_vad', 'server_vad', 'semantic_vad'])(
		'the deprecated turn_detection.type %s in cascade mode and in MLLM mode',
		async (type) => {
			const additionalBody = JSON.stringify({ properties: { turn_detection: { type } } });
			expect(started(await run(cascade({ options: { additionalBody } }))).turn_detection).toEqual({
				type,
			});
			sb.reset();
			expect(started(await run(mllm({ options: { additionalBody } }))).turn_detection).toEqual({
				type,
			});
		},
	);

	// agent-server-sdk-ts StartAgentsRequest.ts turn_detection InterruptMode: interrupt, append, ignore, keyword, adaptive.
	test('the deprecated interrupt_mode keyword, as Agora\u2019s SDKs send it, is accepted and sent', async () => {
		const p = started(
			await run(
				cascade({
					options: {
						additionalBody:
							'{"properties": {"turn_detection": {"interrupt_mode": "keyword", "interrupt_keywords": ["stop"]}}}',
					},
				}),
			),
		);
		expect(p.turn_detection).toMatchObject({
			interrupt_mode: 'keyword',
			interrupt_keywords: ['stop'],
		});
	});

	test('the deprecated type platform_vad is sent as agora_vad', async () => {
		const p = started(
			await run(
				cascade({
					options: {
						additionalBody: '{"properties": {"turn_detection": {"type": "platform_vad"}}}',
					},
				}),
			),
		);
		expect(p.turn_detection).toEqual({ type: 'agora_vad' });
	});
});

describe('manual start and end of speech (push-to-talk) with RTM and the RTM data channel', () => {
	test.each([
		['startOfSpeechMode', 'start_of_speech'],
		['endOfSpeechMode', 'end_of_speech'],
	])(
		'%s manual: RTM and the RTM data channel are switched on; the generated token carries RTM',
		async (field, key) => {
			const p = started(await run(cascade({ configureTurnDetection: true, [field]: 'manual' })));
			expect(((p.turn_detection as IDataObject).config as IDataObject)[key]).toEqual({
				mode: 'manual',
			});
			expect(p.advanced_features).toEqual({ enable_rtm: true });
			expect(p.parameters).toEqual({ data_channel: 'rtm' });
			const services = decodeAccessToken2(String(p.token)).services.map((s) => s.type);
			expect(services).toContain(2);
		},
	);

	test('manual with the RTC data stream is refused naming the field, nothing sent', async () => {
		const result = await run(
			cascade({
				configureTurnDetection: true,
				endOfSpeechMode: 'manual',
				agentParameters: { dataChannel: 'datastream' },
			}),
		);
		expect(apiField(result.error('Agora'))).toBe('properties.parameters.data_channel');
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Azure MLLM with audio output, HeyGen avatar, asr/llm/tts beside an enabled mllm', () => {
	test('MLLM vendor azure with output modalities ["audio"] from the form', async () => {
		const p = started(
			await run(
				mllm({
					mllmVendor: 'azure',
					mllmUrl: 'wss://r.openai.azure.com/openai/v1/realtime',
					mllmOptions: { outputModalities: 'audio' },
				}),
			),
		);
		expect(p.mllm).toMatchObject({ enable: true, vendor: 'azure', output_modalities: ['audio'] });
	});

	test('avatar vendor heygen from the form', async () => {
		const p = started(
			await run(
				cascade({
					enableAvatar: true,
					avatarVendor: 'heygen',
					avatarParams: '{"api_key": "h", "avatar_id": "a", "quality": "medium"}',
				}),
			),
		);
		expect(p.avatar).toEqual({
			enable: true,
			vendor: 'heygen',
			params: { api_key: 'h', avatar_id: 'a', quality: 'medium' },
		});
	});

	test('asr, llm and tts next to an enabled mllm are sent (Agora ignores them), not refused', async () => {
		const additionalBody = JSON.stringify({
			properties: {
				asr: { language: 'en-US' },
				llm: { url: 'https://llm.example.com' },
				tts: { vendor: 'microsoft', params: {} },
			},
		});
		const p = started(await run(mllm({ options: { additionalBody } })));
		expect(p).toMatchObject({
			asr: { language: 'en-US' },
			llm: { url: 'https://llm.example.com' },
			mllm: { enable: true },
		});
	});
});

describe('idle_timeout 0..259200 s', () => {
	test('259200 is sent; 259201 is refused naming the field', async () => {
		expect(started(await run(cascade({ idleTimeout: 259200 }))).idle_timeout).toBe(259200);
		sb.reset();
		const result = await run(cascade({ idleTimeout: 259201 }));
		expect(result.error('Agora')?.message).toContain(': must be an integer in [0, 259200]');
		expect(apiField(result.error('Agora'))).toBe('properties.idle_timeout');
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Saved Pipeline mode', () => {
	const pipelineParams = (pipelineId: string, over: INodeParameters = {}): INodeParameters => ({
		resource: 'agent',
		operation: 'start',
		name: `p-${Date.now()}`,
		channel: 'room1',
		remoteRtcUid: '2',
		mode: 'pipeline',
		pipelineId: `={{ ${JSON.stringify(pipelineId)} }}`,
		...over,
	});

	test('an empty Pipeline ID is refused naming pipeline_id', async () => {
		const result = await run(pipelineParams('  '));
		expect(apiField(result.error('Agora'))).toMatch(/pipeline_id|pipelineId/);
	});

	test('an empty Pipeline ID with LLM and TTS overrides does not start a plain agent', async () => {
		const result = await run(
			pipelineParams('', {
				overrideLlm: true,
				overrideTts: true,
				llmUrl: 'https://llm.example.com/v1',
				ttsVendor: 'microsoft',
				ttsParams: '{"voice_name": "x"}',
			}),
		);
		expect(sb.agents()).toHaveLength(0);
		expect(apiField(result.error('Agora'))).toMatch(/pipeline_id|pipelineId/);
	});
});

describe("Keys n8n's HTTP client drops", () => {
	// The axios inside n8n-core (1.18) removes keys named constructor, prototype and __proto__ from
	// JSON bodies (prototype-pollution hardening). A key the node validated must reach Agora, or the
	// item must be refused: here the voiceprint and a label would silently vanish.
	test.each([
		[
			'voiceprint name',
			{
				enableSal: true,
				salMode: 'recognition',
				salSampleName: 'constructor',
				salSampleUrl: 'https://v.example.com/a.pcm',
			},
			'sal',
			'sample_urls',
		],
		[
			'label name',
			{ labels: { entries: [{ name: 'prototype', value: 'v' }] } },
			'labels',
			undefined,
		],
	])(
		'%s "constructor"/"prototype": sent intact or refused naming the field',
		async (_what, extra, group, inner) => {
			const result = await run({
				resource: 'agent',
				operation: 'start',
				name: `k-${Date.now()}`,
				channel: 'room1',
				remoteRtcUid: '2',
				mode: 'mllm',
				mllmApiKey: 'k',
				...extra,
			});
			const named = apiField(result.error('Agora'));
			if (named !== undefined) {
				expect(named).toContain(`properties.${group}`);
				return;
			}
			const sent = (
				sb.requests.find((r) => r.path.endsWith('/join'))?.body as {
					properties: Record<string, Record<string, unknown>>;
				}
			).properties;
			const map = inner ? (sent[group][inner] as Record<string, unknown>) : sent[group];
			expect(Object.keys(map ?? {})).toHaveLength(1);
		},
	);
});

// Agora's audio-output guide: with output_modalities ["audio"] the LLM's own speech is published and no TTS is set up;
// an n8n workflow's Agora Agent Reply answers text only (chat-completion text chunks), so that agent would be silent.
describe('Output Modalities with an n8n workflow as the LLM', () => {
	test('Audio alone is refused before sending, naming the field and why', async () => {
		sb.requests.length = 0;
		const result = await run(
			cascade({ llmSource: 'n8nWorkflow', llmOptions: { outputModalities: 'audio' } }),
		);
		const error = result.error('Agora');
		expect(apiField(error)).toBe('properties.llm.output_modalities');
		expect(error?.message).toContain('Output Modalities');
		expect(error?.message).toContain('Reply sends text only');
		expect(sb.requests.filter((r) => r.path.endsWith('/join'))).toHaveLength(0);
	});

	test('Text is sent, and Audio stays possible with an LLM service', async () => {
		expect(
			(
				await run(cascade({ llmSource: 'n8nWorkflow', llmOptions: { outputModalities: 'text' } }))
			).error('Agora'),
		).toBeUndefined();
		expect(
			(
				await run(cascade({ name: 'ref-agent-2', llmOptions: { outputModalities: 'audio' } }))
			).error('Agora'),
		).toBeUndefined();
	});
});

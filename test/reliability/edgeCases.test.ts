/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * Short, exact reproductions of cases the fuzzer and the secrets search find among thousands:
 * each asserts the documented behaviour for one input.
 */
import type { INodeParameters } from 'n8n-workflow';

import { resetRateLimits } from '../../nodes/Agora/transport';
import { startSandbox, type Sandbox } from '../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../lib/harness';
import { seedAgent, seedPlayer } from './lib/common';
import { fastTiming, sandboxCredential } from '../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;
let restoreTiming: () => void;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 0, stopDelayMs: 0, listDelayMs: 0 });
	credential = sandboxCredential(sb);
	restoreTiming = fastTiming();
});
afterAll(async () => {
	restoreTiming();
	await sb.close();
});
beforeEach(() => {
	sb.reset();
	resetRateLimits();
});

/** Runs one Agora node; a run that does not finish within `withinMs` is reported as hung. */
async function run(parameters: INodeParameters, withinMs = 5000, cred: CredentialData = credential) {
	let timer: NodeJS.Timeout | undefined;
	const hung = new Promise<'hung'>((resolve) => {
		timer = setTimeout(() => resolve('hung'), withinMs);
	});
	const result = await Promise.race([runWorkflow(agoraWorkflow(parameters), cred), hung]);
	clearTimeout(timer);
	return result;
}



describe('Request Options are checked like every other parameter', () => {
	// An expression can give these any value; the editor's bounds do not apply to it.
	// The values that do harm today: -1 throws an uncaught RangeError inside the HTTP client
	// (follow-redirects: socket.setTimeout(-1)) and the execution never ends; "abc" fails every
	// attempt with a network error ("no answer within abc ms"); "x" makes Start retry without end
	// (see below). Values the node copes with (maxRetries -1, concurrency 0) are not listed.
	test.each([
		['timeoutMs', -1],
		['timeoutMs', 'abc'],
		['maxRetries', 'x'],
	])('%s = %p: refused naming the option, nothing sent, no hang', async (option, value) => {
		const agentId = await seedAgent(sb);
		sb.requests.length = 0;
		const result = await run({ resource: 'agent', operation: 'get', agentId, requestOptions: { [option]: `={{ ${JSON.stringify(value)} }}` } });
		expect(result).not.toBe('hung');
		if (result === 'hung') return;
		expect(apiField(result.error('Agora'))).toBe(`requestOptions.${option}`);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Agent: Start under a lasting 5xx', () => {
	// Its own sandbox: an unbounded retry loop goes on after the test and must not disturb others.
	let own: Sandbox;
	beforeAll(async () => {
		own = await startSandbox({ startDelayMs: 0 });
	});
	afterAll(async () => {
		await own.close();
	});

	test.each([
		['x', 'unbounded: 1 + "x" is "1x", and no attempt number is >= "1x"'],
		['2', '1 + "2" is "12": twelve attempts instead of three'],
	])('Max Retries %p from an expression means at most 3 attempts or a refusal (%s)', async (maxRetries) => {
		// Enough 500s to outlast any sane retry budget; they run out, so an unbounded loop ends too.
		own.injectFault({ method: 'POST', pathIncludes: '/join', kind: '500', count: 300 });
		const name = `retry-bound-${maxRetries}`;
		const result = await run(
			{
				resource: 'agent',
				operation: 'start',
				name,
				channel: 'room1',
				remoteRtcUid: '2',
				llmUrl: 'https://llm.example.com/v1',
				ttsVendor: 'microsoft',
				ttsParams: '{"voice_name": "x"}',
				requestOptions: { maxRetries: `={{ ${JSON.stringify(maxRetries)} }}` },
			},
			3000,
			sandboxCredential(own),
		);
		const joins = own.requests.filter((r) => r.path.endsWith('/join') && (r.body as { name?: string })?.name === name).length;
		expect(result).not.toBe('hung');
		expect(joins).toBeLessThanOrEqual(3);
	});
});

describe('Agent: Get Many', () => {
	test.each([1001, 2.5, 'abc', 0])('page size %p is refused naming options.pageSize, nothing sent', async (pageSize) => {
		const result = await run({ resource: 'agent', operation: 'getAll', returnAll: true, options: { pageSize: `={{ ${JSON.stringify(pageSize)} }}` } });
		if (result === 'hung') throw new Error('hung');
		expect(apiField(result.error('Agora'))).toMatch(/pageSize/);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Agent: Start in Saved Pipeline mode', () => {
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
		if (result === 'hung') throw new Error('hung');
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
		if (result === 'hung') throw new Error('hung');
		expect(sb.agents()).toHaveLength(0);
		expect(apiField(result.error('Agora'))).toMatch(/pipeline_id|pipelineId/);
	});
});

describe('Cloud Player: stream URLs', () => {
	test.each(['http://a b', 'http://ho st.example.com/x', 'https://[::1/x', 'rtmp://exa mple.com/live'])(
		'%p is not a URL: refused naming player.streamUrl on create and update, nothing sent',
		async (streamUrl) => {
			const create = await run({ resource: 'cloudPlayer', operation: 'create', region: 'na', streamUrl, channelName: 'room1', identityType: 'uid', uid: 5 });
			if (create === 'hung') throw new Error('hung');
			expect(apiField(create.error('Agora'))).toBe('player.streamUrl');
			const playerId = await seedPlayer(sb);
			sb.requests.length = 0;
			const update = await run({ resource: 'cloudPlayer', operation: 'update', playerId, region: 'na', updateFields: { streamUrl } });
			if (update === 'hung') throw new Error('hung');
			expect(apiField(update.error('Agora'))).toBe('player.streamUrl');
			expect(sb.requests).toHaveLength(0);
		},
	);
});

describe('Cloud Player: update sequence', () => {
	test('after the largest explicit sequence, later automatic sequences are exact integers that still grow', async () => {
		const playerId = await seedPlayer(sb);
		const update = async (volume: number, options: INodeParameters = {}) => {
			const result = await run({ resource: 'cloudPlayer', operation: 'update', playerId, region: 'na', updateFields: { volume }, options });
			if (result === 'hung') throw new Error('hung');
			return result;
		};
		// The largest explicit sequence the node's schema accepts (2^52), so that automatic ones after
		// it stay exact integers; anything above is refused before sending.
		const refused = await update(5, { sequence: 2 ** 52 + 1 });
		expect(apiField(refused.error('Agora'))).toBe('sequence');
		await update(10, { sequence: 2 ** 52 });
		for (const volume of [20, 30, 40]) await update(volume);
		// What was sent (the sandbox records a request even when it refuses it).
		const sent = sb.requests.filter((r) => r.method === 'PATCH').map((r) => r.query.sequence);
		const automatic = sent.slice(1).map(Number);
		expect(automatic.every((s) => Number.isSafeInteger(s))).toBe(true);
		expect(automatic[1]).toBeGreaterThan(automatic[0]);
		expect(automatic[2]).toBeGreaterThan(automatic[1]);
	});
});

describe('Keys n8n\'s HTTP client drops', () => {
	// The axios inside n8n-core (1.18) removes keys named constructor, prototype and __proto__ from
	// JSON bodies (prototype-pollution hardening). A key the node validated must reach Agora, or the
	// item must be refused: here the voiceprint and a label would silently vanish.
	test.each([
		['voiceprint name', { enableSal: true, salMode: 'recognition', salSampleName: 'constructor', salSampleUrl: 'https://v.example.com/a.pcm' }, 'sal', 'sample_urls'],
		['label name', { labels: { entries: [{ name: 'prototype', value: 'v' }] } }, 'labels', undefined],
	])('%s "constructor"/"prototype": sent intact or refused naming the field', async (_what, extra, group, inner) => {
		const result = await run({ resource: 'agent', operation: 'start', name: `k-${Date.now()}`, channel: 'room1', remoteRtcUid: '2', mode: 'mllm', mllmApiKey: 'k', ...extra });
		if (result === 'hung') throw new Error('hung');
		const named = apiField(result.error('Agora'));
		if (named !== undefined) {
			expect(named).toContain(`properties.${group}`);
			return;
		}
		const sent = (sb.requests.find((r) => r.path.endsWith('/join'))?.body as { properties: Record<string, Record<string, unknown>> }).properties;
		const map = inner ? (sent[group][inner] as Record<string, unknown>) : sent[group];
		expect(Object.keys(map ?? {})).toHaveLength(1);
	});
});

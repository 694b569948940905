/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/** The node's Request Options (timeout, retries) from expressions: checked like every other parameter. */
import type { INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../../lib/harness';
import { FAST_TIMING, seedAgent, useSandbox } from '../../lib/sandbox';

let sb: Sandbox;
let credential: CredentialData;
useSandbox(
	{ startDelayMs: 0, stopDelayMs: 0, listDelayMs: 0 },
	(started) => ({ sb, credential } = started),
	{ timing: FAST_TIMING },
);

/** Runs one Agora node; a run that does not finish within `withinMs` is reported as hung. */
async function run(
	parameters: INodeParameters,
	withinMs = 5000,
	cred: CredentialData = credential,
) {
	let timer: NodeJS.Timeout | undefined;
	const hung = new Promise<'hung'>((resolve) => {
		timer = setTimeout(() => resolve('hung'), withinMs);
	});
	const result = await Promise.race([runWorkflow(agoraWorkflow(parameters), cred), hung]);
	clearTimeout(timer);
	return result;
}

describe('Request Options are checked like every other parameter', () => {
	// An expression can give these any value; the editor's bounds do not apply to it. -1 would throw
	// inside the HTTP client and never end, "abc" would fail every attempt, "x" would retry forever.
	test.each([
		['timeoutMs', -1],
		['timeoutMs', 'abc'],
		['maxRetries', 'x'],
	])('%s = %p: refused naming the option, nothing sent, no hang', async (option, value) => {
		const agentId = await seedAgent(sb, { properties: { idle_timeout: 0 } });
		sb.requests.length = 0;
		const result = await run({
			resource: 'agent',
			operation: 'get',
			agentId,
			requestOptions: { [option]: `={{ ${JSON.stringify(value)} }}` },
		});
		expect(result).not.toBe('hung');
		if (result === 'hung') return;
		expect(apiField(result.error('Agora'))).toBe(`requestOptions.${option}`);
		expect(sb.requests).toHaveLength(0);
	});
});

describe('Max Retries from an expression under a lasting 5xx', () => {
	// Its own sandbox: an unbounded retry loop goes on after the test and must not disturb others.
	let own: Sandbox;
	let ownCredential: CredentialData;
	useSandbox({ startDelayMs: 0 }, (started) => ({ sb: own, credential: ownCredential } = started), {
		timing: FAST_TIMING,
		resetEach: false,
	});

	test.each([
		['x', 'unbounded: 1 + "x" is "1x", and no attempt number is >= "1x"'],
		['2', '1 + "2" is "12": twelve attempts instead of three'],
	])(
		'Max Retries %p means at most 3 attempts of Agent › Start or a refusal (%s)',
		async (maxRetries) => {
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
				ownCredential,
			);
			const joins = own.requests.filter(
				(r) => r.path.endsWith('/join') && (r.body as { name?: string })?.name === name,
			).length;
			expect(result).not.toBe('hung');
			expect(joins).toBeLessThanOrEqual(3);
		},
	);
});

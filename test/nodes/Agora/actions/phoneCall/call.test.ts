/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/** Phone Call › Call, run through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import { decodeAccessToken2 } from '../../../../../sandbox/src/accessToken2Decoder';
import {
	callParams,
	credential,
	LLM_KEY,
	placeCall,
	posts,
	run,
	sb,
	SETUP_MS,
	SIP_TOKEN,
} from './setup';
import { agoraWorkflow, apiField, runWorkflow } from '../../../../lib/harness';

describe('Call', () => {
	test('sends the numbers (separators dropped), the SIP identity and the agent configuration of Start', async () => {
		const result = await run(
			callParams({
				sipRtcToken: SIP_TOKEN,
				labels: { entries: [{ name: 'contact', value: 'Ada' }] },
			}),
		);
		expect(result.error('Agora')).toBeUndefined();
		const [sent] = posts('/call');
		const body = sent.body as IDataObject;
		expect(body).toMatchObject({
			name: 'call-x',
			sip: {
				to_number: '+14155550123',
				from_number: '+14155550100',
				rtc_uid: '100',
				rtc_token: SIP_TOKEN,
			},
			properties: {
				channel: 'phone-room',
				agent_rtc_uid: '111',
				remote_rtc_uids: ['100'],
				idle_timeout: 30,
				llm: { url: 'https://llm.example.com/v1/chat/completions', api_key: LLM_KEY },
				tts: { vendor: 'microsoft' },
				labels: { contact: 'Ada' },
			},
		});
		const [call] = sb.calls();
		const [out] = result.output('Agora');
		expect(out).toEqual({
			agent_id: call.agentId,
			name: 'call-x',
			to_number: '+14155550123',
			from_number: '+14155550100',
			channel: 'phone-room',
			rtc_uid: '100',
			sip_rtc_uid: '100',
			agent_rtc_uid: '111',
			pipeline_id: null,
			labels: { contact: 'Ada' },
			reconciled: false,
		});
		expect(JSON.stringify(out)).not.toContain(SIP_TOKEN);
	});

	test('a saved pipeline: pipeline_id at the top, no LLM or TTS needed', async () => {
		const result = await run({
			...callParams({ mode: 'pipeline', pipelineId: 'pl_support' }),
			llmUrl: undefined,
			ttsVendor: undefined,
		});
		expect(result.error('Agora')).toBeUndefined();
		const body = posts('/call')[0].body as IDataObject;
		expect(body.pipeline_id).toBe('pl_support');
		expect((body.properties as IDataObject).llm).toBeUndefined();
		expect(result.output('Agora')[0].pipeline_id).toBe('pl_support');
	});

	test('empty tokens are generated from the App Certificate: the agent’s for its UID, the SIP gateway’s for the SIP UID', async () => {
		const result = await run(callParams(), [{}], {
			...credential,
			appCertificate: sb.appCertificate,
		});
		expect(result.error('Agora')).toBeUndefined();
		const body = posts('/call')[0].body as { sip: IDataObject; properties: IDataObject };
		const agent = decodeAccessToken2(String(body.properties.token));
		const gateway = decodeAccessToken2(String(body.sip.rtc_token));
		expect(agent.services[0]).toMatchObject({ channelName: 'phone-room', uid: '111' });
		expect(gateway.services[0]).toMatchObject({ channelName: 'phone-room', uid: '100' });
		expect(gateway.services.map((s) => s.name)).toEqual(['rtc']);
	});

	// Agora's telephony pages: "This endpoint requires Basic Auth".
	test('a Token credential with the Customer ID and Secret places the call with Basic', async () => {
		const tokenCredential = {
			...credential,
			authentication: 'token',
			appCertificate: sb.appCertificate,
		};
		const result = await run(callParams(), [{}], tokenCredential);
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.calls()).toHaveLength(1);
	});

	test('a Token credential without them stops before sending, saying why', async () => {
		const tokenCredential = {
			authentication: 'token',
			appId: sb.appId,
			appCertificate: sb.appCertificate,
			host: 'custom',
			customBaseUrl: sb.url,
		};
		const result = await run(callParams(), [{}], tokenCredential);
		expect(result.error('Agora')?.message).toContain('require Basic authentication');
		expect(sb.requests).toHaveLength(0);
	});

	test.each([
		['a callee number without "+"', { toNumber: '4155550123' }, 'sip.to_number', 'E.164'],
		['a caller number with a letter', { fromNumber: '+1415555010O' }, 'sip.from_number', 'E.164'],
		['no LLM in cascade mode', { llmUrl: '' }, 'properties.llm.url', 'is required'],
		[
			'a SIP UID that is not a number',
			{ remoteRtcUid: 'gateway' },
			'properties.remote_rtc_uids[0]',
			'integer UID',
		],
		['an empty call name', { name: '  ' }, 'name', 'must not be empty'],
		[
			'a channel name with a slash',
			{ channel: 'room/1' },
			'properties.channel',
			'Invalid “Channel Name”: may only contain',
		],
	])('%s is refused naming the field, nothing sent', async (_, over, field, rule) => {
		const result = await run(callParams(over));
		const error = result.error('Agora');
		expect(apiField(error)).toBe(`${field}`);
		expect(error?.message).toContain(rule);
		expect(sb.requests).toHaveLength(0);
	});

	test('in a batch, an invalid item fails alone under Continue On Fail; the others are placed', async () => {
		const items = [{ to: '+14155550101' }, { to: '555' }, { to: '+14155550103' }];
		const result = await run(
			callParams({
				toNumber: '={{ $json.to }}',
				name: "={{ 'call-' + $itemIndex }}",
				channel: "={{ 'room-' + $itemIndex }}",
			}),
			items,
			credential,
			{ onError: 'continueRegularOutput' },
		);
		const out = result.output('Agora');
		expect(out[0].agent_id).toBeTruthy();
		expect(String(out[1].error)).toContain('Invalid “To Number”');
		expect(out[2].agent_id).toBeTruthy();
		expect(
			sb
				.calls()
				.map((c) => c.toNumber)
				.sort(),
		).toEqual(['+14155550101', '+14155550103']);
	});
});

describe('Call after an unclear answer: looked up, never dialled twice', () => {
	test('504 after the call was placed: found in the call records, output reconciled', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/call', kind: '504-after-commit' });
		const result = await run(callParams());
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.calls()).toHaveLength(1);
		expect(posts('/call')).toHaveLength(1);
		expect(result.output('Agora')[0]).toMatchObject({
			agent_id: sb.calls()[0].agentId,
			reconciled: true,
		});
	});

	test('a time-out, and the callee rejected before the lookup: the agent is gone, the record still names the call', async () => {
		sb.setCallee('+14155550123', { action: 'reject', afterMs: 10 });
		// Placed at once, answered after the node has given up waiting (300 ms).
		sb.injectFault({ method: 'POST', pathIncludes: '/call', kind: 'latency', latencyMs: 2000 });
		const result = await runAfter(
			() => sb.clock.advance(SETUP_MS + 50),
			callParams({ requestOptions: { timeoutMs: 300 } }),
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.calls()).toHaveLength(1);
		expect(sb.calls()[0].reason).toBe('failed');
		expect(sb.agents()[0].status).toMatch(/STOPP/);
		expect(result.output('Agora')[0]).toMatchObject({
			agent_id: sb.calls()[0].agentId,
			reconciled: true,
		});
		expect(sb.requests.some((r) => r.path.endsWith('/agents'))).toBe(false);
	});

	test('504 before anything happened: not found, placed once more', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/call', kind: '504' });
		const result = await run(callParams());
		expect(result.error('Agora')).toBeUndefined();
		expect(posts('/call')).toHaveLength(2);
		expect(sb.calls()).toHaveLength(1);
		expect(result.output('Agora')[0]).toMatchObject({
			agent_id: sb.calls()[0].agentId,
			reconciled: false,
		});
	});

	test('a time-out while the call went through: reconciled, not dialled again', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/call', kind: 'latency', latencyMs: 2000 });
		const result = await run(callParams({ requestOptions: { timeoutMs: 300 } }));
		expect(result.error('Agora')).toBeUndefined();
		expect(posts('/call')).toHaveLength(1);
		expect(sb.calls()).toHaveLength(1);
		expect(result.output('Agora')[0].reconciled).toBe(true);
	});

	test('a dropped connection with nothing placed and no retries left: the error says the outcome was unclear', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/call', kind: 'drop' });
		const result = await run(callParams({ requestOptions: { maxRetries: 0 } }));
		expect(result.error('Agora')?.message).toContain('Agora place call failed');
		expect(sb.calls()).toHaveLength(0);
	});

	test('a name already in use on the first attempt is an error, not a lookup', async () => {
		await placeCall();
		const result = await run(callParams({ toNumber: '+14155550999' }));
		expect(result.error('Agora')?.message).toContain('409');
		expect(sb.calls()).toHaveLength(1);
	});
});

describe('a failed bulk run lists the calls already placed', () => {
	test('Continue On Fail off: the error names the failed item and each call placed before the stop', async () => {
		const items = [{ to: '+14155550101' }, { to: '+14155550102' }, { to: '+14155550103' }];
		// Item 2 fails at Agora: its name is taken by a call placed beforehand.
		await placeCall({ name: 'call-2', channel: 'room-x', toNumber: '+14155550999' });
		const result = await run(
			callParams({
				toNumber: '={{ $json.to }}',
				name: "={{ 'call-' + $itemIndex }}",
				channel: "={{ 'room-' + $itemIndex }}",
				requestOptions: { concurrency: 1 },
			}),
			items,
		);
		const error = result.error('Agora')!;
		expect(error.message).toContain('[item 2]');
		const effects = (error as unknown as { context: { sideEffects: IDataObject[] } }).context
			.sideEffects;
		expect(effects.map((e) => [e.itemIndex, e.resource, e.change])).toEqual([
			[0, 'phoneCall', 'placed'],
			[1, 'phoneCall', 'placed'],
		]);
		expect(String(error.description)).toContain('phone call placed');
	});
});

/**
 * Runs the workflow; `during` runs as soon as the node's first request has been handled by the
 * sandbox (the poll is far shorter than any time-out the tests give the node).
 */
async function runAfter(during: () => void, parameters: IDataObject) {
	const seen = sb.requests.length;
	const running = run(parameters);
	const deadline = Date.now() + 10000;
	while (sb.requests.length === seen && Date.now() < deadline)
		await new Promise((r) => setTimeout(r, 2));
	during();
	return await running;
}

describe('Call 1.2 with the Vendor Keys credential', () => {
	test('the numbers, channel and SIP UID are enough: the LLM URL, TTS and keys come from the credential', async () => {
		const keys = {
			llmUrl: 'https://llm.example.com/v1/chat/completions',
			llmApiKey: 'cred-llm-key',
			ttsSecretParams: '{"key": "cred-tts-key"}',
		};
		const parameters = {
			resource: 'phoneCall',
			operation: 'call',
			toNumber: '+14155550123',
			fromNumber: '+14155550100',
			channel: 'phone-room',
			remoteRtcUid: '100',
		};
		const result = await runWorkflow(
			agoraWorkflow(parameters, [{}], { typeVersion: 1.2 }),
			credential,
			{ agoraVendorKeysApi: keys },
		);
		expect(result.error('Agora')).toBeUndefined();
		const properties = (posts('/call')[0].body as IDataObject).properties as IDataObject;
		expect(properties.llm).toMatchObject({ url: keys.llmUrl, api_key: 'cred-llm-key' });
		expect((properties.tts as IDataObject).params).toMatchObject({ key: 'cred-tts-key' });
	});
});

describe('Phone Call › Call without a Vendor Keys credential', () => {
	it('a new node’s two numbers place a call whose agent runs on Agora’s managed LLM and voice', async () => {
		const result = await run(
			{
				resource: 'phoneCall',
				operation: 'call',
				toNumber: '+14155550123',
				fromNumber: '+14155550100',
			},
			[{}],
			credential,
			{ typeVersion: 1.3 },
		);
		expect(result.error('Agora')).toBeUndefined();
		const body = posts('/call')[0].body as { properties: IDataObject };
		expect(body.properties.llm).toMatchObject({ credential_mode: 'managed', vendor: 'openai' });
		expect(body.properties.tts).toMatchObject({ credential_mode: 'managed', vendor: 'minimax' });
	});
});

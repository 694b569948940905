/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Token authentication (`agora token=`) through n8n's engine against the sandbox, which verifies
 * tokens as Agora does; a recording proxy lets the test decode the token the node sent.
 */
import { CredentialTestContext } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraApiCredentialTest } from '../../../../nodes/shared/credentialTest';
import { decodeAccessToken2, signedWith } from '../../../../sandbox/src/accessToken2Decoder';
import { startFaultProxy, type FaultProxy, type ProxiedRequest } from '../../../lib/faultProxy';
import type { Sandbox } from '../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';
import { sandboxCredential, seedAgent, useSandbox } from '../../../lib/sandbox';

const OTHER_CERT = 'ffffffffffffffffffffffffffffffff';

let sb: Sandbox;
let proxy: FaultProxy;
let sent: ProxiedRequest[] = [];

useSandbox({ clock: 'manual', startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb } = started));
beforeAll(async () => {
	proxy = await startFaultProxy({
		target: sb.url,
		onRequest: (request) => {
			sent.push(request);
		},
	});
});
afterAll(async () => await proxy.close());
beforeEach(() => {
	sb.clock.set(Date.now());
	sent = [];
});

const tokenCredential = (over: IDataObject = {}): CredentialData => ({
	authentication: 'token',
	appId: sb.appId,
	appCertificate: sb.appCertificate,
	host: 'custom',
	customBaseUrl: proxy.url,
	...over,
});

const basicCredential = (): CredentialData => sandboxCredential(sb, { customBaseUrl: proxy.url });

const startParams = (over: IDataObject = {}): IDataObject => ({
	resource: 'agent',
	operation: 'start',
	name: 'token-agent',
	channel: 'room-token',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmApiKey: 'sk-llm',
	ttsVendor: 'microsoft',
	ttsParams: JSON.stringify({ key: 'tts-key', region: 'eastus', voice_name: 'en-US-AndrewNeural' }),
	...over,
});

async function run(
	parameters: IDataObject,
	credential: CredentialData,
	items: IDataObject[] = [{}],
) {
	return await runWorkflow(agoraWorkflow(parameters as INodeParameters, items), credential);
}

function tokenOf(request: ProxiedRequest): string {
	const match = /^agora token=(007\S+)$/.exec(String(request.headers.authorization ?? ''));
	if (!match) throw new Error(`not a token header: ${request.headers.authorization}`);
	return match[1];
}

describe('Token authentication, verified by the sandbox', () => {
	test('Start: accepted, with a fresh RTC + RTM token for the agent’s channel and uid per request', async () => {
		const result = await run(
			startParams({ name: '={{ "token-agent-" + $json.n }}' }),
			tokenCredential(),
			[{ n: 1 }, { n: 2 }],
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(
			sb
				.agents()
				.map((a) => a.name)
				.sort(),
		).toEqual(['token-agent-1', 'token-agent-2']);
		const joins = sent.filter((r) => r.path.endsWith('/join'));
		expect(joins).toHaveLength(2);
		for (const join of joins) {
			const token = tokenOf(join);
			expect(signedWith(token, sb.appCertificate)).toBe(true);
			expect(signedWith(token, OTHER_CERT)).toBe(false);
			const decoded = decodeAccessToken2(token);
			expect(decoded.appId).toBe(sb.appId);
			expect(decoded.expire).toBe(3600);
			expect(decoded.services).toEqual([
				{
					type: 1,
					name: 'rtc',
					channelName: 'room-token',
					uid: '1001',
					privileges: { 1: 3600, 2: 3600, 3: 3600, 4: 3600 },
				},
				{ type: 2, name: 'rtm', userId: '1001', privileges: { 1: 3600 } },
			]);
		}
		// A new token per request (own salt), never a Basic header.
		expect(tokenOf(joins[0])).not.toBe(tokenOf(joins[1]));
		expect(sent.every((r) => !/^Basic /.test(String(r.headers.authorization ?? '')))).toBe(true);
	});

	test('a string uid is the token’s account, and the sandbox accepts it for that agent uid', async () => {
		const result = await run(
			startParams({ agentRtcUid: 'agent-bot', enableStringUid: true, remoteRtcUid: 'caller' }),
			tokenCredential(),
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.agents()).toHaveLength(1);
		const decoded = decodeAccessToken2(tokenOf(sent[0]));
		expect(decoded.services[0]).toMatchObject({ channelName: 'room-token', uid: 'agent-bot' });
		expect(decoded.services[1]).toMatchObject({ userId: 'agent-bot' });
	});

	test('calls about one agent (get, stop) are accepted; their token signs the agent id on a placeholder channel', async () => {
		const id = await seedAgent(sb, { channel: 'room-token' });
		sb.clock.advance(5);
		const got = await run({ resource: 'agent', operation: 'get', agentId: id }, tokenCredential());
		expect(got.error('Agora')).toBeUndefined();
		expect(got.output('Agora')[0]).toMatchObject({ agent_id: id, status: 'RUNNING' });
		const stopped = await run(
			{ resource: 'agent', operation: 'stop', agentId: id },
			tokenCredential(),
		);
		expect(stopped.error('Agora')).toBeUndefined();
		expect(sb.agents()[0].status).toBe('STOPPING');
		const leave = sent.find((r) => r.path.endsWith(`/agents/${id}/leave`))!;
		expect(signedWith(tokenOf(leave), sb.appCertificate)).toBe(true);
		expect(decodeAccessToken2(tokenOf(leave)).services[0]).toMatchObject({
			channelName: 'n8n',
			uid: id,
		});
		expect(sb.requests.map((r) => r.status)).toEqual([200, 200, 200]);
	});

	test('a token signed with another App Certificate is refused (401): the error names the certificate, never the token', async () => {
		const result = await run(startParams(), tokenCredential({ appCertificate: OTHER_CERT }));
		const error = result.error('Agora') as unknown as { message: string; description: string };
		expect(error.message).toMatch(/failed with 401/);
		expect(error.description).toMatch(/App Certificate/);
		expect(sb.requests.map((r) => r.status)).toEqual([401]);
		expect(sb.agents()).toHaveLength(0);
		const token = tokenOf(sent[0]);
		expect(JSON.stringify([error.message, error.description])).not.toContain(token.slice(3, 40));
	});

	test('a token is built when the request is sent: a sandbox clock past its hour refuses it as expired', async () => {
		sb.clock.set(Date.now() + 3660_000);
		const result = await run(startParams(), tokenCredential());
		expect(result.error('Agora')?.message).toMatch(/failed with 401/);
		expect(sb.agents()).toHaveLength(0);
		sb.clock.set(Date.now());
		expect((await run(startParams(), tokenCredential())).error('Agora')).toBeUndefined();
		expect(sb.agents()).toHaveLength(1);
	});

	test('cloud player operations are refused before any request: Media Pull accepts only Basic', async () => {
		const result = await run(
			{ resource: 'cloudPlayer', operation: 'delete', region: 'na', playerId: 'p1' },
			tokenCredential(),
		);
		expect(result.error('Agora')?.message).toMatch(
			/Media Pull .*accepts only Basic authentication/,
		);
		expect(sent).toHaveLength(0);
	});

	test('without an App Certificate nothing is sent, and the error says what is missing', async () => {
		const result = await run(startParams(), tokenCredential({ appCertificate: '' }));
		expect(result.error('Agora')?.message).toMatch(
			/Token authentication needs the App Certificate/,
		);
		expect(sent).toHaveLength(0);
	});
});

describe('Basic authentication is unchanged', () => {
	test('a credential saved before the choice existed (no "authentication") signs in with Basic', async () => {
		const id = await seedAgent(sb, { channel: 'room-token' });
		const result = await run(
			{ resource: 'agent', operation: 'stop', agentId: id },
			basicCredential(),
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(sent[0].headers.authorization).toBe(
			`Basic ${Buffer.from(`${sb.customerId}:${sb.customerSecret}`).toString('base64')}`,
		);
		expect(sb.requests.map((r) => r.status)).toEqual([200, 200]);
	});
});

describe('credential test against the sandbox', () => {
	const test$ = async (data: CredentialData) =>
		await agoraApiCredentialTest.call(new CredentialTestContext(), {
			id: '1',
			name: 'Agora',
			type: 'agoraApi',
			data,
		});

	test('Token: Conversational AI accepts the signed token; the message notes that Media Pull needs Basic', async () => {
		const result = await test$(tokenCredential());
		expect(result).toMatchObject({ status: 'OK' });
		expect(result.message).toMatch(/Token accepted by Conversational AI.*Media Pull .*only Basic/);
		expect(sent.map((r) => r.path)).toEqual([
			`/api/conversational-ai-agent/v2/projects/${sb.appId}/agents`,
		]);
		expect(signedWith(tokenOf(sent[0]), sb.appCertificate)).toBe(true);
		expect(sb.requests.map((r) => r.status)).toEqual([200]);
	});

	test('Token: another certificate is refused, naming the App Certificate; a missing one fails before any request', async () => {
		expect(await test$(tokenCredential({ appCertificate: OTHER_CERT }))).toMatchObject({
			status: 'Error',
			message: expect.stringMatching(/App Certificate/),
		});
		expect(sb.requests.map((r) => r.status)).toEqual([401]);
		sent = [];
		expect(await test$(tokenCredential({ appCertificate: '' }))).toMatchObject({
			status: 'Error',
			message: expect.stringMatching(/needs the App Certificate/),
		});
		expect(sent).toHaveLength(0);
	});

	test('Basic: both products are asked with the Customer ID and Secret', async () => {
		const result = await test$(basicCredential());
		expect(result.status).toBe('OK');
		const basic = `Basic ${Buffer.from(`${sb.customerId}:${sb.customerSecret}`).toString('base64')}`;
		expect(sent.map((r) => r.headers.authorization)).toEqual([basic, basic]);
		expect(sb.requests.map((r) => r.status)).toEqual([200, 200]);
	});
});

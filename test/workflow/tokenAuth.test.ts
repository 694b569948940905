/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Token authentication (`Authorization: agora token=<token>`) through n8n's engine. The sandbox
 * checks Basic only for now, so these tests use a loopback recorder that answers like Agora and
 * keeps every request's headers: the token the node sends is decoded and its signature recomputed
 * with the App Certificate (test/lib/accessToken2Decoder.ts).
 */
import http from 'http';
import type { AddressInfo } from 'net';

import { CredentialTestContext } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { agoraApiCredentialTest } from '../../nodes/Agora/credentialTest';
import { decodeAccessToken2, signedWith } from '../lib/accessToken2Decoder';
import { agoraWorkflow, runWorkflow, type CredentialData } from './harness';

const APP_ID = '0123456789abcdef0123456789abcdef';
const CERT = 'fedcba9876543210fedcba9876543210';

interface Recorded {
	method: string;
	path: string;
	authorization?: string;
	body: string;
}

let server: http.Server;
let base: string;
let recorded: Recorded[] = [];
let answerStatus = 200;

beforeAll(async () => {
	let agents = 0;
	server = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			const path = (req.url ?? '').split('?')[0];
			recorded.push({ method: req.method ?? '', path, authorization: req.headers.authorization, body: Buffer.concat(chunks).toString() });
			const body = path.endsWith('/join')
				? { agent_id: `AGENT${++agents}`, create_ts: 1700000000, status: 'RUNNING' }
				: path.endsWith('/agents')
					? { data: { count: 0, list: [] }, meta: { cursor: '', total: 0 }, status: 'ok' }
					: {};
			res.writeHead(answerStatus, { 'Content-Type': 'application/json', 'X-Request-ID': `req-${recorded.length}` });
			res.end(JSON.stringify(answerStatus === 200 ? body : { detail: 'invalid token', reason: 'Unauthorized' }));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
	server.closeAllConnections();
	await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
	recorded = [];
	answerStatus = 200;
});

const tokenCredential = (over: IDataObject = {}): CredentialData => ({
	authentication: 'token',
	appId: APP_ID,
	appCertificate: CERT,
	host: 'custom',
	customBaseUrl: base,
	...over,
});

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

async function run(parameters: IDataObject, credential: CredentialData, items: IDataObject[] = [{}]) {
	return await runWorkflow(agoraWorkflow(parameters as INodeParameters, items), credential);
}

function tokenOf(request: Recorded): string {
	const match = /^agora token=(007\S+)$/.exec(request.authorization ?? '');
	if (!match) throw new Error(`not a token header: ${request.authorization}`);
	return match[1];
}

describe('Token authentication', () => {
	test('Start sends a fresh RTC + RTM token for the agent’s channel and uid, signed with the App Certificate', async () => {
		const result = await run(startParams(), tokenCredential(), [{}, {}]);
		expect(result.error('Agora')).toBeUndefined();
		const joins = recorded.filter((r) => r.path.endsWith('/join'));
		expect(joins).toHaveLength(2);
		for (const join of joins) {
			const token = tokenOf(join);
			expect(signedWith(token, CERT)).toBe(true);
			expect(signedWith(token, '0'.repeat(32))).toBe(false);
			const decoded = decodeAccessToken2(token);
			expect(decoded.appId).toBe(APP_ID);
			expect(decoded.expire).toBe(3600);
			expect(Math.abs(decoded.issueTs - Date.now() / 1000)).toBeLessThan(600);
			expect(decoded.services).toEqual([
				{ type: 1, name: 'rtc', channelName: 'room-token', uid: '1001', privileges: { 1: 3600, 2: 3600, 3: 3600, 4: 3600 } },
				{ type: 2, name: 'rtm', userId: '1001', privileges: { 1: 3600 } },
			]);
		}
		// A new token per request (own salt), never a Basic header.
		expect(tokenOf(joins[0])).not.toBe(tokenOf(joins[1]));
		expect(recorded.every((r) => !/^Basic /.test(r.authorization ?? ''))).toBe(true);
	});

	test('a string uid is the token’s account', async () => {
		await run(startParams({ agentRtcUid: 'agent-bot', enableStringUid: true, remoteRtcUid: 'caller' }), tokenCredential());
		const decoded = decodeAccessToken2(tokenOf(recorded[0]));
		expect(decoded.services[0]).toMatchObject({ channelName: 'room-token', uid: 'agent-bot' });
		expect(decoded.services[1]).toMatchObject({ userId: 'agent-bot' });
	});

	test('calls about one agent sign the agent id as the user, on a placeholder channel', async () => {
		const result = await run({ resource: 'agent', operation: 'stop', agentId: 'AGENT42' }, tokenCredential());
		expect(result.error('Agora')).toBeUndefined();
		const [leave] = recorded;
		expect(leave.path).toMatch(/\/agents\/AGENT42\/leave$/);
		expect(signedWith(tokenOf(leave), CERT)).toBe(true);
		expect(decodeAccessToken2(tokenOf(leave)).services[0]).toMatchObject({ channelName: 'n8n', uid: 'AGENT42' });
	});

	test('cloud player operations are refused before any request: Media Pull accepts only Basic', async () => {
		const result = await run(
			{ resource: 'cloudPlayer', operation: 'delete', region: 'na', playerId: 'p1' },
			tokenCredential(),
		);
		expect(result.error('Agora')?.message).toMatch(/Media Pull .*accepts only Basic authentication/);
		expect(recorded).toHaveLength(0);
	});

	test('without an App Certificate nothing is sent, and the error says what is missing', async () => {
		const result = await run(startParams(), tokenCredential({ appCertificate: '' }));
		expect(result.error('Agora')?.message).toMatch(/Token authentication needs the App Certificate/);
		expect(recorded).toHaveLength(0);
	});

	test('a token refused by Agora (401) says which credential fields to check, and never shows the token', async () => {
		answerStatus = 401;
		const result = await run(startParams(), tokenCredential());
		const error = result.error('Agora') as unknown as { message: string; description: string };
		expect(error.message).toMatch(/failed with 401/);
		expect(error.description).toMatch(/App Certificate/);
		const token = tokenOf(recorded[0]);
		expect(JSON.stringify([error.message, error.description])).not.toContain(token.slice(3, 40));
	});
});

describe('Basic authentication is unchanged', () => {
	test('a credential saved before the choice existed (no "authentication") signs in with Basic', async () => {
		const result = await run({ resource: 'agent', operation: 'stop', agentId: 'AGENT42' }, {
			customerId: 'cid',
			customerSecret: 'csecret',
			appId: APP_ID,
			host: 'custom',
			customBaseUrl: base,
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(recorded[0].authorization).toBe(`Basic ${Buffer.from('cid:csecret').toString('base64')}`);
	});
});

describe('credential test', () => {
	const test$ = async (data: CredentialData) =>
		await agoraApiCredentialTest.call(new CredentialTestContext(), { id: '1', name: 'Agora', type: 'agoraApi', data });

	test('Token: asks Conversational AI with a signed token and notes that Media Pull needs Basic', async () => {
		const result = await test$(tokenCredential());
		expect(result).toMatchObject({ status: 'OK' });
		expect(result.message).toMatch(/Token accepted by Conversational AI.*Media Pull .*only Basic/);
		expect(recorded).toHaveLength(1);
		expect(recorded[0].path).toBe(`/api/conversational-ai-agent/v2/projects/${APP_ID}/agents`);
		expect(signedWith(tokenOf(recorded[0]), CERT)).toBe(true);
	});

	test('Token: a 401 fails naming the App Certificate; a missing certificate fails before any request', async () => {
		answerStatus = 401;
		expect(await test$(tokenCredential())).toMatchObject({ status: 'Error', message: expect.stringMatching(/App Certificate/) });
		recorded = [];
		expect(await test$(tokenCredential({ appCertificate: '' }))).toMatchObject({
			status: 'Error',
			message: expect.stringMatching(/needs the App Certificate/),
		});
		expect(recorded).toHaveLength(0);
	});

	test('Basic: both products are asked with the Customer ID and Secret', async () => {
		const result = await test$({ customerId: 'cid', customerSecret: 'csecret', appId: APP_ID, host: 'custom', customBaseUrl: base });
		expect(result.status).toBe('OK');
		expect(recorded.map((r) => r.authorization)).toEqual([
			`Basic ${Buffer.from('cid:csecret').toString('base64')}`,
			`Basic ${Buffer.from('cid:csecret').toString('base64')}`,
		]);
	});
});

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Token: Generate through n8n's engine. The token is built locally: no request may reach Agora, so
 * the credential points at a local server that counts what it receives.
 */
import http from 'http';
import type { AddressInfo } from 'net';
import { inflateSync } from 'zlib';
import { RtcRole, RtcTokenBuilder } from 'agora-token';

import { decodeAccessToken2 } from '../../../../../sandbox/src/accessToken2Decoder';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../../../../lib/harness';

const APP_ID = '970ca35de60c44645bbae8a215061b33';
const CERT = '5cfd2fd1755d40ecb72977518be15d3b';
const PUBLISH = { 1: 3600, 2: 3600, 3: 3600, 4: 3600 };

let server: http.Server;
let received = 0;
let credential: CredentialData;

beforeAll(async () => {
	server = http.createServer((_req, res) => {
		received++;
		res.statusCode = 500;
		res.end('{}');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	credential = {
		customerId: 'cid',
		customerSecret: 'csecret',
		appId: APP_ID,
		appCertificate: CERT,
		host: 'custom',
		customBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
	};
});

afterAll(() => server.close());

beforeEach(() => {
	received = 0;
});

afterEach(() => {
	expect(received).toBe(0);
});

function params(overrides: Record<string, unknown> = {}) {
	return { resource: 'token', operation: 'generate', channelName: 'room-1', ...overrides } as never;
}

async function generate(
	overrides: Record<string, unknown> = {},
	items: object[] = [{}],
	settings = {},
	cred = credential,
) {
	const result = await runWorkflow(
		agoraWorkflow(params(overrides), items as never, settings),
		cred,
	);
	return { result, runText: JSON.stringify(result.run) };
}

/** Agora's own builder with the issue time and salt of our token. */
function agoraTokenAt(issueTs: number, salt: number, build: () => string): string {
	jest.useFakeTimers({ now: issueTs * 1000, doNotFake: ['nextTick', 'setImmediate'] });
	// agora-token: salt = floor(Math.random() * 99999999) + 1
	const spy = jest.spyOn(Math, 'random').mockReturnValue((salt - 1 + 0.5) / 99999999);
	try {
		return build();
	} finally {
		spy.mockRestore();
		jest.useRealTimers();
	}
}

const content = (token: string) => inflateSync(Buffer.from(token.slice(3), 'base64'));

describe('Token: Generate', () => {
	test('UID publisher token with the defaults: content, expiry and output fields', async () => {
		const before = Math.floor(Date.now() / 1000);
		const { result, runText } = await generate({ uid: 2882341273 });
		const after = Math.floor(Date.now() / 1000);
		expect(result.error('Agora')).toBeUndefined();
		const [out] = result.output('Agora');
		expect(Object.keys(out).sort()).toEqual(
			[
				'appId',
				'channel',
				'expiresAt',
				'expiresAtIso',
				'privilegeExpiresAt',
				'role',
				'token',
				'type',
				'uid',
			].sort(),
		);
		expect(out).toMatchObject({
			appId: APP_ID,
			channel: 'room-1',
			uid: 2882341273,
			role: 'publisher',
			type: 'rtc',
		});

		const decoded = decodeAccessToken2(out.token as string);
		expect(decoded.appId).toBe(APP_ID);
		expect(decoded.expire).toBe(3600);
		expect(decoded.issueTs).toBeGreaterThanOrEqual(before);
		expect(decoded.issueTs).toBeLessThanOrEqual(after);
		expect(decoded.services).toEqual([
			{ type: 1, name: 'rtc', privileges: PUBLISH, channelName: 'room-1', uid: '2882341273' },
		]);
		expect(out.expiresAt).toBe(decoded.issueTs + 3600);
		expect(out.expiresAtIso).toBe(new Date((decoded.issueTs + 3600) * 1000).toISOString());
		expect(out.privilegeExpiresAt).toBe(decoded.issueTs + 3600);
		expect(runText).not.toContain(CERT);

		// Agora's own builder, given the same issue time and salt, signs the same content.
		const reference = agoraTokenAt(decoded.issueTs, decoded.salt, () =>
			RtcTokenBuilder.buildTokenWithUid(
				APP_ID,
				CERT,
				'room-1',
				2882341273,
				RtcRole.PUBLISHER,
				3600,
				3600,
			),
		);
		expect(content(out.token as string).equals(content(reference))).toBe(true);
	});

	test('user account subscriber token with RTC + RTM and an explicit RTM user ID', async () => {
		const { result } = await generate({
			identityType: 'account',
			account: 'player-7',
			role: 'subscriber',
			tokenType: 'rtcRtm',
			rtmUserId: 'rtm-user-7',
			tokenExpiry: 600,
			privilegeExpiry: 0,
		});
		expect(result.error('Agora')).toBeUndefined();
		const [out] = result.output('Agora');
		expect(out).toMatchObject({
			channel: 'room-1',
			account: 'player-7',
			role: 'subscriber',
			type: 'rtcRtm',
			rtmUserId: 'rtm-user-7',
		});
		expect(out).not.toHaveProperty('uid');
		const decoded = decodeAccessToken2(out.token as string);
		expect(decoded.expire).toBe(600);
		expect(decoded.services).toEqual([
			{ type: 1, name: 'rtc', privileges: { 1: 0 }, channelName: 'room-1', uid: 'player-7' },
			{ type: 2, name: 'rtm', privileges: { 1: 600 }, userId: 'rtm-user-7' },
		]);
		// Privilege expiry 0: the privileges last as long as the token.
		expect(out.expiresAt).toBe(decoded.issueTs + 600);
		expect(out.privilegeExpiresAt).toBe(out.expiresAt);
	});

	test('RTC + RTM without an RTM user ID uses the UID; a shorter privilege expiry is reported', async () => {
		const { result } = await generate({
			uid: 42,
			tokenType: 'rtcRtm',
			tokenExpiry: 7200,
			privilegeExpiry: 300,
		});
		expect(result.error('Agora')).toBeUndefined();
		const [out] = result.output('Agora');
		expect(out.rtmUserId).toBe('42');
		const decoded = decodeAccessToken2(out.token as string);
		expect(decoded.services[0].privileges).toEqual({ 1: 300, 2: 300, 3: 300, 4: 300 });
		expect(decoded.services[1]).toEqual({
			type: 2,
			name: 'rtm',
			privileges: { 1: 7200 },
			userId: '42',
		});
		expect(out.privilegeExpiresAt).toBe(decoded.issueTs + 300);
	});

	test('the RTM user ID is ignored unless the type is RTC + RTM; UID 0 means any user', async () => {
		const { result } = await generate({ tokenType: 'rtc', rtmUserId: 'ignored' });
		expect(result.error('Agora')).toBeUndefined();
		const [out] = result.output('Agora');
		expect(out).not.toHaveProperty('rtmUserId');
		expect(out.uid).toBe(0);
		const decoded = decodeAccessToken2(out.token as string);
		expect(decoded.services).toHaveLength(1);
		expect(decoded.services[0].uid).toBe('');
	});

	test('several items with expressions give one distinct token per item, paired', async () => {
		const items = [
			{ ch: 'alpha', uid: 1, ttl: 60 },
			{ ch: 'beta', uid: 2, ttl: '120' },
			{ ch: 'alpha', uid: 3, ttl: 180 },
			{ ch: 'alpha', uid: 3, ttl: 180 },
		];
		const { result } = await generate(
			{
				channelName: '={{$json.ch}}',
				uid: '={{$json.uid}}',
				tokenExpiry: '={{$json.ttl}}',
				privilegeExpiry: 0,
			},
			items,
		);
		expect(result.error('Agora')).toBeUndefined();
		const out = result.output('Agora');
		expect(out).toHaveLength(4);
		const tokens = out.map((o) => o.token as string);
		// Same inputs still differ: each token has its own random salt.
		expect(new Set(tokens).size).toBe(4);
		out.forEach((o, i) => {
			const d = decodeAccessToken2(o.token as string);
			expect(o.channel).toBe(items[i].ch);
			expect(o.uid).toBe(items[i].uid);
			expect(d.services[0]).toMatchObject({ channelName: items[i].ch, uid: String(items[i].uid) });
			expect(d.expire).toBe(Number(items[i].ttl));
		});
		const paired = result.run.data.resultData.runData.Agora[0].data!.main[0]!.map(
			(e) => e.pairedItem,
		);
		expect(paired).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
	});

	test('a credential without an App Certificate fails with a clear error', async () => {
		const { result } = await generate({}, [{}], {}, { ...credential, appCertificate: '' });
		const error = result.error('Agora');
		expect(error?.message).toBe('The Agora API credential has no App Certificate');
		expect(error?.description).toMatch(
			/Add the primary App Certificate .* to the Agora API credential/,
		);
		expect(result.output('Agora')).toEqual([]);
	});

	test('an App Certificate that is not 32 hex characters is reported without its value', async () => {
		const bad = 'zz-not-a-valid-app-certificate-zz';
		const { result, runText } = await generate(
			{},
			[{}],
			{},
			{ ...credential, appCertificate: bad },
		);
		expect(result.error('Agora')?.message).toBe(
			'The App Certificate in the Agora API credential is not valid',
		);
		expect(result.error('Agora')?.description).toContain('must be 32 hexadecimal characters');
		expect(runText).not.toContain(bad);
	});

	test.each([
		[{ tokenExpiry: 0 }, 'tokenExpiry', 'must be an integer in [1, 86400]'],
		[{ tokenExpiry: 86401 }, 'tokenExpiry', 'must be an integer in [1, 86400]'],
		[{ tokenExpiry: 90.5 }, 'tokenExpiry', 'must be an integer in [1, 86400]'],
		[{ tokenExpiry: '={{"soon"}}' }, 'tokenExpiry', 'must be an integer in [1, 86400]'],
		[{ privilegeExpiry: -1 }, 'privilegeExpiry', 'must be an integer in [0, 86400]'],
		[{ privilegeExpiry: 86401 }, 'privilegeExpiry', 'must be an integer in [0, 86400]'],
		// A literal empty required field stops n8n before the run; an expression can still yield ''.
		[{ channelName: '={{""}}' }, 'channelName', 'is required'],
		[{ channelName: 'x'.repeat(65) }, 'channelName', 'must be at most 64 bytes'],
		[{ channelName: 'room/1' }, 'channelName', 'may only contain a-z'],
		[{ uid: 4294967296 }, 'uid', 'must be an integer in [0, 4294967295]'],
		[{ identityType: 'account', account: '={{$json.missing ?? ""}}' }, 'account', 'is required'],
		[{ identityType: 'account', account: 'a*b' }, 'account', 'may only contain a-z'],
		[{ tokenType: 'rtcRtm', rtmUserId: 'u'.repeat(65) }, 'rtmUserId', 'must be at most 64 bytes'],
	])('invalid input %j names the field %s', async (overrides, field, rule) => {
		const { result, runText } = await generate(overrides);
		const error = result.error('Agora');
		expect(error?.message).toContain(`: ${rule}`);
		expect(apiField(error)).toBe(field);
		// Token › Generate has no Additional Body: its errors must not send the user looking for one.
		expect(error?.description).not.toContain('Additional Body');
		expect(result.output('Agora')).toEqual([]);
		expect(runText).not.toContain(CERT);
	});

	test('a channel name with an illegal character names “Channel Name” and lists every allowed character', async () => {
		const { result } = await generate({ channelName: 'room/1' });
		expect(result.error('Agora')?.message).toBe(
			'Invalid “Channel Name”: may only contain a-z, A-Z, 0-9, the space and ! # $ % & ( ) + - : ; = . ? @ [ ] ^ _ , { } | ~ > <',
		);
	});

	test('with Continue On Fail a bad item becomes an error item and the others still get tokens', async () => {
		const { result, runText } = await generate(
			{ tokenExpiry: '={{$json.ttl}}' },
			[{ ttl: 60 }, { ttl: 0 }, { ttl: 120 }],
			{ continueOnFail: true },
		);
		expect(result.error('Agora')).toBeUndefined();
		const out = result.output('Agora');
		expect(out).toHaveLength(3);
		expect(decodeAccessToken2(out[0].token as string).expire).toBe(60);
		expect(out[1]).toEqual({
			error: 'Invalid “Token Expiry (Seconds)”: must be an integer in [1, 86400]',
			description: expect.stringContaining('API field: tokenExpiry'),
		});
		expect(decodeAccessToken2(out[2].token as string).expire).toBe(120);
		expect(runText).not.toContain(CERT);
	});
});

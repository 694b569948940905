/** Token authentication (`Authorization: agora token=<007 token>`), checked against Agora's own builder. */
import axios, { type AxiosInstance } from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agentPath, agoraToken, client, listPath, startBody, tokenClient } from '../src/helpers';
import { decodeAccessToken2, SERVICE_TYPE } from '../src/accessToken2Decoder';
import { checkToken, PRIVILEGE_JOIN_CHANNEL } from '../src/token';

let sb: Sandbox;
let api: AxiosInstance;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 5, stopDelayMs: 5, clock: 'manual' });
	api = client(sb);
});
afterAll(() => sb.close());
beforeEach(() => sb.reset());

describe('007 token reader', () => {
	it('reads what agora-token builds', () => {
		const t = decodeAccessToken2(agoraToken(sb, 'room1', 1001, 600));
		expect(t.appId).toBe(sb.appId);
		expect(t.expire).toBe(600);
		expect(t.services).toEqual([
			{
				type: SERVICE_TYPE.rtc,
				name: 'rtc',
				privileges: expect.any(Object),
				channelName: 'room1',
				uid: '1001',
			},
		]);
		expect(t.services[0].privileges[PRIVILEGE_JOIN_CHANNEL]).toBe(600);
		expect(decodeAccessToken2(agoraToken(sb, 'room1', 0)).services[0].uid).toBe('');
		expect(decodeAccessToken2(agoraToken(sb, 'room1', 'bot-a')).services[0].uid).toBe('bot-a');
	});

	it('accepts a good token and names what is wrong with a bad one', () => {
		const now = Math.floor(Date.now() / 1000);
		const good = agoraToken(sb, 'room1', 1001, 600);
		expect(checkToken(good, sb.appId, sb.appCertificate, now)).toMatchObject({
			ok: true,
			rtc: { channelName: 'room1' },
		});
		expect(checkToken(good, sb.appId, 'ffffffffffffffffffffffffffffffff', now)).toEqual({
			ok: false,
			reason: expect.stringMatching(/signature/),
		});
		expect(checkToken(good, 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', sb.appCertificate, now)).toEqual({
			ok: false,
			reason: expect.stringMatching(/App ID/),
		});
		expect(checkToken(good, sb.appId, sb.appCertificate, now + 700)).toEqual({
			ok: false,
			reason: expect.stringMatching(/expired/),
		});
		expect(checkToken('006abc', sb.appId, sb.appCertificate, now)).toEqual({
			ok: false,
			reason: expect.stringMatching(/not readable/),
		});
		expect(checkToken('007!!!', sb.appId, sb.appCertificate, now).ok).toBe(false);
		const cut = good.slice(0, 40);
		expect(checkToken(cut, sb.appId, sb.appCertificate, now).ok).toBe(false);
	});
});

describe('token authentication over HTTP', () => {
	it('starts an agent when the token is for properties.channel and agent_rtc_uid', async () => {
		const c = tokenClient(sb, agoraToken(sb, 'room1', 1001));
		const r = await c.post(agentPath(sb, '/join'), startBody({ channel: 'room1' }));
		expect(r.status).toBe(200);
		expect(r.headers['x-request-id']).toBeDefined();
		expect((await c.get(agentPath(sb, `/agents/${r.data.agent_id}`))).status).toBe(200);
		expect(sb.requests.at(-1)!.headers.authorization).toBeUndefined();
	});

	it('a token for uid 0 stands for any agent uid', async () => {
		const c = tokenClient(sb, agoraToken(sb, 'room1', 0));
		expect((await c.post(agentPath(sb, '/join'), startBody({ channel: 'room1' }))).status).toBe(
			200,
		);
	});

	it.each([
		['another channel', () => agoraToken(sb, 'other', 1001), /channel/],
		['another uid', () => agoraToken(sb, 'room1', 2002), /uid/],
	])('401 on join with a token for %s', async (_n, token, why) => {
		const r = await tokenClient(sb, token()).post(
			agentPath(sb, '/join'),
			startBody({ channel: 'room1' }),
		);
		expect(r.status).toBe(401);
		expect(r.data).toEqual({ reason: 'Unauthorized', detail: expect.stringMatching(why) });
		expect(sb.agents()).toHaveLength(0);
	});

	it('401 for a token signed with another certificate, and after it expired (sandbox clock)', async () => {
		const wrong = tokenClient(
			sb,
			agoraToken(sb, 'room1', 1001, 600, 'ffffffffffffffffffffffffffffffff'),
		);
		const r = await wrong.get(agentPath(sb, '/agents'));
		expect(r.status).toBe(401);
		expect(r.data.detail).toMatch(/signature/);
		expect(r.headers['x-request-id']).toBeUndefined();
		const c = tokenClient(sb, agoraToken(sb, 'room1', 1001, 600));
		expect((await c.get(agentPath(sb, '/agents'))).status).toBe(200);
		sb.clock.advance(601_000);
		expect((await c.get(agentPath(sb, '/agents'))).status).toBe(401);
		sb.clock.set(Date.now());
	});

	it('Media Pull takes Basic only', async () => {
		const r = await tokenClient(sb, agoraToken(sb, 'room1', 1001)).get(listPath(sb));
		expect(r.status).toBe(401);
		expect(r.data).toEqual({ message: 'Invalid authentication credentials.' });
		expect((await api.get(listPath(sb))).status).toBe(200);
	});
});

describe('POST /_sandbox/join: a web client joins with its backend’s session', () => {
	const join = (body: object) =>
		axios.post(`${sb.url}/_sandbox/join`, body, { validateStatus: () => true });

	it('lists the channel’s agents and whether each listens to the joining UID', async () => {
		const started = await api.post(agentPath(sb, '/join'), startBody({ channel: 'web-1' }));
		await api.post(agentPath(sb, '/join'), startBody({ channel: 'elsewhere', name: 'other' }));
		const token = agoraToken(sb, 'web-1', 2002);
		const r = await join({ appId: sb.appId, channel: 'web-1', uid: 2002, token });
		expect(r.status).toBe(200);
		expect(r.data).toEqual({
			joined: true,
			channel: 'web-1',
			uid: 2002,
			agents: [expect.objectContaining({ agent_id: started.data.agent_id, listens_to_you: true })],
		});
		const stranger = await join({
			appId: sb.appId,
			channel: 'web-1',
			uid: '7',
			token: agoraToken(sb, 'web-1', 0),
		});
		expect(stranger.data.agents[0].listens_to_you).toBe(false);
	});

	it.each([
		['another App ID', { appId: 'a'.repeat(32) }, 403, /App ID/],
		['another channel', { channel: 'web-2' }, 403, /channel "web-1", not "web-2"/],
		['another UID', { uid: 3003 }, 403, /UID 2002, not 3003/],
		['a UID that is not a number', { uid: 'bob' }, 400, /uid must be/],
		['no token', { token: '' }, 400, /token is required/],
	])('refuses %s', async (_name, over, status, why) => {
		const good = {
			appId: sb.appId,
			channel: 'web-1',
			uid: 2002,
			token: agoraToken(sb, 'web-1', 2002),
		};
		const r = await join({ ...good, ...over });
		expect(r.status).toBe(status);
		expect(r.data.error).toMatch(why);
	});

	it('refuses a token signed with another certificate, and one expired on the sandbox clock', async () => {
		const base = { appId: sb.appId, channel: 'web-1', uid: 2002 };
		const forged = agoraToken(sb, 'web-1', 2002, 600, 'ffffffffffffffffffffffffffffffff');
		expect((await join({ ...base, token: forged })).data.error).toMatch(/signature/);
		const token = agoraToken(sb, 'web-1', 2002, 600);
		expect((await join({ ...base, token })).status).toBe(200);
		sb.clock.advance(601_000);
		expect((await join({ ...base, token })).data.error).toMatch(/expired/);
		sb.clock.set(Date.now());
	});
});

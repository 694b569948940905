/**
 * The notification servers' IP list, as Agora's message notification pages describe it:
 * GET /v2/ncs/ip, Basic authentication only, {data: {service: {hosts: [{primaryIP}]}}}.
 */
import axios from 'axios';
import { startSandbox } from '../src/index';
import type { Sandbox } from '../src/index';
import { agoraToken, client } from '../src/helpers';

let sb: Sandbox;
beforeAll(async () => {
	sb = await startSandbox({});
});
afterAll(() => sb.close());

test('Basic: the hosts list', async () => {
	const r = await client(sb).get('/v2/ncs/ip');
	expect(r.status).toBe(200);
	expect(r.data).toEqual({
		data: { service: { hosts: [{ primaryIP: '127.0.0.1' }, { primaryIP: '::1' }] } },
	});
});

test('a token or no authentication is refused with 401', async () => {
	const plain = axios.create({ baseURL: sb.url, validateStatus: () => true });
	expect((await plain.get('/v2/ncs/ip')).status).toBe(401);
	expect(
		(
			await plain.get('/v2/ncs/ip', {
				headers: { Authorization: `agora token=${agoraToken(sb, 'c', 1)}` },
			})
		).status,
	).toBe(401);
});

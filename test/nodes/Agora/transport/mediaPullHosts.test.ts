/**
 * Media Pull requests go to the hosts its reference documents (https://api.agora.io/{region}/v1/…):
 * a Conversational AI regional host in the credential is not used for them; a custom base URL is.
 */
import { buildUrl, type AgoraContext } from '../../../../nodes/Agora/transport';

const APP_ID = '0123456789abcdef0123456789abcdef';
const url = (baseUrl: string) =>
	buildUrl({ baseUrl, appId: APP_ID } as AgoraContext, {
		api: 'mediaPull',
		region: 'na',
		path: '/players',
	});
const agentUrl = (baseUrl: string) =>
	buildUrl({ baseUrl, appId: APP_ID } as AgoraContext, { api: 'agent', path: '/join' });

test('a regional host: cloud players on the global host of the same domain, agents on the regional one', () => {
	expect(url('https://api-us-west-1.agora.io')).toBe(
		`https://api.agora.io/na/v1/projects/${APP_ID}/cloud-player/players`,
	);
	expect(url('https://api-cn-east-1.sd-rtn.com')).toBe(
		`https://api.sd-rtn.com/na/v1/projects/${APP_ID}/cloud-player/players`,
	);
	expect(agentUrl('https://api-us-west-1.agora.io')).toBe(
		`https://api-us-west-1.agora.io/api/conversational-ai-agent/v2/projects/${APP_ID}/join`,
	);
});

test('the global hosts and a custom base URL are kept', () => {
	expect(url('https://api.agora.io')).toBe(
		`https://api.agora.io/na/v1/projects/${APP_ID}/cloud-player/players`,
	);
	expect(url('https://api.sd-rtn.com')).toBe(
		`https://api.sd-rtn.com/na/v1/projects/${APP_ID}/cloud-player/players`,
	);
	expect(url('http://127.0.0.1:4010')).toBe(
		`http://127.0.0.1:4010/na/v1/projects/${APP_ID}/cloud-player/players`,
	);
});

// Agora's notification-server IP list is documented at https://api.agora.io/v2/ncs/ip only (public-facts: GET https://api.agora.io/v2/ncs/ip).
test('Get IP Addresses goes to the global host even when the credential names a regional one', () => {
	const ncsUrl = (baseUrl: string) =>
		buildUrl({ baseUrl, appId: APP_ID } as AgoraContext, { api: 'ncs', path: '/ip' });
	expect(ncsUrl('https://api-eu-central-1.agora.io')).toBe('https://api.agora.io/v2/ncs/ip');
	expect(ncsUrl('https://api.agora.io')).toBe('https://api.agora.io/v2/ncs/ip');
	expect(ncsUrl('http://127.0.0.1:4010')).toBe('http://127.0.0.1:4010/v2/ncs/ip');
});

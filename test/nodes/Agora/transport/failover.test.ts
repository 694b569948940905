/**
 * Host failover as Agora's server SDKs do it: a request safe to repeat goes to the same host again,
 * then to the alternate domain, then to the neighbouring region; a request that is not safe to
 * repeat, and any custom base URL, stays on its host.
 */
import type { IExecuteFunctions, INode } from 'n8n-workflow';

import { agoraRequest, retryTiming, type AgoraContext } from '../../../../nodes/Agora/transport';
import { agentApiPrefix, failoverBaseUrls } from '../../../../nodes/shared/hosts';

test('the hosts of each attempt: same, same, alternate domain, neighbouring region', () => {
	expect(failoverBaseUrls({ host: 'https://api-us-west-1.agora.io' })).toEqual([
		'https://api-us-west-1.agora.io',
		'https://api-us-west-1.agora.io',
		'https://api-us-west-1.sd-rtn.com',
		'https://api-us-east-1.agora.io',
	]);
	expect(failoverBaseUrls({ host: 'https://api-cn-east-1.sd-rtn.com' })).toEqual([
		'https://api-cn-east-1.sd-rtn.com',
		'https://api-cn-east-1.sd-rtn.com',
		'https://api-cn-east-1.agora.io',
		'https://api-cn-north-1.sd-rtn.com',
	]);
	expect(failoverBaseUrls({ host: 'https://api.agora.io' })).toEqual([
		'https://api.agora.io',
		'https://api.agora.io',
		'https://api.sd-rtn.com',
	]);
	expect(failoverBaseUrls({ host: 'custom', customBaseUrl: 'https://api.agora.io' })).toEqual([
		'https://api.agora.io',
	]);
	expect(failoverBaseUrls({ host: 'custom', customBaseUrl: 'http://127.0.0.1:4010/' })).toEqual([
		'http://127.0.0.1:4010',
	]);
});

/** A request function whose every call fails without an answer, recording the URLs it was given. */
function unreachable(urls: string[]): IExecuteFunctions {
	return {
		getNode: () =>
			({
				name: 'Agora',
				type: 'n8n-nodes-agora.agora',
				typeVersion: 1,
				parameters: {},
			}) as unknown as INode,
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: { url: string }) => {
				urls.push(options.url);
				throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
			},
		},
	} as unknown as IExecuteFunctions;
}

const ctx = (failover: string[]): AgoraContext =>
	({
		baseUrl: failover[0],
		failoverBaseUrls: failover,
		appId: 'A',
		appCertificate: '',
		authentication: 'basic',
		secrets: [],
		timeoutMs: 1000,
		maxRetries: 3,
	}) as AgoraContext;

describe('through the transport', () => {
	beforeAll(() => {
		retryTiming.baseMs = 1;
	});
	afterAll(() => {
		retryTiming.baseMs = 1000;
	});

	test('a request safe to repeat walks the hosts', async () => {
		const urls: string[] = [];
		const hosts = failoverBaseUrls({ host: 'https://api-eu-west-1.agora.io' });
		await expect(
			agoraRequest.call(unreachable(urls), ctx(hosts), {
				method: 'GET',
				api: 'agent',
				path: '/agents/X',
				idempotent: true,
				action: 'get agent',
			}),
		).rejects.toThrow();
		expect(urls.map((u) => new URL(u).host)).toEqual([
			'api-eu-west-1.agora.io',
			'api-eu-west-1.agora.io',
			'api-eu-west-1.sd-rtn.com',
			'api-eu-central-1.agora.io',
		]);
	});

	test('a request not safe to repeat is sent once, to its host', async () => {
		const urls: string[] = [];
		const hosts = failoverBaseUrls({ host: 'https://api-eu-west-1.agora.io' });
		await expect(
			agoraRequest.call(unreachable(urls), ctx(hosts), {
				method: 'POST',
				api: 'agent',
				path: '/join',
				body: {},
				idempotent: false,
				action: 'start agent',
			}),
		).rejects.toThrow();
		expect(urls.map((u) => new URL(u).host)).toEqual(['api-eu-west-1.agora.io']);
	});
});

// agent-server-sdk-go core/request_option_custom.go: AreaCN (api-cn-east-1, api-cn-north-1 on sd-rtn.com or agora.io) uses /cn/api/conversational-ai-agent.
describe('China hosts', () => {
	beforeAll(() => {
		retryTiming.baseMs = 1;
	});
	afterAll(() => {
		retryTiming.baseMs = 1000;
	});

	test('every attempt on a China host uses the /cn prefix, for project and account paths', async () => {
		const urls: string[] = [];
		const hosts = failoverBaseUrls({ host: 'https://api-cn-east-1.sd-rtn.com' });
		await expect(
			agoraRequest.call(unreachable(urls), ctx(hosts), {
				method: 'GET',
				api: 'agent',
				path: '/agents/X',
				idempotent: true,
				action: 'get agent',
			}),
		).rejects.toThrow();
		expect(urls).toEqual([
			'https://api-cn-east-1.sd-rtn.com/cn/api/conversational-ai-agent/v2/projects/A/agents/X',
			'https://api-cn-east-1.sd-rtn.com/cn/api/conversational-ai-agent/v2/projects/A/agents/X',
			'https://api-cn-east-1.agora.io/cn/api/conversational-ai-agent/v2/projects/A/agents/X',
			'https://api-cn-north-1.sd-rtn.com/cn/api/conversational-ai-agent/v2/projects/A/agents/X',
		]);
		const numbers: string[] = [];
		await expect(
			agoraRequest.call(unreachable(numbers), ctx(['https://api-cn-north-1.sd-rtn.com']), {
				method: 'GET',
				api: 'agentAccount',
				path: '/phone-numbers',
				idempotent: true,
				action: 'list phone numbers',
			}),
		).rejects.toThrow();
		expect(numbers[0]).toBe(
			'https://api-cn-north-1.sd-rtn.com/cn/api/conversational-ai-agent/v2/phone-numbers',
		);
	});

	test('other hosts and a custom base URL keep the global prefix', () => {
		expect(agentApiPrefix('https://api.agora.io')).toBe('/api/conversational-ai-agent/v2');
		expect(agentApiPrefix('https://api-ap-southeast-1.agora.io')).toBe(
			'/api/conversational-ai-agent/v2',
		);
		expect(agentApiPrefix('http://127.0.0.1:4010')).toBe('/api/conversational-ai-agent/v2');
		expect(agentApiPrefix('https://api-cn-north-1.agora.io')).toBe(
			'/cn/api/conversational-ai-agent/v2',
		);
	});
});

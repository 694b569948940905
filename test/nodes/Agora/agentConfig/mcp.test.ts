/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * MCP servers of Agent › Start and Phone Call › Call through n8n's engine: unusable endpoints refused
 * naming the field, Enable Tools and allowed_tools rules, MLLM servers, bearer token from Vendor Keys.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import { resetRateLimits } from '../../../../nodes/Agora/transport';
import { startSandbox, type Sandbox } from '../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData } from '../../../lib/harness';

let sb: Sandbox;
let credential: CredentialData;

beforeAll(async () => {
	sb = await startSandbox({ startDelayMs: 5, stopDelayMs: 5 });
	credential = { customerId: sb.customerId, customerSecret: sb.customerSecret, appId: sb.appId, host: 'custom', customBaseUrl: sb.url };
});
afterAll(async () => await sb.close());
beforeEach(() => {
	sb.reset();
	resetRateLimits();
});

const N8N_MCP = 'https://n8n.example.com/mcp/agent-tools';

const server = (over: IDataObject = {}): IDataObject => ({ name: 'tools', endpoint: N8N_MCP, ...over });

function startParams(servers: IDataObject[], over: IDataObject = {}): IDataObject {
	return {
		resource: 'agent',
		operation: 'start',
		name: `mcp-${Math.random().toString(36).slice(2)}`,
		channel: 'room1',
		remoteRtcUid: '2002',
		agentRtcUid: '1001',
		llmUrl: 'https://llm.example.com/v1/chat/completions',
		llmApiKey: 'sk-llm-key',
		llmOptions: { mcpServers: { servers } },
		ttsVendor: 'microsoft',
		ttsParams: '{"key": "tts-key", "voice_name": "en-US-AndrewNeural"}',
		...over,
	};
}

async function run(parameters: IDataObject, vendorKeys?: ICredentialDataDecryptedObject) {
	const others: Record<string, ICredentialDataDecryptedObject> = vendorKeys ? { agoraVendorKeysApi: vendorKeys } : {};
	return await runWorkflow(agoraWorkflow(parameters as INodeParameters, [{}]), credential, others);
}

/** The properties of the one request sent to `suffix`. */
function sent(suffix: string): IDataObject {
	const posts = sb.requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));
	expect(posts).toHaveLength(1);
	return (posts[0].body as IDataObject).properties as IDataObject;
}

describe('endpoints Agora’s engine cannot use are refused before sending, naming the field', () => {
	test.each([
		['the MCP Server Trigger’s Test URL', 'https://n8n.example.com/mcp-test/agent-tools', 'Test URL'],
		['a version-1 SSE path', 'https://n8n.example.com/mcp/agent-tools/sse', 'Streamable HTTP only'],
		['plain http to a public host', 'http://n8n.example.com/mcp/agent-tools', 'must use https://'],
		['text that is not a URL', 'n8n.example.com/mcp/agent-tools', 'must be a full URL'],
	])('%s', async (_case, endpoint, rule) => {
		const result = await run(startParams([server(), server({ name: 'second', endpoint })]));
		const message = result.error('Agora')?.message ?? '';
		expect(message).toContain('“LLM Options › MCP Servers”: Server 2 › Endpoint');
		expect(message).toContain(rule);
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	test('https anywhere and http to localhost or 127.0.0.1 are sent as given', async () => {
		const endpoints = [N8N_MCP, 'http://localhost:5678/mcp/tools', 'http://127.0.0.1:5678/mcp/tools'];
		const result = await run(startParams(endpoints.map((endpoint, i) => server({ name: `s${i}`, endpoint }))));
		expect(result.error('Agora')).toBeUndefined();
		expect(((sent('/join').llm as IDataObject).mcp_servers as IDataObject[]).map((s) => s.endpoint)).toEqual(endpoints);
	});

	test('an MLLM agent’s server is checked under its own field', async () => {
		const result = await run({
			...startParams([]),
			llmOptions: {},
			mode: 'mllm',
			mllmVendor: 'openai',
			mllmApiKey: 'sk-mllm',
			mllmOptions: { mcpServers: { servers: [server({ endpoint: 'https://n8n.example.com/mcp-test/x' })] } },
		});
		expect(result.error('Agora')?.message).toContain('“MLLM Options › MCP Servers”: Server 1 › Endpoint');
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});
});

describe('Enable Tools', () => {
	test('is switched on when MCP servers are given and the form leaves it unset', async () => {
		expect((await run(startParams([server()]))).error('Agora')).toBeUndefined();
		expect(sent('/join').advanced_features).toEqual({ enable_tools: true });
	});

	test('stays as the user set it', async () => {
		expect((await run(startParams([server()], { advancedFeatures: { enableTools: false } }))).error('Agora')).toBeUndefined();
		expect(sent('/join').advanced_features).toBeUndefined();
	});

	test('is not sent without MCP servers', async () => {
		expect((await run(startParams([]))).error('Agora')).toBeUndefined();
		expect(sent('/join').advanced_features).toBeUndefined();
	});

	test('follows the servers of an MLLM agent, which are sent under mllm', async () => {
		const result = await run({
			...startParams([]),
			llmOptions: {},
			mode: 'mllm',
			mllmVendor: 'openai',
			mllmApiKey: 'sk-mllm',
			mllmOptions: { mcpServers: { servers: [server({ allowedToolsMode: 'list', allowedTools: 'book_slot' })] } },
		});
		expect(result.error('Agora')).toBeUndefined();
		const p = sent('/join');
		expect((p.mllm as IDataObject).mcp_servers).toEqual([{ name: 'tools', endpoint: N8N_MCP, transport: 'streamable_http', allowed_tools: ['book_slot'] }]);
		expect(p.advanced_features).toEqual({ enable_tools: true });
	});
});

describe('Allowed Tools', () => {
	test('All Tools leaves the field out; a list sends the names; "*" passes as Agora documents it', async () => {
		const servers = [
			server({ name: 'all', allowedToolsMode: 'all' }),
			server({ name: 'two', allowedToolsMode: 'list', allowedTools: 'book_slot, get_order' }),
			server({ name: 'star', allowedToolsMode: 'list', allowedTools: '*' }),
		];
		expect((await run(startParams(servers))).error('Agora')).toBeUndefined();
		const list = (sent('/join').llm as IDataObject).mcp_servers as IDataObject[];
		expect(list[0]).not.toHaveProperty('allowed_tools');
		expect(list[1].allowed_tools).toEqual(['book_slot', 'get_order']);
		expect(list[2].allowed_tools).toEqual(['*']);
	});

	test('a list that resolves to no name is refused, not sent as []', async () => {
		const result = await run(startParams([server({ allowedToolsMode: 'list', allowedTools: '={{ [] }}' })]));
		expect(result.error('Agora')?.message).toContain('“LLM Options › MCP Servers”: Server 1 › Tool Names needs at least one tool name');
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	test('a workflow saved with the former "No Tools" choice is refused, not sent as []', async () => {
		const result = await run(startParams([server({ allowedToolsMode: 'none' })]));
		expect(result.error('Agora')?.message).toContain('an empty list can hang the agent');
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});
});

describe('bearer token from the Agora Vendor Keys credential', () => {
	const keys = { mcpBearerToken: 'n8n-mcp-bearer-secret' };

	test('fills Authorization of every server whose headers leave it empty; a typed one wins', async () => {
		const servers = [
			server({ name: 'empty' }),
			server({ name: 'blank', headers: '{"authorization": " ", "X-Team": "a"}' }),
			server({ name: 'typed', headers: '{"Authorization": "Bearer typed-token"}' }),
		];
		const result = await run(startParams(servers, { vendorKeys: 'credential' }), keys);
		expect(result.error('Agora')).toBeUndefined();
		const headers = ((sent('/join').llm as IDataObject).mcp_servers as IDataObject[]).map((s) => s.headers);
		expect(headers).toEqual([
			{ Authorization: 'Bearer n8n-mcp-bearer-secret' },
			{ 'X-Team': 'a', Authorization: 'Bearer n8n-mcp-bearer-secret' },
			{ Authorization: 'Bearer typed-token' },
		]);
		expect(JSON.stringify(result.output('Agora'))).not.toContain('n8n-mcp-bearer-secret');
	});

	test('a server’s own headers in the credential win over the shared token', async () => {
		const result = await run(startParams([server()], { vendorKeys: 'credential' }), {
			...keys,
			mcpSecretHeaders: JSON.stringify({ tools: { Authorization: 'Bearer per-server' } }),
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(((sent('/join').llm as IDataObject).mcp_servers as IDataObject[])[0].headers).toEqual({ Authorization: 'Bearer per-server' });
	});

	test('Phone Call › Call takes the token from the credential too', async () => {
		const result = await run(
			{
				...startParams([server()], { vendorKeys: 'credential' }),
				resource: 'phoneCall',
				operation: 'call',
				toNumber: '+14155550123',
				fromNumber: '+14155550100',
				remoteRtcUid: '100',
				agentRtcUid: '111',
			},
			keys,
		);
		expect(result.error('Agora')).toBeUndefined();
		const p = sent('/call');
		expect(((p.llm as IDataObject).mcp_servers as IDataObject[])[0].headers).toEqual({ Authorization: 'Bearer n8n-mcp-bearer-secret' });
		expect(p.advanced_features).toEqual({ enable_tools: true });
	});
});

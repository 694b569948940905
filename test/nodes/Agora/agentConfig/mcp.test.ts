/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * MCP servers of Agent › Start and Phone Call › Call through n8n's engine: unusable endpoints refused
 * naming the field, Enable Tools and allowed_tools rules, MLLM servers, bearer token from Vendor Keys.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INodeParameters,
} from 'n8n-workflow';

import { checkMcpServers } from '../../../../nodes/Agora/agentConfig/mcp';

import type { Sandbox } from '../../../../sandbox/src';
import { Agora } from '../../../../nodes/Agora/Agora.node';
import {
	agoraWorkflow,
	apiField,
	loadOptionsContext,
	runWorkflow,
	type CredentialData,
} from '../../../lib/harness';
import { useSandbox } from '../../../lib/sandbox';
import { startMcp } from '../../../../sandbox/test/loopFixtures';

let sb: Sandbox;
let credential: CredentialData;

useSandbox({ startDelayMs: 5, stopDelayMs: 5 }, (started) => ({ sb, credential } = started));

const N8N_MCP = 'https://n8n.example.com/mcp/agent-tools';
/** A server the node cannot ask (nothing listens there): its tool list is sent unchecked, and no test leaves 127.0.0.1. */
const UNASKABLE_MCP = 'http://127.0.0.1:9/mcp/agent-tools';

const server = (over: IDataObject = {}): IDataObject => ({
	name: 'tools',
	endpoint: N8N_MCP,
	...over,
});

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
	const others: Record<string, ICredentialDataDecryptedObject> = vendorKeys
		? { agoraVendorKeysApi: vendorKeys }
		: {};
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
		[
			'the MCP Server Trigger’s Test URL',
			'https://n8n.example.com/mcp-test/agent-tools',
			'Test URL',
		],
		['a version-1 SSE path', 'https://n8n.example.com/mcp/agent-tools/sse', 'Streamable HTTP only'],
		['text that is not a URL', 'n8n.example.com/mcp/agent-tools', 'must be a full URL'],
	])('%s', async (_case, endpoint, rule) => {
		const result = await run(startParams([server(), server({ name: 'second', endpoint })]));
		const message = result.error('Agora')?.message ?? '';
		expect(message).toContain('“LLM Options › MCP Servers”: Server 2 › Endpoint');
		expect(message).toContain(rule);
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	// Agora's MCP tools guide: "An MCP server reachable over HTTP or HTTPS".
	test('https and http anywhere are sent as given; loopback too when the base URL is not Agora’s cloud (the sandbox)', async () => {
		const endpoints = [
			N8N_MCP,
			'http://n8n.example.com/mcp/agent-tools',
			'http://localhost:5678/mcp/tools',
			'http://127.0.0.1:5678/mcp/tools',
		];
		const result = await run(
			startParams(endpoints.map((endpoint, i) => server({ name: `s${i}`, endpoint }))),
		);
		expect(result.error('Agora')).toBeUndefined();
		expect(
			((sent('/join').llm as IDataObject).mcp_servers as IDataObject[]).map((s) => s.endpoint),
		).toEqual(endpoints);
	});

	test('an MLLM agent’s server is checked under its own field', async () => {
		const result = await run({
			...startParams([]),
			llmOptions: {},
			mode: 'mllm',
			mllmVendor: 'openai',
			mllmApiKey: 'sk-mllm',
			mllmOptions: {
				mcpServers: { servers: [server({ endpoint: 'https://n8n.example.com/mcp-test/x' })] },
			},
		});
		expect(result.error('Agora')?.message).toContain(
			'“MLLM Options › MCP Servers”: Server 1 › Endpoint',
		);
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});
});

describe('Enable Tools', () => {
	test('is switched on when MCP servers are given and the form leaves it unset', async () => {
		expect((await run(startParams([server()]))).error('Agora')).toBeUndefined();
		expect(sent('/join').advanced_features).toEqual({ enable_tools: true });
	});

	test('stays as the user set it', async () => {
		expect(
			(await run(startParams([server()], { advancedFeatures: { enableTools: false } }))).error(
				'Agora',
			),
		).toBeUndefined();
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
			mllmOptions: {
				mcpServers: {
					servers: [
						server({
							endpoint: UNASKABLE_MCP,
							allowedToolsMode: 'list',
							allowedTools: 'book_slot',
						}),
					],
				},
			},
		});
		expect(result.error('Agora')).toBeUndefined();
		const p = sent('/join');
		expect((p.mllm as IDataObject).mcp_servers).toEqual([
			{
				name: 'tools',
				endpoint: UNASKABLE_MCP,
				transport: 'streamable_http',
				allowed_tools: ['book_slot'],
			},
		]);
		expect(p.advanced_features).toEqual({ enable_tools: true });
	});
});

describe('Allowed Tools', () => {
	test('All Tools leaves the field out; a list sends the names; "*" passes as Agora documents it', async () => {
		const servers = [
			server({ name: 'all', allowedToolsMode: 'all' }),
			server({
				name: 'two',
				endpoint: UNASKABLE_MCP,
				allowedToolsMode: 'list',
				allowedTools: 'book_slot, get_order',
			}),
			server({ name: 'star', allowedToolsMode: 'list', allowedTools: '*' }),
		];
		expect((await run(startParams(servers))).error('Agora')).toBeUndefined();
		const list = (sent('/join').llm as IDataObject).mcp_servers as IDataObject[];
		expect(list[0]).not.toHaveProperty('allowed_tools');
		expect(list[1].allowed_tools).toEqual(['book_slot', 'get_order']);
		expect(list[2].allowed_tools).toEqual(['*']);
	});

	test('a list that resolves to no name is refused, not sent as []', async () => {
		const result = await run(
			startParams([server({ allowedToolsMode: 'list', allowedTools: '={{ [] }}' })]),
		);
		expect(result.error('Agora')?.message).toContain(
			'“LLM Options › MCP Servers”: Server 1 › Tool Names or IDs needs at least one tool name',
		);
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
		const headers = ((sent('/join').llm as IDataObject).mcp_servers as IDataObject[]).map(
			(s) => s.headers,
		);
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
		expect(((sent('/join').llm as IDataObject).mcp_servers as IDataObject[])[0].headers).toEqual({
			Authorization: 'Bearer per-server',
		});
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
		expect(((p.llm as IDataObject).mcp_servers as IDataObject[])[0].headers).toEqual({
			Authorization: 'Bearer n8n-mcp-bearer-secret',
		});
		expect(p.advanced_features).toEqual({ enable_tools: true });
	});
});

// Agora's MCP tools guide: allowed_tools names the server's tools, and a wrong list can hang the agent.
describe('Tool names are checked against the server’s own list when the server can be asked', () => {
	const TOKEN = 'mcp-bearer-for-tests';
	let mcp: Awaited<ReturnType<typeof startMcp>>;
	beforeAll(async () => {
		mcp = await startMcp(TOKEN);
	});
	afterAll(async () => await mcp.close());
	const asked = (allowedTools: string, headers = `{"Authorization": "Bearer ${TOKEN}"}`) =>
		server({ name: 'orders', endpoint: mcp.url, headers, allowedToolsMode: 'list', allowedTools });

	test('a name the server does not list is refused before sending, saying what the server lists', async () => {
		const result = await run(startParams([asked('lookup_order, Look Up Order')]));
		const error = result.error('Agora');
		expect(error?.message).toContain(
			'Server 1 › Tool Names or IDs: "Look Up Order" is not listed by the server (it lists: lookup_order, cancel_order, wait_forever)',
		);
		expect(apiField(error)).toBe('properties.llm.mcp_servers[0].allowed_tools');
		expect(`${error?.message} ${error?.description}`).not.toContain(TOKEN);
		expect(sb.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
	});

	test('names the server lists are sent', async () => {
		expect(
			(await run(startParams([asked('lookup_order, cancel_order')]))).error('Agora'),
		).toBeUndefined();
		expect(
			((sent('/join').llm as IDataObject).mcp_servers as IDataObject[])[0].allowed_tools,
		).toEqual(['lookup_order', 'cancel_order']);
	});

	test('the bearer token of the Vendor Keys credential is used to ask, as it is sent', async () => {
		const result = await run(
			startParams([asked('Look Up Order', '{}')], { vendorKeys: 'credential' }),
			{ mcpBearerToken: TOKEN },
		);
		expect(result.error('Agora')?.message).toContain(
			'(it lists: lookup_order, cancel_order, wait_forever)',
		);
	});

	test('a server that refuses the question (wrong token) is not a reason to refuse: Agora’s answer decides', async () => {
		expect(
			(await run(startParams([asked('Look Up Order', '{"Authorization": "Bearer wrong"}')]))).error(
				'Agora',
			),
		).toBeUndefined();
		expect(
			((sent('/join').llm as IDataObject).mcp_servers as IDataObject[])[0].allowed_tools,
		).toEqual(['Look Up Order']);
	});

	test('the editor offers the tools the server lists (Allowed Tools › Tool Names or IDs)', async () => {
		const parameters = {
			resource: 'agent',
			operation: 'start',
			llmOptions: {
				mcpServers: {
					servers: [
						{
							name: 'orders',
							endpoint: mcp.url,
							headers: `{"Authorization": "Bearer ${TOKEN}"}`,
							allowedToolsMode: 'list',
						},
					],
				},
			},
		};
		const fn = loadOptionsContext(
			parameters,
			credential,
			'parameters.llmOptions.mcpServers.servers[0].allowedTools',
		);
		const options = await new Agora().methods.loadOptions.listMcpTools.call(fn);
		expect(options.map((o) => o.value)).toEqual([
			'*',
			'lookup_order',
			'cancel_order',
			'wait_forever',
		]);
	});
});

describe('a loopback endpoint and Agora’s cloud', () => {
	const body = (endpoint: string) => ({
		properties: { llm: { mcp_servers: [{ name: 'tools', endpoint }] } },
	});
	/** A node context whose request helper must not be reached: the refusal comes first. */
	const fn = {
		getNode: () => ({
			name: 'Agora',
			type: 'n8n-nodes-agora.agora',
			typeVersion: 1,
			parameters: {},
		}),
		helpers: { httpRequest: async () => Promise.reject(new Error('no request expected')) },
	} as unknown as IExecuteFunctions;

	test.each([
		'http://localhost:5678/mcp/tools',
		'http://127.0.0.1:5678/mcp/tools',
		'http://127.1.2.3/mcp',
		'http://[::1]:5678/mcp',
	])(
		'%s is refused when the request goes to Agora’s cloud, which cannot reach it',
		async (endpoint) => {
			const refused = checkMcpServers(fn, 'https://api-us-west-1.agora.io', body(endpoint), 0);
			await expect(refused).rejects.toThrow(
				'Server 1 › Endpoint names this machine, which Agora’s cloud cannot reach',
			);
		},
	);

	test('the same endpoint passes with a custom base URL (the local sandbox), and a public http endpoint passes with Agora', async () => {
		await expect(
			checkMcpServers(fn, 'http://127.0.0.1:4010', body('http://localhost:5678/mcp/tools'), 0),
		).resolves.toBeUndefined();
		await expect(
			checkMcpServers(fn, 'https://api.agora.io', body('http://n8n.example.com/mcp/tools'), 0),
		).resolves.toBeUndefined();
	});
});

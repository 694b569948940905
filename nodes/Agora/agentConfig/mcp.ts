/**
 * MCP tool servers of the LLM (properties.llm.mcp_servers) and of a realtime model
 * (properties.mllm.mcp_servers). n8n's MCP Server Trigger is the expected server: the form says
 * which of its URLs to paste, offers the tools it lists and refuses what Agora's engine cannot use.
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { isAgoraHost } from '../../shared/hosts';
import { listMcpToolNames } from '../../shared/mcpToolList';
import { invalidField } from '../../shared/validate';
import { isPlainObject } from '../../shared/values';
import { splitList } from '../form/commonFields';
import { compact, text } from '../form/bodyWriters';
import { type FormReader } from '../form/reader';

export const mcpServersField: INodeProperties = {
	displayName: 'MCP Servers',
	name: 'mcpServers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add MCP Server',
	default: {},
	description:
		'Tool servers the agent may call, e.g. an n8n MCP Server Trigger. Advanced Features › Enable Tools is switched on unless you set it.',
	options: [
		{
			displayName: 'Server',
			name: 'servers',
			values: [
				{
					displayName: 'Allowed Tools',
					name: 'allowedToolsMode',
					type: 'options',
					options: [
						{
							name: 'All Tools',
							value: 'all',
							description: 'Field left out: every tool of the server is enabled',
						},
						{
							name: 'Only These Tools',
							value: 'list',
							description: 'Only the named tools; a "*" in the list enables all of them',
						},
					],
					default: 'all',
				},
				{
					displayName: 'Endpoint',
					name: 'endpoint',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://n8n.example.com/mcp/agent-tools',
					description:
						'Server address, over HTTP or HTTPS. Agora’s cloud calls it: it must be reachable from the internet (HTTPS keeps the tool calls and their token private).',
					hint: 'For n8n’s MCP Server Trigger: its Production URL, https://<host>/mcp/<path> (not the Test URL), with the workflow active',
				},
				{
					displayName: 'Headers (JSON)',
					name: 'headers',
					type: 'json',
					default: '{}',
					description:
						'HTTP headers sent to the server. Leave Authorization out to take the bearer token from the Agora Vendor Keys credential.',
				},
				{
					displayName: 'Name',
					name: 'name',
					type: 'string',
					default: '',
					placeholder: 'e.g. weather',
					description: 'Unique server identifier: 1 to 48 English letters and digits',
				},
				{
					displayName: 'Timeout (Ms)',
					name: 'timeoutMs',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 0 },
					default: 0,
					description:
						'How long the agent waits for a tool answer before it goes on. 0 leaves Agora’s default.',
				},
				{
					displayName: 'Tool Names or IDs',
					name: 'allowedTools',
					type: 'multiOptions',
					typeOptions: {
						loadOptionsMethod: 'listMcpTools',
						loadOptionsDependsOn: ['&endpoint', '&headers', '&name'],
					},
					default: [],
					description:
						'Tools the server lists (n8n: “Look Up Order” is Look_Up_Order); * is all. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
					displayOptions: { show: { allowedToolsMode: ['list'] } },
				},
				{
					displayName: 'Transport',
					name: 'transport',
					type: 'options',
					options: [{ name: 'Streamable HTTP', value: 'streamable_http' }],
					default: 'streamable_http',
				},
			],
		},
	],
};

/** Whether an endpoint names this machine (localhost, 127.x, ::1, 0.0.0.0). */
function isLoopbackEndpoint(endpoint: string): boolean {
	let host: string;
	try {
		host = new URL(endpoint).hostname.toLowerCase();
	} catch {
		return false;
	}
	return (
		host === 'localhost' ||
		host.endsWith('.localhost') ||
		/^127\.\d+\.\d+\.\d+$/.test(host) ||
		host === '[::1]' ||
		host === '0.0.0.0'
	);
}

/** Why Agora's engine cannot use this endpoint, or undefined when it can. */
function mcpEndpointProblem(endpoint: string): string | undefined {
	let url: URL;
	try {
		url = new URL(endpoint);
	} catch {
		return 'must be a full URL such as https://<host>/mcp/<path>';
	}
	// Agora's MCP guide asks for "an MCP server reachable over HTTP or HTTPS".
	if (url.protocol !== 'https:' && url.protocol !== 'http:')
		return 'must be an http:// or https:// URL';
	if (/\/mcp-test\//.test(url.pathname)) {
		return 'is the MCP Server Trigger’s Test URL, which answers only while the editor listens; paste its Production URL (https://<host>/mcp/<path>) and activate the workflow';
	}
	if (/\/sse\/?$/.test(url.pathname)) {
		return 'ends in /sse, a Server-Sent Events endpoint (MCP Server Trigger version 1); Agora speaks Streamable HTTP only: use version 2 and its Production URL https://<host>/mcp/<path>';
	}
	return undefined;
}

/** Where the servers sit in the request. */
interface McpServersPlace {
	path: 'properties.llm.mcp_servers' | 'properties.mllm.mcp_servers';
}

/**
 * The mcp_servers list of an options collection; undefined when no server was added. An empty
 * allowed_tools is never sent: Agora's MCP guide warns that it can hang the agent mid-response.
 */
export function buildMcpServers(
	r: FormReader,
	value: unknown,
	place: McpServersPlace,
): IDataObject[] | undefined {
	const servers = (value as { servers?: IDataObject[] } | undefined)?.servers;
	if (!Array.isArray(servers) || servers.length === 0) return undefined;
	return servers.map((server, index) => {
		const path = `${place.path}[${index}]`;
		// The form's label of the list comes from the API path; the rule says which server and field.
		const serverLabel = `Server ${index + 1}`;
		const endpoint = String(server.endpoint ?? '').trim();
		const problem = mcpEndpointProblem(endpoint);
		if (problem) r.fail(`${path}.endpoint`, `${serverLabel} › Endpoint ${problem}`);
		const headers = r.json(server.headers, `${path}.headers`);
		const toolsMode = server.allowedToolsMode ?? 'all';
		if (toolsMode === 'none') {
			r.fail(
				`${path}.allowed_tools`,
				`${serverLabel} › Allowed Tools: an empty list can hang the agent mid-response; to give the agent none of this server’s tools, remove the server`,
			);
		}
		const names = toolsMode === 'list' ? splitList(server.allowedTools) : undefined;
		if (names?.length === 0) {
			r.fail(
				`${path}.allowed_tools`,
				`${serverLabel} › Tool Names or IDs needs at least one tool name (or choose All Tools): an empty list can hang the agent`,
			);
		}
		return compact({
			name: String(server.name ?? '').trim(),
			endpoint,
			transport: text(server.transport),
			headers,
			allowed_tools: names,
			timeout_ms:
				typeof server.timeoutMs === 'number' && server.timeoutMs > 0 ? server.timeoutMs : undefined,
		});
	});
}

/** Whether a built llm or mllm block has at least one MCP server. */
export function hasMcpServers(block: unknown): boolean {
	const servers = (block as IDataObject | undefined)?.mcp_servers;
	return Array.isArray(servers) && servers.length > 0;
}

const MCP_PLACES = ['llm', 'mllm'] as const;

/** The tool names asked of each server in this execution, by endpoint and headers. */
type ToolListCache = Map<string, Promise<string[] | undefined>>;
const listsOfExecution = new WeakMap<object, ToolListCache>();

async function listedTools(
	fn: IExecuteFunctions,
	endpoint: string,
	headers: IDataObject,
): Promise<string[] | undefined> {
	const cache = listsOfExecution.get(fn) ?? new Map<string, Promise<string[] | undefined>>();
	listsOfExecution.set(fn, cache);
	const key = JSON.stringify([endpoint, headers]);
	if (!cache.has(key)) {
		// A server that cannot be asked from here is not refused: Agora's cloud may still reach it.
		const asked = listMcpToolNames(fn.helpers.httpRequest.bind(fn.helpers), endpoint, headers).then(
			(listed) => (listed.ok ? listed.names : undefined),
		);
		cache.set(key, asked);
	}
	return await cache.get(key);
}

/**
 * Before sending: a loopback endpoint is refused when the request goes to Agora's cloud (which
 * cannot reach this machine; the local sandbox can), and an allowed tool the server does not list
 * is refused when the server answers: Agora's MCP guide warns that a wrong list can hang the agent.
 */
export async function checkMcpServers(
	fn: IExecuteFunctions,
	baseUrl: string,
	body: IDataObject,
	itemIndex: number,
): Promise<void> {
	const properties = isPlainObject(body.properties) ? body.properties : {};
	for (const place of MCP_PLACES) {
		const block = properties[place];
		const servers =
			isPlainObject(block) && Array.isArray(block.mcp_servers) ? block.mcp_servers : [];
		for (const [index, server] of servers.entries()) {
			if (!isPlainObject(server)) continue;
			const path = `properties.${place}.mcp_servers[${index}]`;
			const endpoint = String(server.endpoint ?? '');
			if (isAgoraHost(baseUrl) && isLoopbackEndpoint(endpoint)) {
				throw invalidField(
					fn,
					`${path}.endpoint`,
					`Server ${index + 1} › Endpoint names this machine, which Agora’s cloud cannot reach: give an address reachable from the internet (the local sandbox, with a Custom Base URL, reaches it)`,
					itemIndex,
				);
			}
			const wanted = Array.isArray(server.allowed_tools) ? server.allowed_tools.map(String) : [];
			if (wanted.length === 0 || wanted.includes('*')) continue;
			const headers = isPlainObject(server.headers) ? server.headers : {};
			const listed = await listedTools(fn, endpoint, headers);
			if (!listed) continue;
			const unknown = wanted.filter((name) => !listed.includes(name));
			if (unknown.length > 0) {
				throw invalidField(
					fn,
					`${path}.allowed_tools`,
					`Server ${index + 1} › Tool Names or IDs: ${unknown.map((name) => `"${name}"`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not listed by the server (it lists: ${listed.join(', ') || 'no tools'})`,
					itemIndex,
				);
			}
		}
	}
}

/**
 * MCP tool servers of the LLM (properties.llm.mcp_servers) and of a realtime model
 * (properties.mllm.mcp_servers). n8n's MCP Server Trigger is the expected server: the form says
 * which of its URLs to paste and refuses the ones Agora's engine cannot use.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { splitList } from '../form/fields';
import { put, text, type FormReader } from '../form/reader';

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
						{ name: 'All Tools', value: 'all', description: 'Field left out: every tool of the server is enabled' },
						{ name: 'Only These Tools', value: 'list', description: 'Only the named tools; a "*" in the list enables all of them' },
					],
					default: 'all',
				},
				{
					displayName: 'Endpoint',
					name: 'endpoint',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://n8n.example.com/mcp/agent-tools',
					description: 'Server address, reached by Agora’s cloud over HTTPS',
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
					description: 'How long the agent waits for a tool answer before it goes on. 0 leaves Agora’s default.',
				},
				{
					displayName: 'Tool Names',
					name: 'allowedTools',
					type: 'string',
					default: '',
					placeholder: 'e.g. get_weather, get_forecast',
					description: 'Comma-separated tool names as the server lists them (for n8n: the tool nodes’ names). "*" means all tools.',
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

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Why Agora's engine cannot use this endpoint, or undefined when it can. */
export function mcpEndpointProblem(endpoint: string): string | undefined {
	let url: URL;
	try {
		url = new URL(endpoint);
	} catch {
		return 'must be a full URL such as https://<host>/mcp/<path>';
	}
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTS.includes(url.hostname))) {
		return 'must use https:// (http:// only for localhost or 127.0.0.1): the tool calls and their token would cross the internet unencrypted';
	}
	if (/\/mcp-test\//.test(url.pathname)) {
		return 'is the MCP Server Trigger’s Test URL, which answers only while the editor listens; paste its Production URL (https://<host>/mcp/<path>) and activate the workflow';
	}
	if (/\/sse\/?$/.test(url.pathname)) {
		return 'ends in /sse, a Server-Sent Events endpoint (MCP Server Trigger version 1); Agora speaks Streamable HTTP only: use version 2 and its Production URL https://<host>/mcp/<path>';
	}
	return undefined;
}

/** Where the servers sit in the request. */
export interface McpServersPlace {
	path: 'properties.llm.mcp_servers' | 'properties.mllm.mcp_servers';
}

/**
 * The mcp_servers list of an options collection; undefined when no server was added. An empty
 * allowed_tools is never sent: Agora's MCP guide warns that it can hang the agent mid-response.
 */
export function buildMcpServers(r: FormReader, value: unknown, place: McpServersPlace): IDataObject[] | undefined {
	const servers = (value as { servers?: IDataObject[] } | undefined)?.servers;
	if (!Array.isArray(servers) || servers.length === 0) return undefined;
	return servers.map((server, index) => {
		const path = `${place.path}[${index}]`;
		// The form's label of the list comes from the API path; the rule says which server and field.
		const serverLabel = `Server ${index + 1}`;
		const out: IDataObject = { name: String(server.name ?? '').trim(), endpoint: String(server.endpoint ?? '').trim() };
		const problem = mcpEndpointProblem(out.endpoint as string);
		if (problem) r.fail(`${path}.endpoint`, `${serverLabel} › Endpoint ${problem}`);
		put(out, 'transport', text(server.transport));
		put(out, 'headers', r.json(server.headers, `${path}.headers`));
		const toolsMode = server.allowedToolsMode ?? 'all';
		if (toolsMode === 'none') {
			r.fail(
				`${path}.allowed_tools`,
				`${serverLabel} › Allowed Tools: an empty list can hang the agent mid-response; to give the agent none of this server’s tools, remove the server`,
			);
		}
		if (toolsMode === 'list') {
			const names = splitList(server.allowedTools);
			if (names.length === 0) {
				r.fail(`${path}.allowed_tools`, `${serverLabel} › Tool Names needs at least one tool name (or choose All Tools): an empty list can hang the agent`);
			}
			out.allowed_tools = names;
		}
		if (typeof server.timeoutMs === 'number' && server.timeoutMs > 0) out.timeout_ms = server.timeoutMs;
		return out;
	});
}

/** Whether a built llm or mllm block has at least one MCP server. */
export function hasMcpServers(block: unknown): boolean {
	const servers = (block as IDataObject | undefined)?.mcp_servers;
	return Array.isArray(servers) && servers.length > 0;
}

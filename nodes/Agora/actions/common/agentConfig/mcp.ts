/** MCP tool servers of the LLM (properties.llm.mcp_servers). */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { splitList } from '../agentFields';
import { put, text, type FormReader } from '../form';

export const mcpServersField: INodeProperties = {
	displayName: 'MCP Servers',
	name: 'mcpServers',
	type: 'fixedCollection',
	typeOptions: { multipleValues: true },
	placeholder: 'Add MCP Server',
	default: {},
	description: 'Tool servers the agent may call. Also turn on Advanced Features › Enable Tools.',
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
						{ name: 'No Tools', value: 'none', description: 'Sends an empty list []: no tool of the server may be called' },
						{ name: 'Only These Tools', value: 'list', description: 'Only the named tools; a "*" in the list enables all of them' },
					],
					default: 'all',
				},
				{
					displayName: 'Endpoint',
					name: 'endpoint',
					type: 'string',
					default: '',
					placeholder: 'e.g. https://mcp.example.com/mcp',
					description: 'Server address',
				},
				{
					displayName: 'Headers (JSON)',
					name: 'headers',
					type: 'json',
					default: '{}',
					description: 'HTTP headers sent to the server, e.g. {"Authorization": "Bearer …"}. Values never appear in the output.',
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
					description: 'Comma-separated tool names. "*" (alone or in the list) means all tools.',
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

/** The mcp_servers list of the LLM Options collection; undefined when no server was added. */
export function buildMcpServers(r: FormReader, value: unknown): IDataObject[] | undefined {
	const servers = (value as { servers?: IDataObject[] } | undefined)?.servers;
	if (!Array.isArray(servers) || servers.length === 0) return undefined;
	return servers.map((server, index) => {
		const path = `properties.llm.mcp_servers[${index}]`;
		const out: IDataObject = { name: String(server.name ?? '').trim(), endpoint: String(server.endpoint ?? '').trim() };
		put(out, 'transport', text(server.transport));
		put(out, 'headers', r.json(server.headers, `${path}.headers`));
		const toolsMode = server.allowedToolsMode ?? 'all';
		if (toolsMode === 'none') out.allowed_tools = [];
		else if (toolsMode === 'list') {
			const names = splitList(server.allowedTools);
			if (names.length === 0) r.fail(`${path}.allowed_tools`, 'needs at least one tool name (or choose All Tools / No Tools)');
			out.allowed_tools = names;
		}
		if (typeof server.timeoutMs === 'number' && server.timeoutMs > 0) out.timeout_ms = server.timeoutMs;
		return out;
	});
}

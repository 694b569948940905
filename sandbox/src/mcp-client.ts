/* eslint-disable import-x/no-unresolved -- the MCP SDK resolves through its package exports map, which the lint resolver does not read */
/**
 * The agent's MCP client as Agora's MCP guide describes it (official MCP SDK): servers initialized and
 * tools listed on start, filtered by allowed_tools; tool calls bounded by timeout_ms.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { isObj, type Json } from './util';

/** timeout_ms when an entry leaves it out. */
export const DEFAULT_MCP_TIMEOUT_MS = 10000;

interface Tool {
	name: string;
	description?: string;
	inputSchema: Json;
}

interface Connected {
	name: string;
	client: Client;
	tools: Tool[];
	timeoutMs: number;
}

export interface McpFailure {
	server: string;
	message: string;
}

export interface ToolOutcome {
	server: string;
	content: string;
	isError: boolean;
	latencyMs: number;
}

/** The MCP servers of one agent: mcp_servers of llm (cascade) or mllm, when tools are enabled. */
export function mcpEntries(properties: Json, mllm: boolean): Json[] {
	const adv = isObj(properties.advanced_features) ? properties.advanced_features : {};
	if (adv.enable_tools !== true) return [];
	const block = mllm ? properties.mllm : properties.llm;
	const list = isObj(block) && Array.isArray(block.mcp_servers) ? block.mcp_servers : [];
	return list.filter(isObj);
}

function textOf(result: unknown): string {
	if (!isObj(result)) return '';
	if (Array.isArray(result.content)) {
		const parts = result.content.map((c) =>
			isObj(c) && c.type === 'text' ? String(c.text ?? '') : JSON.stringify(c),
		);
		return parts.join('\n');
	}
	return JSON.stringify(result.structuredContent ?? result);
}

export class McpTools {
	private readonly servers: Connected[] = [];
	readonly failures: McpFailure[] = [];

	/** Initializes every entry and lists its tools; a failing server is recorded and skipped. */
	static async connect(entries: Json[]): Promise<McpTools> {
		const set = new McpTools();
		await Promise.all(entries.map((e) => set.add(e)));
		return set;
	}

	private async add(entry: Json): Promise<void> {
		const name = String(entry.name ?? '');
		const timeoutMs =
			typeof entry.timeout_ms === 'number' && entry.timeout_ms > 0
				? entry.timeout_ms
				: DEFAULT_MCP_TIMEOUT_MS;
		const headers: Record<string, string> = {};
		if (isObj(entry.headers))
			for (const [k, v] of Object.entries(entry.headers)) headers[k] = String(v);
		const client = new Client({ name: 'agora-sandbox-agent', version: '1.0.0' });
		try {
			const transport = new StreamableHTTPClientTransport(new URL(String(entry.endpoint)), {
				requestInit: { headers },
			});
			await client.connect(transport, { timeout: timeoutMs });
			const listed = await client.listTools(undefined, { timeout: timeoutMs });
			// allowed_tools: omitted or containing "*" = all tools, [] = none, else only those named
			const allowed =
				Array.isArray(entry.allowed_tools) && !entry.allowed_tools.includes('*')
					? new Set(entry.allowed_tools.map(String))
					: undefined;
			const tools = listed.tools.filter((t) => !allowed || allowed.has(t.name)) as Tool[];
			this.servers.push({ name, client, tools, timeoutMs });
		} catch (e) {
			this.failures.push({
				server: name,
				message: `MCP server ${name} failed to initialize: ${(e as Error).message}`,
			});
			await client.close().catch(() => undefined);
		}
	}

	/** The tools as the LLM request's OpenAI `tools`. */
	openAiTools(): Json[] {
		return this.servers.flatMap((s) =>
			s.tools.map((t) => ({
				type: 'function',
				function: { name: t.name, description: t.description ?? '', parameters: t.inputSchema },
			})),
		);
	}

	has(tool: string): boolean {
		return this.servers.some((s) => s.tools.some((t) => t.name === tool));
	}

	/** tools/call on the server that listed the tool; errors come back as an error result for the LLM. */
	async call(tool: string, argsJson: string): Promise<ToolOutcome> {
		const started = Date.now();
		const server = this.servers.find((s) => s.tools.some((t) => t.name === tool));
		if (!server)
			return { server: '', content: `Tool ${tool} is not available.`, isError: true, latencyMs: 0 };
		const done = (content: string, isError: boolean): ToolOutcome => ({
			server: server.name,
			content,
			isError,
			latencyMs: Date.now() - started,
		});
		let args: unknown;
		try {
			args = argsJson ? JSON.parse(argsJson) : {};
		} catch {
			return done(`The arguments of ${tool} are not JSON.`, true);
		}
		try {
			const result = await server.client.callTool(
				{ name: tool, arguments: isObj(args) ? args : {} },
				undefined,
				{ timeout: server.timeoutMs },
			);
			return done(textOf(result), result.isError === true);
		} catch (e) {
			return done(`Tool ${tool} failed: ${(e as Error).message}`, true);
		}
	}

	async close(): Promise<void> {
		await Promise.all(this.servers.map((s) => s.client.close().catch(() => undefined)));
		this.servers.length = 0;
	}
}

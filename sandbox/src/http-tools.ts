/**
 * The agent's inline HTTP tools (llm.tools, Agora's join reference from v2.8): the model sees each
 * tool's function; a call renders the server's URL, headers and body with `{{args.x}}`,
 * `{{template_variables.x}}` and `{{tool_call_id}}`, and the raw answer goes back to the model.
 */
import type { ToolOutcome } from './mcp-client';
import { isObj, type Json } from './util';

/** server.timeout_ms when the tool leaves it out. */
export const DEFAULT_HTTP_TOOL_TIMEOUT_MS = 10000;

/** One `{{…}}` in a template, with the name inside. */
export const PLACEHOLDER_RE = /\{\{\s*(.*?)\s*\}\}/g;
/** The whole value is one placeholder: the rendered value keeps its type (a body leaf). */
const WHOLE_RE = /^\{\{\s*(.*?)\s*\}\}$/;

interface Values {
	args: Json;
	vars: Json;
	toolCallId: string;
}

function lookup(name: string, v: Values): unknown {
	if (name === 'tool_call_id') return v.toolCallId;
	const [scope, key] = name.split('.', 2);
	if (scope === 'args') return v.args[key];
	if (scope === 'template_variables') return v.vars[key];
	return undefined;
}

function renderText(template: string, v: Values, encode: (s: string) => string): string {
	return template.replace(PLACEHOLDER_RE, (_, name: string) => {
		const value = lookup(name, v);
		return value === undefined || value === null
			? ''
			: encode(typeof value === 'string' ? value : JSON.stringify(value));
	});
}

/** A body template rendered: a leaf that is one placeholder takes the value with its own type. */
function renderBody(template: unknown, v: Values): unknown {
	if (typeof template === 'string') {
		const whole = WHOLE_RE.exec(template);
		return whole ? (lookup(whole[1], v) ?? null) : template;
	}
	if (Array.isArray(template)) return template.map((entry) => renderBody(entry, v));
	if (isObj(template))
		return Object.fromEntries(
			Object.entries(template).map(([k, entry]) => [k, renderBody(entry, v)]),
		);
	return template;
}

/** The tool entries of an agent: llm.tools when tools are enabled (a cascade agent only). */
export function httpToolEntries(properties: Json, mllm: boolean): Json[] {
	const adv = isObj(properties.advanced_features) ? properties.advanced_features : {};
	if (
		mllm ||
		adv.enable_tools !== true ||
		!isObj(properties.llm) ||
		!Array.isArray(properties.llm.tools)
	)
		return [];
	return properties.llm.tools.filter(
		(t): t is Json => isObj(t) && isObj(t.function) && isObj(t.server),
	);
}

export class HttpTools {
	constructor(
		private readonly entries: Json[],
		private readonly templateVariables: Json,
	) {}

	static of(properties: Json, mllm: boolean): HttpTools {
		const llm = isObj(properties.llm) ? properties.llm : {};
		return new HttpTools(
			httpToolEntries(properties, mllm),
			isObj(llm.template_variables) ? llm.template_variables : {},
		);
	}

	/** The tools as the LLM request's OpenAI `tools`: the function part only. */
	openAiTools(): Json[] {
		return this.entries.map((t) => ({ type: 'function', function: t.function }));
	}

	private find(tool: string): Json | undefined {
		// The name is the tool's index key, ASCII case-insensitive.
		return this.entries.find(
			(t) => String((t.function as Json).name).toLowerCase() === tool.toLowerCase(),
		);
	}

	has(tool: string): boolean {
		return this.find(tool) !== undefined;
	}

	/** Calls the tool's server; a failure comes back to the model as an error result. */
	async call(tool: string, argsJson: string, toolCallId: string): Promise<ToolOutcome> {
		const started = Date.now();
		const entry = this.find(tool);
		const done = (content: string, isError: boolean): ToolOutcome => ({
			server: '',
			content,
			isError,
			latencyMs: Date.now() - started,
		});
		if (!entry) return done(`Tool ${tool} is not available.`, true);
		let args: unknown;
		try {
			args = argsJson ? JSON.parse(argsJson) : {};
		} catch {
			return done(`The arguments of ${tool} are not JSON.`, true);
		}
		const server = entry.server as Json;
		const values: Values = {
			args: isObj(args) ? args : {},
			vars: this.templateVariables,
			toolCallId,
		};
		const method = server.method === 'GET' ? 'GET' : 'POST';
		const url = renderText(String(server.url), values, encodeURIComponent);
		const headers: Record<string, string> = {};
		if (isObj(server.headers))
			for (const [k, h] of Object.entries(server.headers))
				headers[k] = renderText(String(h), values, (s) => s);
		let body: string | undefined;
		if (method === 'POST') {
			body = JSON.stringify(isObj(server.body) ? renderBody(server.body, values) : {});
			if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type'))
				headers['Content-Type'] = 'application/json';
		}
		const timeoutMs =
			typeof server.timeout_ms === 'number' ? server.timeout_ms : DEFAULT_HTTP_TOOL_TIMEOUT_MS;
		try {
			const res = await fetch(url, {
				method,
				headers,
				body,
				signal: AbortSignal.timeout(timeoutMs),
			});
			const text = await res.text();
			return res.ok
				? done(text, false)
				: done(`Tool ${tool} answered HTTP ${res.status}: ${text}`, true);
		} catch (e) {
			const reason =
				(e as Error).name === 'TimeoutError'
					? `no answer within ${timeoutMs} ms`
					: (e as Error).message;
			return done(`Tool ${tool} failed: ${reason}`, true);
		}
	}
}

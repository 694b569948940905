/**
 * Start request: properties.llm.tools, the inline HTTP tools (join reference from v2.8): at most
 * 32, names unique ignoring ASCII case, GET or POST, a body only for POST, timeout_ms 1000 to
 * 100000, placeholders only where the reference allows them.
 */
import { invalid, join, optArr, optEnum, optInt, optObj, optStr, reqObj, reqStr } from './check';
import { PLACEHOLDER_RE } from './http-tools';
import * as R from './reference';
import { isObj, type Json } from './util';

const KNOWN = /^(args|template_variables)\.[A-Za-z0-9_-]+$|^tool_call_id$/;

function checkPlaceholders(value: string, path: string, where: 'url' | 'headers' | 'body'): void {
	const names = [...value.matchAll(PLACEHOLDER_RE)].map((m) => m[1]);
	for (const name of names) {
		if (!KNOWN.test(name)) throw invalid(path, `has an unknown placeholder {{${name}}}`);
		if (where === 'headers' && name.startsWith('args.'))
			throw invalid(
				path,
				'must not use {{args.*}} (headers take template_variables and tool_call_id only)',
			);
	}
	if (where !== 'url' && names.length > 0 && !/^\{\{[^{}]*\}\}$/.test(value.trim()))
		throw invalid(path, 'must be a constant or exactly one placeholder');
}

function checkBody(value: unknown, path: string): void {
	if (typeof value === 'string') checkPlaceholders(value, path, 'body');
	else if (Array.isArray(value)) value.forEach((v, i) => checkBody(v, `${path}[${i}]`));
	else if (isObj(value)) for (const [k, v] of Object.entries(value)) checkBody(v, join(path, k));
}

export function validateHttpTools(l: Json, lp: string): void {
	const tools = optArr(l, 'tools', lp);
	if (!tools) return;
	if (tools.length > R.HTTP_TOOLS_MAX)
		throw invalid(join(lp, 'tools'), `must have at most ${R.HTTP_TOOLS_MAX} tools`);
	const seen = new Set<string>();
	tools.forEach((t, i) => {
		const tp = `${lp}.tools[${i}]`;
		if (!isObj(t)) throw invalid(tp, 'must be an object');
		if (t.type !== 'function') throw invalid(join(tp, 'type'), 'must be "function"');
		const fn = reqObj(t, 'function', tp);
		const fp = join(tp, 'function');
		const name = reqStr(fn, 'name', fp, { nonEmpty: true });
		if (seen.has(name.toLowerCase()))
			throw invalid(join(fp, 'name'), 'must be unique (ASCII case-insensitive)');
		seen.add(name.toLowerCase());
		optStr(fn, 'description', fp);
		const params = reqObj(fn, 'parameters', fp);
		if (params.type !== 'object' || !isObj(params.properties))
			throw invalid(
				join(fp, 'parameters'),
				'must be an object schema with type "object" and properties',
			);
		const exec = optObj(t, 'execution', tp);
		if (exec) optEnum(exec, 'mode', join(tp, 'execution'), ['sync'] as const);
		const server = reqObj(t, 'server', tp);
		const sp = join(tp, 'server');
		const method = optEnum(server, 'method', sp, R.HTTP_TOOL_METHODS);
		if (!method) throw invalid(join(sp, 'method'), 'is required');
		checkPlaceholders(reqStr(server, 'url', sp, { nonEmpty: true }), join(sp, 'url'), 'url');
		const headers = optObj(server, 'headers', sp);
		for (const [k, v] of Object.entries(headers ?? {})) {
			if (typeof v !== 'string') throw invalid(join(join(sp, 'headers'), k), 'must be a string');
			checkPlaceholders(v, join(join(sp, 'headers'), k), 'headers');
		}
		const body = optObj(server, 'body', sp);
		if (body && method === 'GET') throw invalid(join(sp, 'body'), 'must not be set for GET');
		checkBody(body, join(sp, 'body'));
		optInt(server, 'timeout_ms', sp, R.HTTP_TOOL_TIMEOUT_MIN_MS, R.HTTP_TOOL_TIMEOUT_MAX_MS);
	});
}

/**
 * Inline HTTP tools of the LLM (`properties.llm.tools`, Agora's join API from v2.8): at most 32, names
 * unique ignoring case, GET or POST, a timeout of 1000-100000 ms, placeholders only where allowed.
 */ import {
	anyObject,
	integer,
	isGiven,
	list,
	nonEmptyText,
	oneOf,
	shape,
	text,
	textWhere,
	withRules,
	type Report,
} from './rules';
import { isPlainObject } from '../../shared/values';

export const MAX_HTTP_TOOLS = 32;
const HTTP_TOOL_METHODS = ['GET', 'POST'] as const;
export const HTTP_TOOL_TIMEOUT = { min: 1000, max: 100000, default: 10000 } as const;

/** Where a placeholder may stand: args are the model's arguments, never sent in a header. */
type Place = 'url' | 'headers' | 'body';

const PLACEHOLDER = /\{\{(.*?)\}\}/g;
const KNOWN = /^(args|template_variables)\.[A-Za-z0-9_-]+$|^tool_call_id$/;

/** What is wrong with the placeholders of one value, or undefined. */
function placeholderProblem(value: string, place: Place): string | undefined {
	const found = [...value.matchAll(PLACEHOLDER)].map((match) => match[1].trim());
	for (const name of found) {
		if (!KNOWN.test(name)) {
			return `has {{${name}}}: the placeholders are {{args.<name>}}, {{template_variables.<name>}} and {{tool_call_id}}`;
		}
		if (place === 'headers' && name.startsWith('args.')) {
			return `has {{${name}}}: the model’s arguments ({{args.…}}) go in the URL or the body, never in a header`;
		}
	}
	// A header value or a body leaf is a constant or exactly one placeholder; the URL mixes them freely.
	if (place !== 'url' && found.length > 0 && !/^\{\{[^{}]*\}\}$/.test(value.trim())) {
		return 'must be a constant or exactly one placeholder, with nothing around it';
	}
	return undefined;
}

/** The body's string leaves with their paths below `body`. */
function leaves(
	value: unknown,
	path: Array<string | number>,
	into: Array<[Array<string | number>, string]>,
) {
	if (typeof value === 'string') into.push([path, value]);
	else if (Array.isArray(value))
		value.forEach((entry, index) => leaves(entry, [...path, index], into));
	else if (isPlainObject(value))
		for (const [key, entry] of Object.entries(value)) leaves(entry, [...path, key], into);
	return into;
}

const functionSchema = shape({
	name: nonEmptyText(),
	description: text().nullish(),
	parameters: withRules(anyObject('must be a JSON Schema object'), (schema, report) => {
		if (schema.type !== 'object')
			report(['type'], 'must be "object": the arguments are one object');
		if (!isPlainObject(schema.properties))
			report(['properties'], 'is required: an object of the arguments the model fills in');
	}),
});

const serverSchema = withRules(
	shape({
		method: oneOf(HTTP_TOOL_METHODS),
		url: textWhere(
			(url) => /^https?:\/\/\S+$/i.test(url.trim()),
			'must be a full http:// or https:// URL',
		),
		headers: anyObject().nullish(),
		body: anyObject().nullish(),
		timeout_ms: integer(HTTP_TOOL_TIMEOUT.min, HTTP_TOOL_TIMEOUT.max).nullish(),
	}),
	(server, report: Report) => {
		const urlProblem = placeholderProblem(server.url, 'url');
		if (urlProblem) report(['url'], urlProblem);
		for (const [name, value] of Object.entries(server.headers ?? {})) {
			if (typeof value !== 'string') report(['headers', name], 'must be a string');
			else {
				const problem = placeholderProblem(value, 'headers');
				if (problem) report(['headers', name], problem);
			}
		}
		if (isGiven(server.body) && server.method === 'GET')
			report(['body'], 'must not be set for GET: only a POST has a body');
		for (const [path, value] of leaves(server.body, [], [])) {
			const problem = placeholderProblem(value, 'body');
			if (problem) report(['body', ...path], problem);
		}
	},
);

const toolSchema = shape({
	type: oneOf(['function'] as const),
	function: functionSchema,
	execution: shape({ mode: oneOf(['sync'] as const).nullish() }).nullish(),
	server: serverSchema,
});

export const httpToolsSchema = withRules(
	list(toolSchema, { max: MAX_HTTP_TOOLS }),
	(tools, report) => {
		const seen = new Set<string>();
		tools.forEach((tool, index) => {
			const key = tool.function.name.toLowerCase();
			if (seen.has(key))
				report(
					[index, 'function', 'name'],
					'must be unique among the tools (ignoring upper and lower case)',
				);
			seen.add(key);
		});
	},
);

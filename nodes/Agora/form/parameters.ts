import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeParameters,
	NodeParameterValueType,
} from 'n8n-workflow';
import { tryToParseDateTime } from 'n8n-workflow';

/** What reading needs of n8n's context (tests may hand in less: then every read goes to n8n). */
export type ParameterReader = Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter'> &
	Partial<Pick<IExecuteFunctions, 'getInputData'>>;

/** `{{ $json.a.b }}`, `{{ $json["a b"][0] }}`: what n8n's editor writes when a field is dragged in. */
const JSON_PATH_EXPRESSION = /^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*|\[\s*(?:\d+|'[^'\\]*'|"[^"\\]*")\s*\])+)\s*\}\}$/;
const PATH_SEGMENT = /\.([A-Za-z_$][\w$]*)|\[\s*(?:(\d+)|'([^'\\]*)'|"([^"\\]*)")\s*\]/g;
/** n8n refuses or treats specially what could reach a prototype: those are left to n8n. */
const UNSAFE_KEYS = new Set(['constructor', 'prototype', '__proto__']);

/** Marks "not a plain $json read": the caller asks n8n instead. */
const ASK_N8N = Symbol('ask n8n');

interface ExecutionView {
	parameters: INodeParameters;
	/** The items `$json` reads, when they are the input items; undefined: every read goes to n8n. */
	items: INodeExecutionData[] | undefined;
	/** Parsed paths of the expressions seen so far (undefined: not a plain $json read). */
	paths: Map<string, string[] | undefined>;
}

// One view per execution context: getNode() deep-copies the whole node on every call.
const views = new WeakMap<object, ExecutionView>();

/**
 * Does `$json` read the node's input items here, i.e. is n8n's untyped `connectionInputData` the very
 * array getInputData returns? Not so for an AI Agent tool call or another n8n: every read goes to n8n.
 */
function jsonReadsInput(fn: ParameterReader, items: INodeExecutionData[]): boolean {
	return items.length > 0 && (fn as { connectionInputData?: unknown }).connectionInputData === items;
}

/** Request Options › Read Item Fields Directly (on unless set off): off sends every read to n8n. */
function shortcutEnabled(parameters: INodeParameters | undefined): boolean {
	const options = parameters?.requestOptions;
	return !(options && typeof options === 'object' && (options as IDataObject).readItemFieldsDirectly === false);
}

function viewOf(fn: ParameterReader): ExecutionView {
	let view = views.get(fn);
	if (!view) {
		const items = fn.getInputData?.() ?? [];
		const parameters = fn.getNode().parameters;
		const direct = jsonReadsInput(fn, items) && shortcutEnabled(parameters);
		view = { parameters, items: direct ? items : undefined, paths: new Map() };
		views.set(fn, view);
	}
	return view;
}

function parsePath(view: ExecutionView, expression: string): string[] | undefined {
	if (view.paths.has(expression)) return view.paths.get(expression);
	let path: string[] | undefined;
	const match = JSON_PATH_EXPRESSION.exec(expression);
	if (match) {
		path = [];
		for (const m of match[1].matchAll(PATH_SEGMENT)) path.push(m[1] ?? m[2] ?? m[3] ?? m[4]);
		if (path.some((key) => UNSAFE_KEYS.has(key))) path = undefined;
	}
	view.paths.set(expression, path);
	return path;
}

/** A plain $json read resolved from the item, or ASK_N8N for anything n8n must evaluate. */
function resolve(view: ExecutionView, value: unknown, itemIndex: number): unknown {
	if (typeof value === 'string') {
		if (!value.startsWith('=')) return value;
		const path = parsePath(view, value);
		if (!path) return ASK_N8N;
		let current: unknown = view.items?.[itemIndex]?.json;
		for (const key of path) {
			if (current === null || typeof current !== 'object' || !Object.prototype.hasOwnProperty.call(current, key)) {
				return ASK_N8N;
			}
			current = (current as IDataObject)[key];
		}
		// Objects, null and undefined go through n8n, which copies and cleans them.
		const type = typeof current;
		return type === 'string' || type === 'number' || type === 'boolean' ? current : ASK_N8N;
	}
	if (Array.isArray(value)) {
		const out: unknown[] = [];
		for (const entry of value) {
			const resolved = resolve(view, entry, itemIndex);
			if (resolved === ASK_N8N) return ASK_N8N;
			out.push(resolved);
		}
		return out;
	}
	if (value !== null && typeof value === 'object') {
		const out: IDataObject = {};
		for (const [key, entry] of Object.entries(value)) {
			const resolved = resolve(view, entry, itemIndex);
			if (resolved === ASK_N8N) return ASK_N8N;
			out[key] = resolved as IDataObject[string];
		}
		return out;
	}
	return value;
}

/**
 * A parameter of one item, with the value `getNodeParameter` gives: expressions that only read the item
 * are read from it directly, the rest is left to n8n (why and how: docs/design.md, Reading the form).
 * Operations read through FormReader (reader.ts), which is built on this.
 */
export function itemParameter(
	fn: ParameterReader,
	name: string,
	itemIndex: number,
	fallback?: unknown,
): NodeParameterValueType | object {
	const view = viewOf(fn);
	if (view.items && Object.prototype.hasOwnProperty.call(view.parameters, name)) {
		const resolved = resolve(view, view.parameters[name], itemIndex);
		if (resolved !== ASK_N8N) return resolved as NodeParameterValueType;
	}
	return fn.getNodeParameter(name, itemIndex, fallback);
}

/**
 * A date field -> Unix seconds. Text without an offset is read in `timeZone` (the workflow's, as
 * n8n's own nodes do); a number is epoch milliseconds; Dates and Luxon DateTimes carry their own.
 */
export function toUnixSeconds(value: unknown, timeZone?: string): number | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'number') return Number.isFinite(value) ? Math.floor(value / 1000) : Number.NaN;
	const toMillis = (value as { toMillis?: unknown }).toMillis;
	if (typeof toMillis === 'function') return Math.floor((toMillis.call(value) as number) / 1000);
	try {
		return Math.floor(tryToParseDateTime(value, timeZone).toMillis() / 1000);
	} catch {
		return Number.NaN;
	}
}

import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	NodeParameterValueType,
} from 'n8n-workflow';
import { deepCopy, tryToParseDateTime } from 'n8n-workflow';

import { placeOf, type GroupedPlace } from './places';

/** What reading needs of n8n's context (tests may hand in less: then every read goes to n8n). */
export type ParameterReader = Pick<IExecuteFunctions, 'getNode' | 'getNodeParameter'> &
	Partial<Pick<IExecuteFunctions, 'getInputData' | 'evaluateExpression'>>;

/** `{{ $json.a.b }}`, `{{ $json["a b"][0] }}`: what n8n's editor writes when a field is dragged in. */
const JSON_PATH_EXPRESSION =
	/^=\{\{\s*\$json((?:\.[A-Za-z_$][\w$]*|\[\s*(?:\d+|'[^'\\]*'|"[^"\\]*")\s*\])+)\s*\}\}$/;
const PATH_SEGMENT = /\.([A-Za-z_$][\w$]*)|\[\s*(?:(\d+)|'([^'\\]*)'|"([^"\\]*)")\s*\]/g;
/** n8n refuses or treats specially what could reach a prototype: those are left to n8n. */
const UNSAFE_KEYS = new Set(['constructor', 'prototype', '__proto__']);

/** Marks "not a plain $json read": the caller asks n8n instead. */
const ASK_N8N = Symbol('ask n8n');

interface ExecutionView {
	node: INode;
	parameters: INodeParameters;
	/** Parameter name -> the "Add Option" group holding it in this node version (null: top level). */
	places: Map<string, GroupedPlace | null>;
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
	return (
		items.length > 0 && (fn as { connectionInputData?: unknown }).connectionInputData === items
	);
}

/** Request Options › Read Item Fields Directly (on unless set off): off sends every read to n8n. */
function shortcutEnabled(node: INode): boolean {
	const place = placeOf(node, node.parameters, 'requestOptions');
	const holder = place
		? (node.parameters[place.group] as IDataObject | undefined)
		: node.parameters;
	const options = holder?.requestOptions;
	return !(
		options &&
		typeof options === 'object' &&
		(options as IDataObject).readItemFieldsDirectly === false
	);
}

function viewOf(fn: ParameterReader): ExecutionView {
	let view = views.get(fn);
	if (!view) {
		const items = fn.getInputData?.() ?? [];
		const node = fn.getNode();
		const direct = jsonReadsInput(fn, items) && shortcutEnabled(node);
		view = {
			node,
			parameters: node.parameters,
			places: new Map(),
			items: direct ? items : undefined,
			paths: new Map(),
		};
		views.set(fn, view);
	}
	return view;
}

function groupOf(view: ExecutionView, name: string): GroupedPlace | undefined {
	let place = view.places.get(name);
	if (place === undefined) {
		place = placeOf(view.node, view.parameters, name) ?? null;
		view.places.set(name, place);
	}
	return place ?? undefined;
}

/**
 * A parameter that this node version keeps in an "Add Option" group: the value set there, or the
 * option's declared default (an expression evaluated as n8n evaluates a top-level default).
 */
function groupedParameter(
	fn: ParameterReader,
	view: ExecutionView,
	{ group, option }: GroupedPlace,
	itemIndex: number,
	fallback: unknown,
): NodeParameterValueType | object {
	const values = view.parameters[group];
	const raw =
		values && typeof values === 'object' ? (values as IDataObject)[option.name] : undefined;
	if (raw === undefined) {
		const declared = option.default;
		if (typeof declared === 'string' && declared.startsWith('=') && fn.evaluateExpression) {
			// n8n's evaluateExpression adds the "=" that marks an expression itself.
			return fn.evaluateExpression(declared.slice(1), itemIndex);
		}
		return declared !== null && typeof declared === 'object' ? deepCopy(declared) : declared;
	}
	if (view.items) {
		const resolved = resolve(view, raw, itemIndex);
		if (resolved !== ASK_N8N) return resolved as NodeParameterValueType;
	}
	return fn.getNodeParameter(`${group}.${option.name}`, itemIndex, fallback);
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
			if (
				current === null ||
				typeof current !== 'object' ||
				!Object.prototype.hasOwnProperty.call(current, key)
			) {
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
	const place = groupOf(view, name);
	if (place) return groupedParameter(fn, view, place, itemIndex, fallback);
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
	if (typeof value === 'number')
		return Number.isFinite(value) ? Math.floor(value / 1000) : Number.NaN;
	const toMillis = (value as { toMillis?: unknown }).toMillis;
	if (typeof toMillis === 'function') return Math.floor((toMillis.call(value) as number) / 1000);
	try {
		return Math.floor(tryToParseDateTime(value, timeZone).toMillis() / 1000);
	} catch {
		return Number.NaN;
	}
}

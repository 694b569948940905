import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import type { ZodError, ZodType } from 'zod';

/** Turns a zod path into the dotted form Agora's docs use: `properties.llm.mcp_servers[0].name`. */
function formatPath(path: Array<string | number>, root?: string): string {
	let out = root ?? '';
	for (const part of path) {
		if (typeof part === 'number') out += `[${part}]`;
		else out += out ? `.${part}` : part;
	}
	return out || '(body)';
}

export function describeZodError(
	error: ZodError,
	root?: string,
): { field: string; rule: string; all: string[] } {
	const all = error.issues.map((issue) => `${formatPath(issue.path, root)}: ${issue.message}`);
	const first = error.issues[0];
	return { field: formatPath(first.path, root), rule: first.message, all };
}

/** Names an API path (or parameter path) as the node's form labels it; set by the node. */
type FieldNamer = (node: INode, field: string) => string | undefined;

let fieldNamer: FieldNamer = () => undefined;

export function setFieldNamer(namer: FieldNamer): void {
	fieldNamer = namer;
}

/** Whether the node's Options set an Additional Body (JSON) beyond the empty default. */
function setsAdditionalBody(node: INode): boolean {
	const options = node.parameters?.options;
	const extra =
		options && typeof options === 'object' && !Array.isArray(options)
			? (options as Record<string, unknown>).additionalBody
			: undefined;
	if (extra === undefined || extra === null) return false;
	const text = typeof extra === 'string' ? extra.trim() : JSON.stringify(extra);
	return text !== '' && text !== '{}';
}

/**
 * The error of a broken rule: the message names the field as the form labels it and the rule; the
 * description says how to fix it and gives the API path, the name Additional Body uses.
 */
export function fieldError(
	node: INode,
	field: string,
	rule: string,
	itemIndex: number,
	others: string[] = [],
	knownLabel?: string,
): NodeOperationError {
	const label = knownLabel ?? fieldNamer(node, field);
	// A member only Additional Body can set is named inside it, by its API path.
	const viaBody = label?.includes('Additional Body') && !/additionalBody/.test(field);
	const where = !label ? `parameter "${field}"` : viaBody ? `“${label}” › ${field}` : `“${label}”`;
	const orBody = setsAdditionalBody(node)
		? ` (or ${field} in Additional Body, if you set it there)`
		: '';
	const fix = viaBody
		? `Fix ${field} in “${label}”.`
		: `Fix ${label ? where : 'this value'} in the node's parameters${orBody}.`;
	const lines = [`${fix} Nothing was sent to Agora.`, `API field: ${field}`];
	if (others.length > 0) lines.push(`All problems found:\n${others.join('\n')}`);
	return new NodeOperationError(node, `Invalid ${where}: ${rule}`, {
		itemIndex,
		description: lines.join('\n'),
	});
}

/**
 * Validates a request before it is sent. A broken rule is a NodeOperationError for this item that
 * names the field and the rule; nothing reaches Agora.
 */
export function validateOrThrow<T>(
	fn: Pick<IExecuteFunctions, 'getNode'>,
	schema: ZodType<T>,
	value: unknown,
	itemIndex: number,
	root?: string,
): T {
	const result = schema.safeParse(value);
	if (result.success) return result.data;
	const { field, rule, all } = describeZodError(result.error, root);
	throw fieldError(fn.getNode(), field, rule, itemIndex, all.length > 1 ? all : []);
}

/**
 * Throws a NodeOperationError naming a field, for checks made outside a schema. `label`: the field
 * as its form labels it, for a node whose form the node namer does not hold (the LLM Reply).
 */
export function invalidField(
	fn: Pick<IExecuteFunctions, 'getNode'>,
	field: string,
	rule: string,
	itemIndex: number,
	label?: string,
): NodeOperationError {
	return fieldError(fn.getNode(), field, rule, itemIndex, [], label);
}

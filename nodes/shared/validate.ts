import type { IExecuteFunctions } from 'n8n-workflow';
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

export function describeZodError(error: ZodError, root?: string): { field: string; rule: string; all: string[] } {
	const all = error.issues.map((issue) => `${formatPath(issue.path, root)}: ${issue.message}`);
	const first = error.issues[0];
	return { field: formatPath(first.path, root), rule: first.message, all };
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
	throw new NodeOperationError(fn.getNode(), `Invalid parameter "${field}": ${rule}`, {
		itemIndex,
		description:
			all.length > 1
				? `All problems found:\n${all.join('\n')}`
				: 'Fix this value in the node parameters; nothing was sent to Agora.',
	});
}

/** Throws a NodeOperationError naming a field, for checks made outside a schema. */
export function invalidField(
	fn: Pick<IExecuteFunctions, 'getNode'>,
	field: string,
	rule: string,
	itemIndex: number,
): NodeOperationError {
	return new NodeOperationError(fn.getNode(), `Invalid parameter "${field}": ${rule}`, {
		itemIndex,
		description: 'Fix this value in the node parameters; nothing was sent to Agora.',
	});
}

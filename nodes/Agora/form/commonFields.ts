/**
 * Fields several forms use, each with the reader of its value: a resource's Operation, system
 * messages, key-value lists, comma lists, JSON arrays, Treat Not Found as Deleted.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

import { invalidField } from '../../shared/validate';

/** A resource's Operation list, shown for the node versions given (every version when absent). */
export function operationField(
	resource: string,
	defaultOperation: string,
	operations: INodePropertyOptions[],
	versions?: number[],
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: {
			show: { resource: [resource], ...(versions ? { '@version': versions } : {}) },
		},
		options: operations,
		default: defaultOperation,
	};
}

/** System messages as a list of role + content pairs (start and update share it). */
export function systemMessagesField(
	name: string,
	description: string,
	displayOptions?: INodeProperties['displayOptions'],
): INodeProperties {
	return {
		displayName: 'System Messages',
		name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Message',
		default: {},
		description,
		...(displayOptions ? { displayOptions } : {}),
		options: [
			{
				displayName: 'Message',
				name: 'messages',
				values: [
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						options: [
							{
								name: 'Assistant',
								value: 'assistant',
								description: 'An example answer of the agent',
							},
							{
								name: 'System',
								value: 'system',
								description: 'Instructions: persona, rules, context',
							},
							{ name: 'User', value: 'user', description: 'An example message of the user' },
						],
						default: 'system',
					},
					{
						displayName: 'Content',
						name: 'content',
						type: 'string',
						typeOptions: { rows: 4 },
						default: '',
						placeholder: 'e.g. You are a friendly support agent. Keep answers short.',
					},
				],
			},
		],
	};
}

/** Reads a System Messages fixedCollection value; undefined when no message was added. */
export function readSystemMessages(value: unknown): IDataObject[] | undefined {
	const list = (value as { messages?: IDataObject[] } | undefined)?.messages;
	if (!Array.isArray(list) || list.length === 0) return undefined;
	return list.map((entry) => ({
		role: String(entry.role ?? 'system'),
		content: String(entry.content ?? ''),
	}));
}

/** A list of name/value pairs that becomes a JSON object (labels, headers, template variables). */
export function keyValueField(args: {
	displayName: string;
	name: string;
	description: string;
	itemName: string;
	namePlaceholder?: string;
	valuePlaceholder?: string;
	secretValues?: boolean;
	displayOptions?: INodeProperties['displayOptions'];
}): INodeProperties {
	return {
		...(args.displayOptions ? { displayOptions: args.displayOptions } : {}),
		displayName: args.displayName,
		name: args.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: `Add ${args.itemName}`,
		default: {},
		description: args.description,
		options: [
			{
				displayName: args.itemName,
				name: 'entries',
				values: [
					{
						displayName: 'Name',
						name: 'name',
						type: 'string',
						default: '',
						placeholder: args.namePlaceholder,
					},
					{
						displayName: 'Value',
						name: 'value',
						type: 'string',
						typeOptions: args.secretValues ? { password: true } : undefined,
						default: '',
						placeholder: args.valuePlaceholder,
					},
				],
			},
		],
	};
}

/** Reads a keyValueField value into an object; undefined when empty. Blank names are skipped. */
export function readKeyValues(value: unknown): Record<string, string> | undefined {
	const list = (value as { entries?: IDataObject[] } | undefined)?.entries;
	if (!Array.isArray(list)) return undefined;
	const out: Record<string, string> = {};
	for (const entry of list) {
		const name = String(entry.name ?? '').trim();
		if (name) out[name] = String(entry.value ?? '');
	}
	return Object.keys(out).length > 0 ? out : undefined;
}

/** "a, b\nc" -> ['a', 'b', 'c']; accepts an array from an expression too. */
export function splitList(value: unknown): string[] {
	if (Array.isArray(value)) return value.map((entry) => String(entry).trim()).filter(Boolean);
	if (value === undefined || value === null) return [];
	return String(value)
		.split(/[,\n]/)
		.map((entry) => entry.trim())
		.filter(Boolean);
}

/** A JSON array parameter; empty text means "not given". */
export function readJsonArray(
	fn: Pick<IExecuteFunctions, 'getNode'>,
	value: unknown,
	field: string,
	itemIndex: number,
): unknown[] | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (Array.isArray(value)) return value;
	const text = String(value).trim();
	if (text === '') return undefined;
	try {
		const parsed = JSON.parse(text);
		if (Array.isArray(parsed)) return parsed;
	} catch {
		// reported below
	}
	throw invalidField(
		fn,
		field,
		'must be a JSON array, e.g. [{"role": "user", "content": "..."}]',
		itemIndex,
	);
}

/** The Options of a delete: "Treat Not Found as Deleted", `description` saying what a 404 means there. */
export function notFoundIsDeletedOptions(description: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Treat Not Found as Deleted',
				name: 'notFoundIsDeleted',
				type: 'boolean',
				default: false,
				description,
			},
		],
	};
}

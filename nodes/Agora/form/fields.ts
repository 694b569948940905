import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField } from '../../shared/validate';
import { idLocator, readLocator } from './locators';

/** The agent of every operation on one agent: picked from the list, or given by ID. */
export const agentIdField: INodeProperties = idLocator({
	displayName: 'Agent',
	name: 'agentId',
	description: 'The agent: its agent_id is returned by Start and by Get Many',
	searchListMethod: 'searchAgents',
	listPlaceholder: 'Select an agent...',
	exampleId: '1NT29X10YHxxxxxWJOXLYHNYB',
	hint: 'The list shows the agents of the last 72 hours. Type a channel name to list only that channel’s agents.',
});

/** Reads the Agent ID of an item; an empty ID fails the item before anything is sent. */
export function readAgentId(fn: IExecuteFunctions, itemIndex: number): string {
	const agentId = readLocator(fn, 'agentId', itemIndex);
	if (!agentId) throw invalidField(fn, 'agentId', 'is required', itemIndex);
	return agentId;
}

export function agentPath(agentId: string, action?: string): string {
	return `/agents/${encodeURIComponent(agentId)}${action ? `/${action}` : ''}`;
}

/** System messages as a list of role + content pairs (start and update share it). */
/** An agent answer with its agent_id filled in from the request when Agora leaves it out. */
export function withAgentId(body: IDataObject, agentId: string): IDataObject {
	return { ...body, agent_id: body.agent_id ?? agentId };
}

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
							{ name: 'Assistant', value: 'assistant', description: 'An example answer of the agent' },
							{ name: 'System', value: 'system', description: 'Instructions: persona, rules, context' },
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
	return list.map((entry) => ({ role: String(entry.role ?? 'system'), content: String(entry.content ?? '') }));
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
	throw invalidField(fn, field, 'must be a JSON array, e.g. [{"role": "user", "content": "..."}]', itemIndex);
}

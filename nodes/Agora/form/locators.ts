/**
 * Resource locators: an ID chosen "From List" (searchable, filled by a listSearch method) or typed
 * "By ID". There is no "By URL": Agora Console has no page per agent, cloud player or phone number
 * whose address carries the ID, so there is no URL a user could paste.
 */
import type { INodeProperties } from 'n8n-workflow';

import { itemParameter, type ParameterReader } from './parameters';

export interface LocatorArgs {
	displayName: string;
	name: string;
	description: string;
	/** The listSearch method that fills "From List". */
	searchListMethod: string;
	/** Shown in the "From List" field, e.g. "Select an agent...". */
	listPlaceholder: string;
	/** An example ID, shown in the "By ID" field after "e.g.". */
	exampleId: string;
	hint?: string;
}

export function idLocator(args: LocatorArgs): INodeProperties {
	return {
		displayName: args.displayName,
		name: args.name,
		type: 'resourceLocator',
		required: true,
		default: { mode: 'list', value: '' },
		description: args.description,
		...(args.hint ? { hint: args.hint } : {}),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: args.listPlaceholder,
				typeOptions: { searchListMethod: args.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${args.exampleId}`,
			},
		],
	};
}

/**
 * The ID a locator parameter holds. Workflows saved before the locator existed hold a plain string
 * (or an expression that gives one); newer ones hold `{ __rl: true, mode, value }`. Both are read.
 */
export function locatorValue(value: unknown): string {
	const raw =
		value !== null && typeof value === 'object' && 'value' in value && 'mode' in value
			? (value as { value: unknown }).value
			: value;
	if (raw === undefined || raw === null) return '';
	return String(raw).trim();
}

/** The ID of a locator parameter of one item ('' when empty). */
export function readLocator(fn: ParameterReader, name: string, itemIndex: number): string {
	return locatorValue(itemParameter(fn, name, itemIndex, ''));
}

/**
 * Resource locators: an ID chosen "From List" (searchable, filled by a listSearch method) or typed
 * "By ID", and the locator of each resource with its reader. There is no "By URL": Agora Console has
 * no page per agent, cloud player or phone number whose address carries the ID.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField, validateOrThrow } from '../../shared/validate';
import { phoneNumberInPath } from '../schemas/phoneNumber';
import { withoutSeparators } from '../schemas/telephony';
import { itemParameter, type ParameterReader } from './parameters';

interface LocatorArgs {
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

function idLocator(args: LocatorArgs): INodeProperties {
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
function locatorValue(value: unknown): string {
	const raw =
		value !== null && typeof value === 'object' && 'value' in value && 'mode' in value
			? (value as { value: unknown }).value
			: value;
	if (raw === undefined || raw === null) return '';
	return String(raw).trim();
}

/** The ID of a locator parameter of one item ('' when empty). */
function readLocator(fn: ParameterReader, name: string, itemIndex: number): string {
	return locatorValue(itemParameter(fn, name, itemIndex, ''));
}

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

/**
 * A call is known by the ID of the agent it created (Call answers it as agent_id). The field keeps
 * the name of the Agent ID field, so the agent's own readers apply.
 */
export const callIdField: INodeProperties = idLocator({
	displayName: 'Call',
	name: 'agentId',
	description:
		'The call, known by its agent_id: returned by Phone Call › Call and listed by Get Many',
	searchListMethod: 'searchCalls',
	listPlaceholder: 'Select a call...',
	exampleId: '1NT29X10YHxxxxxWJOXLYHNYB',
	hint: 'Type a number in E.164 format to list only the calls from or to it',
});

/** The number of Get, Update and Delete: picked from the account's numbers, or typed. */
export const phoneNumberField: INodeProperties = idLocator({
	displayName: 'Phone Number',
	name: 'phoneNumber',
	description:
		'The imported number, in E.164 format: "+", country code and number (spaces, dashes, dots and brackets are dropped)',
	searchListMethod: 'searchPhoneNumbers',
	listPlaceholder: 'Select a phone number...',
	exampleId: '+14155550100',
});

/** The Phone Number of an item (a locator or, as saved before, a plain string), checked (E.164) before anything is sent. */
export function readPhoneNumber(fn: IExecuteFunctions, itemIndex: number): string {
	const value = withoutSeparators(readLocator(fn, 'phoneNumber', itemIndex));
	return validateOrThrow(fn, phoneNumberInPath, { phone_number: value }, itemIndex).phone_number;
}

/** The player of Get, Update and Delete: picked from the list, or given by ID. */
export const playerIdField: INodeProperties = idLocator({
	displayName: 'Cloud Player',
	name: 'playerId',
	description: 'The player: its ID (a UUID) is returned by Create and by Get Many',
	searchListMethod: 'searchCloudPlayers',
	listPlaceholder: 'Select a cloud player...',
	exampleId: '3a2b1c4d-0000-4000-8000-1234567890ab',
	hint: 'The list shows the project’s players with their channel. Type to filter by name, channel or ID.',
});

/** The player ID of an item ('' when empty: the request schema then names the field). */
export function readPlayerId(fn: ParameterReader, itemIndex: number): string {
	return readLocator(fn, 'playerId', itemIndex);
}

/**
 * Body writers: how an operation turns the values it read from the form into a request body. Unset
 * optional fields and groups switched off are left out; the body is validated afterwards.
 */
import type { IDataObject } from 'n8n-workflow';

import { splitList } from './commonFields';

/**
 * A body written as an object literal, its members in the request's order: members left undefined
 * (unset fields) are dropped; every other value, empty ones too, is sent as given.
 */
export function compact(members: Record<string, unknown>): IDataObject {
	const out: IDataObject = {};
	for (const [key, value] of Object.entries(members)) {
		if (value !== undefined) out[key] = value as IDataObject[string];
	}
	return out;
}

/** A nested group of a body: like `compact`, and undefined when no member is left (unset group). */
export function group(members: Record<string, unknown>): IDataObject | undefined {
	return nonEmpty(compact(members));
}

/** The object itself, or undefined when it has no member (an unset group). */
export function nonEmpty(value: IDataObject): IDataObject | undefined {
	return Object.keys(value).length > 0 ? value : undefined;
}

/** Text of a field; blank counts as not given. */
export function text(value: unknown): string | undefined {
	if (value === undefined || value === null) return undefined;
	const out = String(value);
	return out.trim() === '' ? undefined : out;
}

/** A collection of number/boolean settings whose names already are the API's keys. */
export function plainConfig(value: unknown): IDataObject {
	const out: IDataObject = {};
	for (const [key, entry] of Object.entries((value ?? {}) as IDataObject)) {
		if (entry !== undefined && entry !== null && entry !== '') out[key] = entry;
	}
	return out;
}

/** "text,image" (an options value) or a list from an expression -> ['text', 'image']. */
export function modalities(value: unknown): string[] | undefined {
	const list = splitList(value);
	return list.length > 0 ? list : undefined;
}

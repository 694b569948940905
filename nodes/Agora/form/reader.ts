/**
 * The one way every operation reads its form into a request body: unset optional fields and groups
 * switched off are left out; the body is validated afterwards against its schema.
 */
import type { IDataObject } from 'n8n-workflow';

import { parseJsonParameter } from '../../shared/json';
import { itemParameter, type ParameterReader } from './parameters';
import { invalidField } from '../../shared/validate';
import { readJsonArray, splitList } from './fields';

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

/** A fallback's type as a form value: `'whole'` reads as any string, `false` as any boolean. */
type Widened<T> = T extends string
	? string
	: T extends number
		? number
		: T extends boolean
			? boolean
			: T;

/** The one way operations and builders read the form of one item (parameters.ts does the reading). */
export class FormReader {
	constructor(
		readonly fn: ParameterReader,
		readonly itemIndex: number,
	) {}

	/** The item's value of a parameter (or collection), `fallback` when it is unset. */
	get<T>(name: string, fallback: T): Widened<T> {
		const value = itemParameter(this.fn, name, this.itemIndex, fallback) as Widened<T> | undefined;
		return value === undefined || value === null ? (fallback as Widened<T>) : value;
	}

	/** A JSON object field; empty text or `{}` counts as not given. */
	json(value: unknown, field: string): IDataObject | undefined {
		const parsed = parseJsonParameter(this.fn, value, field, this.itemIndex);
		return parsed && Object.keys(parsed).length > 0 ? parsed : undefined;
	}

	array(value: unknown, field: string): unknown[] | undefined {
		const parsed = readJsonArray(this.fn, value, field, this.itemIndex);
		return parsed && parsed.length > 0 ? parsed : undefined;
	}

	fail(field: string, rule: string): never {
		throw invalidField(this.fn, field, rule, this.itemIndex);
	}
}

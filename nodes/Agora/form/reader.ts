/**
 * The one way every operation reads its form: a value with its fallback, JSON fields, failures that
 * name the field (the body is written from them by bodyWriters.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { parseJsonParameter } from '../../shared/json';
import { itemParameter, type ParameterReader } from './parameters';
import { hasParameter, placeOf } from './places';
import { isPlainObject } from '../../shared/values';
import { invalidField } from '../../shared/validate';
import { readJsonArray } from './commonFields';

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

	/**
	 * An on/off switch that shows `settings`: its value where the form has it; in a form that left it
	 * out (adding a setting is the opt-in), on when any of those settings is added.
	 */
	switchedOn(name: string, settings: string[]): boolean {
		const node = this.fn.getNode();
		if (hasParameter(node, node.parameters, name)) return this.get(name, false) === true;
		return settings.some((setting) => {
			const place = placeOf(node, node.parameters, setting);
			const values: unknown = place ? node.parameters[place.group] : node.parameters;
			return isPlainObject(values) && values[setting] !== undefined;
		});
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

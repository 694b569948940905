import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from './validate';
import { isPlainObject } from './values';

/** Reads a JSON parameter that may arrive as text or (from an expression) as an object. */
export function parseJsonParameter(
	fn: Pick<IExecuteFunctions, 'getNode'>,
	value: unknown,
	field: string,
	itemIndex: number,
): IDataObject | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (typeof value === 'object') return value as IDataObject;
	const text = String(value).trim();
	if (text === '' || text === '{}') return text === '{}' ? {} : undefined;
	try {
		const parsed = JSON.parse(text);
		if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
			return parsed as IDataObject;
	} catch {
		// fall through to the error below
	}
	throw invalidField(fn, field, 'must be a JSON object, e.g. {"key": "value"}', itemIndex);
}

/** Deep merge for "Additional Body (JSON)": objects merge, anything else (arrays too) replaces. */
export function deepMerge(target: IDataObject, source: IDataObject): IDataObject {
	const out: IDataObject = { ...target };
	for (const [key, value] of Object.entries(source)) {
		out[key] =
			isPlainObject(value) && isPlainObject(out[key])
				? deepMerge(out[key] as IDataObject, value)
				: value;
	}
	return out;
}

/** Small hand-written validation kit shared by the agent and player validators. */
import { isNil, isObj, Json } from './util';

export type FieldReason = 'MissingRequiredField' | 'InvalidFieldValue' | 'InvalidRequestBody';

export class FieldError extends Error {
	constructor(
		readonly reason: FieldReason,
		readonly field: string,
		detail: string,
	) {
		super(detail);
	}
}

export function join(path: string, key: string): string {
	return path ? `${path}.${key}` : key;
}

export function missing(path: string): FieldError {
	return new FieldError('MissingRequiredField', path, `${path} is required`);
}

export function invalid(path: string, what: string): FieldError {
	return new FieldError('InvalidFieldValue', path, `${path} ${what}`);
}

export function req(o: Json, key: string, path: string): unknown {
	const v = o[key];
	if (isNil(v)) throw missing(join(path, key));
	return v;
}

export function optObj(o: Json, key: string, path: string): Json | undefined {
	const v = o[key];
	if (isNil(v)) return undefined;
	if (!isObj(v)) throw invalid(join(path, key), 'must be an object');
	return v;
}

export function reqObj(o: Json, key: string, path: string): Json {
	const v = req(o, key, path);
	if (!isObj(v)) throw invalid(join(path, key), 'must be an object');
	return v;
}

export function optStr(
	o: Json,
	key: string,
	path: string,
	opts: { nonEmpty?: boolean } = {},
): string | undefined {
	const v = o[key];
	if (isNil(v)) return undefined;
	if (typeof v !== 'string') throw invalid(join(path, key), 'must be a string');
	if (opts.nonEmpty && v.length === 0) throw invalid(join(path, key), 'must not be empty');
	return v;
}

export function reqStr(
	o: Json,
	key: string,
	path: string,
	opts: { nonEmpty?: boolean } = {},
): string {
	const v = req(o, key, path);
	if (typeof v !== 'string') throw invalid(join(path, key), 'must be a string');
	if (opts.nonEmpty && v.length === 0) throw missing(join(path, key));
	return v;
}

export function optBool(o: Json, key: string, path: string): boolean | undefined {
	const v = o[key];
	if (isNil(v)) return undefined;
	if (typeof v !== 'boolean') throw invalid(join(path, key), 'must be a boolean');
	return v;
}

function rangeText(min?: number, max?: number): string {
	if (min !== undefined && max !== undefined) return ` in [${min}, ${max}]`;
	if (min !== undefined) return ` >= ${min}`;
	if (max !== undefined) return ` <= ${max}`;
	return '';
}

export function optInt(
	o: Json,
	key: string,
	path: string,
	min?: number,
	max?: number,
): number | undefined {
	const v = o[key];
	if (isNil(v)) return undefined;
	const p = join(path, key);
	if (typeof v !== 'number' || !Number.isInteger(v))
		throw invalid(p, `must be an integer${rangeText(min, max)}`);
	if ((min !== undefined && v < min) || (max !== undefined && v > max)) {
		throw invalid(p, `must be an integer${rangeText(min, max)}`);
	}
	return v;
}

export function optNum(
	o: Json,
	key: string,
	path: string,
	r: { min?: number; max?: number; exclusive?: boolean } = {},
): number | undefined {
	const v = o[key];
	if (isNil(v)) return undefined;
	const p = join(path, key);
	const text = r.exclusive ? ` in (${r.min}, ${r.max}) exclusive` : rangeText(r.min, r.max);
	if (typeof v !== 'number' || !Number.isFinite(v)) throw invalid(p, `must be a number${text}`);
	if (r.exclusive) {
		if ((r.min !== undefined && v <= r.min) || (r.max !== undefined && v >= r.max))
			throw invalid(p, `must be a number${text}`);
	} else if ((r.min !== undefined && v < r.min) || (r.max !== undefined && v > r.max)) {
		throw invalid(p, `must be a number${text}`);
	}
	return v;
}

export function optEnum<T extends string>(
	o: Json,
	key: string,
	path: string,
	values: readonly T[],
): T | undefined {
	const v = o[key];
	if (isNil(v)) return undefined;
	if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
		throw invalid(join(path, key), `must be one of ${values.join(', ')}`);
	}
	return v as T;
}

export function optArr(o: Json, key: string, path: string): unknown[] | undefined {
	const v = o[key];
	if (isNil(v)) return undefined;
	if (!Array.isArray(v)) throw invalid(join(path, key), 'must be an array');
	return v;
}

export function optStrArr(
	o: Json,
	key: string,
	path: string,
	maxItems?: number,
): string[] | undefined {
	const a = optArr(o, key, path);
	if (!a) return undefined;
	const p = join(path, key);
	a.forEach((x, i) => {
		if (typeof x !== 'string') throw invalid(`${p}[${i}]`, 'must be a string');
	});
	if (maxItems !== undefined && a.length > maxItems)
		throw invalid(p, `must have at most ${maxItems} items`);
	return a as string[];
}

/** An object whose values must all be strings. */
export function optStrMap(o: Json, key: string, path: string): Record<string, string> | undefined {
	const m = optObj(o, key, path);
	if (!m) return undefined;
	for (const [k, v] of Object.entries(m)) {
		if (typeof v !== 'string') throw invalid(`${join(path, key)}.${k}`, 'must be a string');
	}
	return m as Record<string, string>;
}

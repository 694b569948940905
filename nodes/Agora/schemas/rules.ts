/**
 * Building blocks of the request schemas: every message comes from a plain check function, and only zod
 * features that behave alike in zod 3 and zod 4 are used (docs/design.md, Request schemas).
 */
import { z } from 'zod';

import { CHANNEL_NAME_CHARS, CHANNEL_NAME_CHARS_TEXT } from '../../shared/agoraFacts';
import { isPlainObject, utf8Bytes } from '../../shared/values';

/** Returns the broken rule as a message, or undefined when the value is fine. */
export type Check = (value: unknown) => string | undefined;

/** Reports a problem at a path below the value being checked. */
export type Report = (path: Array<string | number>, message: string) => void;

const REQUIRED = 'is required';

/** A schema that accepts what `check` accepts and reports its message otherwise. */
export function rule<T>(check: Check): z.ZodType<T> {
	return z.unknown().superRefine((value, ctx) => {
		const message = check(value);
		if (message !== undefined) ctx.addIssue({ code: 'custom', message, fatal: true });
	}) as unknown as z.ZodType<T>;
}

/** Adds a rule that looks at several members at once; it runs only when the members are valid. */
export function withRules<S extends z.ZodTypeAny>(
	schema: S,
	rules: (value: z.infer<S>, report: Report) => void,
): z.ZodType<z.infer<S>> {
	return schema.superRefine((value, ctx) => {
		rules(value, (path, message) => ctx.addIssue({ code: 'custom', path, message, fatal: true }));
	}) as unknown as z.ZodType<z.infer<S>>;
}

/** The same check with "is required" for a missing value. */
function required(check: (value: unknown) => string | undefined): Check {
	return (value) => (value === undefined ? REQUIRED : check(value));
}

function rangeText(min?: number, max?: number): string {
	if (min !== undefined && max !== undefined) return ` in [${min}, ${max}]`;
	if (min !== undefined) return ` of at least ${min}`;
	if (max !== undefined) return ` of at most ${max}`;
	return '';
}

// ---------------------------------------------------------------- leaves

export const text = () =>
	rule<string>(required((v) => (typeof v === 'string' ? undefined : 'must be a string')));

export const nonEmptyText = () =>
	rule<string>(
		required((v) => {
			if (typeof v !== 'string') return 'must be a string';
			return v === '' ? 'is required and must not be empty' : undefined;
		}),
	);

/** A string that passes `test`, with `message` otherwise. */
export const textWhere = (test: (value: string) => boolean, message: string) =>
	rule<string>(
		required((v) => {
			if (typeof v !== 'string') return 'must be a string';
			return test(v) ? undefined : message;
		}),
	);

/** A string of at most `max` UTF-8 bytes (Agora counts bytes, not characters); `nonEmpty` refuses "". */
export function byteText(max: number, options: { nonEmpty?: boolean } = {}) {
	return rule<string>(
		required((v) => {
			if (typeof v !== 'string') return 'must be a string';
			if (options.nonEmpty && v === '') return REQUIRED;
			return utf8Bytes(v) > max ? `must be at most ${max} bytes` : undefined;
		}),
	);
}

/** An RTC channel name (or string user account, up to 255 bytes): Agora's characters and length. */
export const channelText = (maxBytes = 64) =>
	rule<string>(
		required((v) => {
			if (typeof v !== 'string') return 'must be a string';
			if (v === '') return 'is required and must not be empty';
			if (utf8Bytes(v) > maxBytes) return `must be at most ${maxBytes} bytes`;
			return CHANNEL_NAME_CHARS.test(v) ? undefined : `may only contain ${CHANNEL_NAME_CHARS_TEXT}`;
		}),
	);

export const flag = () =>
	rule<boolean>(required((v) => (typeof v === 'boolean' ? undefined : 'must be true or false')));

export function integer(min?: number, max?: number, message?: string) {
	const rule_ = message ?? `must be an integer${rangeText(min, max)}`;
	return rule<number>(
		required((v) => {
			if (typeof v !== 'number' || !Number.isInteger(v)) return rule_;
			if ((min !== undefined && v < min) || (max !== undefined && v > max)) return rule_;
			return undefined;
		}),
	);
}

/** A finite number; `exclusive` leaves both ends out of the range. */
export function decimal(
	min?: number,
	max?: number,
	options: { exclusive?: boolean; message?: string } = {},
) {
	const range = options.exclusive
		? ` in (${min}, ${max}), both ends excluded`
		: rangeText(min, max);
	const message = options.message ?? `must be a number${range}`;
	return rule<number>(
		required((v) => {
			if (typeof v !== 'number' || !Number.isFinite(v)) return message;
			const below = min !== undefined && (options.exclusive ? v <= min : v < min);
			const above = max !== undefined && (options.exclusive ? v >= max : v > max);
			return below || above ? message : undefined;
		}),
	);
}

/** A closed list of values (Agora defines their meaning; others are invalid). */
export function oneOf<T extends string | number>(values: readonly T[], message?: string) {
	const text_ = message ?? `must be one of ${values.join(', ')}`;
	return rule<T>(required((v) => ((values as readonly unknown[]).includes(v) ? undefined : text_)));
}

/**
 * A value of a list that grows with Agora's releases (vendors, providers, styles, detection
 * modes): any non-empty string passes; the editor offers the known ones.
 */
export const openChoice = () => nonEmptyText();

export const anyObject = (message = 'must be a JSON object') =>
	rule<Record<string, unknown>>(required((v) => (isPlainObject(v) ? undefined : message)));

// ---------------------------------------------------------------- containers

const objectCheck = (message: string) =>
	rule<Record<string, unknown>>(required((v) => (isPlainObject(v) ? undefined : message)));

/** An object with known members; other members pass through (Agora accepts extension fields). */
export function shape<T extends z.ZodRawShape>(members: T, message = 'must be an object') {
	return objectCheck(message).pipe(z.object(members).passthrough());
}

/** An object whose members are only those listed; an unknown member is named in the message. */
export function closedShape<T extends z.ZodRawShape>(
	members: T,
	message: (unknown: string[]) => string,
) {
	const known = Object.keys(members);
	return rule<Record<string, unknown>>(
		required((v) => {
			if (!isPlainObject(v)) return 'must be an object';
			const unknown = Object.keys(v).filter((key) => !known.includes(key));
			return unknown.length === 0 ? undefined : message(unknown);
		}),
	).pipe(z.object(members));
}

/** An array whose entries follow `entry`; `max` caps the number of entries. */
export function list<T extends z.ZodTypeAny>(
	entry: T,
	options: { max?: number; message?: string } = {},
) {
	const { max, message = 'must be an array' } = options;
	return rule<unknown[]>(
		required((v) => {
			if (!Array.isArray(v)) return message;
			return max !== undefined && v.length > max ? `must have at most ${max} entries` : undefined;
		}),
	).pipe(z.array(entry));
}

export const stringList = (max?: number) =>
	list(text(), { max, message: 'must be an array of strings' });

/**
 * Modalities: a list of strings that must be one of the combinations the reference lists, in any
 * order (["text", "image"] and ["image", "text"] are the same set).
 */
export function modalities(combinations: ReadonlyArray<readonly string[]>) {
	const message = `must be one of ${combinations.map((set) => JSON.stringify(set)).join(', ')}`;
	return rule<string[]>(
		required((v) => {
			if (!Array.isArray(v) || !v.every((entry) => typeof entry === 'string')) return message;
			const fits = combinations.some(
				(set) => set.length === v.length && set.every((entry) => v.includes(entry)),
			);
			return fits ? undefined : message;
		}),
	);
}

// ---------------------------------------------------------------- shared rules

export const isGiven = (value: unknown) => value !== undefined && value !== null;

/**
 * The "{mode}_config must match mode" rule: at most one config is given and it is the one of the
 * chosen mode; a mode alone takes Agora's defaults. `noConfig` lists the modes that take none. `alsoAccepted` are config keys that stand for the chosen mode's (Agora's own examples).
 */
export function checkModeConfig(
	value: Record<string, unknown>,
	report: Report,
	options: { noConfig?: readonly string[]; alsoAccepted?: readonly string[] } = {},
): void {
	const mode = typeof value.mode === 'string' ? value.mode : undefined;
	const alsoAccepted = options.alsoAccepted ?? [];
	const present = Object.keys(value).filter(
		(key) => (key.endsWith('_config') || alsoAccepted.includes(key)) && isGiven(value[key]),
	);
	if (present.length > 1) {
		report(
			[present[1]],
			`cannot be given together with ${present[0]}: give only the config of the chosen mode`,
		);
		return;
	}
	if (present.length === 1 && mode === undefined) {
		report([present[0]], 'needs mode to be set to match it');
		return;
	}
	if (mode === undefined) return;
	const expected = `${mode}_config`;
	if (present.length === 1 && present[0] !== expected && !alsoAccepted.includes(present[0])) {
		report([present[0]], `does not match mode "${mode}" (expected ${expected})`);
	} else if (present.length === 1 && options.noConfig?.includes(mode)) {
		report([present[0]], `is not taken by mode "${mode}" (it needs no configuration)`);
	}
}

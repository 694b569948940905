/** fast-check building blocks for the parameter fuzzer. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { expr } from './engine';

/** Characters Agora allows in channel names and user accounts (RTC naming rules). */
export const RTC_CHARS =
	'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 !#$%&()+-:;<=.>?@[]^_,{}|~'.split(
		'',
	);
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'.split('');

/** A channel-name-like string of min..max characters, never blank. */
export const rtcName = (min: number, max: number) =>
	fc
		.string({ unit: fc.constantFrom(...RTC_CHARS), minLength: min, maxLength: max })
		.filter((s) => s.trim() !== '');
export const alnum = (min: number, max: number) =>
	fc.string({ unit: fc.constantFrom(...ALNUM), minLength: min, maxLength: max });
/** Any Unicode text (graphemes: multi-byte characters, emoji, combining marks). */
export const unicode = (min: number, max: number) =>
	fc.string({ unit: 'grapheme', minLength: min, maxLength: max });
/** Text that is never blank once trimmed. */
export const text = (min: number, max: number) =>
	fc.oneof(alnum(min, max), unicode(min, max)).filter((s) => s.trim() !== '' && s.trim() === s);
export const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(' ');
export const httpsUrl = alnum(1, 12).map((host) => `https://${host.toLowerCase()}.example.com/v1`);
export const jsonObject = fc
	.dictionary(
		alnum(1, 8),
		fc.oneof(alnum(0, 10), fc.integer({ min: -1000, max: 1000 }), fc.boolean()),
		{ minKeys: 1, maxKeys: 4 },
	)
	.map((o) => JSON.stringify(o));
export const base64Of = (bytes: number) =>
	fc
		.uint8Array({ minLength: bytes, maxLength: bytes })
		.map((b) => Buffer.from(b).toString('base64'));
export const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });

/** Overlong strings: ASCII past a byte limit, and multi-byte text whose character count is within it. */
export function overBytes(limit: number): fc.Arbitrary<string> {
	return fc.constantFrom(
		'a'.repeat(limit + 1),
		'中'.repeat(Math.ceil((limit + 1) / 3)),
		'é'.repeat(Math.ceil((limit + 1) / 2)),
		'😀'.repeat(Math.ceil((limit + 1) / 4)),
	);
}
/** Multi-byte strings that end exactly at a byte limit (valid). */
export function atBytes(limit: number): string[] {
	return [
		'a'.repeat(limit),
		'中'.repeat(Math.floor(limit / 3)) + 'a'.repeat(limit % 3),
		'😀'.repeat(Math.floor(limit / 4)) + 'b'.repeat(limit % 4),
	];
}

/** Wrong-typed values for a number field, given as expressions. */
export const notANumber = fc.constantFrom(
	expr('abc'),
	expr(''),
	expr(true),
	expr({ n: 1 }),
	expr([1]),
	expr(null),
	expr('12abc'),
);
/** Wrong values for an enum field, given as expressions. */
export const wrongEnum = fc.constantFrom(
	expr('bogus'),
	expr(''),
	expr(7),
	expr('DEFAULT '),
	expr(null),
);

// ---------------------------------------------------------------- object paths

export function setPath(target: IDataObject, path: string, value: unknown): void {
	const keys = path.split('.');
	let node: IDataObject = target;
	for (const key of keys.slice(0, -1)) {
		if (!node[key] || typeof node[key] !== 'object') node[key] = {};
		node = node[key] as IDataObject;
	}
	node[keys[keys.length - 1]] = value as IDataObject[string];
}

export function getPath(target: IDataObject, path: string): unknown {
	let node: unknown = target;
	for (const key of path.split('.'))
		node = node && typeof node === 'object' ? (node as IDataObject)[key] : undefined;
	return node;
}

export function deletePath(target: IDataObject, path: string): void {
	const keys = path.split('.');
	const parent = keys.length === 1 ? target : getPath(target, keys.slice(0, -1).join('.'));
	if (parent && typeof parent === 'object') delete (parent as IDataObject)[keys[keys.length - 1]];
}

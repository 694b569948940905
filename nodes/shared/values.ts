/** Small value helpers shared by the operations, the transport and the trigger. */
import type { IDataObject } from 'n8n-workflow';

/** A JSON object: not null, not an array. */
export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Length of a string in UTF-8 bytes (Agora's length limits count bytes, not characters). */
export function utf8Bytes(text: string): number {
	return Buffer.byteLength(text, 'utf8');
}

/**
 * Numbers typed into an expression may arrive as text ("300", "-1", "0.5"): those become numbers;
 * anything else is left for the schema to judge and name.
 */
export function numeric(value: unknown): unknown {
	return typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** A promise's outcome as a value, so the decisions after a failure read top to bottom. */
export async function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
	return await promise.then(
		(value): Settled<T> => ({ ok: true, value }),
		(error: unknown): Settled<T> => ({ ok: false, error }),
	);
}

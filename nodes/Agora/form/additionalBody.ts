/**
 * "Additional Body (JSON)": any field of Agora's reference a form lacks, deep-merged over the
 * request the form builds (the result is validated whole by the operation).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { deepMerge, parseJsonParameter } from '../../shared/json';
import { itemParameter } from './parameters';

const ADDITIONAL_BODY = 'additionalBody';

/** The Additional Body (JSON) option, for an operation's own Options collection. */
export function additionalBodyField(what: string): INodeProperties {
	return {
		displayName: 'Additional Body (JSON)',
		name: ADDITIONAL_BODY,
		type: 'json',
		default: '{}',
		description: `Deep-merged over ${what}, for any field of Agora’s reference the form lacks. The result is checked like the rest.`,
	};
}

/** An Options collection holding Additional Body (JSON), with `what` saying what it merges over. */
export function additionalBodyOptions(what: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [additionalBodyField(what)],
	};
}

/** The request built from the form with the item's Additional Body (JSON) merged over it. */
export function withAdditionalBody(
	fn: IExecuteFunctions,
	built: IDataObject,
	itemIndex: number,
): IDataObject {
	const options = itemParameter(fn, 'options', itemIndex, {}) as IDataObject;
	const extra = parseJsonParameter(
		fn,
		options[ADDITIONAL_BODY],
		`options.${ADDITIONAL_BODY}`,
		itemIndex,
	);
	return extra ? deepMerge(built, extra) : built;
}

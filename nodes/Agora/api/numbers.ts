/** What the phone number operations share: the number field, its path, and safe output. */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { idLocator, readLocator } from '../form/locators';
import { validateOrThrow } from '../../shared/validate';
import { isPlainObject } from '../../shared/values';
import { phoneNumberInPath } from '../schemas/phoneNumber';
import { withoutSeparators } from '../schemas/telephony';
import { REDACTED } from '../transport';

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

/** Phone numbers belong to the account: below the API's prefix, not below a project. */
export function numberPath(phoneNumber?: string): string {
	return phoneNumber === undefined
		? '/phone-numbers'
		: `/phone-numbers/${encodeURIComponent(phoneNumber)}`;
}

/** The password of a SIP address `user:password@host` (optionally `sip:`-prefixed), if any. */
export function sipPassword(address: unknown): string | undefined {
	if (typeof address !== 'string') return undefined;
	return /^(?:sips?:)?[^:@/\s]+:([^@\s]+)@/i.exec(address)?.[1];
}

/** A phone number as Agora describes it, with any SIP password in its configurations masked. */
export function safeNumber(json: IDataObject): IDataObject {
	const out: IDataObject = { ...json };
	for (const key of ['inbound_config', 'outbound_config']) {
		const config = out[key];
		const password = isPlainObject(config) ? sipPassword(config.address) : undefined;
		if (!isPlainObject(config) || password === undefined) continue;
		out[key] = {
			...config,
			address: String(config.address).replace(`:${password}@`, `:${REDACTED}@`),
		};
	}
	return out;
}

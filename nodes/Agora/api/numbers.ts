/** What the phone number operations share: the number's path, the list, and safe output. */
import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';

import { isPlainObject } from '../../shared/values';
import { agoraRequest, REDACTED, type AgoraContext } from '../transport';

/** Phone numbers belong to the account: below the API's prefix, not below a project. */
export function numberPath(phoneNumber?: string): string {
	return phoneNumber === undefined
		? '/phone-numbers'
		: `/phone-numbers/${encodeURIComponent(phoneNumber)}`;
}

/** Every number imported into the account: Agora answers them all at once (a JSON array, no pages). */
export async function listPhoneNumbers(
	fn: IExecuteFunctions | ILoadOptionsFunctions,
	ctx: AgoraContext,
	itemIndex?: number,
): Promise<IDataObject[]> {
	const response = await agoraRequest.call(
		fn,
		ctx,
		{
			method: 'GET',
			api: 'agentAccount',
			path: numberPath(),
			idempotent: true,
			action: 'list phone numbers',
		},
		itemIndex,
	);
	const body: unknown = response.body;
	return (Array.isArray(body) ? body : []).filter(isPlainObject);
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

/**
 * Call form -> outbound call request body: `sip` from the numbers and the SIP identity, then the
 * same `properties` (and preset / pipeline_id) that Agent › Start builds, with the SIP UID as the
 * user the agent answers. "Additional Body (JSON)" is merged over it; the whole is validated.
 */
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { applyVendorCredential } from '../../agentConfig/vendorKeys';
import { validateOrThrow } from '../../../shared/validate';
import { callRequestSchema, withoutSeparators } from '../../schemas/telephony';
import { autoChannelToken } from '../../api/autoToken';
import type { OperationContext } from '../types';
import { withAdditionalBody } from '../../form/additionalBody';
import { buildAgentProperties, buildIdentity } from '../../agentConfig';
import { FormReader } from '../../form/reader';
import { toCurrentForm } from '../../agentConfig/startBody';

function buildCallBody(fn: IExecuteFunctions, itemIndex: number): IDataObject {
	const r = new FormReader(fn, itemIndex);
	// remote_rtc_uids holds the SIP UID (the form's remoteRtcUid field, shown as SIP UID).
	const { name, properties } = buildIdentity(r);
	const top = buildAgentProperties(fn, itemIndex, properties);
	const sip: IDataObject = {
		to_number: withoutSeparators(String(r.get('toNumber', ''))),
		from_number: withoutSeparators(String(r.get('fromNumber', ''))),
		rtc_uid: (properties.remote_rtc_uids as string[])[0],
		rtc_token: String(r.get('sipRtcToken', '') ?? ''),
	};
	return { name, sip, ...top, properties };
}

/**
 * The body to send, before token generation: form, Additional Body merged over it, keys left
 * empty filled from the Agora Vendor Keys credential, validated.
 */
export function prepareCallBody(
	fn: IExecuteFunctions,
	ctx: OperationContext,
	itemIndex: number,
): IDataObject {
	const body = toCurrentForm(withAdditionalBody(fn, buildCallBody(fn, itemIndex), itemIndex));
	const filled = applyVendorCredential(body, ctx.vendorKeys);
	validateOrThrow(fn, callRequestSchema, filled, itemIndex);
	return filled;
}

/** An empty SIP token is generated for the SIP UID (RTC only: the gateway sends no RTM). */
export function fillSipToken(
	fn: IExecuteFunctions,
	ctx: OperationContext,
	body: IDataObject,
	itemIndex: number,
): void {
	const sip = body.sip as IDataObject;
	if (typeof sip.rtc_token === 'string' && sip.rtc_token !== '') return;
	const p = body.properties as IDataObject;
	const uid = String(sip.rtc_uid);
	const token = autoChannelToken(
		fn,
		ctx,
		{
			channelName: String(p.channel),
			uid: p.enable_string_uid === true ? undefined : Number(uid),
			account: p.enable_string_uid === true ? uid : undefined,
			field: 'sip.rtc_token',
		},
		itemIndex,
	);
	if (token) sip.rtc_token = token;
}

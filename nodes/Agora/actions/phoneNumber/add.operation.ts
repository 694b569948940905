import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { isRerun } from '../../run/rerun';
import { changes } from '../../run/sideEffects';
import { validateOrThrow } from '../../../shared/validate';
import { settle } from '../../../shared/values';
import { addPhoneNumberSchema } from '../../schemas/phoneNumber';
import { withoutSeparators } from '../../schemas/telephony';
import { agoraErrorDetails, agoraRequest, type AgoraContext } from '../../transport';
import { backoffDelay, wait } from '../../transport/retry';
import { withAdditionalBody } from '../../form/additionalBody';
import { compact, text } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { splitList } from '../../form/commonFields';
import { addForm } from './add.form';
import { numberPath, safeNumber, sipPassword } from '../../api/numbers';

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['add'] } },
	addForm,
);

/** The import body: form, then "Additional Body (JSON)" merged over it, validated whole. */
function prepareBody(fn: IExecuteFunctions, itemIndex: number): IDataObject {
	const r = new FormReader(fn, itemIndex);
	const inbound = r.get<IDataObject>('inboundSettings', {});
	const outbound = r.get<IDataObject>('outboundSettings', {});
	const allowed = splitList(inbound.allowedAddresses);
	const built: IDataObject = {
		provider: String(r.get('provider', 'byo')).trim(),
		phone_number: withoutSeparators(String(r.get('phoneNumber', ''))),
		label: String(r.get('label', '')).trim(),
		inbound: r.get<boolean>('inbound', true),
		outbound: r.get<boolean>('outbound', true),
		inbound_config: compact({ allowed_addresses: allowed.length > 0 ? allowed : undefined }),
		outbound_config: compact({
			address: text(outbound.address)?.trim(),
			transport: text(outbound.transport)?.trim(),
			prefix: text(outbound.prefix)?.trim(),
		}),
	};
	const body = withAdditionalBody(fn, built, itemIndex);
	validateOrThrow(fn, addPhoneNumberSchema, body, itemIndex);
	return body;
}

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('phoneNumber', 'added', 'phone_number');

/** The number as Agora now holds it, or undefined when it is not imported. */
async function findNumber(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	phoneNumber: string,
	itemIndex: number,
) {
	const response = await agoraRequest.call(
		fn,
		ctx,
		{
			method: 'GET',
			api: 'agentAccount',
			path: numberPath(phoneNumber),
			idempotent: true,
			passStatuses: [404],
			action: 'get phone number',
		},
		itemIndex,
	);
	return response.status === 404 ? undefined : response.body;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const body = prepareBody(this, itemIndex);
	const phoneNumber = String(body.phone_number);
	// The SIP password inside the outbound address never reaches an error.
	const password = sipPassword((body.outbound_config as IDataObject).address);
	const safeCtx = password ? { ...ctx, secrets: [...ctx.secrets, password] } : ctx;
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);

	// An import is not repeated blindly (a repeat answers 409 for the number the first one added):
	// after an answer that leaves the outcome open, the number is looked up first. A 409 counts as
	// our own import on a repeat, also when n8n runs the execution again after a worker crash.
	for (let attempt = 1; ; attempt++) {
		const outcome = await settle(
			agoraRequest.call(
				this,
				safeCtx,
				{
					method: 'POST',
					api: 'agentAccount',
					path: numberPath(),
					body,
					idempotent: false,
					action: 'add phone number',
				},
				itemIndex,
			),
		);
		if (outcome.ok) return [{ json: safeNumber({ ...outcome.value.body, reconciled: false }) }];
		const details = agoraErrorDetails(outcome.error);
		const status = details?.status ?? 0;
		const unclear =
			details !== undefined &&
			(details.ambiguous || status >= 500 || (status === 409 && (attempt > 1 || rerun)));
		if (!unclear) throw outcome.error;
		const lookup = await settle(findNumber(this, safeCtx, phoneNumber, itemIndex));
		if (!lookup.ok) throw outcome.error;
		if (lookup.value)
			return [
				{ json: safeNumber({ ...lookup.value, phone_number: phoneNumber, reconciled: true }) },
			];
		if (status === 409 || attempt > ctx.maxRetries) throw outcome.error;
		await wait(backoffDelay(attempt - 1));
	}
}

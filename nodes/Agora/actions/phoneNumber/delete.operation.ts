import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { notFoundIsDeletedOptions } from '../../form/commonFields';
import { FormReader } from '../../form/reader';
import { notFoundError, sendWithOneRepeat } from '../../run/repeatOnce';
import { isRerun } from '../../run/rerun';
import { changes } from '../../run/sideEffects';
import type { AgoraContext } from '../../transport';
import { numberPath } from '../../api/numbers';
import { phoneNumberField, readPhoneNumber } from '../../form/locators';

const properties: INodeProperties[] = [
	phoneNumberField,
	notFoundIsDeletedOptions(
		'Whether a number that is not imported (Agora answers 404) counts as deleted, output with already_deleted: true, instead of failing',
	),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['delete'] } },
	properties,
);

const ACTION = 'delete phone number';

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('phoneNumber', 'deleted', 'phone_number', ['already_deleted']);

/** Removes the number from Agora only; the provider keeps it (release it in the provider’s console). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const phoneNumber = readPhoneNumber(this, itemIndex);
	const options = form.get('options', {}) as IDataObject;
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);
	const { response, repeated } = await sendWithOneRepeat(
		this,
		ctx,
		{
			method: 'DELETE',
			api: 'agentAccount',
			path: numberPath(phoneNumber),
			passStatuses: [404],
			action: ACTION,
		},
		itemIndex,
	);
	// A 404 on the repeat: the first, unanswered request deleted it.
	if (response.status !== 404 || repeated)
		return [{ json: { phone_number: phoneNumber, deleted: true } }];
	if (options.notFoundIsDeleted === true)
		return [{ json: { phone_number: phoneNumber, deleted: true, already_deleted: true } }];
	// n8n running the execution again after a worker crash: the crashed run most likely deleted it.
	if (rerun)
		return [
			{ json: { phone_number: phoneNumber, deleted: true, already_deleted: true, rerun: true } },
		];
	throw notFoundError(this, ctx, response, ACTION, itemIndex);
}

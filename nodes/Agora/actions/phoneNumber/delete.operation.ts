import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { notFoundIsDeletedOptions } from '../../form/commonFields';
import { deleteTreatingNotFound } from '../../run/repeatOnce';
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

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('phoneNumber', 'deleted', 'phone_number', ['already_deleted']);

/** Removes the number from Agora only; the provider keeps it (release it in the provider’s console). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const phoneNumber = readPhoneNumber(this, itemIndex);
	const { alreadyGone, rerun } = await deleteTreatingNotFound(
		this,
		ctx,
		{ api: 'agentAccount', path: numberPath(phoneNumber), action: 'delete phone number' },
		itemIndex,
	);
	const gone = alreadyGone ? { already_deleted: true, ...(rerun ? { rerun } : {}) } : {};
	return [{ json: { phone_number: phoneNumber, deleted: true, ...gone } }];
}

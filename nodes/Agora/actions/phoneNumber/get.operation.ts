import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { agoraRequest, type AgoraContext } from '../../transport';
import { numberPath, safeNumber } from '../../api/numbers';
import { phoneNumberField, readPhoneNumber } from '../../form/locators';

const properties: INodeProperties[] = [phoneNumberField];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['get'] } },
	properties,
);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const phoneNumber = readPhoneNumber(this, itemIndex);
	const response = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'GET',
			api: 'agentAccount',
			path: numberPath(phoneNumber),
			idempotent: true,
			action: 'get phone number',
		},
		itemIndex,
	);
	return [
		{
			json: safeNumber({
				...response.body,
				phone_number: response.body.phone_number ?? phoneNumber,
			}),
		},
	];
}

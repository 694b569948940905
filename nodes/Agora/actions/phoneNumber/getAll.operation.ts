import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { FormReader } from '../../form/reader';
import { invalidField } from '../../../shared/validate';
import { isPlainObject } from '../../../shared/values';
import { agoraRequest, type AgoraContext } from '../../transport';
import { returnAllAndLimit } from '../../form/getMany';
import { numberPath, safeNumber } from '../../api/numbers';

const properties: INodeProperties[] = [...returnAllAndLimit];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['getAll'] } },
	properties,
);

/** Every number imported into the account: Agora answers them all at once (a JSON array). */
export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const returnAll = form.get('returnAll', false) as boolean;
	const limit = returnAll ? Infinity : form.get('limit', 50);
	if (limit !== Infinity && !(typeof limit === 'number' && Number.isInteger(limit) && limit >= 1)) {
		throw invalidField(this, 'limit', 'must be a whole number of at least 1', itemIndex);
	}
	const response = await agoraRequest.call(
		this,
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
	const list = (Array.isArray(body) ? body : []) as unknown[];
	return list
		.filter(isPlainObject)
		.slice(0, limit as number)
		.map((entry: IDataObject) => ({ json: safeNumber(entry) }));
}

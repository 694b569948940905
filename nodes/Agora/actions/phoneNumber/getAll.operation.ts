import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { FormReader } from '../../form/reader';
import type { AgoraContext } from '../../transport';
import { readGetMany, returnAllAndLimit } from '../../form/getMany';
import { listPhoneNumbers, safeNumber } from '../../api/numbers';

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
	const { limit } = readGetMany(new FormReader(this, itemIndex));
	const numbers = await listPhoneNumbers(this, ctx, itemIndex);
	return numbers.slice(0, limit).map((entry) => ({ json: safeNumber(entry) }));
}

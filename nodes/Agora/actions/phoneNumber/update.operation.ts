import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { changes } from '../../run/sideEffects';
import { invalidField, validateOrThrow } from '../../../shared/validate';
import { updatePhoneNumberSchema } from '../../schemas/phoneNumber';
import { agoraRequest, type AgoraContext } from '../../transport';
import { additionalBodyOptions, withAdditionalBody } from '../../form/additionalBody';
import { numberPath, safeNumber } from '../../api/numbers';
import { phoneNumberField, readPhoneNumber } from '../../form/locators';

const KEEP = 'keep';
const LINK = 'link';
const CLEAR = 'clear';

/** One direction's choice (keep, link a pipeline, clear) and the pipeline ID it links. */
function directionFields(direction: 'inbound' | 'outbound', what: string): INodeProperties[] {
	const title = direction === 'inbound' ? 'Inbound' : 'Outbound';
	return [
		{
			displayName: `${title} Configuration`,
			name: `${direction}Change`,
			type: 'options',
			options: [
				{ name: 'Keep As It Is', value: KEEP, description: 'Not sent' },
				{
					name: 'Link a Pipeline',
					value: LINK,
					description: `Set ${direction}_config.pipeline_id`,
				},
				{
					name: 'Clear',
					value: CLEAR,
					description: `Send ${direction}_config as null, which removes the configuration`,
				},
			],
			default: KEEP,
			description: `What to change about ${what}`,
		},
		{
			displayName: `${title} Pipeline ID`,
			name: `${direction}PipelineId`,
			type: 'string',
			required: true,
			default: '',
			description: `ID of the published pipeline (saved agent configuration) for ${what}`,
			displayOptions: { show: { [`${direction}Change`]: [LINK] } },
		},
	];
}

const properties: INodeProperties[] = [
	phoneNumberField,
	...directionFields('inbound', 'calls to this number: the agent that answers them'),
	...directionFields('outbound', 'calls placed from this number'),
	additionalBodyOptions('the request built from this form'),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['phoneNumber'], operation: ['update'] } },
	properties,
);

function readDirection(
	fn: IExecuteFunctions,
	direction: 'inbound' | 'outbound',
	itemIndex: number,
): IDataObject | null | undefined {
	const form = new FormReader(fn, itemIndex);
	const change = form.get(`${direction}Change`, KEEP);
	if (change === CLEAR) return null;
	if (change !== LINK) return undefined;
	const pipelineId = String(form.get(`${direction}PipelineId`, '') ?? '').trim();
	if (!pipelineId)
		throw invalidField(
			fn,
			`${direction}_config.pipeline_id`,
			'is required to link a pipeline',
			itemIndex,
		);
	return { pipeline_id: pipelineId };
}

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('phoneNumber', 'updated', 'phone_number');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const phoneNumber = readPhoneNumber(this, itemIndex);
	const built = compact({
		inbound_config: readDirection(this, 'inbound', itemIndex),
		outbound_config: readDirection(this, 'outbound', itemIndex),
	});
	const body = withAdditionalBody(this, built, itemIndex);
	validateOrThrow(this, updatePhoneNumberSchema, body, itemIndex);
	// The same configuration set twice leaves the same state: safe to repeat.
	const response = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'PATCH',
			api: 'agentAccount',
			path: numberPath(phoneNumber),
			body,
			idempotent: true,
			action: 'update phone number',
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

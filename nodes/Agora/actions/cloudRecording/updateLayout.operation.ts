import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { compact, text } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { changes } from '../../run/sideEffects';
import { updateLayoutRequestSchema } from '../../schemas/cloudRecording';
import type { OperationContext } from '../types';
import { channelAndRecorderFields, failoverWaitField, sessionFields } from './recordingFields';
import { sendRecordingChange } from './output';

const properties: INodeProperties[] = [
	...sessionFields.map((field) =>
		field.name === 'recordingMode'
			? { ...field, default: 'mix', description: 'Only mix (composite) recordings have a layout' }
			: field,
	),
	...channelAndRecorderFields,
	{
		displayName: 'Layout',
		name: 'mixedVideoLayout',
		type: 'options',
		options: [
			{
				name: 'Floating',
				value: 0,
				description: 'The first user fills the canvas, others float over it',
			},
			{ name: 'Adaptive', value: 1, description: 'Equal windows, up to 17' },
			{
				name: 'Vertical',
				value: 2,
				description: 'One large window on the left, the rest in columns',
			},
			{ name: 'Custom', value: 3, description: 'Windows placed by Custom Layout (JSON)' },
		],
		default: 1,
		description:
			'How the users’ videos share the canvas. Each update replaces every earlier layout setting.',
	},
	{
		displayName: 'Large Window UID',
		name: 'maxResolutionUid',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 1001',
		description: 'UID shown in the large window of the vertical layout',
		displayOptions: { show: { mixedVideoLayout: [2] } },
	},
	{
		displayName: 'Custom Layout (JSON)',
		name: 'layoutConfig',
		type: 'json',
		default:
			'[\n  {"uid": "1001", "x_axis": 0, "y_axis": 0, "width": 0.5, "height": 1},\n  {"uid": "1002", "x_axis": 0.5, "y_axis": 0, "width": 0.5, "height": 1}\n]',
		description:
			'Up to 17 windows: x_axis, y_axis, width and height from 0 to 1, optional uid, alpha (0 to 1) and render_mode (0 cropped, 1 fit)',
		displayOptions: { show: { mixedVideoLayout: [3] } },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Background Color',
				name: 'backgroundColor',
				type: 'color',
				default: '#000000',
				description: 'Colour of the canvas, #RRGGBB (default black)',
			},
			{
				displayName: 'Background Image URL',
				name: 'backgroundImage',
				type: 'string',
				default: '',
				description: 'Image filling the canvas, cropped to fit',
			},
			{
				displayName: 'Default User Background Image URL',
				name: 'defaultUserBackgroundImage',
				type: 'string',
				default: '',
				description: 'Shown in a user’s window once the user sends no video for 3.5 s',
			},
			failoverWaitField,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudRecording'], operation: ['updateLayout'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('cloudRecording', 'updated', 'sid');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: OperationContext,
): Promise<INodeExecutionData[]> {
	const r = new FormReader(this, itemIndex);
	const layout = r.get<unknown>('mixedVideoLayout', 1);
	const o = r.get<IDataObject>('options', {});
	const clientRequest = compact({
		mixedVideoLayout: layout,
		maxResolutionUid:
			layout === 2 ? String(r.get<unknown>('maxResolutionUid', '')).trim() : undefined,
		layoutConfig: layout === 3 ? r.array(r.get('layoutConfig', '[]'), 'layoutConfig') : undefined,
		backgroundColor: text(o.backgroundColor),
		backgroundImage: text(o.backgroundImage),
		defaultUserBackgroundImage: text(o.defaultUserBackgroundImage),
	});
	const { session, change, requestId } = await sendRecordingChange(
		this,
		ctx,
		r,
		{ verb: 'updateLayout', schema: updateLayoutRequestSchema, clientRequest },
		itemIndex,
	);
	return [{ json: { updated: true, ...session, layout: change, requestId } }];
}

import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { additionalBodyField, withAdditionalBody } from '../../form/additionalBody';
import { changes } from '../../run/sideEffects';
import { validateOrThrow } from '../../../shared/validate';
import { updatePlayerRequestSchema, VOLUME } from '../../schemas/mediaPull';
import { agoraRequest, type AgoraContext } from '../../transport';
import { numeric } from '../../../shared/values';
import { compact, group, text } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { playbackSpeedField, regionField } from './playerFields';
import { playerIdField, readPlayerId } from '../../form/locators';
import { nextSequence, noteSequence, previousSequence } from './sequence';

const properties: INodeProperties[] = [
	playerIdField,
	regionField(
		'Region the player was created in (the region given to Create)',
		'Agora finds a player only in the region it was created in',
	),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'What to change (at least one field)',
		options: [
			{
				displayName: 'Pause',
				name: 'isPause',
				type: 'boolean',
				default: false,
				description: 'Whether playback is paused (true) or resumed (false). Default false.',
			},
			playbackSpeedField,
			{
				displayName: 'Seek Position (Seconds)',
				name: 'seekPosition',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description:
					'On-demand streams: jump to this position in seconds (less than the duration of the media)',
			},
			{
				displayName: 'Stream URL',
				name: 'streamUrl',
				type: 'string',
				default: '',
				placeholder: 'e.g. rtmp://media.example.com/live/stream2',
				description:
					'New stream to play: an RTMP, HTTP or HTTPS address of at most 1024 bytes (a JPEG or PNG image URL is turned into video). The player connects to it again.',
			},
			{
				displayName: 'Volume',
				name: 'volume',
				type: 'number',
				typeOptions: { minValue: VOLUME.min, maxValue: VOLUME.max, numberPrecision: 0 },
				default: 100,
				description: `Audio volume, ${VOLUME.min} to ${VOLUME.max}; 100 (default) is the original volume`,
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Sequence',
				name: 'sequence',
				type: 'number',
				typeOptions: { minValue: 0, numberPrecision: 0 },
				default: 0,
				hint: 'Your own numbers (0 or more) are sent as given: keep to them for that player, as one below an earlier automatic sequence is ignored (output staleSequence: true when this n8n sent higher)',
				description:
					'Agora applies an update only when its sequence is greater than every earlier one of the player, and ignores it silently otherwise. Left out: the current time in milliseconds, which always grows.',
			},
			additionalBodyField('the update request ({player: {…}})'),
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudPlayer'], operation: ['update'] } },
	properties,
);

/** What an output item of this operation did at Agora (listed when a bulk run stops). */
export const sideEffect = changes('cloudPlayer', 'updated', 'id');

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const form = new FormReader(this, itemIndex);
	const fields = form.get('updateFields', {}) as IDataObject;
	const options = form.get('options', {}) as IDataObject;
	const id = readPlayerId(this, itemIndex);
	const region = form.get('region', '') as string;
	const explicit =
		options.sequence !== undefined && options.sequence !== null && options.sequence !== '';
	const playerKey = `${ctx.appId}:${region}:${id}`;

	const built = compact({
		streamUrl: fields.streamUrl === undefined ? undefined : (text(fields.streamUrl)?.trim() ?? ''),
		seekPosition: numeric(fields.seekPosition),
		isPause: fields.isPause,
		audioOptions: group({ volume: numeric(fields.volume) }),
		tempo: numeric(fields.tempo),
	});
	const { player, ...extra } = withAdditionalBody(this, { player: built }, itemIndex);
	const input = validateOrThrow(
		this,
		updatePlayerRequestSchema,
		// The automatic sequence is drawn only after the rest is valid, so an invalid item uses none.
		{ region, id, sequence: explicit ? numeric(options.sequence) : 0, player },
		itemIndex,
	);
	const previous = previousSequence(playerKey);
	const sequence = explicit ? input.sequence : nextSequence(playerKey);
	if (explicit) noteSequence(playerKey, sequence);
	// Agora keeps the highest sequence it has seen and silently ignores a lower or equal one.
	const stale = explicit && previous !== undefined && sequence <= previous;

	const response = await agoraRequest.call(
		this,
		ctx,
		{
			method: 'PATCH',
			api: 'mediaPull',
			region: input.region,
			path: `/players/${encodeURIComponent(input.id)}`,
			qs: { sequence },
			body: { ...extra, player: input.player } as IDataObject,
			// Same sequence on a repeat: Agora ignores a sequence it has already applied.
			idempotent: true,
			action: 'update cloud player',
		},
		itemIndex,
	);
	return [
		{
			json: {
				updated: true,
				id: input.id,
				sequence,
				staleSequence: stale,
				requestId: response.requestId,
			},
		},
	];
}

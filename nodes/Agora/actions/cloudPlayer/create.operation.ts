import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { MediaPullRegion } from '../../../shared/agoraFacts';
import { withAdditionalBody } from '../../form/additionalBody';
import { compact, group, text } from '../../form/bodyWriters';
import { FormReader } from '../../form/reader';
import { isRerun } from '../../run/rerun';
import { changes } from '../../run/sideEffects';
import { validateOrThrow } from '../../../shared/validate';
import { numeric, settle } from '../../../shared/values';
import { createPlayerRequestSchema, type PlayerCreate } from '../../schemas/mediaPull';
import { fillPlayerToken } from '../../api/autoToken';
import {
	agoraApiError,
	agoraErrorDetails,
	agoraRequest,
	type AgoraContext,
	type AgoraResponse,
} from '../../transport';
import {
	findPlayerById,
	mediaPullRules,
	playerOutput,
	rememberOwnedPlayer,
	type PlayerWhere,
} from '../../api/cloudPlayers';
import { createForm } from './create.form';
import { CREATE_ACTION, reconcileByList, reconcileNamed } from './reconcile';

export const description = updateDisplayOptions(
	{ show: { resource: ['cloudPlayer'], operation: ['create'] } },
	createForm,
);

const ACTION = CREATE_ACTION;

interface CreateInput {
	region: MediaPullRegion;
	streamIp?: string;
	player: PlayerCreate;
	onNameConflict: string;
	/** Top-level members of Additional Body beside player, sent as given. */
	extra: IDataObject;
}

function readInput(this: IExecuteFunctions, itemIndex: number): CreateInput {
	const r = new FormReader(this, itemIndex);
	const additional = r.get<IDataObject>('additionalFields', {});
	const onDemand = r.get<IDataObject>('onDemandOptions', {});
	const audio = r.get<IDataObject>('audioOptions', {});
	const video = r.get<IDataObject>('videoOptions', {});
	const options = r.get<IDataObject>('options', {});
	const identityType = r.get<string>('identityType', 'uid');
	const encryption = r.get<unknown>('encryption', false) === true;
	const encryptMode = encryption ? r.get<string>('encryptMode', '') : undefined;
	// Agora turns encryption off without a key: with Built-In Encryption on, that is a mistake.
	if (encryption && !text(r.get('encryptKey', ''))) {
		r.fail(
			'player.encryptKey',
			'is required when Built-In Encryption is on (without a key Agora sends the media unencrypted)',
		);
	}
	const salted = encryptMode === 'aes-128-gcm2' || encryptMode === 'aes-256-gcm2';

	const built = compact({
		streamUrl: String(r.get('streamUrl', '')).trim(),
		channelName: r.get('channelName', ''),
		uid: identityType === 'account' ? undefined : numeric(r.get<unknown>('uid', 0)),
		account: identityType === 'account' ? r.get('account', '') : undefined,
		token: text(additional.token),
		idleTimeout: numeric(additional.idleTimeout),
		playTs: numeric(additional.playTs),
		name: text(additional.name),
		encryptMode,
		encryptKey: encryption ? r.get('encryptKey', '') : undefined,
		encryptKdfSalt: salted ? r.get('encryptKdfSalt', '') : undefined,
		repeatTime: numeric(onDemand.repeatTime),
		seekPosition: numeric(onDemand.seekPosition),
		dataStreamOptions: group({ enable: onDemand.dataStream }),
		audioOptions: group({ profile: numeric(audio.profile) }),
		tempo: numeric(additional.tempo),
		videoOptions: group({
			width: numeric(video.width),
			height: numeric(video.height),
			widthHeightAdaption: video.widthHeightAdaption,
			frameRate: numeric(video.frameRate),
			bitrate: numeric(video.bitrate),
			gop: numeric(video.gop),
			codec: video.codec,
			fillMode: video.fillMode,
		}),
	});
	const { player, ...extra } = withAdditionalBody(this, { player: built }, itemIndex);

	const checked = validateOrThrow(
		this,
		createPlayerRequestSchema,
		compact({
			region: r.get<string>('region', ''),
			streamIp: text(additional.streamIp)?.trim(),
			player,
		}),
		itemIndex,
	);
	return {
		region: checked.region,
		streamIp: checked.streamIp,
		player: checked.player,
		onNameConflict: String(options.onNameConflict ?? 'fail'),
		extra,
	};
}

/**
 * What an output item of this operation did at Agora (listed when a bulk run stops). A player
 * returned by "Return the Existing Player" was not created by this run.
 */
export const sideEffect = changes('cloudPlayer', 'created', 'id', ['existing']);

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	const input = readInput.call(this, itemIndex);
	const { region, player } = input;
	// Stored before the first request: a worker killed after Agora applied it still leaves the mark.
	const rerun = await isRerun(this);
	fillPlayerToken(this, ctx, player, itemIndex);

	const send = async () =>
		await agoraRequest.call(
			this,
			ctx,
			{
				method: 'POST',
				api: 'mediaPull',
				region,
				path: '/players',
				qs: input.streamIp ? { streamIp: input.streamIp } : undefined,
				body: { ...input.extra, player } as IDataObject,
				// Not repeated blindly: a second create could start a second player.
				idempotent: false,
				passStatuses: [409],
				rateRules: mediaPullRules.create(ctx.appId, player.name),
				action: ACTION,
			},
			itemIndex,
		);

	// Where the player lives, for the output; never the token or the encryption key.
	const where: PlayerWhere = {
		region,
		channelName: player.channelName,
		name: player.name,
		uid: player.uid,
		account: player.account,
	};
	const created = (response: AgoraResponse): INodeExecutionData[] => {
		const answered = (response.body.player as IDataObject) ?? {};
		const id = (answered.id as string | undefined) ?? response.resourceId;
		if (id) rememberOwnedPlayer(id);
		return [{ json: playerOutput({ ...answered, id }, where, { requestId: response.requestId }) }];
	};

	const attemptStartS = Math.floor(Date.now() / 1000);
	const first = await settle(send());
	if (!first.ok) {
		const details = agoraErrorDetails(first.error);
		if (!details?.ambiguous) throw first.error;
		// The first create may have been applied although no answer says so: find out, never create twice.
		if (player.name !== undefined) {
			const conflict = (answer: AgoraResponse) => conflictError(this, ctx, answer, itemIndex);
			return await reconcileNamed.call(this, ctx, {
				send,
				created,
				conflict,
				where,
				details,
				itemIndex,
			});
		}
		return await reconcileByList.call(this, ctx, {
			player,
			where,
			details,
			attemptStartS,
			itemIndex,
		});
	}
	const response = first.value;
	if (response.status !== 409) return created(response);
	if (!response.resourceId) throw conflictError(this, ctx, response, itemIndex);
	// n8n running the execution again after a worker crash: the name holder is the player the
	// crashed run created, as after a lost answer (reconcileNamed).
	if (rerun) {
		rememberOwnedPlayer(response.resourceId);
		return [
			{
				json: await namedPlayer.call(
					this,
					ctx,
					{ id: response.resourceId, where, requestId: response.requestId, mark: 'reconciled' },
					itemIndex,
				),
			},
		];
	}
	if (input.onNameConflict !== 'returnExisting')
		throw conflictError(this, ctx, response, itemIndex);
	return [
		{
			json: await namedPlayer.call(
				this,
				ctx,
				{ id: response.resourceId, where, requestId: response.requestId, mark: 'existing' },
				itemIndex,
			),
		},
	];
}

/**
 * The live player holding the name (someone else's, or on a re-run the crashed run's own), looked
 * up so that its output has the fields of a created one. The lookup is a convenience: when it
 * fails, the fields it would give stay null.
 */
async function namedPlayer(
	this: IExecuteFunctions,
	ctx: AgoraContext,
	args: { id: string; where: PlayerWhere; requestId?: string; mark: 'existing' | 'reconciled' },
	itemIndex: number,
): Promise<IDataObject> {
	const lookup = await settle(
		findPlayerById.call(
			this,
			ctx,
			{ id: args.id, channelName: args.where.channelName, anywhere: true },
			itemIndex,
		),
	);
	const found = (lookup.ok ? lookup.value : undefined) ?? {};
	return playerOutput({ ...found, id: args.id }, args.where, {
		[args.mark]: true,
		requestId: args.requestId,
	});
}

function conflictError(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	response: AgoraResponse,
	itemIndex: number,
) {
	const error = agoraApiError(fn, {
		status: 409,
		body: response.body,
		requestId: response.requestId,
		action: ACTION,
		secrets: ctx.secrets,
		itemIndex,
	});
	if (response.resourceId) {
		error.description =
			`${error.description ?? ''} The live player holding this name has the ID ${response.resourceId}. To reuse it instead of failing, set the option "If a Player With This Name Exists" to "Return the Existing Player".`.trim();
	}
	return error;
}

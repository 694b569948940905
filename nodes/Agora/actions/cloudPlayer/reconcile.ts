/**
 * Reconciliation of a create whose answer was lost (504, time-out, dropped connection): Agora may
 * have created the player, so the node finds out rather than create a second one blindly.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { PAGE_SIZE_MAX, type PlayerCreate } from '../../schemas/mediaPull';
import {
	agoraErrorDetails,
	type AgoraContext,
	type AgoraErrorDetails,
	type AgoraResponse,
} from '../../transport';
import { backoffDelay, wait } from '../../transport/retry';
import { settle } from '../../../shared/values';
import {
	findPlayerById,
	isOwnedPlayer,
	playerOutput,
	playerPages,
	rememberOwnedPlayer,
	type PlayerWhere,
} from '../../api/cloudPlayers';

export const CREATE_ACTION = 'create cloud player';

/**
 * After an ambiguous failure (504, time-out, dropped connection) an unnamed player is looked up in
 * the channel's list. Agora lists a new player only about 10 s after creating it, so the list is
 * polled. Tests shorten these.
 */
export const reconcileTiming = {
	intervalMs: 2000,
	maxWaitMs: 15000,
	/** Tolerance between our clock and Agora's when comparing createTs with the attempt time. */
	clockSkewS: 2,
};

/**
 * Named player: sending the create again is safe. The name can be held by one live player only, so
 * a 409 names the player the first attempt created; a 2XX means the first attempt did nothing.
 */
export async function reconcileNamed(
	this: IExecuteFunctions,
	ctx: AgoraContext,
	args: {
		send: () => Promise<AgoraResponse>;
		created: (response: AgoraResponse) => INodeExecutionData[];
		conflict: (response: AgoraResponse) => Error;
		where: PlayerWhere;
		details: AgoraErrorDetails;
		itemIndex: number;
	},
): Promise<INodeExecutionData[]> {
	const tries = Math.max(1, ctx.maxRetries);
	let last = args.details;
	for (let attempt = 0; attempt < tries; attempt++) {
		await wait(backoffDelay(attempt));
		const outcome = await settle(args.send());
		if (!outcome.ok) {
			const details = agoraErrorDetails(outcome.error);
			if (!details?.ambiguous) throw outcome.error;
			last = details;
			continue;
		}
		const response = outcome.value;
		if (response.status !== 409) return args.created(response);
		if (!response.resourceId) throw args.conflict(response);
		rememberOwnedPlayer(response.resourceId);
		const found = await pollForPlayer.call(
			this,
			ctx,
			response.resourceId,
			args.where.channelName,
			args.itemIndex,
		);
		const requestId = args.details.requestId ?? response.requestId;
		return [
			{
				json: playerOutput({ ...found, id: response.resourceId }, args.where, {
					reconciled: true,
					requestId,
				}),
			},
		];
	}
	throw unknownStateError(
		this,
		args.where,
		args.details,
		last,
		args.itemIndex,
		'repeating the create got no answer either',
	);
}

/** Does a list item look like the player our lost create would have made? */
function matches(item: IDataObject, player: PlayerCreate, sinceS: number): boolean {
	if (typeof item.id !== 'string' || isOwnedPlayer(item.id)) return false;
	if (item.name) return false;
	if (typeof item.createTs === 'number' && item.createTs < sinceS) return false;
	if (item.streamUrl !== player.streamUrl) return false;
	if (item.channelName !== undefined && item.channelName !== player.channelName) return false;
	if (player.account !== undefined) return item.account === player.account;
	// uid 0: Agora assigned one, so any uid fits.
	return player.uid === 0 || item.uid === player.uid;
}

/** A list item that carries only id, name and createTs: cannot be compared beyond its time. */
function isBare(item: IDataObject): boolean {
	return item.streamUrl === undefined && item.uid === undefined && item.account === undefined;
}

/**
 * Unnamed player: nothing makes a second create safe, so the channel's list is polled for a player
 * with the same stream and identity created at or after the attempt.
 */
export async function reconcileByList(
	this: IExecuteFunctions,
	ctx: AgoraContext,
	args: {
		player: PlayerCreate;
		where: PlayerWhere;
		details: AgoraErrorDetails;
		attemptStartS: number;
		itemIndex: number;
	},
): Promise<INodeExecutionData[]> {
	const { player, itemIndex } = args;
	const sinceS = args.attemptStartS - reconcileTiming.clockSkewS;
	const deadline = Date.now() + reconcileTiming.maxWaitMs;
	for (;;) {
		let found: IDataObject | undefined;
		try {
			const bare: IDataObject[] = [];
			for await (const page of playerPages.call(
				this,
				ctx,
				{ channelName: player.channelName, pageSize: PAGE_SIZE_MAX },
				{ itemIndex },
			)) {
				found = page.items.find((item) => matches(item, player, sinceS));
				if (found) break;
				bare.push(
					...page.items.filter(
						(item) =>
							isBare(item) &&
							typeof item.id === 'string' &&
							!isOwnedPlayer(item.id) &&
							!item.name &&
							typeof item.createTs === 'number' &&
							item.createTs >= sinceS,
					),
				);
			}
			// Items without details: adopt one only when it is the single candidate.
			if (!found && bare.length === 1) found = bare[0];
		} catch (error) {
			throw unknownStateError(
				this,
				args.where,
				args.details,
				args.details,
				itemIndex,
				`looking it up failed: ${(error as Error).message}`,
			);
		}
		if (found) {
			rememberOwnedPlayer(found.id as string);
			return [
				{
					json: playerOutput(found, args.where, {
						reconciled: true,
						requestId: args.details.requestId,
					}),
				},
			];
		}
		if (Date.now() + reconcileTiming.intervalMs > deadline) break;
		await wait(reconcileTiming.intervalMs);
	}
	throw unknownStateError(
		this,
		args.where,
		args.details,
		args.details,
		itemIndex,
		`no matching player showed in the channel's list within ${Math.round(reconcileTiming.maxWaitMs / 1000)} s`,
	);
}

/**
 * The player our own earlier attempt created, from the channel's list, polled as long as a
 * reconciliation waits (Agora lists a new player about 10 s after creating it). Empty when it
 * does not show in time or the list fails: the output's fields from the list then stay null.
 */
async function pollForPlayer(
	this: IExecuteFunctions,
	ctx: AgoraContext,
	id: string,
	channelName: string,
	itemIndex: number,
): Promise<IDataObject> {
	const deadline = Date.now() + reconcileTiming.maxWaitMs;
	for (;;) {
		const lookup = await settle(findPlayerById.call(this, ctx, { id, channelName }, itemIndex));
		if (!lookup.ok) return {};
		if (lookup.value) return lookup.value;
		if (Date.now() + reconcileTiming.intervalMs > deadline) return {};
		await wait(reconcileTiming.intervalMs);
	}
}

function unknownStateError(
	fn: IExecuteFunctions,
	where: PlayerWhere,
	first: AgoraErrorDetails,
	last: AgoraErrorDetails,
	itemIndex: number,
	why: string,
): NodeOperationError {
	const lost =
		first.status === 504 ? 'Agora answered 504 Gateway time-out' : 'no answer came from Agora';
	const error = new NodeOperationError(
		fn.getNode(),
		`Agora ${CREATE_ACTION}: ${lost}, and ${why}; whether the player was created is unknown`,
		{
			itemIndex,
			description: [
				first.requestId ? `Request id of the create: ${first.requestId}.` : undefined,
				last.requestId && last.requestId !== first.requestId
					? `Last request id: ${last.requestId}.`
					: undefined,
				`Check with Get Many (channel "${String(where.channelName)}") before creating it again: Agora lists a new player about 10 s after creating it.`,
			]
				.filter(Boolean)
				.join(' '),
		},
	);
	error.context.agora = { ...first, ambiguous: true } as unknown as IDataObject;
	return error;
}

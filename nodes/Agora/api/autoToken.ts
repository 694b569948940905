import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { invalidField } from '../../shared/validate';
import type { AgoraContext } from '../transport';
import { buildRtcToken, MAX_EXPIRE_SECONDS } from '../../shared/token/accessToken2';

/**
 * Token for an agent or a cloud player whose token field was left empty. With no App Certificate in
 * the credential there is nothing to sign with: returns undefined and the caller sends what the
 * user gave (an empty token suits projects without a certificate).
 */
export function autoChannelToken(
	fn: Pick<IExecuteFunctions, 'getNode'>,
	ctx: AgoraContext,
	args: {
		channelName: string;
		uid?: number | string;
		account?: string;
		withRtm?: boolean;
		field: string;
	},
	itemIndex: number,
): string | undefined {
	if (!ctx.appCertificate) return undefined;
	try {
		return buildRtcToken({
			appId: ctx.appId,
			appCertificate: ctx.appCertificate,
			channelName: args.channelName,
			uid: args.account === undefined ? (args.uid ?? 0) : undefined,
			account: args.account,
			role: 'publisher',
			tokenExpireSeconds: MAX_EXPIRE_SECONDS,
			privilegeExpireSeconds: MAX_EXPIRE_SECONDS,
			withRtm: args.withRtm,
		}).token;
	} catch (error) {
		// The builder's messages name the field and never contain the certificate.
		throw invalidField(
			fn,
			args.field,
			`could not be generated: ${(error as Error).message}`,
			itemIndex,
		);
	}
}

/** An agent's empty token is generated from the App Certificate (when the credential has one). */
export function fillAgentToken(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	body: IDataObject,
	itemIndex: number,
): void {
	const p = body.properties as IDataObject;
	if (typeof p.token === 'string' && p.token !== '') return;
	const uid = String(p.agent_rtc_uid);
	const features = (p.advanced_features ?? {}) as IDataObject;
	// UID 0 (assigned by Agora) needs a token valid for any user.
	const asAccount = p.enable_string_uid === true && uid !== '0';
	const token = autoChannelToken(
		fn,
		ctx,
		{
			channelName: String(p.channel),
			uid: asAccount ? undefined : Number(uid),
			account: asAccount ? uid : undefined,
			withRtm: features.enable_rtm === true,
			field: 'properties.token',
		},
		itemIndex,
	);
	if (token) p.token = token;
}

/** A cloud player's empty token is signed with the App Certificate, when the credential has one. */
export function fillPlayerToken(
	fn: IExecuteFunctions,
	ctx: AgoraContext,
	player: { channelName: string; uid?: number; account?: string; token?: string },
	itemIndex: number,
): void {
	if (player.token !== undefined) return;
	const token = autoChannelToken(
		fn,
		ctx,
		{
			channelName: player.channelName,
			uid: player.uid,
			account: player.account,
			field: 'player.token',
		},
		itemIndex,
	);
	if (token !== undefined) player.token = token;
}

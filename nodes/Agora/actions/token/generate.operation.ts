import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { UID_MAX } from '../../../shared/agoraFacts';
import { FormReader } from '../../form/reader';
import { invalidField, validateOrThrow } from '../../../shared/validate';
import { numeric } from '../../../shared/values';
import { byteText, channelText, integer, oneOf, shape, withRules } from '../../schemas/rules';
import {
	buildRtcToken,
	MAX_EXPIRE_SECONDS,
	type TokenRole,
} from '../../../shared/token/accessToken2';
import type { AgoraContext } from '../../transport';

const properties: INodeProperties[] = [
	{
		displayName: 'Channel Name',
		name: 'channelName',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. support-room-42',
		description:
			'Channel the token is valid for. 1 to 64 bytes: letters, digits, space and !#$%&amp;()+-:;&lt;=.&gt;?@[]^_{}|~,.',
	},
	{
		displayName: 'Identify User By',
		name: 'identityType',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'UID (Number)',
				value: 'uid',
				description: 'Numeric user ID, as used by agents (agent_rtc_uid) and cloud players (uid)',
			},
			{
				name: 'User Account (String)',
				value: 'account',
				description: 'String user account, as used by cloud players (account)',
			},
		],
		default: 'uid',
		description: 'Whether the token is bound to a numeric UID or to a string user account',
	},
	{
		displayName: 'UID',
		name: 'uid',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: UID_MAX, numberPrecision: 0 },
		default: 0,
		description:
			'User ID the token is for, 0 to 4294967295. 0 lets any user join with this token (use it when the agent or player UID is 0 or assigned at random).',
		displayOptions: { show: { identityType: ['uid'] } },
	},
	{
		displayName: 'User Account',
		name: 'account',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. player-1',
		description:
			'User account the token is for. 1 to 255 bytes, same characters as the channel name. It must equal the account of the user who joins.',
		displayOptions: { show: { identityType: ['account'] } },
	},
	{
		displayName: 'Role',
		name: 'role',
		type: 'options',
		options: [
			{
				name: 'Publisher',
				value: 'publisher',
				description:
					'Join the channel and publish audio, video and data streams (agents, cloud players, hosts)',
			},
			{
				name: 'Subscriber',
				value: 'subscriber',
				description: 'Join the channel and only receive streams (audience)',
			},
		],
		default: 'publisher',
		description: 'Privileges the token grants in the channel',
	},
	{
		displayName: 'Token Type',
		name: 'tokenType',
		type: 'options',
		options: [
			{
				name: 'RTC Only',
				value: 'rtc',
				description: 'Channel (RTC) privileges only',
			},
			{
				name: 'RTC + RTM',
				value: 'rtcRtm',
				description:
					'Channel privileges plus the signaling (RTM) login privilege: what an agent with Enable RTM needs',
			},
		],
		default: 'rtc',
		description: 'Which Agora services the token is valid for',
	},
	{
		displayName: 'RTM User ID',
		name: 'rtmUserId',
		type: 'string',
		default: '',
		description:
			'User ID for the signaling (RTM) login, at most 64 bytes. Leave empty to use the UID or user account (empty for UID 0, as Agora’s own builder does).',
		displayOptions: { show: { tokenType: ['rtcRtm'] } },
	},
	{
		displayName: 'Token Expiry (Seconds)',
		name: 'tokenExpiry',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_EXPIRE_SECONDS, numberPrecision: 0 },
		default: 3600,
		description:
			'How long the token stays valid from now, 1 to 86400 seconds (24 hours). Default 3600.',
	},
	{
		displayName: 'Privilege Expiry (Seconds)',
		name: 'privilegeExpiry',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_EXPIRE_SECONDS, numberPrecision: 0 },
		default: 3600,
		description:
			'How long the join and publish privileges last from now, 0 to 86400 seconds; 0 = as long as the token. Agora recommends the same value as Token Expiry, and 0 for cloud player tokens. Default 3600.',
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['token'], operation: ['generate'] } },
	properties,
);

export const tokenInputSchema = withRules(
	shape({
		channelName: channelText(),
		identityType: oneOf(['uid', 'account'] as const, "must be 'uid' or 'account'"),
		uid: integer(0, UID_MAX).optional(),
		account: channelText(255).optional(),
		role: oneOf(['publisher', 'subscriber'] as const, "must be 'publisher' or 'subscriber'"),
		tokenType: oneOf(['rtc', 'rtcRtm'] as const, "must be 'rtc' or 'rtcRtm'"),
		rtmUserId: byteText(64).optional(),
		tokenExpiry: integer(1, MAX_EXPIRE_SECONDS),
		privilegeExpiry: integer(0, MAX_EXPIRE_SECONDS),
	}),
	(v, report) => {
		if (v.identityType === 'uid' && v.uid === undefined) report(['uid'], 'is required');
		if (v.identityType === 'account' && v.account === undefined) report(['account'], 'is required');
	},
);

// The builder's error messages start with its own argument name; map it to the node parameter.
const BUILDER_FIELDS: Record<string, string> = {
	channelName: 'channelName',
	uid: 'uid',
	account: 'account',
	rtmUserId: 'rtmUserId',
	tokenExpireSeconds: 'tokenExpiry',
	privilegeExpireSeconds: 'privilegeExpiry',
};

function builderError(fn: IExecuteFunctions, error: Error, itemIndex: number): NodeOperationError {
	const [name, ...rest] = error.message.split(' ');
	const field = BUILDER_FIELDS[name];
	if (field) return invalidField(fn, field, rest.join(' '), itemIndex);
	if (name === 'appId' || name === 'appCertificate') {
		// Messages such as "appCertificate must be 32 hexadecimal characters" never include the value.
		const label = name === 'appId' ? 'App ID' : 'App Certificate';
		return new NodeOperationError(
			fn.getNode(),
			`The ${label} in the Agora API credential is not valid`,
			{
				itemIndex,
				description: `${label} ${rest.join(' ')}. Copy it from the project in Agora Console.`,
			},
		);
	}
	return new NodeOperationError(fn.getNode(), `Could not generate the token: ${error.message}`, {
		itemIndex,
	});
}

/** The item's token fields, checked (each error names the field). */
function readInput(fn: IExecuteFunctions, itemIndex: number) {
	const form = new FormReader(fn, itemIndex);
	const identityType = form.get('identityType', 'uid') as string;
	const tokenType = form.get('tokenType', 'rtc') as string;
	return validateOrThrow(
		fn,
		tokenInputSchema,
		{
			channelName: form.get('channelName', ''),
			identityType,
			uid: identityType === 'uid' ? numeric(form.get('uid', 0)) : undefined,
			account: identityType === 'account' ? form.get('account', '') : undefined,
			role: form.get('role', 'publisher'),
			tokenType,
			rtmUserId: tokenType === 'rtcRtm' ? form.get('rtmUserId', '') : undefined,
			tokenExpiry: numeric(form.get('tokenExpiry', 3600)),
			privilegeExpiry: numeric(form.get('privilegeExpiry', 3600)),
		},
		itemIndex,
	);
}

type TokenInput = ReturnType<typeof readInput>;

/**
 * What a next node needs to hand the token out: never the certificate. The App ID is public (every
 * client joins with it), so a web backend can answer with all that Agora's client needs.
 */
function output(input: TokenInput, appId: string, token: string, issuedAt: number): IDataObject {
	const expiresAt = issuedAt + input.tokenExpiry;
	const json: IDataObject = {
		appId,
		token,
		channel: input.channelName,
		...(input.identityType === 'uid' ? { uid: input.uid } : { account: input.account }),
		role: input.role,
		type: input.tokenType,
		expiresAt,
		expiresAtIso: new Date(expiresAt * 1000).toISOString(),
		// 0 means the privileges last as long as the token; they are useless once the token expired.
		privilegeExpiresAt:
			input.privilegeExpiry === 0
				? expiresAt
				: Math.min(expiresAt, issuedAt + input.privilegeExpiry),
	};
	if (input.tokenType === 'rtcRtm') {
		// Same default as the builder: the RTC identity ('' for UID 0).
		json.rtmUserId =
			input.rtmUserId ||
			(input.identityType === 'uid' ? (input.uid === 0 ? '' : String(input.uid)) : input.account);
	}
	return json;
}

export async function execute(
	this: IExecuteFunctions,
	itemIndex: number,
	ctx: AgoraContext,
): Promise<INodeExecutionData[]> {
	if (!ctx.appCertificate) {
		throw new NodeOperationError(
			this.getNode(),
			'The Agora API credential has no App Certificate',
			{
				itemIndex,
				description:
					'Tokens are signed with the App Certificate. Add the primary App Certificate of the project (Agora Console > Project > Security) to the Agora API credential.',
			},
		);
	}
	const input = readInput(this, itemIndex);
	const withRtm = input.tokenType === 'rtcRtm';
	const issuedAt = Math.floor(Date.now() / 1000);
	let token: string;
	try {
		token = buildRtcToken({
			appId: ctx.appId,
			appCertificate: ctx.appCertificate,
			channelName: input.channelName,
			uid: input.identityType === 'uid' ? input.uid : undefined,
			account: input.identityType === 'account' ? input.account : undefined,
			role: input.role as TokenRole,
			tokenExpireSeconds: input.tokenExpiry,
			privilegeExpireSeconds: input.privilegeExpiry,
			withRtm,
			rtmUserId: withRtm && input.rtmUserId ? input.rtmUserId : undefined,
			issueTs: issuedAt,
		}).token;
	} catch (error) {
		throw builderError(this, error as Error, itemIndex);
	}
	return [{ json: output(input, ctx.appId, token, issuedAt) }];
}

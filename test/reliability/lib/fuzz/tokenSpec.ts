/** Token › Generate for the fuzzer. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { alnum, opt, overBytes, rtcName } from './arb';
import { expr } from './engine';
import { mutation, values, uint32, type OpSpec } from './spec';

// ---------------------------------------------------------------- token

const tokenSpec: OpSpec = {
	key: 'token.generate',
	base: fc
		.record({
			channelName: fc.oneof(rtcName(1, 64), fc.constant('c'.repeat(64))),
			identityType: fc.constantFrom('uid', 'account'),
			uid: fc.oneof(uint32, fc.constantFrom(0, 4294967295)),
			account: rtcName(1, 255),
			role: fc.constantFrom('publisher', 'subscriber'),
			tokenType: fc.constantFrom('rtc', 'rtcRtm'),
			rtmUserId: opt(alnum(1, 64)),
			tokenExpiry: fc.oneof(fc.integer({ min: 1, max: 86400 }), fc.constantFrom(1, 86400)),
			privilegeExpiry: fc.oneof(fc.integer({ min: 0, max: 86400 }), fc.constantFrom(0, 86400)),
		})
		.map((r) => {
			const p: IDataObject = {
				resource: 'token',
				operation: 'generate',
				channelName: r.channelName,
				identityType: r.identityType,
				role: r.role,
				tokenType: r.tokenType,
				tokenExpiry: r.tokenExpiry,
				privilegeExpiry: r.privilegeExpiry,
			};
			if (r.identityType === 'uid') p.uid = r.uid;
			else p.account = r.account;
			if (r.tokenType === 'rtcRtm' && r.rtmUserId) p.rtmUserId = r.rtmUserId;
			return p;
		}),
	mutations: [
		mutation('channel blank', /^channelName$/, true, 'channelName', values(expr(''))),
		mutation('channel over 64 bytes', /^channelName$/, true, 'channelName', overBytes(64)),
		mutation(
			'channel with a disallowed character',
			/^channelName$/,
			true,
			'channelName',
			values('a"b', '中', 'x/y', '\n'),
		),
		mutation('uid out of range', /^uid$/, true, 'uid', values(-1, 4294967296, 1.5, expr('x')), {
			when: (p) => p.identityType === 'uid',
		}),
		mutation(
			'account invalid',
			/^account$/,
			true,
			'account',
			fc.oneof(overBytes(255), values(expr(''), 'ü', 'a"b')),
			{ when: (p) => p.identityType === 'account' },
		),
		mutation(
			'token expiry out of range',
			/^tokenExpiry$/,
			true,
			'tokenExpiry',
			values(0, 86401, -1, 2.5, expr('x')),
		),
		mutation(
			'privilege expiry out of range',
			/^privilegeExpiry$/,
			true,
			'privilegeExpiry',
			values(-1, 86401, 0.5),
		),
		mutation('RTM user id over 64 bytes', /^rtmUserId$/, true, 'rtmUserId', overBytes(64), {
			when: (p) => p.tokenType === 'rtcRtm',
		}),
		mutation('role unknown', /^role$/, true, 'role', values(expr('admin'), expr(''))),
		mutation(
			'identity type unknown',
			/^identityType$/,
			true,
			'identityType',
			values(expr('email')),
			{
				also: (p) => {
					p.account ??= 'acct';
				},
			},
		),
		mutation('token type unknown', /^tokenType$/, true, 'tokenType', values(expr('rtm'))),
	],
};

export { tokenSpec };

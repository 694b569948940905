/**
 * The schema tests run twice: with zod 3 (project "zod3") and with `zod` resolved to zod 4
 * (project "zod4"). This checks that each project really loads the zod it names, and that the
 * request schemas' messages do not come from zod itself.
 */
import * as zod from 'zod';

import { tokenInputSchema } from '../../../../nodes/Agora/actions/token/generate.operation';
import { describeZodError } from '../../../../nodes/shared/validate';
import { startRequestSchema } from '../../../../nodes/Agora/schemas/agent';
import { createPlayerRequestSchema } from '../../../../nodes/Agora/schemas/mediaPull';

declare const ZOD_MAJOR: 3 | 4;

test('the project loads the zod major version it is named after', () => {
	const isZod4 = typeof (zod as unknown as { toJSONSchema?: unknown }).toJSONSchema === 'function';
	expect(isZod4 ? 4 : 3).toBe(ZOD_MAJOR);
});

test('type and presence problems read the same whatever zod words them as', () => {
	const all = (
		schema: { safeParse(value: unknown): zod.SafeParseReturnType<unknown, unknown> },
		value: unknown,
	) => {
		const result = schema.safeParse(value);
		return result.success ? [] : describeZodError(result.error).all;
	};
	expect(
		all(startRequestSchema, {
			name: 5,
			properties: { channel: 1, token: '', agent_rtc_uid: '0', remote_rtc_uids: 'x' },
		}),
	).toEqual([
		'name: must be a string',
		'properties.channel: must be a string',
		'properties.remote_rtc_uids: must be an array with one user ID',
	]);
	expect(
		all(createPlayerRequestSchema, { region: 'mars', player: { streamUrl: 7, uid: 'one' } }),
	).toEqual([
		'region: must be one of cn (China Mainland), ap (Asia Pacific), na (North America), eu (Europe)',
		'player.streamUrl: must be a string',
		'player.channelName: is required',
		'player.uid: must be a number',
	]);
	expect(
		all(tokenInputSchema, {
			channelName: 5,
			identityType: 'uid',
			uid: '7',
			role: 'host',
			tokenType: 'rtc',
			tokenExpiry: 1.5,
			privilegeExpiry: 0,
		}),
	).toEqual([
		'channelName: must be a string',
		'uid: must be an integer in [0, 4294967295]',
		"role: must be 'publisher' or 'subscriber'",
		'tokenExpiry: must be an integer in [1, 86400]',
	]);
});

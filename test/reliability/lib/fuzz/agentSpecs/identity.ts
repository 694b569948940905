/** Agent Start mutations of the agent's name, channel, user IDs, idle timeout and token. */
import fc from 'fast-check';
import { notANumber, overBytes, unicode } from '../arb';
import { expr } from '../engine';
import { mutation, values, type MutationSpec } from '../spec';
import { stringUid } from './startBase';

const identityMutations: MutationSpec[] = [
	mutation('name blank', /^name$/, true, 'name', values(expr(''), expr('   '))),
	mutation(
		'name very long or unusual (no rule)',
		/^name$/,
		false,
		'name',
		fc.oneof(values('x'.repeat(10000), 'a\u0000b', '\u202egnirts'), unicode(1, 200)),
	),
	mutation(
		'channel blank',
		/properties\.channel/,
		true,
		'channel',
		values(expr(''), expr('  \t ')),
	),
	mutation(
		'channel unicode or long (RTC naming rules)',
		/properties\.(channel|token)/,
		false,
		'channel',
		fc.oneof(unicode(1, 30), overBytes(64)),
	),
	mutation(
		'remote uid blank',
		/remote_rtc_uids/,
		true,
		'remoteRtcUid',
		values(expr(''), expr(' ')),
	),
	mutation(
		'remote uid not digits',
		/remote_rtc_uids/,
		true,
		'remoteRtcUid',
		values('12a', '-5', '1.5', '1e3', '٣'),
		{ when: (p) => !stringUid(p) },
	),
	mutation(
		'agent uid not digits',
		/agent_rtc_uid/,
		true,
		'agentRtcUid',
		values('abc', '-1', '0x10', ' 7 7'),
		{ when: (p) => !stringUid(p) },
	),
	mutation(
		'agent uid beyond uint32',
		/agent_rtc_uid|properties\.token/,
		false,
		'agentRtcUid',
		values('4294967296', '99999999999999999999'),
		{ when: (p) => !stringUid(p) },
	),
	mutation(
		'string uid unicode',
		/agent_rtc_uid|remote_rtc_uids|properties\.token/,
		false,
		'agentRtcUid',
		unicode(1, 20),
		{ when: stringUid },
	),
	mutation(
		'idle timeout out of range',
		/idle_timeout/,
		true,
		'idleTimeout',
		fc.oneof(
			values(-1, 1.5, -0.5),
			notANumber.filter((v) => v.value !== null && v.value !== ''),
		),
	),
	mutation(
		'idle timeout above 72 hours',
		/idle_timeout/,
		true,
		'idleTimeout',
		values(259201, 1e9, 2 ** 31),
	),
	mutation(
		'token wrong type',
		/properties\.token/,
		false,
		'token',
		values(expr(12345), expr({ t: 1 })),
	),
];

export { identityMutations };

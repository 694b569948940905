/** Start validation, rejected: the session (name, channel, token, user IDs, timeouts, labels) and its features. */
import { agentPath } from '../src/helpers';
import { P, sb, api, describeRejected, useValidationSandbox } from './agentValidationFixtures';

useValidationSandbox();

const rejected: [string, string, unknown, string, string][] = [
	['missing name', 'name', undefined, 'MissingRequiredField', 'name'],
	['empty name', 'name', '', 'MissingRequiredField', 'name'],
	['missing properties', P, undefined, 'MissingRequiredField', 'properties'],
	['missing channel', `${P}.channel`, undefined, 'MissingRequiredField', 'properties.channel'],
	['missing token', `${P}.token`, undefined, 'MissingRequiredField', 'properties.token'],
	[
		'missing agent_rtc_uid',
		`${P}.agent_rtc_uid`,
		undefined,
		'MissingRequiredField',
		'properties.agent_rtc_uid',
	],
	[
		'non-digit agent_rtc_uid',
		`${P}.agent_rtc_uid`,
		'bot',
		'InvalidFieldValue',
		'properties.agent_rtc_uid',
	],
	[
		'numeric (not string) agent_rtc_uid',
		`${P}.agent_rtc_uid`,
		1001,
		'InvalidFieldValue',
		'properties.agent_rtc_uid',
	],
	[
		'missing remote_rtc_uids',
		`${P}.remote_rtc_uids`,
		undefined,
		'MissingRequiredField',
		'properties.remote_rtc_uids',
	],
	[
		'two remote_rtc_uids',
		`${P}.remote_rtc_uids`,
		['1', '2'],
		'InvalidFieldValue',
		'properties.remote_rtc_uids',
	],
	[
		'empty remote_rtc_uids',
		`${P}.remote_rtc_uids`,
		[],
		'InvalidFieldValue',
		'properties.remote_rtc_uids',
	],
	[
		'non-digit remote uid',
		`${P}.remote_rtc_uids`,
		['alice'],
		'InvalidFieldValue',
		'properties.remote_rtc_uids[0]',
	],
	[
		'negative idle_timeout',
		`${P}.idle_timeout`,
		-1,
		'InvalidFieldValue',
		'properties.idle_timeout',
	],
	[
		'geofence without area',
		`${P}.geofence`,
		{ exclude_area: 'EUROPE' },
		'MissingRequiredField',
		'properties.geofence.area',
	],
	[
		'geofence bad area',
		`${P}.geofence`,
		{ area: 'MARS' },
		'InvalidFieldValue',
		'properties.geofence.area',
	],
	[
		'exclude_area without GLOBAL',
		`${P}.geofence`,
		{ area: 'ASIA', exclude_area: 'EUROPE' },
		'InvalidFieldValue',
		'properties.geofence.exclude_area',
	],
	[
		'exclude_area GLOBAL',
		`${P}.geofence`,
		{ area: 'GLOBAL', exclude_area: 'GLOBAL' },
		'InvalidFieldValue',
		'properties.geofence.exclude_area',
	],
	[
		'advanced_features non-boolean',
		`${P}.advanced_features`,
		{ enable_rtm: 'yes' },
		'InvalidFieldValue',
		'properties.advanced_features.enable_rtm',
	],
	[
		'avatar enabled without vendor',
		`${P}.avatar`,
		{ enable: true, params: {} },
		'MissingRequiredField',
		'properties.avatar.vendor',
	],
	[
		'avatar enabled without params',
		`${P}.avatar`,
		{ enable: true, vendor: 'akool' },
		'MissingRequiredField',
		'properties.avatar.params',
	],
	[
		'sal two sample_urls',
		`${P}.sal`,
		{ sample_urls: { a: 'https://x/a.pcm', b: 'https://x/b.pcm' } },
		'InvalidFieldValue',
		'properties.sal.sample_urls',
	],
	[
		'sal sample named unknown',
		`${P}.sal`,
		{ sample_urls: { unknown: 'https://x/a.pcm' } },
		'InvalidFieldValue',
		'properties.sal.sample_urls',
	],
	[
		'sal empty sample_urls',
		`${P}.sal`,
		{ sample_urls: {} },
		'InvalidFieldValue',
		'properties.sal.sample_urls',
	],
	[
		'rtc encryption_mode 0',
		`${P}.rtc`,
		{ encryption_mode: 0 },
		'InvalidFieldValue',
		'properties.rtc.encryption_mode',
	],
	[
		'rtc encryption_mode 9',
		`${P}.rtc`,
		{ encryption_mode: 9 },
		'InvalidFieldValue',
		'properties.rtc.encryption_mode',
	],
	[
		'rtc mode 7 without salt',
		`${P}.rtc`,
		{ encryption_mode: 7, encryption_key: 'k' },
		'MissingRequiredField',
		'properties.rtc.encryption_salt',
	],
	[
		'rtc mode 7 salt not base64',
		`${P}.rtc`,
		{ encryption_mode: 7, encryption_salt: '!'.repeat(44) },
		'InvalidFieldValue',
		'properties.rtc.encryption_salt',
	],
	[
		'silence timeout_ms 60001',
		`${P}.parameters`,
		{ silence_config: { timeout_ms: 60001, content: 'x' } },
		'InvalidFieldValue',
		'silence_config.timeout_ms',
	],
	[
		'silence timeout_ms without content',
		`${P}.parameters`,
		{ silence_config: { timeout_ms: 5000 } },
		'MissingRequiredField',
		'silence_config.content',
	],
	[
		'silence action',
		`${P}.parameters`,
		{ silence_config: { action: 'shout' } },
		'InvalidFieldValue',
		'silence_config.action',
	],
	[
		'data_channel',
		`${P}.parameters`,
		{ data_channel: 'websocket' },
		'InvalidFieldValue',
		'properties.parameters.data_channel',
	],
	[
		'audio_scenario',
		`${P}.parameters`,
		{ audio_scenario: 'meeting' },
		'InvalidFieldValue',
		'properties.parameters.audio_scenario',
	],
	['labels not an object', `${P}.labels`, 'x', 'InvalidFieldValue', 'properties.labels'],
	[
		'idle_timeout 259201',
		`${P}.idle_timeout`,
		259201,
		'InvalidFieldValue',
		'properties.idle_timeout',
	],
];

describeRejected(rejected, () => {
	it('body not an object is InvalidRequestBody', async () => {
		const r = await api.post(agentPath(sb, '/join'), [1, 2]);
		expect(r.status).toBe(400);
		expect(r.data.reason).toBe('InvalidRequestBody');
	});
});

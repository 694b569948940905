/** Agent Start mutations of the optional features: SAL, avatar, geofence, encryption, agent parameters (and manual turns, which need a data channel). */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { wrongEnum } from '../arb';
import { expr } from '../engine';
import { mutation, custom, values, type MutationSpec } from '../spec';
import { cascade } from './startBase';

const featureMutations: MutationSpec[] = [
	// SAL, avatar, geofence, encryption, parameters
	custom(
		'manual turns on the RTC data stream',
		/parameters\.data_channel|advanced_features\.enable_rtm/,
		true,
		'endOfSpeechMode',
		fc.constant((p: IDataObject) => {
			p.configureTurnDetection = true;
			p.endOfSpeechMode = 'manual';
			p.agentParameters = {
				...((p.agentParameters as IDataObject | undefined) ?? {}),
				dataChannel: 'datastream',
			};
		}),
		cascade,
	),
	mutation(
		'SAL voiceprint named unknown',
		/sal\.sample_urls/,
		true,
		'salSampleName',
		values('unknown'),
		{ when: (p) => p.enableSal === true && p.salSampleUrl !== undefined },
	),
	mutation(
		'SAL voiceprint URL missing',
		/sal\.sample_urls/,
		true,
		'salSampleUrl',
		values(expr(''), expr(' ')),
		{ when: (p) => p.enableSal === true && p.salSampleName !== undefined },
	),
	mutation(
		'avatar params blank',
		/avatar\.params/,
		true,
		'avatarParams',
		values(expr(''), expr('{}')),
		{ when: (p) => p.enableAvatar === true },
	),
	mutation('avatar params bad JSON', /avatar\.params/, true, 'avatarParams', values('{x', '[1]'), {
		when: (p) => p.enableAvatar === true,
	}),
	mutation(
		'avatar vendor not a string',
		/avatar\.vendor/,
		true,
		'avatarVendor',
		wrongEnum.filter((v) => v.value !== null && typeof v.value !== 'string'),
		{ when: (p) => p.enableAvatar === true },
	),
	mutation(
		'geofence area unknown',
		/geofence\.area/,
		true,
		'geofenceArea',
		values(expr('MARS'), expr('global')),
	),
	mutation(
		'encryption salt missing',
		/rtc\.encryption_salt/,
		true,
		'encryptionSalt',
		values(expr(''), expr('   ')),
		{ when: (p) => p.encryptionMode === '7' || p.encryptionMode === '8' },
	),
	mutation(
		'encryption mode unknown',
		/rtc\.encryption_mode/,
		true,
		'encryptionMode',
		values(expr('9'), expr('0'), expr('abc'), expr(7.5)),
	),
	mutation(
		'silence reminder without prompt',
		/silence_config\.content/,
		true,
		'agentParameters',
		fc
			.integer({ min: 1, max: 60000 })
			.map((ms) => ({ silenceTimeoutMs: ms, silenceContent: '  ' })),
	),
	mutation(
		'silence timeout out of range',
		/silence_config\.timeout_ms/,
		true,
		'agentParameters',
		values(
			{ silenceTimeoutMs: 60001, silenceContent: 'x' },
			{ silenceTimeoutMs: -1 },
			{ silenceTimeoutMs: 1.5, silenceContent: 'x' },
		),
	),
	mutation(
		'graceful timeout not whole',
		/graceful_timeout_seconds/,
		true,
		'agentParameters',
		values({ gracefulEnabled: true, gracefulTimeoutSeconds: 2.5 }),
	),
	mutation(
		'data channel unknown',
		/data_channel/,
		true,
		'agentParameters.dataChannel',
		values(expr('pigeon'), expr('RTM')),
	),
	mutation(
		'audio scenario unknown',
		/audio_scenario/,
		true,
		'agentParameters.audioScenario',
		values(expr('karaoke')),
	),
];

export { featureMutations };

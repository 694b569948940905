/** Cloud Player Create for the fuzzer: its parameter sets and mutations. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { alnum, base64Of, opt, overBytes, rtcName } from '../arb';
import { expr } from '../engine';
import {
	mutation,
	values,
	requestOptions,
	requestOptionMutations,
	uint32,
	type MutationSpec,
} from '../spec';

const REGIONS = ['na', 'eu', 'ap', 'cn'];
const streamUrl = fc
	.tuple(
		fc.constantFrom('rtmp', 'http', 'https', 'RTMP'),
		alnum(1, 20),
		fc.array(alnum(1, 10), { maxLength: 4 }),
	)
	.map(([scheme, host, path]) => `${scheme}://${host.toLowerCase()}.example.com/${path.join('/')}`);

const createBase: fc.Arbitrary<IDataObject> = fc
	.record({
		region: fc.constantFrom(...REGIONS),
		streamUrl: fc.oneof(
			streamUrl,
			fc.constant(`rtmp://h.example.com/${'p'.repeat(1024 - 'rtmp://h.example.com/'.length)}`),
		),
		channelName: fc.oneof(rtcName(1, 64), fc.constant('c'.repeat(64))),
		identityType: fc.constantFrom('uid', 'account'),
		uid: fc.oneof(uint32, fc.constantFrom(0, 4294967295)),
		account: fc.oneof(rtcName(1, 255), fc.constant('a'.repeat(255))),
		additionalFields: fc.record(
			{
				idleTimeout: fc.integer({ min: 5, max: 600 }),
				name: fc.constant('@@unique'),
				streamIp: fc
					.tuple(
						fc.integer({ min: 0, max: 255 }),
						fc.integer({ min: 0, max: 255 }),
						fc.integer({ min: 0, max: 255 }),
						fc.integer({ min: 0, max: 255 }),
					)
					.map((a) => a.join('.')),
				playTs: fc.oneof(
					fc.constant(0),
					fc.integer({ min: -86000, max: 250 }).map((d) => `@@now:${d}`),
				),
				token: alnum(10, 80),
			},
			{ requiredKeys: [] },
		),
		encryption: opt(
			fc.oneof(
				fc.record({
					encryptMode: fc.constantFrom(
						'aes-128-xts',
						'aes-256-xts',
						'aes-128-ecb',
						'sm4-128-ecb',
						'aes-128-gcm',
						'aes-256-gcm',
					),
					encryptKey: alnum(1, 64),
				}),
				fc.record({
					encryptMode: fc.constantFrom('aes-128-gcm2', 'aes-256-gcm2'),
					encryptKey: alnum(32, 32),
					encryptKdfSalt: base64Of(32),
				}),
			),
		),
		onDemandOptions: fc.record(
			{
				dataStream: fc.boolean(),
				repeatTime: fc.oneof(fc.constant(-1), fc.integer({ min: 1, max: 100 })),
				seekPosition: fc.oneof(
					fc.integer({ min: 0, max: 7200 }),
					fc.double({ min: 0, max: 100, noNaN: true }),
				),
			},
			{ requiredKeys: [] },
		),
		audioOptions: fc.record({ profile: fc.integer({ min: 0, max: 5 }) }, { requiredKeys: [] }),
		videoOptions: fc.record(
			{
				width: fc.integer({ min: 66, max: 1920 }),
				height: fc.integer({ min: 66, max: 1080 }),
				widthHeightAdaption: fc.boolean(),
				frameRate: fc.integer({ min: 1, max: 30 }),
				bitrate: fc.integer({ min: 1, max: 10000 }),
				codec: fc.constantFrom('H.264', 'VP9'),
				fillMode: fc.constantFrom('fit', 'fill'),
			},
			{ requiredKeys: [] },
		),
		options: opt(fc.record({ onNameConflict: fc.constantFrom('fail', 'returnExisting') })),
		requestOptions,
	})
	.map((r) => {
		const p: IDataObject = {
			resource: 'cloudPlayer',
			operation: 'create',
			region: r.region,
			streamUrl: r.streamUrl,
			channelName: r.channelName,
			identityType: r.identityType,
			additionalFields: r.additionalFields,
			onDemandOptions: r.onDemandOptions,
			audioOptions: r.audioOptions,
			videoOptions: r.videoOptions,
		};
		if (r.identityType === 'uid') p.uid = r.uid;
		else p.account = r.account;
		if (r.encryption) Object.assign(p, { encryption: true, ...r.encryption });
		if (r.options) p.options = r.options;
		if (r.requestOptions) p.requestOptions = r.requestOptions;
		return p;
	});

const byUid = (p: IDataObject) => p.identityType === 'uid';
const encrypted = (p: IDataObject) => p.encryption === true;
const gcm2 = (p: IDataObject) => encrypted(p) && String(p.encryptMode).endsWith('gcm2');

const createMutations: MutationSpec[] = [
	mutation(
		'region unknown',
		/^region$/,
		true,
		'region',
		values(expr('us'), expr('NA'), expr(''), expr(1)),
	),
	mutation(
		'stream URL blank',
		/player\.streamUrl/,
		true,
		'streamUrl',
		values(expr(''), expr('   ')),
	),
	mutation(
		'stream URL not rtmp/http(s)',
		/player\.streamUrl/,
		true,
		'streamUrl',
		values(
			'ftp://h.example.com/a',
			'rtsp://h.example.com/a',
			'h.example.com/live',
			'https://',
			'//h.example.com/x',
			'javascript:alert(1)',
		),
	),
	mutation(
		'stream URL over 1024 bytes',
		/player\.streamUrl/,
		true,
		'streamUrl',
		overBytes(1024 - 'rtmp://h.example.com/'.length).map((tail) => `rtmp://h.example.com/${tail}`),
	),
	mutation(
		'stream URL not a URL',
		/player\.streamUrl/,
		true,
		'streamUrl',
		values('http://ho st.example.com/x', 'https://[::1/x', 'rtmp://exa mple.com', 'http://a b'),
	),
	mutation(
		'stream URL with unusual path',
		/player\.streamUrl/,
		false,
		'streamUrl',
		values(
			'https://h.example.com/a b',
			'https://h.example.com/中文.png',
			'rtmp://h.example.com/live?x=1#y',
		),
	),
	mutation('channel blank', /player\.channelName/, true, 'channelName', values(expr(''))),
	mutation('channel over 64 bytes', /player\.channelName/, true, 'channelName', overBytes(64)),
	mutation(
		'channel with a disallowed character',
		/player\.channelName/,
		true,
		'channelName',
		fc
			.tuple(
				rtcName(0, 10),
				fc.constantFrom('"', "'", '*', '/', '\\', '`', '中', 'é', '\n', '\t', '😀'),
			)
			.map(([a, b]) => a + b),
	),
	mutation(
		'uid out of range',
		/player\.uid/,
		true,
		'uid',
		values(-1, 4294967296, 1.5, expr('abc'), expr(NaN)),
		{ when: byUid },
	),
	mutation('uid as numeric text', /player\.uid/, false, 'uid', values(expr('42'), expr(' 7 ')), {
		when: byUid,
	}),
	mutation('account blank', /player\.account/, true, 'account', values(expr('')), {
		when: (p) => !byUid(p),
	}),
	mutation('account over 255 bytes', /player\.account/, true, 'account', overBytes(255), {
		when: (p) => !byUid(p),
	}),
	mutation(
		'account with a disallowed character',
		/player\.account/,
		true,
		'account',
		values('a"b', 'ü', 'x/y', 'tab\t'),
		{ when: (p) => !byUid(p) },
	),
	mutation(
		'idle timeout not a number',
		/player\.idleTimeout/,
		true,
		'additionalFields.idleTimeout',
		values(expr('abc'), expr(true)),
	),
	mutation(
		'idle timeout outside 5..600 (Agora clamps it)',
		/player\.idleTimeout/,
		false,
		'additionalFields.idleTimeout',
		values(4, 601, 0),
	),
	mutation(
		'name invalid',
		/player\.name/,
		true,
		'additionalFields.name',
		fc.oneof(overBytes(64), values('a b', 'ä', 'a.b', 'x/y')),
	),
	mutation(
		'stream IP invalid',
		/^streamIp$/,
		true,
		'additionalFields.streamIp',
		values('256.1.1.1', '1.2.3', 'abc', '::1', '01.2.3.4.5', '1.2.3.4.'),
	),
	mutation(
		'play time out of range',
		/player\.playTs/,
		true,
		'additionalFields.playTs',
		values('@@now:400', '@@now:-86500', 1.5, -1),
	),
	mutation(
		'encryption salt missing',
		/player\.encryptKdfSalt/,
		true,
		'encryptKdfSalt',
		values(expr(''), expr('0')),
		{ when: gcm2 },
	),
	mutation('encryption key blank', /player\.encryptKey/, true, 'encryptKey', values(expr('')), {
		when: encrypted,
	}),
	// An expression in the mode makes n8n show (and require) the salt field, as in the editor.
	mutation(
		'encryption mode unknown',
		/player\.encryptMode/,
		true,
		'encryptMode',
		values(expr('rot13'), expr('AES-128-XTS')),
		{
			when: encrypted,
			also: (p) => {
				p.encryptKdfSalt ??= 'c2FsdHNhbHRzYWx0c2FsdA==';
			},
		},
	),
	mutation(
		'repeat time invalid',
		/player\.repeatTime/,
		true,
		'onDemandOptions.repeatTime',
		values(0, -2, 1.5, expr('x')),
	),
	mutation(
		'seek position negative',
		/player\.seekPosition/,
		true,
		'onDemandOptions.seekPosition',
		values(-1, -0.5, expr('x')),
	),
	mutation(
		'audio profile out of range',
		/player\.audioOptions\.[Pp]rofile/,
		true,
		'audioOptions.profile',
		values(expr(6), expr(-1), expr(2.5)),
	),
	mutation(
		'video width out of range',
		/player\.videoOptions\.width/,
		true,
		'videoOptions.width',
		values(65, 1921, 100.5),
	),
	mutation(
		'video height out of range',
		/player\.videoOptions\.height/,
		true,
		'videoOptions.height',
		values(65, 1081),
	),
	mutation(
		'frame rate out of range',
		/player\.videoOptions\.frameRate/,
		true,
		'videoOptions.frameRate',
		values(0, 31, -1),
	),
	mutation(
		'bitrate out of range',
		/player\.videoOptions\.bitrate/,
		true,
		'videoOptions.bitrate',
		values(0, 10001),
	),
	mutation(
		'codec beyond the list (Agora encodes H.264)',
		/player\.videoOptions\.codec/,
		false,
		'videoOptions.codec',
		values(expr('AV1'), expr('h264')),
	),
	mutation(
		'fill mode unknown',
		/player\.videoOptions\.fillMode/,
		true,
		'videoOptions.fillMode',
		values(expr('stretch')),
	),
	mutation(
		'data stream not a boolean',
		/player\.dataStreamOptions\.enable/,
		true,
		'onDemandOptions.dataStream',
		values(expr('yes'), expr(1)),
	),
	...requestOptionMutations,
];

export { REGIONS, streamUrl, createBase, byUid, encrypted, gcm2, createMutations };

/** Media Pull schemas, the update sequence clock and the Cloud Player helpers. */
import { mediaPullRules, playerOutput } from '../../../../nodes/Agora/api/cloudPlayers';
import { settle } from '../../../../nodes/shared/values';
import {
	cloudPlayerDescription,
	cloudPlayerOperations,
} from '../../../../nodes/Agora/actions/cloudPlayer';
import { nextSequence, noteSequence } from '../../../../nodes/Agora/actions/cloudPlayer/sequence';
import { describeZodError } from '../../../../nodes/shared/validate';
import {
	createPlayerRequestSchema,
	listPlayersRequestSchema,
	playerCreateSchema,
	updatePlayerRequestSchema,
} from '../../../../nodes/Agora/schemas/mediaPull';

const base = { streamUrl: 'rtmp://media.example.com/live/s', channelName: 'room1', uid: 1 };

/** The first failing field and rule, or 'ok'. */
function check(player: Record<string, unknown>): string {
	const result = playerCreateSchema.safeParse(player);
	if (result.success) return 'ok';
	const { field, rule } = describeZodError(result.error, 'player');
	return `${field}: ${rule}`;
}

describe('player create schema', () => {
	it('accepts a minimal player and every documented option', () => {
		expect(check(base)).toBe('ok');
		const now = Math.floor(Date.now() / 1000);
		expect(
			check({
				...base,
				uid: undefined,
				account: 'bot 1',
				token: '007abc',
				idleTimeout: 5,
				playTs: now - 86000,
				name: 'A-z_09',
				encryptMode: 'aes-128-gcm2',
				encryptKey: 'k'.repeat(32),
				encryptKdfSalt: 's'.repeat(32),
				repeatTime: -1,
				seekPosition: 0,
				dataStreamOptions: { enable: false },
				audioOptions: { Profile: 5 },
				videoOptions: {
					width: 1920,
					height: 1080,
					widthHeightAdaption: true,
					frameRate: 1,
					bitrate: 10000,
					codec: 'H.264',
					fillMode: 'fit',
				},
			}),
		).toBe('ok');
	});

	it('uid or account: exactly one', () => {
		expect(check({ ...base, account: 'a' })).toBe(
			'player.account: cannot be given together with player.uid (exactly one of uid or account)',
		);
		expect(check({ streamUrl: base.streamUrl, channelName: 'c' })).toBe(
			'player.uid: or player.account is required (exactly one of them)',
		);
		expect(check({ ...base, uid: 0 })).toBe('ok');
		expect(check({ ...base, uid: 4294967295 })).toBe('ok');
		expect(check({ ...base, uid: -1 })).toMatch(/^player\.uid: must be between 0 and 4294967295/);
	});

	it('lengths are counted in bytes and the boundaries are inclusive', () => {
		const url = 'https://example.com/';
		expect(check({ ...base, streamUrl: url + 'a'.repeat(1024 - url.length) })).toBe('ok');
		expect(check({ ...base, streamUrl: url + 'a'.repeat(1025 - url.length) })).toBe(
			'player.streamUrl: must be at most 1024 bytes',
		);
		expect(check({ ...base, channelName: 'c'.repeat(64) })).toBe('ok');
		expect(check({ ...base, name: 'n'.repeat(64) })).toBe('ok');
		expect(check({ ...base, name: 'n'.repeat(65) })).toBe('player.name: must be at most 64 bytes');
		expect(check({ ...base, uid: undefined, account: 'a'.repeat(255) })).toBe('ok');
		// A multi-byte character is outside the allowed set whatever its length.
		expect(check({ ...base, channelName: 'café' })).toMatch(
			/^player\.channelName: may only contain/,
		);
	});

	it('every punctuation character of the spec is allowed in the channel name', () => {
		expect(check({ ...base, channelName: ' !#$%&()+-:;<=.>?@[]^_,{}|~' })).toBe('ok');
		for (const bad of ['"', "'", '/', '\\', '*', '`']) {
			expect(check({ ...base, channelName: `a${bad}b` })).toMatch(
				/^player\.channelName: may only contain/,
			);
		}
	});

	it('encryption: the gcm2 modes need a salt (not 0), other modes ignore one; a mode without a key is Agora’s "no encryption"', () => {
		expect(check({ ...base, encryptMode: 'aes-256-gcm2', encryptKey: 'k' })).toBe(
			'player.encryptKdfSalt: is required with encryptMode aes-256-gcm2',
		);
		// Media Pull reference: encryptKdfSalt "only applies" to the gcm2 modes; Agora ignores it elsewhere.
		expect(
			check({ ...base, encryptMode: 'aes-128-xts', encryptKey: 'k', encryptKdfSalt: 's' }),
		).toBe('ok');
		expect(
			check({ ...base, encryptMode: 'aes-128-gcm2', encryptKey: 'k', encryptKdfSalt: '0' }),
		).toBe('player.encryptKdfSalt: must not be 0');
		expect(check({ ...base, encryptMode: 'aes-128-ecb2', encryptKey: 'k' })).toMatch(
			/^player\.encryptMode: must be one of aes-128-xts/,
		);
		expect(check({ ...base, encryptMode: 'sm4-128-ecb' })).toBe('ok');
		expect(check({ ...base, encryptKey: 'k' })).toBe('ok');
	});

	it('play time is 0 or within [now - 86400, now + 300]', () => {
		const now = Math.floor(Date.now() / 1000);
		expect(check({ ...base, playTs: 0 })).toBe('ok');
		expect(check({ ...base, playTs: now + 290 })).toBe('ok');
		expect(check({ ...base, playTs: now + 400 })).toMatch(/^player\.playTs: must be 0/);
		expect(check({ ...base, playTs: now - 86500 })).toMatch(/^player\.playTs: must be 0/);
		expect(check({ ...base, playTs: 1 })).toMatch(/^player\.playTs/);
	});

	it('idle timeout outside 5..600 is passed on: Agora clamps it to the nearest end', () => {
		for (const idleTimeout of [0, 5, 600, 601, 86400])
			expect(check({ ...base, idleTimeout })).toBe('ok');
		expect(check({ ...base, idleTimeout: 'soon' })).toBe('player.idleTimeout: must be a number');
	});

	it('audio and video options of Agora’s own request examples: lower-case profile, gop, any codec, tempo', () => {
		const transcoding = {
			audioOptions: { profile: 1 },
			videoOptions: {
				width: 1920,
				height: 1080,
				frameRate: 15,
				bitrate: 400,
				codec: 'VP9',
				gop: 30,
				fillMode: 'fill',
			},
		};
		expect(
			check({ ...base, ...transcoding, token: '2a784467d6', idleTimeout: 300, name: 'test' }),
		).toBe('ok');
		expect(check({ ...base, videoOptions: { codec: 'H.264', gop: 2 } })).toBe('ok');
		expect(check({ ...base, videoOptions: { codec: 'H.265' } })).toBe('ok');
		expect(check({ ...base, videoOptions: { gop: 0 } })).toBe(
			'player.videoOptions.gop: must be 1 or more seconds between key frames',
		);
		expect(check({ ...base, audioOptions: { Profile: 5 } })).toBe('ok');
		expect(check({ ...base, audioOptions: { profile: 6 } })).toBe(
			'player.audioOptions.profile: must be between 0 and 5',
		);
		expect(check({ ...base, audioOptions: { volume: 150 } })).toBe('ok');
		expect(check({ ...base, tempo: 1.25 })).toBe('ok');
		expect(check({ ...base, tempo: 3 })).toBe(
			'player.tempo: must be one of 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2',
		);
	});

	it('repeat time, seek position, frame rate and bitrate', () => {
		expect(check({ ...base, repeatTime: 1 })).toBe('ok');
		expect(check({ ...base, repeatTime: -2 })).toMatch(/^player\.repeatTime/);
		expect(check({ ...base, repeatTime: 1.5 })).toMatch(
			/^player\.repeatTime: must be a whole number/,
		);
		expect(check({ ...base, seekPosition: 0.5 })).toBe('ok');
		expect(check({ ...base, videoOptions: { frameRate: 0 } })).toBe(
			'player.videoOptions.frameRate: must be between 1 and 30 fps',
		);
		expect(check({ ...base, videoOptions: { bitrate: 0 } })).toBe(
			'player.videoOptions.bitrate: must be between 1 and 10000 Kbps',
		);
	});

	it('required fields must not be null or empty; unknown fields pass (Agora may add them)', () => {
		expect(check({ ...base, streamUrl: null })).toBe('player.streamUrl: must be a string');
		expect(check({ ...base, channelName: '' })).toBe(
			'player.channelName: is required and must not be empty',
		);
		expect(check({ ...base, uid: undefined, account: '' })).toBe(
			'player.account: is required and must not be empty',
		);
		expect(check({ ...base, colour: 'red' })).toBe('ok');
	});

	it('region and streamIp travel beside the player', () => {
		const ok = createPlayerRequestSchema.safeParse({
			region: 'cn',
			streamIp: '10.0.0.255',
			player: base,
		});
		expect(ok.success).toBe(true);
		for (const [value, field] of [
			[{ region: 'us', player: base }, 'region'],
			[{ region: 'na', streamIp: '1.2.3', player: base }, 'streamIp'],
			[{ region: 'na', streamIp: '01.2.3.4', player: base }, 'streamIp'],
		] as const) {
			const result = createPlayerRequestSchema.safeParse(value);
			expect(result.success).toBe(false);
			if (!result.success) expect(describeZodError(result.error).field).toBe(field);
		}
	});
});

describe('update and list schemas', () => {
	const update = (over: Record<string, unknown>) =>
		updatePlayerRequestSchema.safeParse({
			region: 'na',
			id: 'p1',
			sequence: 0,
			player: { isPause: true },
			...over,
		});

	it('accepts the updatable fields only', () => {
		expect(
			update({
				player: {
					streamUrl: 'http://a.example.com/x',
					seekPosition: 1,
					isPause: false,
					audioOptions: { volume: 0 },
				},
			}).success,
		).toBe(true);
		expect(update({ player: { audioOptions: { volume: 200 } } }).success).toBe(true);
		expect(update({ player: { audioOptions: { volume: 100.5 } } }).success).toBe(false);
		// Not refused before sending: Additional Body sends what the form lacks, and Agora answers for it.
		expect(update({ player: { channelName: 'x' } }).success).toBe(true);
		expect(
			update({ player: { audioOptions: { volume: 10, profile: 2 }, tempo: 0.75 } }).success,
		).toBe(true);
		expect(update({ player: {} }).success).toBe(false);
	});

	it('sequence is a whole number of at least 0', () => {
		expect(update({ sequence: Date.now() }).success).toBe(true);
		expect(update({ sequence: -1 }).success).toBe(false);
		expect(update({ sequence: 1.5 }).success).toBe(false);
	});

	it('page size 1..500', () => {
		expect(listPlayersRequestSchema.safeParse({ pageSize: 1 }).success).toBe(true);
		expect(listPlayersRequestSchema.safeParse({ pageSize: 500 }).success).toBe(true);
		expect(listPlayersRequestSchema.safeParse({ pageSize: 0 }).success).toBe(false);
		expect(listPlayersRequestSchema.safeParse({ pageSize: 501 }).success).toBe(false);
	});
});

describe('update sequence clock', () => {
	it('is the millisecond clock, strictly increasing per player within the process', () => {
		const t = 1_700_000_000_000;
		expect(nextSequence('app:na:a', t)).toBe(t);
		expect(nextSequence('app:na:a', t)).toBe(t + 1);
		expect(nextSequence('app:na:a', t - 50)).toBe(t + 2);
		expect(nextSequence('app:na:a', t + 100)).toBe(t + 100);
		// Another player has its own floor.
		expect(nextSequence('app:na:b', t)).toBe(t);
	});

	it('an explicit sequence above the clock raises the floor for later automatic ones', () => {
		const t = 1_700_000_000_000;
		noteSequence('app:na:c', t + 5000);
		expect(nextSequence('app:na:c', t)).toBe(t + 5001);
		noteSequence('app:na:c', 3);
		expect(nextSequence('app:na:c', t)).toBe(t + 5002);
	});
});

describe('helpers', () => {
	it('rate rules follow the spec and are per project, per name and per channel', () => {
		expect(mediaPullRules.create('app', 'n1').map((r) => [r.key, r.limit])).toEqual([
			['agora:app:mediaPull:create', 50],
			['agora:app:mediaPull:create:name:n1', 2],
		]);
		expect(mediaPullRules.create('app').map((r) => r.limit)).toEqual([50]);
		expect(mediaPullRules.delete('app').map((r) => r.limit)).toEqual([100]);
		expect(
			mediaPullRules
				.list('app')
				.map((r) => [r.limit, r.windowMs >= 1000 && r.windowMs < 2000 ? 's' : 'min']),
		).toEqual([
			[10, 's'],
			[20, 'min'],
		]);
		expect(mediaPullRules.list('app', 'c1').map((r) => r.limit)).toEqual([2, 15]);
		expect(mediaPullRules.list('app', 'c1')[0].key).not.toBe(
			mediaPullRules.list('app', 'c2')[0].key,
		);
		expect(mediaPullRules.list('app2')[0].key).not.toBe(mediaPullRules.list('app')[0].key);
	});

	it('the player output keeps only the player fields, never secrets', () => {
		expect(
			playerOutput(
				{
					id: 'x',
					uid: 0,
					account: '',
					createTs: 1,
					status: 'idle',
					token: 't',
					encryptKey: 'k',
					streamUrl: 'u',
				},
				{ region: 'na', channelName: 'c' },
				{},
			),
		).toEqual({
			id: 'x',
			uid: 0,
			createTs: 1,
			status: 'idle',
			region: 'na',
			channelName: 'c',
			name: null,
			existing: false,
			reconciled: false,
			requestId: null,
		});
	});

	it('settle hands back answers and errors', async () => {
		expect(await settle(Promise.resolve(1))).toEqual({ ok: true, value: 1 });
		const failure = new Error('boom');
		expect(await settle(Promise.reject(failure))).toEqual({ ok: false, error: failure });
	});

	it('the resource exposes the five operations, each with its description (Get Many: getAll, and getMany of node version 1)', () => {
		expect(Object.keys(cloudPlayerOperations).sort()).toEqual([
			'create',
			'delete',
			'get',
			'getAll',
			'getMany',
			'update',
		]);
		expect(cloudPlayerOperations.getAll).toBe(cloudPlayerOperations.getMany);
		const selectors = cloudPlayerDescription.filter((p) => p.name === 'operation');
		expect(selectors.map((s) => s.displayOptions?.show?.['@version'])).toEqual([
			[1.1, 1.2, 1.3, 1.4],
			[1],
		]);
		const values = (i: number) =>
			(selectors[i].options as Array<{ value: string; action: string }>).map((o) => o.value);
		expect(values(0)).toEqual(['create', 'delete', 'get', 'getAll', 'update']);
		expect(values(1)).toEqual(['create', 'delete', 'get', 'getMany', 'update']);
		for (const property of cloudPlayerDescription.filter((p) => p.name !== 'operation')) {
			expect(property.description ?? property.displayName).toBeTruthy();
			expect(property.displayOptions?.show?.resource).toEqual(['cloudPlayer']);
		}
	});
});

/** Fuzz specs of the operations on a cloud player: delete, get, list, update. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';
import { alnum, opt, overBytes, rtcName, unicode } from '../arb';
import { expr } from '../engine';
import {
	mutation,
	values,
	requestOptions,
	requestOptionMutations,
	type MutationSpec,
	type OpSpec,
} from '../spec';
import { streamUrl } from './create';

/**
 * Player ids. Unknown ids with non-Latin-1 characters only go to Get (a list search): the sandbox
 * echoes a path id into its X-Resource-ID header, which Node refuses for such characters (a 500 of
 * the sandbox, not a finding about the node).
 */
const playerIdMutations = (unicodeIds: boolean): MutationSpec[] => [
	mutation(
		'player id blank or malformed',
		/^id$/,
		true,
		'playerId',
		values(expr(''), expr('  '), expr('a b'), expr('x/y'), expr('q?x'), expr('h#1')),
	),
	mutation(
		'player id unknown',
		/^id$/,
		false,
		'playerId',
		fc.oneof(
			alnum(1, 36),
			unicodeIds ? unicode(1, 10) : alnum(1, 3),
			fc.constant('00000000-0000-4000-8000-000000000000'),
			fc.constant('x'.repeat(4000)),
		),
		{ id: true },
	),
];
const regionMutation = mutation(
	'region unknown',
	/^region$/,
	true,
	'region',
	values(expr('us'), expr(''), expr('EU')),
);

const deleteSpec: OpSpec = {
	key: 'cloudPlayer.delete',
	needs: 'freshPlayer',
	base: fc.tuple(opt(fc.boolean()), requestOptions).map(([notFoundIsDeleted, ro]) => ({
		resource: 'cloudPlayer',
		operation: 'delete',
		playerId: '@@player',
		region: '@@region',
		...(notFoundIsDeleted === undefined ? {} : { options: { notFoundIsDeleted } }),
		...(ro ? { requestOptions: ro } : {}),
	})),
	mutations: [
		...playerIdMutations(false),
		regionMutation,
		mutation('another region', /^region$/, false, 'region', values('eu', 'ap', 'cn', 'na'), {
			id: true,
		}),
		...requestOptionMutations,
	],
};

const getPlayerSpec: OpSpec = {
	key: 'cloudPlayer.get',
	needs: 'player',
	base: fc.tuple(fc.boolean(), requestOptions).map(([withChannel, ro]) => ({
		resource: 'cloudPlayer',
		operation: 'get',
		playerId: '@@player',
		...(withChannel ? { channelName: '@@channel' } : {}),
		...(ro ? { requestOptions: ro } : {}),
	})),
	mutations: [
		...playerIdMutations(true),
		mutation(
			'channel invalid',
			/^channelName$/,
			true,
			'channelName',
			fc.oneof(overBytes(64), values('a"b', '中文', 'x/y')),
		),
		mutation('another channel', /^channelName$/, false, 'channelName', rtcName(1, 30), {
			id: true,
		}),
		...requestOptionMutations,
	],
};

const listPlayersSpec: OpSpec = {
	key: 'cloudPlayer.getMany',
	needs: 'player',
	base: fc
		.record({
			returnAll: fc.boolean(),
			limit: fc.integer({ min: 1, max: 1000 }),
			channelName: opt(fc.oneof(rtcName(1, 64), fc.constant('@@channel'))),
			pageSize: opt(fc.integer({ min: 1, max: 500 })),
			requestOptions,
		})
		.map((r) => {
			const p: IDataObject = {
				resource: 'cloudPlayer',
				operation: 'getMany',
				returnAll: r.returnAll,
			};
			if (!r.returnAll) p.limit = r.limit;
			if (r.channelName !== undefined) p.filters = { channelName: r.channelName };
			if (r.pageSize !== undefined) p.options = { pageSize: r.pageSize };
			if (r.requestOptions) p.requestOptions = r.requestOptions;
			return p;
		}),
	mutations: [
		mutation(
			'limit out of range',
			/^limit$/,
			true,
			'limit',
			values(expr(0), expr(-1), expr(2.5), expr('x')),
			{ when: (p) => p.returnAll === false },
		),
		mutation(
			'page size out of range',
			/^options\.pageSize$/,
			true,
			'options.pageSize',
			values(expr(0), expr(501), expr(2.5), expr('x'), expr(-3)),
		),
		mutation(
			'channel invalid',
			/^channelName$/,
			true,
			'filters.channelName',
			fc.oneof(overBytes(64), values('a"b', '中文', "it's", 'a eq b"')),
		),
		...requestOptionMutations,
	],
};

const updatePlayerSpec: OpSpec = {
	key: 'cloudPlayer.update',
	// Its own player: an explicit sequence raises the floor of that player's later sequences.
	needs: 'freshPlayer',
	base: fc
		.record({
			fields: fc
				.record(
					{
						isPause: fc.boolean(),
						seekPosition: fc.oneof(
							fc.integer({ min: 0, max: 7200 }),
							fc.double({ min: 0, max: 100, noNaN: true }),
						),
						streamUrl,
						volume: fc.integer({ min: 0, max: 200 }),
					},
					{ requiredKeys: [] },
				)
				.filter((f) => Object.keys(f).length > 0),
			sequence: opt(fc.integer({ min: 0, max: 1e12 })),
			requestOptions,
		})
		.map((r) => ({
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: '@@player',
			region: '@@region',
			updateFields: r.fields,
			...(r.sequence === undefined ? {} : { options: { sequence: r.sequence } }),
			...(r.requestOptions ? { requestOptions: r.requestOptions } : {}),
		})),
	mutations: [
		...playerIdMutations(false),
		regionMutation,
		mutation('nothing to update', /^player$/, true, 'updateFields', values({})),
		mutation(
			'volume out of range',
			/player\.audioOptions\.volume/,
			true,
			'updateFields.volume',
			values(201, -1, 1.5, expr('loud')),
		),
		mutation(
			'seek position negative',
			/player\.seekPosition/,
			true,
			'updateFields.seekPosition',
			values(-1, expr('x')),
		),
		mutation(
			'stream URL invalid',
			/player\.streamUrl/,
			true,
			'updateFields.streamUrl',
			fc.oneof(
				values(expr(''), 'ftp://x.example.com/a', 'http://ho st/x'),
				overBytes(1024).map((t) => `rtmp://h.example.com/${t}`),
			),
		),
		mutation(
			'pause not a boolean',
			/player\.isPause/,
			true,
			'updateFields.isPause',
			values(expr('yes'), expr(0)),
		),
		mutation(
			'sequence invalid',
			/^sequence$/,
			true,
			'options.sequence',
			values(-1, 1.5, expr('x'), expr(Number.MAX_SAFE_INTEGER + 2)),
		),
		mutation(
			'sequence very large',
			/^sequence$/,
			false,
			'options.sequence',
			values(1e15, 2 ** 52, 2 ** 52 + 1, 9007199254740991, 1e16),
		),
		...requestOptionMutations,
	],
};

export {
	playerIdMutations,
	regionMutation,
	deleteSpec,
	getPlayerSpec,
	listPlayersSpec,
	updatePlayerSpec,
};

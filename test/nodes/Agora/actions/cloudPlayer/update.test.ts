/** Cloud Player › Update, run through n8n's engine against the sandbox. */
import type { INodeParameters } from 'n8n-workflow';

import { apiField } from '../../../../lib/harness';
import { run, sb, seed } from './setup';

describe('update', () => {
	it('sends {"player": {...}} with the sequence query and outputs updated', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const before = Date.now();
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: id,
			region: 'na',
			updateFields: {
				streamUrl: 'https://media.example.com/next.flv',
				seekPosition: 3,
				isPause: true,
				volume: 150,
			},
		});
		expect(result.error('Agora')).toBeUndefined();
		const [out] = result.output('Agora');
		expect(out).toEqual({
			updated: true,
			id,
			sequence: expect.any(Number),
			staleSequence: false,
			requestId: expect.any(String),
		});
		expect(out.sequence as number).toBeGreaterThanOrEqual(before);
		const req = sb.requests[0];
		expect(req.method).toBe('PATCH');
		expect(req.path).toBe(`/na/v1/projects/${sb.appId}/cloud-player/players/${id}`);
		expect(req.query).toEqual({ sequence: String(out.sequence) });
		expect(req.body).toEqual({
			player: {
				streamUrl: 'https://media.example.com/next.flv',
				seekPosition: 3,
				isPause: true,
				audioOptions: { volume: 150 },
			},
		});
		expect(sb.players()[0]).toMatchObject({
			isPause: true,
			volume: 150,
			seekPosition: 3,
			lastSequence: out.sequence,
		});
	});

	it('the automatic sequence grows across executions and inside one execution', async () => {
		const [id] = await seed(1);
		const params = {
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: id,
			region: 'na',
			updateFields: { volume: 10 },
		};
		const first = await run(params);
		const second = await run({ ...params, updateFields: { volume: 20 } });
		const s1 = first.output('Agora')[0].sequence as number;
		const s2 = second.output('Agora')[0].sequence as number;
		expect(s2).toBeGreaterThan(s1);
		// Three items in one execution: all applied, none ignored as stale.
		const many = await run(
			{ ...params, updateFields: { volume: '={{$json.v}}' }, requestOptions: { concurrency: 1 } },
			[{ v: 30 }, { v: 40 }, { v: 50 }],
		);
		const seqs = many.output('Agora').map((o) => o.sequence as number);
		expect(seqs[1]).toBeGreaterThan(seqs[0]);
		expect(seqs[2]).toBeGreaterThan(seqs[1]);
		expect(seqs[0]).toBeGreaterThan(s2);
		expect(sb.players()[0]).toMatchObject({ volume: 50, updatesApplied: 5, updatesIgnored: 0 });
	});

	it('an explicit sequence is sent as given', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: id,
			region: 'na',
			updateFields: { isPause: false },
			options: { sequence: 7 },
		});
		expect(result.output('Agora')[0]).toMatchObject({ updated: true, sequence: 7 });
		expect(sb.requests[0].query).toEqual({ sequence: '7' });
	});

	it('an unknown player is a 404 with the spec meaning', async () => {
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: 'nope',
			region: 'na',
			updateFields: { isPause: true },
		});
		expect(result.error('Agora')?.message).toContain('Resource is not found and destroyed.');
	});

	it('after the largest explicit sequence, later automatic sequences are exact integers that still grow', async () => {
		const [playerId] = await seed(1);
		sb.requests.length = 0;
		const update = (volume: number, options: INodeParameters = {}) =>
			run({
				resource: 'cloudPlayer',
				operation: 'update',
				playerId,
				region: 'na',
				updateFields: { volume },
				options,
			});
		// The largest explicit sequence the schema accepts (2^52), so that automatic ones after it
		// stay exact integers; anything above is refused before sending.
		const refused = await update(5, { sequence: 2 ** 52 + 1 });
		expect(apiField(refused.error('Agora'))).toBe('sequence');
		await update(10, { sequence: 2 ** 52 });
		for (const volume of [20, 30, 40]) await update(volume);
		// What was sent (the sandbox records a request even when it refuses it).
		const sent = sb.requests.filter((r) => r.method === 'PATCH').map((r) => r.query.sequence);
		const automatic = sent.slice(1).map(Number);
		expect(automatic.every((s) => Number.isSafeInteger(s))).toBe(true);
		expect(automatic[1]).toBeGreaterThan(automatic[0]);
		expect(automatic[2]).toBeGreaterThan(automatic[1]);
	});

	it('the automatic sequence is the millisecond clock; a lower manual one afterwards is flagged stale', async () => {
		const [id] = await seed(1);
		const update = (options: INodeParameters) =>
			run({
				resource: 'cloudPlayer',
				operation: 'update',
				region: 'na',
				playerId: id,
				updateFields: { isPause: true },
				options,
			});
		const automatic = (await update({})).output('Agora')[0];
		expect(automatic.sequence).toBeGreaterThan(1.7e12);
		expect(automatic.staleSequence).toBe(false);
		const manual = (await update({ sequence: 5 })).output('Agora')[0];
		expect(manual).toMatchObject({ sequence: 5, staleSequence: true, updated: true });
	});

	// Media Pull "Update a cloud player" documents no rule against other members: Additional Body exists to send them.
	it('Additional Body members the form lacks are merged and sent', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const additionalBody = '{"player": {"futureField": 2, "audioOptions": {"futureAudio": "y"}}}';
		const result = await run({
			resource: 'cloudPlayer',
			operation: 'update',
			playerId: id,
			region: 'na',
			updateFields: { volume: 20 },
			options: { additionalBody },
		});
		expect(sb.requests[0].body).toEqual({
			player: { futureField: 2, audioOptions: { volume: 20, futureAudio: 'y' } },
		});
		// The sandbox, like Agora's Update API, lists the fields it updates: its answer is Agora's, not the node's refusal.
		expect(result.error('Agora')?.message).toContain('Agora update cloud player failed with 400');
	});
});

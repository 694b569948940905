/** Agent › Get Turns, run through n8n's engine against the sandbox: paging, Limit and the turn's fields. */
import { run, sb, seed } from './setup';
import { apiField } from '../../../../lib/harness';

/** An agent with finished turns: its greeting and two spoken answers, played to their end. */
async function agentWithTurns(): Promise<string> {
	const [id] = await seed(1);
	for (const text of ['First answer.', 'Second answer.']) {
		const spoken = await run({ resource: 'agent', operation: 'speak', agentId: id, text });
		expect(spoken.error('Agora')).toBeUndefined();
		sb.clock.advance(60000);
	}
	sb.requests.length = 0;
	return id;
}

const turnPages = () => sb.requests.filter((r) => r.path.endsWith('/turns'));

describe('Get Turns', () => {
	test('Return All reads every page (page_index 1, 2, …) and outputs one item per turn', async () => {
		const id = await agentWithTurns();
		const result = await run({
			resource: 'agent',
			operation: 'getTurns',
			agentId: id,
			returnAll: true,
			options: { pageSize: 1 },
		});
		expect(result.error('Agora')).toBeUndefined();
		const turns = result.output('Agora');
		expect(turns.length).toBeGreaterThanOrEqual(2);
		expect(turns.length).toBe(turns[0].total_turn_count);
		expect(turnPages().map((r) => r.query.page_index)).toEqual(turns.map((_, i) => String(i + 1)));
		for (const turn of turns) {
			expect(turn).toMatchObject({ agent_id: id, channel: 'room1' });
			expect(typeof turn.latencies).toBe('object');
		}
	});

	test('Limit stops early: no page after the one that reached it', async () => {
		const id = await agentWithTurns();
		const result = await run({
			resource: 'agent',
			operation: 'getTurns',
			agentId: id,
			limit: 1,
			options: { pageSize: 1 },
		});
		expect(result.output('Agora')).toHaveLength(1);
		expect(turnPages()).toHaveLength(1);
	});

	test.each([0, 2.5])(
		'page size %p is refused naming options.pageSize, nothing sent',
		async (size) => {
			const id = await agentWithTurns();
			const result = await run({
				resource: 'agent',
				operation: 'getTurns',
				agentId: id,
				returnAll: true,
				options: { pageSize: `={{ ${size} }}` },
			});
			expect(apiField(result.error('Agora'))).toBe('options.pageSize');
			expect(result.error('Agora')?.message).toMatch(/must be a whole number of at least 1/);
			expect(turnPages()).toHaveLength(0);
		},
	);
});

/** Agent › Get History, run through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import { run, seed } from './setup';

describe('Get History', () => {
	test('history as one item or one item per message', async () => {
		const [id] = await seed(1);
		await run({ resource: 'agent', operation: 'speak', agentId: id, text: 'Spoken once.' });
		let result = await run({ resource: 'agent', operation: 'getHistory', agentId: id });
		const whole = result.output('Agora');
		expect(whole).toHaveLength(1);
		expect(whole[0].agent_id).toBe(id);
		const contents = whole[0].contents as IDataObject[];
		expect(contents.map((m) => m.content)).toEqual(
			expect.arrayContaining(['Hello there', 'Spoken once.']),
		);

		result = await run({
			resource: 'agent',
			operation: 'getHistory',
			agentId: id,
			output: 'split',
		});
		expect(result.output('Agora')).toEqual(
			contents.map((message, index) => ({ agent_id: id, index, ...message })),
		);
	});
});

/** Phone Number › Get Many, run through n8n's engine against the sandbox. */
import { importNumbers, run } from './setup';

describe('Get Many', () => {
	beforeEach(importNumbers);

	test('Get Many: every number, or up to Limit', async () => {
		expect(
			(await run({ resource: 'phoneNumber', operation: 'getAll', returnAll: true })).output(
				'Agora',
			),
		).toHaveLength(3);
		expect(
			(
				await run({ resource: 'phoneNumber', operation: 'getAll', returnAll: false, limit: 2 })
			).output('Agora'),
		).toHaveLength(2);
	});
});

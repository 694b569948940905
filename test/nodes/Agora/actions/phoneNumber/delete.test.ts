/** Phone Number › Delete, run through n8n's engine against the sandbox. */
import { importNumbers, numberRequests, run, sb } from './setup';

describe('Delete', () => {
	beforeEach(importNumbers);

	test('Delete; a number not imported fails unless Treat Not Found as Deleted', async () => {
		const deleted = await run({
			resource: 'phoneNumber',
			operation: 'delete',
			phoneNumber: '+19876543212',
		});
		expect(deleted.output('Agora')).toEqual([{ phone_number: '+19876543212', deleted: true }]);
		expect(sb.phoneNumbers()).toHaveLength(2);
		const again = await run({
			resource: 'phoneNumber',
			operation: 'delete',
			phoneNumber: '+19876543212',
		});
		expect(again.error('Agora')?.message).toContain('404');
		const tolerant = await run({
			resource: 'phoneNumber',
			operation: 'delete',
			phoneNumber: '+19876543212',
			options: { notFoundIsDeleted: true },
		});
		expect(tolerant.output('Agora')).toEqual([
			{ phone_number: '+19876543212', deleted: true, already_deleted: true },
		]);
	});

	test('Delete after a 504 that went through: repeated once, the 404 means done', async () => {
		sb.injectFault({ method: 'DELETE', pathIncludes: '/phone-numbers', kind: '504-after-commit' });
		const result = await run({
			resource: 'phoneNumber',
			operation: 'delete',
			phoneNumber: '+19876543210',
		});
		expect(result.output('Agora')).toEqual([{ phone_number: '+19876543210', deleted: true }]);
		expect(numberRequests('DELETE').map((r) => r.status)).toEqual([504, 404]);
	});
});

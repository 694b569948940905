/** Phone Number › Get, run through n8n's engine against the sandbox. */
import { importNumbers, run, sb } from './setup';

describe('Get', () => {
	beforeEach(importNumbers);

	test('Get by number (separators dropped); an unknown one is a 404 with the request id', async () => {
		const got = await run({
			resource: 'phoneNumber',
			operation: 'get',
			phoneNumber: '+1 987 654 3211',
		});
		expect(got.output('Agora')[0]).toMatchObject({ phone_number: '+19876543211', label: 'line 1' });
		expect(sb.requests[0].path).toBe(
			'/api/conversational-ai-agent/v2/phone-numbers/%2B19876543211',
		);
		const missing = await run({
			resource: 'phoneNumber',
			operation: 'get',
			phoneNumber: '+15550000000',
		});
		expect(missing.error('Agora')?.message).toContain('404');
		expect(String(missing.error('Agora')?.description)).toMatch(/Request id: \S+/);
	});
});

/** Phone Number › Add, run through n8n's engine against the sandbox. */
import { addParams, numberRequests, run, sb, SIP_PASSWORD } from './setup';
import { apiField } from '../../../../lib/harness';

describe('Add', () => {
	test('imports the number with its SIP settings, at the account level (no App ID in the path)', async () => {
		const result = await run(addParams());
		expect(result.error('Agora')).toBeUndefined();
		const [sent] = numberRequests('POST');
		expect(sent.path).toBe('/api/conversational-ai-agent/v2/phone-numbers');
		expect(sent.body).toEqual({
			provider: 'byo',
			phone_number: '+19876543210',
			label: 'Sales Hotline',
			inbound: true,
			outbound: true,
			inbound_config: { allowed_addresses: ['112.126.15.64/27', '203.0.113.10'] },
			outbound_config: {
				address: `trunkuser:${SIP_PASSWORD}@sip.example.com`,
				transport: 'tls',
				prefix: '6036',
			},
		});
		expect(result.output('Agora')[0]).toMatchObject({
			phone_number: '+19876543210',
			label: 'Sales Hotline',
			provider: 'byo',
			reconciled: false,
		});
		expect(sb.phoneNumbers()).toHaveLength(1);
	});

	test('the SIP password appears in no output and no error', async () => {
		await run(addParams());
		const got = await run({
			resource: 'phoneNumber',
			operation: 'get',
			phoneNumber: '+19876543210',
		});
		expect(got.output('Agora')[0].outbound_config).toEqual({
			address: 'trunkuser:***@sip.example.com',
			transport: 'tls',
			prefix: '6036',
		});
		const list = await run({ resource: 'phoneNumber', operation: 'getAll', returnAll: true });
		expect(JSON.stringify(list.output('Agora'))).not.toContain(SIP_PASSWORD);
		const again = await run(addParams());
		const error = again.error('Agora')!;
		expect(error.message).toContain('409');
		expect(
			JSON.stringify({
				message: error.message,
				description: error.description,
				context: error.context,
			}),
		).not.toContain(SIP_PASSWORD);
	});

	test.each([
		['a number without country code', { phoneNumber: '(987) 654-3210' }, 'phone_number'],
		['no label', { label: ' ' }, 'label'],
		[
			'allowed addresses that are not a list (Additional Body)',
			{ options: { additionalBody: '{"inbound_config": {"allowed_addresses": "1.2.3.4"}}' } },
			'inbound_config.allowed_addresses',
		],
	])('%s is refused naming the field, nothing sent', async (_, over, field) => {
		const result = await run(addParams(over));
		expect(apiField(result.error('Agora'))).toBe(`${field}`);
		expect(sb.requests).toHaveLength(0);
	});

	test('a provider Agora adds later passes by expression', async () => {
		const result = await run(addParams({ provider: '={{ "telnyx" }}' }));
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.phoneNumbers()[0].provider).toBe('telnyx');
	});

	test('504 after the import went through: looked up, not imported twice, output reconciled', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/phone-numbers', kind: '504-after-commit' });
		const result = await run(addParams());
		expect(result.error('Agora')).toBeUndefined();
		expect(numberRequests('POST')).toHaveLength(1);
		expect(result.output('Agora')[0]).toMatchObject({
			phone_number: '+19876543210',
			reconciled: true,
		});
		expect(JSON.stringify(result.output('Agora'))).not.toContain(SIP_PASSWORD);
	});

	test('504 before anything happened: not found, imported once more', async () => {
		sb.injectFault({ method: 'POST', pathIncludes: '/phone-numbers', kind: '504' });
		const result = await run(addParams());
		expect(result.error('Agora')).toBeUndefined();
		const statuses = numberRequests('POST').map((r) => r.status);
		expect(statuses).toHaveLength(2);
		expect(statuses[0]).toBe(504);
		expect(statuses[1]).toBeGreaterThanOrEqual(200);
		expect(statuses[1]).toBeLessThan(300);
		expect(result.output('Agora')[0].reconciled).toBe(false);
	});
});

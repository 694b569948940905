/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Phone Number through n8n's engine against the sandbox: import with SIP settings, get, list,
 * link and clear pipelines, delete; checks before sending, recovery after unclear answers, and
 * the SIP password kept out of outputs and errors.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { resetRateLimits, retryTiming } from '../../../../../nodes/Agora/transport';
import { startSandbox, type Sandbox } from '../../../../../sandbox/src';
import { agoraWorkflow, runWorkflow, type CredentialData, apiField } from '../../../../lib/harness';

const SIP_PASSWORD = 'trunk-pass-0123456789';

let sb: Sandbox;
let credential: CredentialData;

beforeAll(async () => {
	sb = await startSandbox({ clock: 'manual' });
	credential = { customerId: sb.customerId, customerSecret: sb.customerSecret, appId: sb.appId, host: 'custom', customBaseUrl: sb.url };
	retryTiming.baseMs = 5;
});
afterAll(async () => {
	retryTiming.baseMs = 1000;
	await sb.close();
});
beforeEach(() => {
	sb.reset();
	resetRateLimits();
});

const run = async (parameters: IDataObject, items: IDataObject[] = [{}]) =>
	await runWorkflow(agoraWorkflow(parameters as INodeParameters, items), credential);

function addParams(over: IDataObject = {}): IDataObject {
	return {
		resource: 'phoneNumber',
		operation: 'add',
		phoneNumber: '+1 (987) 654-3210',
		provider: 'byo',
		label: 'Sales Hotline',
		inboundSettings: { allowedAddresses: '112.126.15.64/27, 203.0.113.10' },
		outboundSettings: { address: `trunkuser:${SIP_PASSWORD}@sip.example.com`, transport: 'tls', prefix: '6036' },
		...over,
	};
}

const numberRequests = (method: string) => sb.requests.filter((r) => r.method === method && r.path.includes('/phone-numbers'));

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
			outbound_config: { address: `trunkuser:${SIP_PASSWORD}@sip.example.com`, transport: 'tls', prefix: '6036' },
		});
		expect(result.output('Agora')[0]).toMatchObject({ phone_number: '+19876543210', label: 'Sales Hotline', provider: 'byo', reconciled: false });
		expect(sb.phoneNumbers()).toHaveLength(1);
	});

	test('the SIP password appears in no output and no error', async () => {
		await run(addParams());
		const got = await run({ resource: 'phoneNumber', operation: 'get', phoneNumber: '+19876543210' });
		expect(got.output('Agora')[0].outbound_config).toEqual({ address: 'trunkuser:***@sip.example.com', transport: 'tls', prefix: '6036' });
		const list = await run({ resource: 'phoneNumber', operation: 'getAll', returnAll: true });
		expect(JSON.stringify(list.output('Agora'))).not.toContain(SIP_PASSWORD);
		const again = await run(addParams());
		const error = again.error('Agora')!;
		expect(error.message).toContain('409');
		expect(JSON.stringify({ message: error.message, description: error.description, context: error.context })).not.toContain(SIP_PASSWORD);
	});

	test.each([
		['a number without country code', { phoneNumber: '(987) 654-3210' }, 'phone_number'],
		['no label', { label: ' ' }, 'label'],
		['allowed addresses that are not a list (Additional Body)', { options: { additionalBody: '{"inbound_config": {"allowed_addresses": "1.2.3.4"}}' } }, 'inbound_config.allowed_addresses'],
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
		expect(result.output('Agora')[0]).toMatchObject({ phone_number: '+19876543210', reconciled: true });
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

describe('Get, Get Many, Update, Delete', () => {
	beforeEach(async () => {
		for (const n of ['+19876543210', '+19876543211', '+19876543212']) {
			const result = await run(addParams({ phoneNumber: n, label: `line ${n.slice(-1)}` }));
			expect(result.error('Agora')).toBeUndefined();
		}
		sb.requests.length = 0;
	});

	test('Get by number (separators dropped); an unknown one is a 404 with the request id', async () => {
		const got = await run({ resource: 'phoneNumber', operation: 'get', phoneNumber: '+1 987 654 3211' });
		expect(got.output('Agora')[0]).toMatchObject({ phone_number: '+19876543211', label: 'line 1' });
		expect(sb.requests[0].path).toBe('/api/conversational-ai-agent/v2/phone-numbers/%2B19876543211');
		const missing = await run({ resource: 'phoneNumber', operation: 'get', phoneNumber: '+15550000000' });
		expect(missing.error('Agora')?.message).toContain('404');
		expect(String(missing.error('Agora')?.description)).toMatch(/Request id: \S+/);
	});

	test('Get Many: every number, or up to Limit', async () => {
		expect((await run({ resource: 'phoneNumber', operation: 'getAll', returnAll: true })).output('Agora')).toHaveLength(3);
		expect((await run({ resource: 'phoneNumber', operation: 'getAll', returnAll: false, limit: 2 })).output('Agora')).toHaveLength(2);
	});

	test('Update links a pipeline in one direction and clears the other', async () => {
		const result = await run({
			resource: 'phoneNumber',
			operation: 'update',
			phoneNumber: '+19876543210',
			inboundChange: 'link',
			inboundPipelineId: 'pl_inbound',
			outboundChange: 'clear',
		});
		expect(result.error('Agora')).toBeUndefined();
		const [patch] = numberRequests('PATCH');
		expect(patch.body).toEqual({ inbound_config: { pipeline_id: 'pl_inbound' }, outbound_config: null });
		expect(result.output('Agora')[0]).toMatchObject({ phone_number: '+19876543210', associated_pipeline: { pipeline_id: 'pl_inbound' } });
		expect(sb.phoneNumbers().find((n) => n.phone_number === '+19876543210')?.outbound_config).toBeNull();
	});

	test('Update with nothing to change, or a link without pipeline, is refused before sending', async () => {
		const nothing = await run({ resource: 'phoneNumber', operation: 'update', phoneNumber: '+19876543210' });
		expect(nothing.error('Agora')?.message).toContain('needs inbound_config or outbound_config');
		// Left empty in the editor, n8n itself flags the field; an expression can still give nothing.
		const noId = await run({ resource: 'phoneNumber', operation: 'update', phoneNumber: '+19876543210', outboundChange: 'link', outboundPipelineId: '={{ $json.missing ?? "" }}' });
		expect(apiField(noId.error('Agora'))).toBe('outbound_config.pipeline_id');
		expect(sb.requests).toHaveLength(0);
	});

	test('Delete; a number not imported fails unless Treat Not Found as Deleted', async () => {
		const deleted = await run({ resource: 'phoneNumber', operation: 'delete', phoneNumber: '+19876543212' });
		expect(deleted.output('Agora')).toEqual([{ phone_number: '+19876543212', deleted: true }]);
		expect(sb.phoneNumbers()).toHaveLength(2);
		const again = await run({ resource: 'phoneNumber', operation: 'delete', phoneNumber: '+19876543212' });
		expect(again.error('Agora')?.message).toContain('404');
		const tolerant = await run({ resource: 'phoneNumber', operation: 'delete', phoneNumber: '+19876543212', options: { notFoundIsDeleted: true } });
		expect(tolerant.output('Agora')).toEqual([{ phone_number: '+19876543212', deleted: true, already_deleted: true }]);
	});

	test('Delete after a 504 that went through: repeated once, the 404 means done', async () => {
		sb.injectFault({ method: 'DELETE', pathIncludes: '/phone-numbers', kind: '504-after-commit' });
		const result = await run({ resource: 'phoneNumber', operation: 'delete', phoneNumber: '+19876543210' });
		expect(result.output('Agora')).toEqual([{ phone_number: '+19876543210', deleted: true }]);
		expect(numberRequests('DELETE').map((r) => r.status)).toEqual([504, 404]);
	});
});

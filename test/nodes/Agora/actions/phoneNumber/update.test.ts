/** Phone Number › Update, run through n8n's engine against the sandbox. */
import { importNumbers, numberRequests, run, sb } from './setup';
import { apiField } from '../../../../lib/harness';

describe('Update', () => {
	beforeEach(importNumbers);

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
		expect(patch.body).toEqual({
			inbound_config: { pipeline_id: 'pl_inbound' },
			outbound_config: null,
		});
		expect(result.output('Agora')[0]).toMatchObject({
			phone_number: '+19876543210',
			associated_pipeline: { pipeline_id: 'pl_inbound' },
		});
		expect(
			sb.phoneNumbers().find((n) => n.phone_number === '+19876543210')?.outbound_config,
		).toBeNull();
	});

	test('Update with nothing to change, or a link without pipeline, is refused before sending', async () => {
		const nothing = await run({
			resource: 'phoneNumber',
			operation: 'update',
			phoneNumber: '+19876543210',
		});
		expect(nothing.error('Agora')?.message).toContain('needs inbound_config or outbound_config');
		// Left empty in the editor, n8n itself flags the field; an expression can still give nothing.
		const noId = await run({
			resource: 'phoneNumber',
			operation: 'update',
			phoneNumber: '+19876543210',
			outboundChange: 'link',
			outboundPipelineId: '={{ $json.missing ?? "" }}',
		});
		expect(apiField(noId.error('Agora'))).toBe('outbound_config.pipeline_id');
		expect(sb.requests).toHaveLength(0);
	});
});

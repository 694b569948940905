/** Phone Call › Get, run through n8n's engine against the sandbox. */
import { placeCall, run, sb, SETUP_MS } from './setup';
import { apiField } from '../../../../lib/harness';

describe('Get', () => {
	test('ringing, answered, then hung up by the callee, as the call goes', async () => {
		sb.setCallee('*', { action: 'answer', afterMs: 1000, hangUpAfterMs: 5000 });
		const agentId = await placeCall();
		const get = async () =>
			(await run({ resource: 'phoneCall', operation: 'get', agentId })).output('Agora')[0];
		expect(await get()).toMatchObject({
			agent_id: agentId,
			type: 'outbound',
			to_number: '+14155550123',
			channel: 'phone-room',
			stop_ts: 0,
		});
		expect((await get()).state).toBeUndefined();
		sb.clock.advance(SETUP_MS + 1000);
		expect((await get()).state).toBe('answered');
		sb.clock.advance(5000);
		expect(await get()).toMatchObject({ state: 'hangup', reason: 'hangup' });
	});

	test('an unknown call: 404 with Agora’s reason and the request id', async () => {
		const result = await run({ resource: 'phoneCall', operation: 'get', agentId: 'NOPE' });
		const error = result.error('Agora')!;
		expect(error.message).toContain('404');
		expect(String(error.description)).toMatch(/Request id: \S+/);
	});

	test('an empty Call ID is refused before sending', async () => {
		const result = await run({ resource: 'phoneCall', operation: 'get', agentId: ' ' });
		expect(apiField(result.error('Agora'))).toBe('agentId');
		expect(sb.requests).toHaveLength(0);
	});
});

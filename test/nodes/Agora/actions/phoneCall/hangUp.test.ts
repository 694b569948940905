/** Phone Call › Hang Up, run through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import { placeCall, posts, run, sb, SETUP_MS } from './setup';

describe('Hang Up', () => {
	const hangUp = async (agentId: string, over: IDataObject = {}) =>
		await run({ resource: 'phoneCall', operation: 'hangUp', agentId, ...over });

	test('ends a live call (reason request) and its agent; a repeat counts as hung up', async () => {
		const agentId = await placeCall();
		sb.clock.advance(SETUP_MS + 2000);
		const first = await hangUp(agentId);
		expect(first.output('Agora')).toEqual([{ agent_id: agentId, hung_up: true }]);
		expect(sb.calls()[0]).toMatchObject({ reason: 'request' });
		const again = await hangUp(agentId);
		expect(again.error('Agora')).toBeUndefined();
		expect(again.output('Agora')).toEqual([
			{
				agent_id: agentId,
				hung_up: true,
				already_ended: true,
				state: 'hangup',
				reason: 'request',
				stop_ts: sb.calls()[0].stopTs,
			},
		]);
	});

	test('a call the callee never answered, already over: hung up, with how it ended', async () => {
		sb.setCallee('*', { action: 'reject', afterMs: 10 });
		const agentId = await placeCall();
		sb.clock.advance(SETUP_MS + 50);
		const result = await hangUp(agentId);
		expect(result.output('Agora')[0]).toMatchObject({
			hung_up: true,
			already_ended: true,
			reason: 'failed',
		});
	});

	test('504 after the hang-up went through: repeated, the 404 of the repeat means done', async () => {
		const agentId = await placeCall();
		sb.injectFault({ method: 'POST', pathIncludes: '/hangup', kind: '504-after-commit' });
		const result = await hangUp(agentId);
		expect(result.error('Agora')).toBeUndefined();
		expect(result.output('Agora')).toEqual([{ agent_id: agentId, hung_up: true }]);
		expect(posts('/hangup').map((r) => r.status)).toEqual([504, 404]);
	});

	test('an unknown call is an error (404), not "already ended"', async () => {
		const result = await hangUp('UNKNOWNCALL');
		expect(result.error('Agora')?.message).toContain('404');
	});
});

/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/** Agent › Update, run through n8n's engine against the sandbox. */
import type { IDataObject } from 'n8n-workflow';

import { apiField } from '../../../../lib/harness';
import { run, sb, seed } from './setup';

describe('Update', () => {
	test('update wraps the fields in properties and replaces llm.params', async () => {
		const [id] = await seed(1);
		const result = await run({
			resource: 'agent',
			operation: 'update',
			agentId: id,
			updateFields: {
				token: 'new-token-value-123',
				llmParams: '{"model": "gpt-4o", "max_tokens": 200}',
				systemMessages: { messages: [{ role: 'system', content: 'Be brief.' }] },
			},
		});
		expect(result.error('Agora')).toBeUndefined();
		const sent = sb.requests.find((r) => r.path.endsWith('/update'))!.body;
		expect(sent).toEqual({
			properties: {
				token: 'new-token-value-123',
				llm: {
					system_messages: [{ role: 'system', content: 'Be brief.' }],
					params: { model: 'gpt-4o', max_tokens: 200 },
				},
			},
		});
		expect((sb.agents()[0].properties.llm as IDataObject).params).toEqual({
			model: 'gpt-4o',
			max_tokens: 200,
		});
		const out = result.output('Agora')[0];
		expect(out).toMatchObject({ agent_id: id, updated: ['token', 'llm'] });
		expect(JSON.stringify(out)).not.toContain('new-token-value-123');
	});

	test('an untouched {} params is not sent, so the params set at start stay', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({
			resource: 'agent',
			operation: 'update',
			agentId: id,
			updateFields: { llmParams: '{}', mllmParams: '{}', token: 'new-token-1' },
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.requests[0].body).toEqual({ properties: { token: 'new-token-1' } });
	});

	test('{} alone is not a field to update: refused, nothing sent', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({
			resource: 'agent',
			operation: 'update',
			agentId: id,
			updateFields: { llmParams: '{}' },
		});
		expect(result.error('Agora')?.message).toContain(': needs at least one field to update');
		expect(apiField(result.error('Agora'))).toBe('properties');
		expect(sb.requests).toHaveLength(0);
	});

	test.each([
		['typed', ''],
		['from an expression', '={{ $json.missing ?? "" }}'],
	])('an empty Channel Token (%s) is refused naming the field', async (_how, token) => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({
			resource: 'agent',
			operation: 'update',
			agentId: id,
			updateFields: { token },
		});
		expect(result.error('Agora')?.message).toContain(': must not be empty');
		expect(apiField(result.error('Agora'))).toBe('properties.token');
		expect(sb.requests).toHaveLength(0);
	});

	// Conversational AI "Update agent configuration" (rest-api.en.yaml, agent-update) calls no other member invalid.
	test('Additional Body members the form lacks are merged and sent', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const additionalBody =
			'{"properties": {"future_setting": {"on": true}, "llm": {"future_llm": 1}}}';
		const result = await run({
			resource: 'agent',
			operation: 'update',
			agentId: id,
			updateFields: { token: 'new-token-2' },
			options: { additionalBody },
		});
		expect(result.error('Agora')).toBeUndefined();
		expect(sb.requests[0].body).toEqual({
			properties: { token: 'new-token-2', future_setting: { on: true }, llm: { future_llm: 1 } },
		});
	});

	test('a member beside properties is sent too: Agora answers for it, the node does not refuse it', async () => {
		const [id] = await seed(1);
		sb.requests.length = 0;
		const result = await run({
			resource: 'agent',
			operation: 'update',
			agentId: id,
			updateFields: { token: 'new-token-3' },
			options: { additionalBody: '{"future_top": 1}' },
		});
		expect(sb.requests[0].body).toEqual({ properties: { token: 'new-token-3' }, future_top: 1 });
		// The sandbox refuses a top-level member other than properties: that 400 is the answer checked here.
		expect(result.error('Agora')?.message).toContain('Agora update agent failed with 400');
	});
});

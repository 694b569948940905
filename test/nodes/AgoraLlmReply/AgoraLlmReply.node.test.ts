/**
 * The Agora Agent LLM Reply node itself: a small form of the reply's fields only, no credential,
 * and its items answered one after the other (what it sends: test/nodes/shared/brain/reply.test.ts).
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { Agora } from '../../../nodes/Agora/Agora.node';
import { AgoraLlmReply } from '../../../nodes/AgoraLlmReply/AgoraLlmReply.node';
import { runWorkflow } from '../../lib/harness';

const description = new AgoraLlmReply().description;

describe('Agora Agent LLM Reply’s description', () => {
	it('holds the reply’s fields alone, with the Agora operation’s names and defaults', () => {
		expect(description.properties.map((p) => [p.name, p.default])).toEqual([
			['answer', '={{ $json.output }}'],
			['replyFormat', 'auto'],
			['toolCalls', ''],
			['customMetadata', {}],
		]);
		const operation = new Agora().description.properties.filter(
			(p) =>
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes('agentLlm') &&
				p.name !== 'operation' &&
				p.type !== 'notice',
		);
		// The operation's fields carry its show rule; otherwise they are the node's.
		const unconditional = (p: INodeProperties) => ({ ...p, displayOptions: undefined });
		expect(operation.map(unconditional)).toEqual(description.properties.map(unconditional));
	});

	it('needs no credential and shows no field conditionally', () => {
		expect(description.credentials).toBeUndefined();
		expect(description.properties.every((p) => p.displayOptions === undefined)).toBe(true);
		expect(description.name).toBe('agoraLlmReply');
	});
});

describe('Agora Agent LLM Reply’s items', () => {
	it('answers the waiting request with each item in order, each output paired with its item', async () => {
		const sent: IDataObject[] = [];
		const result = await runWorkflow(
			{
				nodes: [
					{
						name: 'Items',
						type: 'test.items',
						parameters: { items: JSON.stringify([{ output: 'first' }, { output: 'second' }]) },
					},
					{ name: 'Reply', type: 'n8n-nodes-agora.agoraLlmReply', parameters: {} },
				],
				connections: { Items: { main: [[{ node: 'Reply', type: 'main', index: 0 }]] } },
			},
			{},
			{},
			{ onSendResponse: (r) => sent.push(r) },
		);
		expect(result.error('Reply')).toBeUndefined();
		expect(result.output('Reply')).toEqual([
			{ replied: true, format: 'json', answer: 'first' },
			{ replied: true, format: 'json', answer: 'second' },
		]);
		const pairs = result.run.data.resultData.runData.Reply[0].data!.main[0]!.map(
			(entry) => entry.pairedItem,
		);
		expect(pairs).toEqual([{ item: 0 }, { item: 1 }]);
		const answers = sent.map((r) => JSON.parse((r.body as Buffer).toString('utf8')));
		expect(answers.map((a) => a.choices[0].message.content)).toEqual(['first', 'second']);
	});
});

/** The refusal text of a broken rule: where to fix it, and Additional Body only where the user set one. */
import type { INode } from 'n8n-workflow';

import { fieldError } from '../../../nodes/shared/validate';

const node = (parameters: INode['parameters']): INode =>
	({
		id: '1',
		name: 'Agora',
		type: 'n8n-nodes-agora.agora',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	}) as INode;

test('without an Additional Body set, the fix does not mention one', () => {
	for (const parameters of [
		{ resource: 'token', operation: 'generate' },
		{ options: {} },
		{ options: { additionalBody: '{}' } },
		{ options: { additionalBody: '  ' } },
	]) {
		expect(fieldError(node(parameters), 'channelName', 'is required', 0).description).not.toContain(
			'Additional Body',
		);
	}
});

test('with an Additional Body set, the fix names the API path to look for in it', () => {
	const error = fieldError(
		node({ options: { additionalBody: '{"properties": {"channel": ""}}' } }),
		'properties.channel',
		'is required',
		0,
	);
	expect(error.description).toContain(
		'(or properties.channel in Additional Body, if you set it there)',
	);
});

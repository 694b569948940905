/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev` stages the templates with their "Set me" values filled for the sandbox, and leaves
 * them empty for real Agora.
 */
import fs from 'fs';
import path from 'path';

import { EXAMPLES_DIR } from '../../scripts/lib/examples';
import { readExample, SANDBOX_SET_ME } from '../../scripts/lib/devSetMe';

interface Workflow {
	nodes: Array<{
		name: string;
		parameters: { assignments?: { assignments: Array<{ name: string; value: unknown }> } };
	}>;
}

const templates = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.endsWith('.json'));
const setMeValues = (workflow: Workflow) =>
	Object.fromEntries(
		workflow.nodes
			.filter((n) => n.name.startsWith('Set me: '))
			.flatMap(
				(n) =>
					n.parameters.assignments?.assignments.map((a) => [`${n.name}.${a.name}`, a.value]) ?? [],
			),
	);

test('every value dev fills is an empty "Set me" field of a template', () => {
	const shipped = templates.map((f) =>
		setMeValues(JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, f), 'utf8')) as Workflow),
	);
	for (const [node, fields] of Object.entries(SANDBOX_SET_ME))
		for (const field of Object.keys(fields))
			expect(shipped.filter((values) => values[`${node}.${field}`] === '')).toHaveLength(1);
});

test.each([true, false])('with the sandbox %s: each template as dev imports it', (withSandbox) => {
	for (const file of templates) {
		const staged = readExample<Workflow>(path.join(EXAMPLES_DIR, file), withSandbox);
		const shipped = JSON.parse(fs.readFileSync(path.join(EXAMPLES_DIR, file), 'utf8')) as Workflow;
		const expected = setMeValues(shipped);
		if (withSandbox)
			for (const [node, fields] of Object.entries(SANDBOX_SET_ME))
				for (const [field, value] of Object.entries(fields))
					if (`${node}.${field}` in expected) expected[`${node}.${field}`] = value;
		expect(setMeValues(staged)).toEqual(expected);
		expect(staged.nodes.length).toBe(shipped.nodes.length);
	}
});

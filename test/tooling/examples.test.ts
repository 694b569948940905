/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The example workflows as the editor shows them: every Agora ID field (a resource locator) saved as
 * a locator value, so its mode dropdown reads "By ID" instead of staying empty; README lists each by
 * its title; keys come from credentials. The gallery's rules are templates.test.ts's.
 */
import { readdirSync, readFileSync } from 'fs';
import { join, resolve } from 'path';

import { Agora } from '../../nodes/Agora/Agora.node';
import { typedSecrets } from './templateRules';

const EXAMPLES = resolve(__dirname, '../../examples');
const files = readdirSync(EXAMPLES)
	.filter((f) => f.endsWith('.json'))
	.sort();
const locators = new Set(
	new Agora().description.properties.filter((p) => p.type === 'resourceLocator').map((p) => p.name),
);

interface ExampleNode {
	name: string;
	type: string;
	parameters?: Record<string, unknown>;
}

test('the node has locator fields to check', () => {
	expect([...locators].sort()).toEqual(['agentId', 'phoneNumber', 'playerId']);
});

test.each(files)('%s: every Agora locator field holds a locator value', (file) => {
	const { nodes } = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as {
		nodes: ExampleNode[];
	};
	const agora = nodes.filter(
		(n) => n.type === 'n8n-nodes-agora.agora' || n.type === 'n8n-nodes-agora.agoraTool',
	);
	for (const node of agora) {
		for (const [key, value] of Object.entries(node.parameters ?? {})) {
			if (!locators.has(key)) continue;
			expect({ node: node.name, key, value }).toEqual({
				node: node.name,
				key,
				value: {
					__rl: true,
					mode: expect.stringMatching(/^(id|list)$/),
					value: expect.any(String),
				},
			});
		}
	}
});

test('README lists every example once, by the title the editor shows', () => {
	const readme = readFileSync(resolve(__dirname, '../../README.md'), 'utf8');
	const listed = [...readme.matchAll(/\[([^\]]+)\]\(examples\/([^)]+\.json)\)/g)].map(
		([, title, file]) => [file, title],
	);
	const titles = files.map((file) => [
		file,
		(JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as { name: string }).name,
	]);
	expect([...listed].sort()).toEqual(titles);
});

test.each(files)(
	'%s: its first sticky note (the overview) names each credential it sets up; a note says what a run costs',
	(file) => {
		const { nodes } = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as {
			nodes: Array<
				ExampleNode & { position: [number, number]; credentials?: Record<string, { name: string }> }
			>;
		};
		// The first note is the one furthest left, then up: where a reader starts.
		const notes = nodes
			.filter((n) => n.type === 'n8n-nodes-base.stickyNote')
			.sort((a, b) => a.position[0] - b.position[0] || a.position[1] - b.position[1])
			.map((n) => String(n.parameters?.content ?? ''));
		const first = notes[0] ?? '';
		expect(first).toMatch(/^## /);
		expect(notes.join('\n')).toMatch(/(\*\*|#+ )What a run costs/);
		const credentials = new Set(
			nodes.flatMap((n) => Object.values(n.credentials ?? {}).map(({ name }) => name)),
		);
		expect([...credentials].filter((name) => !first.includes(name))).toEqual([]);
	},
);

test.each(files)('%s: node ids and names are unique (n8n 2.x refuses a duplicate id)', (file) => {
	const { nodes } = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as {
		nodes: Array<{ id: string; name: string }>;
	};
	expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
	expect(new Set(nodes.map((n) => n.name)).size).toBe(nodes.length);
});

test('the check finds the keys the examples had typed before they took them from a credential', () => {
	const before = resolve(
		__dirname,
		'../fixtures/examples-before-1.3/01-voice-agent-lifecycle.json',
	);
	const { nodes } = JSON.parse(readFileSync(before, 'utf8')) as { nodes: ExampleNode[] };
	const start = nodes.find((n) => n.name === 'Start Agent')!;
	expect(typedSecrets(start.parameters, start.name).sort()).toEqual([
		'Start Agent.llmApiKey',
		'Start Agent.ttsParams(JSON).key',
	]);
	expect(typedSecrets({ headers: '{"Authorization": "Bearer abc"}' }, 'n')).toEqual([
		'n.headers(JSON).Authorization',
	]);
	expect(typedSecrets({ token: '={{ $json.token }}', tokenType: 'rtc', key: '' }, 'n')).toEqual([]);
});

test.each(files)(
	'%s: no node carries a key or a placeholder for one (keys come from credentials)',
	(file) => {
		const { nodes } = JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as {
			nodes: ExampleNode[];
		};
		const found = nodes
			.filter((n) => n.type !== 'n8n-nodes-base.stickyNote')
			.flatMap((n) => typedSecrets(n.parameters ?? {}, n.name));
		expect(found).toEqual([]);
	},
);

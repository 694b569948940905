/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The editor copy follows n8n's conventions (placeholders, Add buttons, Get Many values), product
 * comments stay at most 3 lines, and no source comment cites a document outside the repository.
 */
import * as fs from 'fs';
import * as path from 'path';

import type {
	ICredentialType,
	INode,
	INodeProperties,
	INodePropertyCollection,
	INodePropertyOptions,
} from 'n8n-workflow';

import { AgoraApi } from '../../credentials/AgoraApi.credentials';
import { Agora } from '../../nodes/Agora/Agora.node';
import { AgoraTrigger } from '../../nodes/AgoraTrigger/AgoraTrigger.node';
import { declaredBuilders, formLabel } from '../../nodes/Agora/form/labels';
import { fieldError } from '../../nodes/shared/validate';
import { AgoraLlmTrigger } from '../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { AgoraLlmReply } from '../../nodes/AgoraLlmReply/AgoraLlmReply.node';
import { AgoraAgentLlmApi } from '../../credentials/AgoraAgentLlmApi.credentials';

const root = path.resolve(__dirname, '../..');
const credentialTypes: ICredentialType[] = [new AgoraApi(), new AgoraAgentLlmApi()];

interface Found {
	path: string;
	property: INodeProperties;
}

/** Every property, nested ones included, with its path. */
function allProperties(list: INodeProperties[], prefix: string): Found[] {
	const out: Found[] = [];
	for (const property of list) {
		const here = `${prefix}.${property.name}`;
		out.push({ path: here, property });
		if (property.type === 'collection')
			out.push(...allProperties((property.options ?? []) as INodeProperties[], here));
		if (property.type === 'fixedCollection') {
			for (const group of (property.options ?? []) as INodePropertyCollection[])
				out.push(...allProperties(group.values, `${here}.${group.name}`));
		}
	}
	return out;
}

const everything: Found[] = [
	...allProperties(new Agora().description.properties, 'Agora'),
	...allProperties(new AgoraTrigger().description.properties, 'AgoraTrigger'),
	...allProperties(new AgoraLlmTrigger().description.properties, 'AgoraLlmTrigger'),
	...allProperties(new AgoraLlmReply().description.properties, 'AgoraLlmReply'),
	...credentialTypes.flatMap((type) => allProperties(type.properties, type.name)),
];

it('checks enough properties to mean something', () => {
	expect(everything.length).toBeGreaterThan(150);
});

it('placeholders of input fields start with "e.g."', () => {
	const inputs = everything.filter(
		({ property }) =>
			property.placeholder !== undefined &&
			!['collection', 'fixedCollection'].includes(property.type),
	);
	expect(inputs.length).toBeGreaterThan(20);
	const wrong = inputs
		.filter(({ property }) => !String(property.placeholder).startsWith('e.g. '))
		.map(({ path: p, property }) => `${p}: ${property.placeholder}`);
	expect(wrong).toEqual([]);
});

it('"By ID" of every resource locator shows an example ID after "e.g."', () => {
	const locators = everything.filter(({ property }) => property.type === 'resourceLocator');
	expect(locators.length).toBeGreaterThanOrEqual(2);
	for (const { property } of locators) {
		expect(property.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
		expect(property.modes?.find((mode) => mode.name === 'id')?.placeholder).toMatch(/^e\.g\. \S+$/);
	}
});

it('collections offer "Add Option", or "Add Field" / "Add Filter" for fields and filters', () => {
	const expected = (name: string) =>
		name === 'filters' ? 'Add Filter' : /Fields$/.test(name) ? 'Add Field' : 'Add Option';
	const collections = everything.filter(({ property }) => property.type === 'collection');
	expect(collections.length).toBeGreaterThan(10);
	const wrong = collections
		.filter(({ property }) => property.placeholder !== expected(property.name))
		.map(({ path: p, property }) => `${p}: ${property.placeholder}`);
	expect(wrong).toEqual([]);
});

it('lists add their entries with "Add <Thing>" in title case', () => {
	const lists = everything.filter(({ property }) => property.type === 'fixedCollection');
	const wrong = lists
		.filter(({ property }) => !/^Add( [A-Z][A-Za-z]*| MCP)+$/.test(String(property.placeholder)))
		.map(({ path: p, property }) => `${p}: ${property.placeholder}`);
	expect(wrong).toEqual([]);
});

it('every resource’s Get Many has the value getAll in the newest node version', () => {
	const description = new Agora().description;
	const newest = Math.max(
		...(Array.isArray(description.version) ? description.version : [description.version]),
	);
	const resources = (
		description.properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]
	).map((o) => String(o.value));
	const shownIn = (p: INodeProperties) => {
		const versions = p.displayOptions?.show?.['@version'] as number[] | undefined;
		return !versions || versions.includes(newest);
	};
	const getMany = resources.flatMap((resource) => {
		const operation = description.properties.find(
			(p) =>
				p.name === 'operation' &&
				p.displayOptions?.show?.resource?.includes(resource) &&
				shownIn(p),
		);
		return ((operation?.options ?? []) as INodePropertyOptions[])
			.filter((o) => o.name === 'Get Many')
			.map((o) => `${resource}:${o.value}`);
	});
	expect(getMany.length).toBeGreaterThanOrEqual(2);
	expect(getMany.filter((entry) => !entry.endsWith(':getAll'))).toEqual([]);
});

/** The TypeScript files under `dir`. */
function sources(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		return entry.isDirectory() ? sources(full) : entry.name.endsWith('.ts') ? [full] : [];
	});
}

/** Where a comment of more than `most` lines starts ("file:line (n lines)"): a block comment's text lines, or a run of `//` lines. */
function longComments(file: string, most: number): string[] {
	const lines = fs.readFileSync(file, 'utf8').split('\n');
	const found: string[] = [];
	for (let i = 0; i < lines.length; i++) {
		const start = lines[i].trim();
		let end = i;
		let count = 0;
		if (start.startsWith('/*')) {
			while (!lines[end].includes('*/')) end++;
			count = lines.slice(i, end + 1).filter(
				(line) =>
					line
						.replace(/^\s*(\/\*\*?|\*\/|\*)/, '')
						.replace('*/', '')
						.trim() !== '',
			).length;
		} else if (start.startsWith('//')) {
			while (lines[end + 1]?.trim().startsWith('//')) end++;
			count = end - i + 1;
		}
		if (count > most) found.push(`${path.relative(root, file)}:${i + 1} (${count} lines)`);
		i = end;
	}
	return found;
}

it('comments in the product code are at most 3 lines (the reasoning lives in docs/design.md)', () => {
	const files = [...sources(path.join(root, 'nodes')), ...sources(path.join(root, 'credentials'))];
	expect(files.length).toBeGreaterThan(50);
	expect(files.flatMap((file) => longComments(file, 3))).toEqual([]);
});

it('no source comment cites a document that is not in the repository', () => {
	const cited = /service-interface|public-facts|\bthe spec\b|\bspec\.md\b|older snapshot/i;
	const hits = [
		...sources(path.join(root, 'nodes')),
		...sources(path.join(root, 'credentials')),
	].flatMap((file) =>
		fs
			.readFileSync(file, 'utf8')
			.split('\n')
			.map((line, index) => ({ line, where: `${path.relative(root, file)}:${index + 1}` }))
			.filter(({ line }) => cited.test(line))
			.map(({ where, line }) => `${where}: ${line.trim()}`),
	);
	expect(hits).toEqual([]);
});

describe('validation errors name the field as the form labels it', () => {
	// The node's constructor makes errors use its description's labels.
	new Agora();
	const nodeOf = (resource: string, operation: string) =>
		({ parameters: { resource, operation } }) as unknown as INode;
	const start = nodeOf('agent', 'start');
	const onlyInAdditionalBody = /Additional Body/;
	const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

	/** API paths the Start request can be refused at: the schema's reports and the form readers' checks. */
	function startPaths(): string[] {
		const schema = ['nodes/Agora/schemas/agent.ts', 'nodes/Agora/schemas/telephony.ts']
			.map(read)
			.join('\n');
		const reported = [...schema.matchAll(/report\(\[([^\]]+)\]/g)].map((m) =>
			[...m[1].matchAll(/'([a-z_]+)'/g)].map((part) => part[1]).join('.'),
		);
		const config = fs
			.readdirSync(path.join(root, 'nodes/Agora/agentConfig'))
			.map((file) => read(`nodes/Agora/agentConfig/${file}`))
			.join('\n');
		const checked = [...config.matchAll(/'(properties\.[a-z_.]+)'/g)].map((m) => m[1]);
		return [...new Set([...reported, ...checked])].filter((p) => p.includes('.') || p === 'name');
	}

	it('every API path a parameter declares it builds is named by a field of its form (Start, Call, Cloud Recording)', () => {
		const declared = [...declaredBuilders()];
		expect(declared.length).toBeGreaterThan(20);
		const missing = declared
			.filter(([api]) => {
				const forms = api.startsWith('sip.')
					? [nodeOf('phoneCall', 'call')]
					: /^(cname|uid|clientRequest|acquire)(\.|$)/.test(api)
						? ['start', 'update', 'stop'].map((op) => nodeOf('cloudRecording', op))
						: [start];
				const labels = forms.map((node) => formLabel(node, api));
				return !labels.some((label) => label && !onlyInAdditionalBody.test(label));
			})
			.map(([api, parameter]) => `${api} -> ${parameter}`);
		expect(missing).toEqual([]);
	});

	it('every rule Start checks names a field of the form', () => {
		const paths = startPaths();
		expect(paths.length).toBeGreaterThan(15);
		const unnamed = paths.filter((p) => {
			const label = formLabel(start, p);
			return !label || onlyInAdditionalBody.test(label);
		});
		expect(unnamed).toEqual([]);
	});

	it('the fields other operations check by name are fields of their form', () => {
		const dir = path.join(root, 'nodes/Agora/actions');
		const unnamed = fs
			.readdirSync(dir)
			.filter((resource) => fs.statSync(path.join(dir, resource)).isDirectory())
			.flatMap((resource) =>
				fs
					.readdirSync(path.join(dir, resource))
					.filter((file) => file.endsWith('.operation.ts'))
					.flatMap((file) => {
						const node = nodeOf(resource, file.replace('.operation.ts', ''));
						const fields = [
							...read(`nodes/Agora/actions/${resource}/${file}`).matchAll(
								/invalidField\(\w+, '([^']+)'/g,
							),
						].map((m) => m[1]);
						return fields
							.filter((field) => !formLabel(node, field))
							.map((field) => `${resource}.${file}: ${field}`);
					}),
			);
		expect(unnamed).toEqual([]);
	});

	it('a missing LLM URL is reported as the form labels it, with the API path in the description', () => {
		const error = fieldError(start, 'properties.llm.url', 'is required', 0);
		expect(error.message).toBe('Invalid “LLM URL”: is required');
		expect(error.description).toContain('API field: properties.llm.url');
	});
});

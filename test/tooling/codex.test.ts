/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Codex files: what n8n's editor reads beside each compiled node (categories, search aliases,
 * documentation links), and the build step that puts them there.
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';
import type { INodePropertyOptions, INodeType } from 'n8n-workflow';

import { Agora } from '../../nodes/Agora/Agora.node';
import { AgoraTrigger } from '../../nodes/AgoraTrigger/AgoraTrigger.node';
import { AgoraLlmTrigger } from '../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { AgoraLlmReply } from '../../nodes/AgoraLlmReply/AgoraLlmReply.node';

const ROOT = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
// The repository page shows the README. No '#' or '?': n8n appends its own `?utm_…` query to it.
const REPO_URL = (pkg.homepage as string).replace(/#readme$/, '');
// Categories n8n's own nodes use; the editor groups nodes by them.
const N8N_CATEGORIES = [
	'AI',
	'Analytics',
	'Communication',
	'Core Nodes',
	'Data & Storage',
	'Development',
	'Finance & Accounting',
	'Marketing',
	'Miscellaneous',
	'Productivity',
	'Sales',
	'Utility',
];
const REQUIRED_ALIASES = ['voice agent', 'conversational AI', 'media pull', 'RTC'];

interface Codex {
	node: string;
	nodeVersion: string;
	codexVersion: string;
	categories: string[];
	alias: string[];
	resources: {
		primaryDocumentation: Array<{ url: string }>;
		credentialDocumentation: Array<{ url: string }>;
	};
}

const nodes: Array<[string, INodeType]> = [
	['nodes/Agora/Agora.node.json', new Agora()],
	['nodes/AgoraTrigger/AgoraTrigger.node.json', new AgoraTrigger()],
	['nodes/AgoraLlmTrigger/AgoraLlmTrigger.node.json', new AgoraLlmTrigger()],
	['nodes/AgoraLlmReply/AgoraLlmReply.node.json', new AgoraLlmReply()],
];

/** GitHub's anchor for a README heading. */
const anchor = (heading: string) =>
	heading
		.trim()
		.toLowerCase()
		.replace(/[^a-z0-9 -]/g, '')
		.replace(/ /g, '-');
const readmeAnchors = fs
	.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
	.split('\n')
	.filter((line) => line.startsWith('#'))
	.map((line) => anchor(line.replace(/^#+/, '')));

describe.each(nodes)('%s', (file, node) => {
	const codex: Codex = JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));

	it('names its node and uses n8n’s categories', () => {
		expect(codex.node).toBe(`${pkg.name}.${node.description.name}`);
		expect(codex.nodeVersion).toBe('1.0');
		expect(codex.codexVersion).toBe('1.0');
		expect(codex.categories).toContain('Communication');
		for (const category of codex.categories) expect(N8N_CATEGORIES).toContain(category);
		// The AI category would make n8n list the agent's Mode options as actions of the node.
		expect(codex.categories).not.toContain('AI');
	});

	it('has the search aliases', () => {
		const aliases = codex.alias.map((a) => a.toLowerCase());
		for (const alias of REQUIRED_ALIASES) expect(aliases).toContain(alias.toLowerCase());
	});

	it('links the README first (n8n’s docs link uses the first), then Agora’s pages', () => {
		const { primaryDocumentation, credentialDocumentation } = codex.resources;
		expect(primaryDocumentation[0].url).toBe(REPO_URL);
		expect(REPO_URL).toMatch(/^https:\/\/github\.com\/[^#?]+$/);
		expect(credentialDocumentation[0].url.startsWith(`${REPO_URL}#`)).toBe(true);
		for (const { url } of [...primaryDocumentation, ...credentialDocumentation]) {
			expect(url).toMatch(
				/^https:\/\/(github\.com\/n8n-nodes-agora\/n8n-nodes-agora|docs\.agora\.io\/en\/)/,
			);
			const hash = url.split('#')[1];
			if (url.startsWith('https://github.com/') && hash !== undefined)
				expect(readmeAnchors).toContain(hash);
		}
	});
});

describe('Agora node documentation', () => {
	// Which part of Agora's docs documents a resource.
	const docsFor = (resource: string): RegExp | undefined =>
		[
			[/agent|phone|call|telephony|llm/i, /docs\.agora\.io\/en\/conversational-ai\//],
			[/player/i, /docs\.agora\.io\/en\/media-pull\//],
			[/recording/i, /docs\.agora\.io\/en\/cloud-recording\//],
			[/token/i, /docs\.agora\.io\/en\/[a-z-]+\/token-authentication\//],
			[
				/notification/i,
				/docs\.agora\.io\/en\/[a-z-]+\/.*message-notification-service\/query-ip-address/,
			],
		].find(([name]) => (name as RegExp).test(resource))?.[1] as RegExp | undefined;

	it('links Agora’s docs for every resource of the node', () => {
		const codex: Codex = JSON.parse(
			fs.readFileSync(path.join(ROOT, 'nodes/Agora/Agora.node.json'), 'utf8'),
		);
		const urls = codex.resources.primaryDocumentation.map((d) => d.url);
		const resource = new Agora().description.properties.find((p) => p.name === 'resource')!;
		for (const option of resource.options as INodePropertyOptions[]) {
			const docs = docsFor(String(option.value));
			expect({ resource: option.value, docsKnown: docs !== undefined }).toEqual({
				resource: option.value,
				docsKnown: true,
			});
			expect(urls.some((url) => docs!.test(url))).toBe(true);
		}
	});
});

describe('build', () => {
	it('copies each codex file beside its compiled node (gulp build:assets)', () => {
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-codex-'));
		try {
			fs.copyFileSync(path.join(ROOT, 'gulpfile.js'), path.join(dir, 'gulpfile.js'));
			fs.cpSync(path.join(ROOT, 'icons'), path.join(dir, 'icons'), { recursive: true });
			for (const [file] of nodes) {
				fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
				fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
			}
			fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
			execFileSync(
				process.execPath,
				[path.join(ROOT, 'node_modules/gulp/bin/gulp.js'), 'build:assets'],
				{ cwd: dir, stdio: 'ignore' },
			);
			for (const [file] of nodes) {
				expect(fs.readFileSync(path.join(dir, 'dist', file), 'utf8')).toBe(
					fs.readFileSync(path.join(ROOT, file), 'utf8'),
				);
			}
			// Compiled node files sit at dist/nodes/<Name>/<Name>.node.js (package.json's n8n.nodes).
			for (const compiled of pkg.n8n.nodes as string[])
				expect(nodes.map(([file]) => `dist/${file}`)).toContain(`${compiled}on`);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('node panel', () => {
	it('describes the whole package on the trigger, whose description n8n shows for the merged Agora entry', () => {
		// n8n's node panel lists a node and its trigger as one entry under the node's name, with the
		// trigger's description; the browser test sees it there.
		const description = new AgoraTrigger().description.description;
		for (const part of ['voice agents', 'cloud players', 'tokens', 'notifications'])
			expect(description).toContain(part);
	});
});

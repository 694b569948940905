/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Every relative link and anchor of README.md and docs/*.md resolves, every repository path and
 * `npm run` script they name exists, and every credential's documentationUrl into this
 * repository's README or docs names a heading that exists.
 */
import { execFileSync } from 'child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

import { AgoraApi } from '../../credentials/AgoraApi.credentials';
import { AgoraNotificationsApi } from '../../credentials/AgoraNotificationsApi.credentials';
import { AgoraVendorKeysApi } from '../../credentials/AgoraVendorKeysApi.credentials';
import { AgoraAgentLlmApi } from '../../credentials/AgoraAgentLlmApi.credentials';

const ROOT = resolve(__dirname, '../..');
const REPOSITORY_URL = 'https://github.com/n8n-nodes-agora/n8n-nodes-agora';
const PAGES = [
	'README.md',
	'sandbox/README.md',
	...readdirSync(join(ROOT, 'docs'))
		.filter((f) => f.endsWith('.md'))
		.map((f) => `docs/${f}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
	const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');
	const anchors = new Set<string>();
	const seen = new Map<string, number>();
	for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
		const base = slug(match[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

/** [text](target) outside code blocks and inline code, with the target's line. */
function linksOf(file: string): Array<{ target: string; line: number }> {
	const lines = readFileSync(file, 'utf8').split('\n');
	const links: Array<{ target: string; line: number }> = [];
	let inFence = false;
	lines.forEach((text, index) => {
		if (/^\s*```/.test(text)) inFence = !inFence;
		if (inFence) return;
		for (const match of text.replace(/`[^`]*`/g, '').matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
			links.push({ target: match[1], line: index + 1 });
		}
	});
	return links;
}

/** What is wrong with a link of `page` to `target`, or undefined when it resolves. */
function problem(page: string, target: string): string | undefined {
	if (/^[a-z]+:/i.test(target)) return undefined;
	const [path, anchor] = target.split('#');
	const file = path === '' ? join(ROOT, page) : resolve(dirname(join(ROOT, page)), decodeURI(path));
	if (!file.startsWith(ROOT)) return `${target} leaves the repository`;
	if (!existsSync(file)) return `${relative(ROOT, file)} does not exist`;
	if (anchor !== undefined) {
		if (statSync(file).isDirectory() || !file.endsWith('.md'))
			return `${target}: an anchor into a file that is not Markdown`;
		if (!anchorsOf(file).has(anchor)) return `${relative(ROOT, file)} has no heading #${anchor}`;
	}
	return undefined;
}

const TRACKED = execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n');
const SCRIPTS = Object.keys(
	(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: object }).scripts,
);
const TOP = /^(nodes|credentials|sandbox|scripts|test|docs|examples|templates|\.ci|\.github)\//;

/** Whether git ignores the path (generated output such as test/bench/out/). */
function ignored(path: string): boolean {
	try {
		execFileSync('git', ['check-ignore', '-q', path], { cwd: ROOT });
		return true;
	} catch {
		return false;
	}
}

/**
 * What a page names that does not exist: `npm run X` without a script X, a path from the
 * repository's root (`test/lib/sandbox.ts`) neither tracked nor ignored output, or a TypeScript
 * file name (`reader.ts`, `form/reader.ts`) that no tracked file ends with.
 */
function staleNames(text: string): string[] {
	const stale: string[] = [];
	for (const [, script] of text.matchAll(/npm run ([\w:.-]*\w)\b(?![:*])/g))
		if (!SCRIPTS.includes(script)) stale.push(`npm run ${script}`);
	for (const [, code] of text.matchAll(/`([^`\s]+)`/g)) {
		const name = code.replace(/[.,:;]+$/, '').replace(/[:#].*$/, '');
		if (/[*{<]/.test(name)) continue;
		if (TOP.test(name)) {
			const bare = name.replace(/\/$/, '');
			const known =
				existsSync(join(ROOT, bare)) ||
				TRACKED.some((f) => f.startsWith(`${bare}/`)) ||
				ignored(name);
			if (!known) stale.push(name);
		} else if (/^[\w./-]+\.ts$/.test(name) && !name.startsWith('.')) {
			if (!TRACKED.some((f) => f === name || f.endsWith(`/${name}`))) stale.push(name);
		}
	}
	return stale;
}

describe('documentation names what exists', () => {
	it.each(PAGES)('every path and npm script %s names exists', (page) => {
		expect(staleNames(readFileSync(join(ROOT, page), 'utf8'))).toEqual([]);
	});

	it('finds a missing script, path and file name', () => {
		expect(
			staleNames(
				'`npm run nope`, npm run test:all, `test/lib/nope.ts`, `test/bench/out/`, `nope.ts`, `form/reader.ts`',
			),
		).toEqual(['npm run nope', 'test/lib/nope.ts', 'nope.ts']);
	});
});

describe('documentation links', () => {
	it.each(PAGES)('every relative link and anchor of %s resolves', (page) => {
		const broken = linksOf(join(ROOT, page)).flatMap(({ target, line }) => {
			const wrong = problem(page, target);
			return wrong ? [`${page}:${line}: ${wrong}`] : [];
		});
		expect(broken).toEqual([]);
	});

	it.each(
		[
			new AgoraApi(),
			new AgoraNotificationsApi(),
			new AgoraVendorKeysApi(),
			new AgoraAgentLlmApi(),
		].map((c) => [c.name, c.documentationUrl]),
	)('the documentationUrl of %s resolves', (_name, url) => {
		if (!url.startsWith(REPOSITORY_URL)) return;
		// The repository's front page is README.md; files are linked as /blob/<branch>/<path>.
		const rest = url.slice(REPOSITORY_URL.length);
		const target = rest.startsWith('#') ? `README.md${rest}` : rest.replace(/^\/blob\/[^/]+\//, '');
		expect(problem('README.md', target)).toBeUndefined();
	});

	it('finds a broken anchor and a missing file', () => {
		expect(problem('README.md', '#no-such-heading')).toMatch(/no heading/);
		expect(problem('README.md', 'docs/no-such-page.md')).toMatch(/does not exist/);
		expect(problem('README.md', '#credential-agora-vendor-keys')).toBeUndefined();
	});
});

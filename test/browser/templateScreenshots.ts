/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run screenshots`: the canvas of each template worth submitting to n8n's gallery, taken in
 * Chromium from a real n8n with the packed package installed, zoomed to fit, written to
 * docs/templates/<name>.png (the gallery shows no preview of a community node's canvas).
 * `npm run screenshots -- website-agent` takes one; N8N_VERSION picks the n8n.
 */
import fs from 'fs';
import path from 'path';
import type { Page } from 'playwright-core';

import { EXAMPLES_DIR } from '../../scripts/lib/examples';
import { ROOT } from '../../scripts/lib/n8nInstall';
import { N8nE2e } from '../lib/n8nE2e';
import { openSignedInBrowser } from './editorHost';

interface TemplateNode {
	credentials?: Record<string, { id: string; name: string }>;
}

/** docs/templates/<name>.md and .png for each gallery template, by its number in examples/. */
export const GALLERY_TEMPLATES: Record<string, string> = {
	'website-agent': '18',
	'call-campaign': '08',
	'chat-places-call': '12',
	'booking-agent-webhook-tool': '17',
	'after-the-call': '13',
	'call-recordings': '19',
	'inbound-greeting': '20',
};

/** The template file numbered `prefix` (its name after the number may change with the template). */
function templateFile(prefix: string): string {
	const [file, ...more] = fs.readdirSync(EXAMPLES_DIR).filter((f) => f.startsWith(`${prefix}-`));
	if (!file || more.length) throw new Error(`want one template numbered ${prefix} in examples/`);
	return path.join(EXAMPLES_DIR, file);
}

const OUT_DIR = path.join(ROOT, 'docs/templates');
const VIEWPORT = { width: 1600, height: 1000 };

/**
 * The credentials the templates name, empty: the canvas then shows each node as a user sees it once
 * set up, without "credential not found" marks. They live only in this throwaway n8n.
 */
function namedCredentials(workflows: Array<{ nodes: TemplateNode[] }>) {
	const byId = new Map<
		string,
		{ id: string; name: string; type: string; data: Record<string, string> }
	>();
	for (const { nodes } of workflows)
		for (const node of nodes)
			for (const [type, { id, name }] of Object.entries(node.credentials ?? {}))
				byId.set(id, { id, name, type, data: {} });
	return [...byId.values()];
}

/** Opens the workflow on the canvas, zooms to fit, and waits for every node to be drawn. */
async function showWorkflow(page: Page, baseUrl: string, id: string, nodes: number): Promise<void> {
	await page.goto(`${baseUrl}/workflow/${id}`);
	// Vue Flow draws every node, sticky notes included, as one of these.
	const drawn = page.locator('.vue-flow__node');
	for (let attempt = 0; (await drawn.count()) < nodes; attempt++) {
		if (attempt > 240) {
			await page.screenshot({ path: path.join(OUT_DIR, `failed-${id}.png`) });
			throw new Error(`workflow ${id}: ${await drawn.count()} of ${nodes} nodes drawn`);
		}
		await page.waitForTimeout(250);
	}
	// "1" is the canvas's zoom to fit; the pane takes the key once the pointer is over it.
	await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
	await page.keyboard.press('1');
	// Then away, so that no node shows its hover buttons.
	await page.mouse.move(VIEWPORT.width - 5, VIEWPORT.height / 2);
	// The zoom animates; then the editor's hints and toasts are hidden so only the canvas shows.
	await page.waitForTimeout(1500);
	await page.addStyleTag({
		content: '.el-notification, [data-test-id="canvas-controls"] { display: none !important; }',
	});
}

async function main(): Promise<void> {
	const wanted = process.argv.slice(2);
	const names = wanted.length ? wanted : Object.keys(GALLERY_TEMPLATES);
	for (const name of names)
		if (!GALLERY_TEMPLATES[name]) throw new Error(`no gallery template named ${name}`);
	const e2e = await N8nE2e.start({ name: 'screenshots', sandbox: false, ownN8n: true });
	try {
		const files = names.map((name) => templateFile(GALLERY_TEMPLATES[name]));
		const workflows = files.map(
			(file) => JSON.parse(fs.readFileSync(file, 'utf8')) as { id: string; nodes: TemplateNode[] },
		);
		await e2e.host.importCredentialData(namedCredentials(workflows));
		await e2e.importWorkflows(files);
		await e2e.host.start();
		await e2e.host.waitForRestApi();
		const { browser, context } = await openSignedInBrowser(e2e.host.baseUrl);
		try {
			const page = await context.newPage();
			await page.setViewportSize(VIEWPORT);
			fs.mkdirSync(OUT_DIR, { recursive: true });
			for (const [i, name] of names.entries()) {
				const workflow = workflows[i];
				await showWorkflow(page, e2e.host.baseUrl, workflow.id, workflow.nodes.length);
				const file = path.join(OUT_DIR, `${name}.png`);
				await page.screenshot({ path: file });
				process.stdout.write(`${path.relative(ROOT, file)} (n8n ${e2e.version})\n`);
			}
		} finally {
			await browser.close();
		}
	} finally {
		await e2e.close();
	}
}

if (require.main === module)
	main().catch((error: unknown) => {
		process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
		process.exit(1);
	});

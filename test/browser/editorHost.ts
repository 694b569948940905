/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The browser tests' set-up: the same real n8n as the end-to-end suite (packed package installed
 * the way n8n installs community packages), the Agora sandbox in its own process, an owner account,
 * and Debian's Chromium driven by playwright-core (no browser download).
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';
import {
	chromium,
	selectors,
	type Browser,
	type BrowserContext,
	type Locator,
	type Page,
} from 'playwright-core';

import { setUpDev, startDevN8n, type DevContext, type DevSetup } from '../../scripts/lib/devSteps';
import { OWNER, type N8nHost } from '../../scripts/lib/n8nHost';
import { freePort, installN8n, ROOT } from '../../scripts/lib/n8nInstall';
import { type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { N8nE2e } from '../lib/n8nE2e';

export const SCREENSHOTS_DIR = path.join(ROOT, 'test/browser/screenshots');

export const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export interface EditorHost {
	version: string;
	host: N8nHost;
	sandbox: SandboxProcess;
	context: BrowserContext;
	page: Page;
	screenshot(name: string): Promise<void>;
	stop(): Promise<void>;
}

/** Debian's Chromium, installed by the project's script when missing. */
export function chromiumPath(): string {
	const out = execFileSync('bash', [path.join(ROOT, 'test/browser/install-chromium.sh')], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	return out.trim().split('\n').pop()!;
}

export async function startEditorHost(version: string): Promise<EditorHost> {
	const e2e = await N8nE2e.start({ name: 'browser', version, sandbox: {}, ownN8n: true });
	const { host, sandbox } = e2e;
	let context: BrowserContext | undefined;
	try {
		await host.start();
		await host.waitForRestApi();
		selectors.setTestIdAttribute('data-test-id');
		context = await chromium.launchPersistentContext(path.join(e2e.folder, 'chromium-profile'), {
			executablePath: chromiumPath(),
			headless: true,
			args: CHROMIUM_FLAGS,
			viewport: { width: 1600, height: 1000 },
		});
		// No internet at test time: the editor's calls elsewhere (npm registry, telemetry) fail at once.
		await context.route(
			(url) => url.hostname !== '127.0.0.1',
			(route) => route.abort(),
		);
		await createOwner(context, host.baseUrl);
	} catch (error) {
		await context?.close();
		await e2e.close();
		throw error;
	}
	const page = context.pages()[0] ?? (await context.newPage());
	const shots = path.join(SCREENSHOTS_DIR, version);
	fs.mkdirSync(shots, { recursive: true });
	return {
		version,
		host,
		sandbox,
		context,
		page,
		async screenshot(name: string) {
			await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
		},
		async stop() {
			await context!.close();
			await e2e.close();
		},
	};
}

/**
 * `npm run dev`'s own set-up and n8n in `folder` (scripts/lib/devSteps.ts), on free ports, with the
 * sandbox: dev's settings come from its environment, and here there are no AGORA_* keys.
 */
export async function startDevIn(
	version: string,
	folder: string,
	say: (message: string) => void = () => undefined,
): Promise<{ ctx: DevContext; dev: DevSetup }> {
	const ctx: DevContext = {
		n8nDir: installN8n(version),
		version,
		folder,
		say,
		cleanups: [],
		isStopping: () => false,
	};
	const dev = await setUpDev(ctx, { N8N_PORT: String(await freePort()), SANDBOX_PORT: '0' });
	if (!dev) throw new Error('dev stopped while setting up');
	await startDevN8n(ctx, dev);
	await dev.host.waitForRestApi();
	return { ctx, dev };
}

/** Chromium on this machine only (anything else is refused), signed in as a fresh n8n's new owner. */
export async function openSignedInBrowser(
	baseUrl: string,
): Promise<{ browser: Browser; context: BrowserContext }> {
	selectors.setTestIdAttribute('data-test-id');
	const browser = await chromium.launch({
		executablePath: chromiumPath(),
		headless: true,
		args: CHROMIUM_FLAGS,
	});
	try {
		const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
		await context.route(
			(url) => url.hostname !== '127.0.0.1',
			(route) => route.abort(),
		);
		await createOwner(context, baseUrl);
		return { browser, context };
	} catch (error) {
		await browser.close();
		throw error;
	}
}

/**
 * n8n's editor needs an owner account. A fresh n8n (1.x and 2.x) accepts the owner's set-up once,
 * through its REST API, and answers with the session cookie, kept by the browser context.
 */
export async function createOwner(context: BrowserContext, baseUrl: string): Promise<void> {
	const res = await context.request.post(`${baseUrl}/rest/owner/setup`, { data: OWNER });
	if (!res.ok()) throw new Error(`n8n owner set-up failed: ${res.status()} ${await res.text()}`);
	const cookies = await context.cookies(baseUrl);
	if (!cookies.some((c) => c.name === 'n8n-auth'))
		throw new Error('n8n owner set-up gave no session cookie');
}

/** Waits until the locator's text matches (Playwright-core has no retrying assertions). */
export async function waitForText(
	locator: Locator,
	pattern: RegExp,
	timeoutMs = 30000,
): Promise<string> {
	const deadline = Date.now() + timeoutMs;
	let last = '';
	while (Date.now() < deadline) {
		last = (await locator.innerText({ timeout: timeoutMs }).catch(() => '')) ?? '';
		if (pattern.test(last)) return last;
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`text ${pattern} not found; last text was: ${last.slice(0, 500)}`);
}

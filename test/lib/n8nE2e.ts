/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The one set-up of a real n8n for the e2e, browser and bench suites: `useN8nE2e(options, ready)` in a
 * jest file (or `N8nE2e.start`), then importAgoraCredential, importWorkflows, serve; see docs/testing.md.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { exampleCredentials } from '../../scripts/lib/examples';
import { N8nHost } from '../../scripts/lib/n8nHost';
import {
	DEFAULT_N8N_VERSION,
	freePort,
	installN8n,
	installPackageInto,
	packPackage,
} from '../../scripts/lib/n8nInstall';
import { startSandboxProcess, type SandboxProcess } from '../../scripts/lib/sandboxProcess';

/** The n8n version this run tests (run.sh sets N8N_VERSION per version). */
export const N8N_VERSION = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;

const SHORT_DELAYS = { SANDBOX_START_DELAY_MS: '20', SANDBOX_STOP_DELAY_MS: '20' };

export interface N8nE2eOptions {
	/** Names the temporary folder (agora-<name>-<version>-…). */
	name: string;
	/** The n8n version; default N8N_VERSION. */
	version?: string;
	/** Environment of the sandbox process (SANDBOX_…, or a function read at start), replacing the default 20 ms start and stop delays; false for none. */
	sandbox?: NodeJS.ProcessEnv | (() => NodeJS.ProcessEnv) | false;
	/** Extra environment for n8n. */
	n8nEnv?: NodeJS.ProcessEnv;
	/** Where the temporary folder goes; default the system's temporary folder. */
	parentDir?: string;
	/** May change the installed copy of the package before n8n starts (never the repository). */
	patchPackage?: (packageDir: string) => void;
	/** Reset the sandbox before each test (useN8nE2e only). */
	resetSandbox?: boolean;
}

/** A real n8n (not started yet) with the packed package installed, and the sandbox as Agora. */
export class N8nE2e {
	private constructor(
		readonly version: string,
		readonly host: N8nHost,
		private readonly sandboxProcess: SandboxProcess | undefined,
		/** The temporary folder; n8n's user folder is inside it. */
		readonly folder: string,
		readonly packageDir: string,
	) {}

	static async start(options: N8nE2eOptions): Promise<N8nE2e> {
		const version = options.version ?? N8N_VERSION;
		const n8nDir = installN8n(version);
		const folder = fs.mkdtempSync(
			path.join(options.parentDir ?? os.tmpdir(), `agora-${options.name}-${version}-`),
		);
		let sandbox: SandboxProcess | undefined;
		try {
			const packageDir = installPackageInto(folder, packPackage(path.join(folder, 'pack')));
			options.patchPackage?.(packageDir);
			if (options.sandbox !== false) {
				sandbox = await startSandboxProcess({
					SANDBOX_PORT: '0',
					...((typeof options.sandbox === 'function' ? options.sandbox() : options.sandbox) ??
						SHORT_DELAYS),
				});
			}
			const host = new N8nHost(n8nDir, folder, await freePort(), options.n8nEnv);
			// n8n 1.x lists community nodes in /types/nodes.json once loaded; 2.x serves them elsewhere.
			if (version.startsWith('1.')) host.awaitedNodeTypes.push('n8n-nodes-agora.agora');
			return new N8nE2e(version, host, sandbox, folder, packageDir);
		} catch (error) {
			await sandbox?.stop();
			fs.rmSync(folder, { recursive: true, force: true });
			throw error;
		}
	}

	/** The n8n user folder (the package is installed in its .n8n/nodes). */
	get userFolder(): string {
		return this.host.userFolder;
	}

	get sandbox(): SandboxProcess {
		if (!this.sandboxProcess) throw new Error('this n8n was started without a sandbox');
		return this.sandboxProcess;
	}

	/** Production URL of a webhook path (`<base>/webhook/<pathname>`). */
	webhookUrl(pathname: string): string {
		return `${this.host.baseUrl}/webhook/${pathname}`;
	}

	/** The examples' Agora credentials (API, Notifications, ...) against the sandbox; `fields` add or override. */
	async importAgoraCredential(fields: Record<string, string> = {}): Promise<void> {
		const sb = this.sandbox;
		const base = {
			customerId: sb.customerId,
			customerSecret: sb.customerSecret,
			appId: sb.appId,
			host: 'custom',
			customBaseUrl: sb.url,
			notificationSecret: sb.notificationSecret,
		};
		await this.host.importCredentialData(exampleCredentials({ ...base, ...fields }));
	}

	/** Imports workflows in one n8n command, each a JSON file's path or a workflow object. */
	async importWorkflows(workflows: Array<string | object>): Promise<void> {
		const dir = fs.mkdtempSync(path.join(this.folder, 'workflows-'));
		for (const [i, workflow] of workflows.entries()) {
			const file = path.join(dir, `${i}.json`);
			if (typeof workflow === 'string') fs.copyFileSync(workflow, file);
			else fs.writeFileSync(file, JSON.stringify(workflow));
		}
		await this.host.importWorkflowFolder(dir);
	}

	/** Starts n8n unless it runs, activates the workflows, and returns once each has its webhooks registered. */
	async serve(workflowIds: string[], timeoutMs?: number): Promise<void> {
		if (!this.host.running) await this.host.start();
		for (const id of workflowIds) await this.host.activate(id);
		await this.host.waitForWebhooks(workflowIds, timeoutMs);
	}

	/** Stops n8n and the sandbox; removes the folder unless `keep`. */
	async close(keep = false): Promise<void> {
		await this.host.stop().catch(() => undefined);
		await this.sandboxProcess?.stop().catch(() => undefined);
		if (!keep) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

/**
 * In a jest file: starts an N8nE2e before the file's tests (then calls `ready`, for imports and
 * `serve`) and closes it after them.
 */
export function useN8nE2e(
	options: N8nE2eOptions,
	ready: (e2e: N8nE2e) => Promise<void> | void,
): void {
	let e2e: N8nE2e | undefined;
	beforeAll(async () => {
		e2e = await N8nE2e.start(options);
		await ready(e2e);
	}, 900000);
	afterAll(async () => {
		await e2e?.close();
	});
	if (options.resetSandbox) {
		beforeEach(async () => {
			await e2e?.sandbox.control('reset', {});
		});
	}
}

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * The one set-up of a real n8n for the e2e, browser and bench suites: `useN8nE2e(options, ready)` in a
 * jest file (or `N8nE2e.start`), then importAgoraCredential, importWorkflows, serve; see docs/testing.md.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { exampleCredentials } from '../../scripts/lib/examples';
import { N8nHost, type CliResult } from '../../scripts/lib/n8nHost';
import {
	DEFAULT_N8N_VERSION,
	freePort,
	installBuiltPackage,
	installN8n,
} from '../../scripts/lib/n8nInstall';
import { startSandboxProcess, type SandboxProcess } from '../../scripts/lib/sandboxProcess';

/** The n8n version this run tests (run.sh sets N8N_VERSION per version). */
export const N8N_VERSION = process.env.N8N_VERSION ?? DEFAULT_N8N_VERSION;

const SHORT_DELAYS = { SANDBOX_START_DELAY_MS: '20', SANDBOX_STOP_DELAY_MS: '20' };

/**
 * `describe` in one version's lane of the run (run.sh's N8N_E2E_VERSIONS, in order), `describe.skip`
 * in the others: for a file that runs once per run, placed to keep the two lanes even.
 */
export function inLane(which: 'first' | 'last'): jest.Describe {
	const versions = (process.env.N8N_E2E_VERSIONS ?? N8N_VERSION).trim().split(/\s+/);
	const lane = which === 'first' ? versions[0] : versions[versions.length - 1];
	return N8N_VERSION === lane ? describe : describe.skip;
}

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
	/** An n8n of its own even where the run's shared one could serve (its user folder is changed). */
	ownN8n?: boolean;
}

/** The n8n an e2e run shares between its files (test/e2e/sharedN8n.ts starts it). */
export interface SharedN8n {
	version: string;
	userFolder: string;
	port: number;
	logFile: string;
}

export const SHARED_N8N_ENV = 'AGORA_E2E_SHARED_N8N';

/** The run's shared n8n, when there is one for this version and these options need no n8n of their own. */
function sharedN8nFor(version: string, options: N8nE2eOptions): SharedN8n | undefined {
	const file = process.env[SHARED_N8N_ENV];
	if (!file || options.ownN8n || options.n8nEnv || options.patchPackage) return undefined;
	const shared = JSON.parse(fs.readFileSync(file, 'utf8')) as SharedN8n;
	return shared.version === version ? shared : undefined;
}

/** A real n8n (not started yet) with the packed package installed, and the sandbox as Agora. */
export class N8nE2e {
	private constructor(
		readonly version: string,
		readonly host: N8nHost,
		private readonly sandboxProcess: SandboxProcess | undefined,
		/** The temporary folder; n8n's user folder is inside it unless n8n is shared. */
		readonly folder: string,
		readonly packageDir: string,
		/** Whether n8n is the run's shared one, which outlives this file. */
		readonly shared: boolean,
	) {}

	/** Workflows this file activated: a shared n8n drops them when the file closes. */
	private readonly served = new Set<string>();

	static async start(options: N8nE2eOptions): Promise<N8nE2e> {
		const version = options.version ?? N8N_VERSION;
		const n8nDir = installN8n(version);
		const folder = fs.mkdtempSync(
			path.join(options.parentDir ?? os.tmpdir(), `agora-${options.name}-${version}-`),
		);
		const shared = sharedN8nFor(version, options);
		let sandbox: SandboxProcess | undefined;
		try {
			const packageDir = shared
				? path.join(shared.userFolder, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-agora')
				: installBuiltPackage(folder);
			options.patchPackage?.(packageDir);
			if (options.sandbox !== false) {
				sandbox = await startSandboxProcess({
					SANDBOX_PORT: '0',
					...((typeof options.sandbox === 'function' ? options.sandbox() : options.sandbox) ??
						SHORT_DELAYS),
				});
			}
			if (shared) {
				const host = new N8nHost(n8nDir, shared.userFolder, shared.port).attach(shared.logFile);
				return new N8nE2e(version, host, sandbox, folder, packageDir, true);
			}
			const host = new N8nHost(n8nDir, folder, await freePort(), options.n8nEnv);
			awaitAgoraNodeTypes(host, version);
			return new N8nE2e(version, host, sandbox, folder, packageDir, false);
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

	/** Imports workflows in one n8n command, each a JSON file's path or a workflow object; returns what n8n printed. */
	async importWorkflows(workflows: Array<string | object>): Promise<CliResult> {
		const dir = fs.mkdtempSync(path.join(this.folder, 'workflows-'));
		for (const [i, workflow] of workflows.entries()) {
			const file = path.join(dir, `${i}.json`);
			if (typeof workflow === 'string') fs.copyFileSync(workflow, file);
			else fs.writeFileSync(file, JSON.stringify(workflow));
		}
		return await this.host.importWorkflowFolder(dir);
	}

	/** Starts n8n unless it runs, activates the workflows, and returns once each has its webhooks registered. */
	async serve(workflowIds: string[], timeoutMs?: number): Promise<void> {
		for (const id of workflowIds) await this.activate(id);
		await this.host.waitForWebhooks(workflowIds, timeoutMs);
	}

	/** Starts n8n unless it runs and activates a workflow (one without webhooks too). */
	async activate(workflowId: string): Promise<void> {
		if (!this.host.running) await this.host.start();
		await this.host.activate(workflowId);
		this.served.add(workflowId);
	}

	/** Stops n8n (a shared one only drops this file's workflows) and the sandbox; removes the folder unless `keep`. */
	async close(keep = false): Promise<void> {
		if (this.shared) {
			for (const id of this.served) await this.host.deactivate(id).catch(() => undefined);
		} else {
			await this.host.stop().catch(() => undefined);
		}
		await this.sandboxProcess?.stop().catch(() => undefined);
		if (!keep) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

/** n8n 1.x lists community nodes in /types/nodes.json once loaded; 2.x serves them elsewhere. */
export function awaitAgoraNodeTypes(host: N8nHost, version: string): void {
	if (version.startsWith('1.'))
		host.awaitedNodeTypes.push('n8n-nodes-agora.agora', 'n8n-nodes-agora.agoraLlmReply');
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

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A real n8n (installed by n8nInstall.ts) driven as a server: CLI commands, start and stop, runs and
 * REST calls as its owner, its database read; used by the end-to-end tests and `npm run dev`.
 */
import { execFileSync, spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import os from 'os';
import path from 'path';

import { freePort } from './n8nInstall';
import { N8nRuns, type ExecutedRun, type RecordedExecution } from './n8nRuns';

export { nodeOutput, type ExecutedRun, type RecordedExecution } from './n8nRuns';

/** The owner account a fresh n8n is set up with: its REST API and editor need a signed-in user. */
export const OWNER = {
	email: 'owner@agora-e2e.test',
	firstName: 'Agora',
	lastName: 'Tester',
	password: 'Browser-test-9',
};

/** A credential as n8n's import reads it, its data not yet encrypted. */
export interface StoredCredential {
	id: string;
	name: string;
	type: string;
	data: object;
}

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

/** The Node.js an installed n8n runs on (install-n8n.sh links it as `node` in the n8n folder). */
export function n8nNode(n8nDir: string): string {
	const linked = path.join(n8nDir, 'node');
	return fs.existsSync(linked) ? linked : process.execPath;
}

export class N8nHost {
	readonly bin: string;
	readonly node: string;
	readonly env: NodeJS.ProcessEnv;
	private server?: ChildProcess;
	private ownGroup = false;
	private readonly brokerPortGiven: boolean;
	private readonly commands = new Set<ChildProcess>();
	/** Node types `start` waits for n8n to know (a community package's), besides its readiness. */
	readonly awaitedNodeTypes: string[] = [];
	/** The runs n8n recorded, read from its database. */
	private readonly runs = new N8nRuns(this);
	/** The owner's session cookie for REST calls, once signed in. */
	private session?: string;
	/** The owner's login of an n8n someone else set up: REST calls sign in with it, never set one up. */
	login?: { email: string; password: string };
	serverLog = '';

	constructor(
		readonly n8nDir: string,
		readonly userFolder: string,
		readonly port: number,
		extraEnv: NodeJS.ProcessEnv = {},
	) {
		this.bin = path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
		this.node = n8nNode(n8nDir);
		this.brokerPortGiven = extraEnv.N8N_RUNNERS_BROKER_PORT !== undefined;
		fs.mkdirSync(userFolder, { recursive: true });
		this.env = {
			// n8n's children (task runners) find the same Node.js first.
			PATH: `${path.dirname(fs.realpathSync(this.node))}${path.delimiter}${process.env.PATH}`,
			HOME: userFolder,
			NODE_OPTIONS: '',
			N8N_USER_FOLDER: userFolder,
			N8N_ENCRYPTION_KEY: 'n8n-nodes-agora-e2e-encryption-key',
			N8N_PORT: String(port),
			N8N_LISTEN_ADDRESS: '127.0.0.1',
			N8N_HOST: '127.0.0.1',
			WEBHOOK_URL: `http://127.0.0.1:${port}/`,
			N8N_DIAGNOSTICS_ENABLED: 'false',
			N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
			N8N_TEMPLATES_ENABLED: 'false',
			N8N_PERSONALIZATION_ENABLED: 'false',
			N8N_HIRING_BANNER_ENABLED: 'false',
			N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
			N8N_SECURE_COOKIE: 'false',
			N8N_LOG_LEVEL: 'info',
			N8N_RUNNERS_BROKER_PORT: String(port + 1),
			N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
			// 2.x's default; 1.x's single SQLite connection can leave a transaction open when writes
			// race (TransactionNotStartedError), and the file then stays locked to every other writer.
			DB_SQLITE_POOL_SIZE: '3',
			...extraEnv,
		};
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** One n8n CLI command; `input` is written to its standard input. */
	cli(args: string[], timeoutMs = 180000, input?: string): Promise<CliResult> {
		return new Promise((resolve) => {
			const child = spawn(this.node, [this.bin, ...args], { env: this.env, cwd: this.userFolder });
			this.commands.add(child);
			child.on('exit', () => this.commands.delete(child));
			child.stdin.on('error', () => undefined);
			child.stdin.end(input ?? '');
			let stdout = '';
			let stderr = '';
			child.stdout.on('data', (d) => (stdout += d));
			child.stderr.on('data', (d) => (stderr += d));
			const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
			child.on('close', (code) => {
				clearTimeout(timer);
				resolve({ code: code ?? -1, stdout, stderr });
			});
		});
	}

	async importCredentials(file: string): Promise<void> {
		const r = await this.cli(['import:credentials', `--input=${file}`]);
		if (r.code !== 0) throw new Error(`import:credentials failed: ${r.stderr || r.stdout}`);
	}

	/**
	 * Credentials handed to n8n through a named pipe in a private folder: they never touch the disk
	 * unencrypted (n8n's import reads a file path; a pipe holds its data in memory). While n8n runs,
	 * one it already has is saved through its REST API, as the editor saves it, without a boot of n8n.
	 */
	async importCredentialData(credentials: StoredCredential[]): Promise<void> {
		if (this.running) {
			const held = new Set(
				(await this.rest<Array<{ id: string }>>('GET', 'credentials')).map((c) => c.id),
			);
			for (const { id, name, type, data } of credentials.filter((c) => held.has(c.id)))
				await this.rest('PATCH', `credentials/${id}`, { name, type, data });
			credentials = credentials.filter((c) => !held.has(c.id));
			if (credentials.length === 0) return;
		}
		const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-credentials-'));
		const fifo = path.join(dir, 'credentials.json');
		try {
			execFileSync('mkfifo', ['-m', '600', fifo]);
			const writer = fs.createWriteStream(fifo);
			writer.on('error', () => undefined);
			writer.end(JSON.stringify(credentials));
			const r = await this.cli(['import:credentials', `--input=${fifo}`]);
			// If n8n never opened the pipe, open its reading end so the writer is not left waiting.
			if (!writer.closed)
				fs.closeSync(fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK));
			if (r.code !== 0) throw new Error(`import:credentials failed: ${r.stderr || r.stdout}`);
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	}

	/** Every *.json workflow of a folder, in one n8n command; returns what n8n printed. */
	async importWorkflowFolder(folder: string): Promise<CliResult> {
		const r = await this.cli(['import:workflow', '--separate', `--input=${folder}`]);
		if (r.code !== 0) throw new Error(`import:workflow ${folder} failed: ${r.stderr || r.stdout}`);
		return r;
	}

	async importWorkflow(file: string): Promise<void> {
		const r = await this.cli(['import:workflow', `--input=${file}`]);
		if (r.code !== 0) throw new Error(`import:workflow ${file} failed: ${r.stderr || r.stdout}`);
	}

	/** Activates a workflow: through the REST API when n8n runs (no boot), else with n8n's CLI. */
	async activate(workflowId: string): Promise<void> {
		if (this.running) {
			const { versionId } = await this.rest<{ versionId: string }>(
				'GET',
				`workflows/${workflowId}`,
			);
			await this.rest('POST', `workflows/${workflowId}/activate`, { versionId });
			return;
		}
		const r = await this.cli(['update:workflow', `--id=${workflowId}`, '--active=true']);
		if (r.code !== 0) throw new Error(`update:workflow failed: ${r.stderr || r.stdout}`);
	}

	/** Deactivates a workflow in the running n8n, which drops its webhooks. */
	async deactivate(workflowId: string): Promise<void> {
		await this.rest('POST', `workflows/${workflowId}/deactivate`, {});
	}

	/** An n8n that another process started on this folder and port (`npm run dev`'s): runs go to it. */
	private attached = false;
	/** The attached n8n's log file, read for what a run adds to it. */
	private attachedLog?: string;

	get running(): boolean {
		return (
			this.attached ||
			(this.server !== undefined &&
				this.server.exitCode === null &&
				this.server.signalCode === null)
		);
	}

	attach(logFile?: string): this {
		this.attached = true;
		this.attachedLog = logFile;
		return this;
	}

	/** Where n8n's log stands now; `logSince` returns what came after. */
	private logMark(): number {
		if (!this.attachedLog) return this.serverLog.length;
		return fs.existsSync(this.attachedLog) ? fs.statSync(this.attachedLog).size : 0;
	}

	private logSince(mark: number): string {
		if (!this.attachedLog) return this.serverLog.slice(mark);
		const fd = fs.openSync(this.attachedLog, 'r');
		try {
			const length = Math.max(0, fs.fstatSync(fd).size - mark);
			const buffer = Buffer.alloc(Math.min(length, 200000));
			fs.readSync(fd, buffer, 0, buffer.length, mark + length - buffer.length);
			return buffer.toString('utf8');
		} finally {
			fs.closeSync(fd);
		}
	}

	/** The last lines of n8n's log, for error messages. */
	logTail(): string {
		return this.logSince(Math.max(0, this.logMark() - 3000));
	}

	/**
	 * Runs a workflow from its Manual Trigger in the running n8n (started first if need be), as the
	 * editor's "Execute workflow" does, and returns the run once n8n has saved it. One n8n serves
	 * every run: `n8n execute` would boot a whole n8n each time. `raw` holds n8n's log of the run.
	 */
	async execute(workflowId: string): Promise<{ run: ExecutedRun; raw: CliResult }> {
		if (!this.running) await this.start();
		const workflow = await this.rest<{ id: string; nodes: Array<{ name: string; type: string }> }>(
			'GET',
			`workflows/${workflowId}`,
		);
		const trigger = workflow.nodes.find((node) => node.type === 'n8n-nodes-base.manualTrigger');
		if (!trigger) throw new Error(`workflow ${workflowId} has no Manual Trigger to run from`);
		const logFrom = this.logMark();
		const started = await this.rest<{ executionId?: string }>(
			'POST',
			`workflows/${workflowId}/run`,
			{ workflowData: workflow, triggerToStartFrom: { name: trigger.name } },
		);
		if (!started.executionId)
			throw new Error(`n8n did not start workflow ${workflowId}: ${JSON.stringify(started)}`);
		const execution = await this.runs.finished(Number(started.executionId));
		const raw = {
			code: execution.status === 'success' ? 0 : 1,
			stdout: '',
			stderr: this.logSince(logFrom),
		};
		return { run: { status: execution.status, data: execution.data }, raw };
	}

	/** Creates a workflow (n8n gives it a new id) and runs it: `execute` for a definition made in a test. */
	async executeDefinition(definition: object): Promise<{ run: ExecutedRun; raw: CliResult }> {
		if (!this.running) await this.start();
		const body: Record<string, unknown> = { ...definition };
		delete body.id;
		const created = await this.rest<{ id: string }>('POST', 'workflows', body);
		return await this.execute(created.id);
	}

	/** n8n answers its readiness check before its REST API is mounted; REST calls and the editor need the API. */
	async waitForRestApi(timeoutMs = 120000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			const res = await fetch(`${this.baseUrl}/rest/settings`).catch(() => undefined);
			if (res?.ok) return;
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error(`n8n's REST API did not come up at ${this.baseUrl}/rest/settings`);
	}

	/** One call to n8n's REST API as the owner (set up on a fresh n8n, signed in otherwise); returns `data`. */
	async rest<T>(method: string, pathname: string, body?: unknown): Promise<T> {
		this.session ??= await this.signIn();
		const res = await fetch(`${this.baseUrl}/rest/${pathname}`, {
			method,
			headers: { cookie: this.session, 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await res.text();
		if (!res.ok)
			throw new Error(
				`n8n ${method} /rest/${pathname} answered ${res.status}: ${text.slice(0, 1000)}`,
			);
		const json = text ? JSON.parse(text) : {};
		return (json.data ?? json) as T;
	}

	private async signIn(): Promise<string> {
		await this.waitForRestApi();
		const post = (pathname: string, body: object) =>
			fetch(`${this.baseUrl}/rest/${pathname}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
		const login = this.login ?? OWNER;
		let res = this.login ? undefined : await post('owner/setup', OWNER);
		if (!res?.ok)
			res = await post('login', { emailOrLdapLoginId: login.email, password: login.password });
		const cookie = res.headers.getSetCookie().find((c) => c.startsWith('n8n-auth='));
		if (!res.ok || !cookie)
			throw new Error(`n8n sign-in failed: ${res.status} ${(await res.text()).slice(0, 500)}`);
		return cookie.split(';')[0];
	}

	/** n8n answers ready before it has registered the webhooks of active workflows: wait for theirs. */
	async waitForWebhooks(workflowIds: string[], timeoutMs = 60000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const rows = await this.query<{ workflowId: string }>(
				'SELECT DISTINCT workflowId FROM webhook_entity',
			).catch(() => []);
			const missing = workflowIds.filter((id) => !rows.some((row) => row.workflowId === id));
			if (missing.length === 0) return;
			if (Date.now() > deadline)
				throw new Error(`no webhooks registered for ${missing.join(', ')}:\n${this.logTail()}`);
			await new Promise((r) => setTimeout(r, 250));
		}
	}

	/** `execute`, and the run's data when it succeeded; otherwise an error with n8n's own words. */
	async executeSucceeded(workflowId: string): Promise<ExecutedRun['data']> {
		const { run, raw } = await this.execute(workflowId);
		if (run.status !== 'success') {
			throw new Error(
				`workflow ${workflowId} ended ${run.status}: ${JSON.stringify(run.data.resultData.error ?? {})}\n${raw.stderr.slice(-2000)}`,
			);
		}
		return run.data;
	}

	/**
	 * `n8n start`, ready when its readiness endpoint answers. With `logFile`, n8n's output goes there
	 * and serverLog keeps only the last lines. With `ownGroup`, n8n and what it starts (n8n 2.x's task
	 * runners) get a process group of their own, which stop() ends whole; a terminal's Ctrl-C then
	 * reaches only the caller, which must stop n8n itself (as `npm run dev` does).
	 */
	async start(
		timeoutMs = 120000,
		options: { logFile?: string; ownGroup?: boolean } = {},
	): Promise<void> {
		this.ownGroup = options.ownGroup === true;
		// n8n 1.x mounts its REST API after it reports ready: a restarted n8n answered 404 to the old
		// session's calls. Signing in again waits for the API first.
		this.session = undefined;
		// The task broker's own port, free now (port + 1 may belong to another process).
		if (!this.brokerPortGiven) this.env.N8N_RUNNERS_BROKER_PORT = String(await freePort());
		this.server = spawn(this.node, [this.bin, 'start'], {
			env: this.env,
			cwd: this.userFolder,
			detached: this.ownGroup,
		});
		const log = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : undefined;
		const keep = (d: Buffer) => {
			log?.write(d);
			this.serverLog += d;
			if (log && this.serverLog.length > 20000) this.serverLog = this.serverLog.slice(-10000);
		};
		this.server.stdout!.on('data', keep);
		this.server.stderr!.on('data', keep);
		this.server.once('exit', () => log?.end());
		// A test runner that exits (jest's forceExit) takes n8n with it.
		const server = this.server;
		process.once('exit', () => server.kill('SIGKILL'));
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.server.exitCode !== null) throw new Error(`n8n exited early:\n${this.serverLog}`);
			try {
				const res = await fetch(`${this.baseUrl}/healthz/readiness`);
				if (res.ok && (await this.knowsNodeTypes())) return;
			} catch {
				// not listening yet
			}
			await new Promise((r) => setTimeout(r, 500));
		}
		throw new Error(`n8n did not become ready:\n${this.serverLog.slice(-3000)}`);
	}

	/**
	 * Whether n8n knows `awaitedNodeTypes` yet: on a busy machine n8n 1.x reported ready before it had
	 * loaded the community package, and activating a workflow then failed with "Unrecognized node type".
	 */
	private async knowsNodeTypes(): Promise<boolean> {
		if (this.awaitedNodeTypes.length === 0) return true;
		const res = await fetch(`${this.baseUrl}/types/nodes.json`);
		if (res.status === 404) return true;
		const text = await res.text();
		return this.awaitedNodeTypes.every((type) => text.includes(`"${type}"`));
	}

	/** Ends running CLI commands; n8n's own shutdown first, then whatever of it is left after `graceMs`. */
	async stop(graceMs = 15000): Promise<void> {
		for (const command of this.commands) command.kill('SIGKILL');
		const server = this.server;
		if (!server?.pid) return;
		const group = (signal: NodeJS.Signals) => {
			try {
				if (this.ownGroup) process.kill(-server.pid!, signal);
				else if (server.exitCode === null && server.signalCode === null) server.kill(signal);
			} catch {
				// already gone
			}
		};
		if (server.exitCode === null && server.signalCode === null) {
			await new Promise<void>((resolve) => {
				const timer = setTimeout(() => group('SIGKILL'), graceMs);
				server.once('exit', () => {
					clearTimeout(timer);
					resolve();
				});
				server.kill('SIGTERM');
			});
		}
		group('SIGKILL');
	}

	/**
	 * Reads n8n's own database while n8n runs. n8n's SQLite (no WAL by default) locks the file while
	 * it writes, and sqlite3 gives up after 1 s by default: on a busy machine, during a burst of
	 * executions, a read then failed with SQLITE_BUSY. This connection waits up to 30 s instead.
	 */
	async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
		const sqlite3 = require(path.join(this.n8nDir, 'node_modules', 'sqlite3'));
		const db = new sqlite3.Database(
			path.join(this.userFolder, '.n8n', 'database.sqlite'),
			sqlite3.OPEN_READONLY,
		);
		db.configure('busyTimeout', 30000);
		try {
			return await new Promise<T[]>((resolve, reject) =>
				db.all(sql, params, (err: Error | null, rows: T[]) => (err ? reject(err) : resolve(rows))),
			);
		} finally {
			await new Promise((r) => db.close(r));
		}
	}

	/** Executions n8n recorded, read from its own database (see n8nRuns.ts). */
	async executions(workflowId: string): Promise<RecordedExecution[]> {
		return await this.runs.executions(workflowId);
	}

	/** The workflow's executions once `done` holds and none is still open (see n8nRuns.ts). */
	async settledExecutions(
		workflowId: string,
		done?: (list: RecordedExecution[]) => boolean,
		idleMs?: number,
	): Promise<RecordedExecution[]> {
		return await this.runs.settledExecutions(workflowId, done, idleMs);
	}
}

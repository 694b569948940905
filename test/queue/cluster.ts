/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n in queue mode on 127.0.0.1: Redis and Postgres, one main, one webhook process and N workers
 * sharing one encryption key, with the packed package installed and the sandbox as Agora.
 */
import { execFileSync, type ChildProcess } from 'child_process';
import fs from 'fs';
import http from 'http';
import path from 'path';

import { EXAMPLE_CREDENTIAL, writeCredentialFile } from '../../scripts/lib/examples';
import { N8nHost, n8nNode, type StoredCredential } from '../../scripts/lib/n8nHost';
import { freePort, installN8n, installBuiltPackage, ROOT } from '../../scripts/lib/n8nInstall';
import { startSandboxProcess, type SandboxProcess } from '../../scripts/lib/sandboxProcess';
import { isRunning, spawnGuarded, stillRunning, stopGuarded } from './processes';
import {
	ensurePackages,
	POSTGRES,
	startPostgres,
	startRedis,
	tempFolder,
	type Service,
} from './services';

/** Each n8n process's output, kept after the run (ignored by git). */
export const LOG_DIR = path.join(__dirname, 'out', 'logs');

export const N8N_VERSION = process.env.N8N_VERSION ?? '1.123.81';

/**
 * Bull's lock and stall check, shortened from n8n's defaults (60 s lock, 30 s check: about 90 s
 * before a dead worker's job runs again) so that a killed worker's job is re-run within seconds.
 */
export const STALL = { lockMs: 6000, renewMs: 2000, checkMs: 3000 };

export type Role = 'main' | 'webhook' | 'worker';

export class N8nProcess {
	log = '';
	private child?: ChildProcess;

	constructor(
		readonly name: string,
		readonly role: Role,
		readonly port: number,
		private readonly bin: string,
		/** The Node.js the install was made for (its native modules are built for it). */
		private readonly node: string,
		private readonly env: NodeJS.ProcessEnv,
		private readonly cwd: string,
		private readonly logFile: string,
		private readonly concurrency = 10,
	) {}

	get url(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	get running(): boolean {
		return isRunning(this.child);
	}

	get pid(): number | undefined {
		return this.child?.pid;
	}

	async start(timeoutMs = 180000): Promise<void> {
		this.log = '';
		const command =
			this.role === 'main'
				? ['start']
				: this.role === 'webhook'
					? ['webhook']
					: ['worker', `--concurrency=${this.concurrency}`];
		const child = spawnGuarded(this.node, [this.bin, ...command], { env: this.env, cwd: this.cwd });
		this.child = child;
		const file = fs.createWriteStream(this.logFile, { flags: 'a' });
		const keep = (d: Buffer) => {
			this.log += d;
			file.write(d);
		};
		child.stdout!.on('data', keep);
		child.stderr!.on('data', keep);
		child.once('exit', () => file.end());
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (!this.running) throw new Error(`${this.name} exited early:\n${this.log.slice(-4000)}`);
			try {
				const res = await fetch(`${this.url}/healthz/readiness`);
				if (res.ok) return;
			} catch {
				// not listening yet
			}
			await sleep(500);
		}
		throw new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.log.slice(-4000)}`);
	}

	/**
	 * Waits until this process routes `path` to its node: n8n answers 404 while the workflow's webhook
	 * is not registered yet (main registers them after it reports ready). The probe is a POST that
	 * nodes refuse without starting anything (text/plain: the Agora Trigger answers 415).
	 */
	async waitForRoute(path: string, timeoutMs = 120000): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		let last = 0;
		while (Date.now() < deadline) {
			try {
				const res = await fetch(`${this.url}${path}`, {
					method: 'POST',
					headers: { 'content-type': 'text/plain' },
					body: 'probe',
				});
				last = res.status;
				if (res.status !== 404 && res.status !== 503) return;
			} catch {
				last = 0;
			}
			await sleep(500);
		}
		throw new Error(`${this.name} still answers ${last} on ${path} after ${timeoutMs} ms`);
	}

	/** Graceful stop (n8n finishes or hands back its running jobs), SIGKILL after the grace time. */
	async stop(graceMs = 40000): Promise<void> {
		if (this.child) await stopGuarded(this.child, 'SIGTERM', graceMs);
	}

	/** kill -9 of the process and what it started, as a crashed machine would: no hand-over, no clean-up. */
	async kill(): Promise<void> {
		if (this.child) await stopGuarded(this.child, 'SIGKILL');
	}

	/** Execution ids this process logged as started (workers log "Worker started execution N"). */
	startedExecutions(): string[] {
		return [...this.log.matchAll(/Worker started execution (\d+)/g)].map((m) => m[1]);
	}
}

/** Records what the workflows report (an HTTP Request node posting JSON), in arrival order. */
export class Recorder {
	readonly entries: Array<Record<string, unknown> & { at: number }> = [];
	private server?: http.Server;
	url = '';

	async start(): Promise<void> {
		this.server = http.createServer((req, res) => {
			let body = '';
			req.on('data', (d) => (body += d));
			req.on('end', () => {
				try {
					this.entries.push({
						...(JSON.parse(body || '{}') as Record<string, unknown>),
						at: Date.now(),
					});
				} catch {
					this.entries.push({ unparsed: body, at: Date.now() });
				}
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end('{"ok":true}');
			});
		});
		const port = await freePort();
		await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
		this.url = `http://127.0.0.1:${port}`;
	}

	clear(): void {
		this.entries.length = 0;
	}

	async stop(): Promise<void> {
		if (!this.server) return;
		this.server.closeAllConnections();
		await new Promise<void>((resolve) => this.server!.close(() => resolve()));
	}
}

export interface ClusterSetup {
	/** The n8n version; default N8N_VERSION (the suite's). */
	version?: string;
	/** Where each process's log goes (emptied first); default LOG_DIR. */
	logDir?: string;
	/** Workflows imported (and activated when `active: true`) before main starts. */
	workflows: (
		cluster: QueueCluster,
	) => Array<{ id: string; active: boolean; [key: string]: unknown }>;
	workers?: number;
	/** Jobs each worker runs at once (n8n's default: 10). */
	workerConcurrency?: number;
	/** Extra environment for every n8n process (e.g. a setting under test). */
	env?: NodeJS.ProcessEnv;
	/** The caller built the package already (the bench builds once for all benches). */
	built?: boolean;
	/** Credentials imported beside the Agora ones (e.g. a chat model's). */
	credentials?: StoredCredential[];
	/** Changes the installed copy of the package before n8n starts (experiments only). */
	patchPackage?: (packageDir: string, cluster: QueueCluster) => void;
}

export class QueueCluster {
	readonly folder = tempFolder();
	redis?: Service;
	postgres?: Service;
	sandbox?: SandboxProcess;
	readonly recorder = new Recorder();
	main?: N8nProcess;
	webhook?: N8nProcess;
	workers: N8nProcess[] = [];
	private host?: N8nHost;
	private mainApi?: N8nHost;
	private pool?: {
		query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }>;
		end: () => Promise<void>;
	};
	n8nDir = '';
	private makeWorker?: (name: string) => Promise<N8nProcess>;

	constructor(private readonly log: (message: string) => void) {}

	async start(setup: ClusterSetup): Promise<void> {
		ensurePackages(this.log);
		const logDir = setup.logDir ?? LOG_DIR;
		fs.rmSync(logDir, { recursive: true, force: true });
		fs.mkdirSync(logDir, { recursive: true });
		this.n8nDir = installN8n(setup.version ?? N8N_VERSION);
		this.log(`services in ${this.folder}`);
		[this.redis, this.postgres] = await Promise.all([
			startRedis(this.folder),
			startPostgres(this.folder),
		]);
		this.sandbox = await startSandboxProcess({
			SANDBOX_PORT: '0',
			SANDBOX_RATE_LIMITS: '1',
			SANDBOX_PLAYER_QUOTA: '1000000',
			SANDBOX_START_DELAY_MS: '20',
			SANDBOX_STOP_DELAY_MS: '20',
		});
		await this.recorder.start();

		const userFolder = path.join(this.folder, 'n8n');
		if (!setup.built && !process.env.AGORA_DIST_BUILT) {
			this.log('npm run build');
			execFileSync('npm', ['run', 'build', '--silent'], {
				cwd: ROOT,
				stdio: ['ignore', 'ignore', 'inherit'],
			});
		}
		this.log('packing the package and installing it into the shared n8n user folder');
		const packageDir = installBuiltPackage(userFolder);
		setup.patchPackage?.(packageDir, this);
		const env = this.queueEnv(setup.env);
		const cliPort = await freePort();
		this.host = new N8nHost(this.n8nDir, userFolder, cliPort, env);
		const sb = this.sandbox;
		await this.host.importCredentials(
			writeCredentialFile(this.folder, {
				customerId: sb.customerId,
				customerSecret: sb.customerSecret,
				appId: sb.appId,
				host: 'custom',
				customBaseUrl: sb.url,
				notificationSecret: sb.notificationSecret,
			}),
		);
		if (setup.credentials) await this.host.importCredentialData(setup.credentials);
		for (const workflow of setup.workflows(this)) {
			const file = path.join(this.folder, `${workflow.id}.json`);
			fs.writeFileSync(file, JSON.stringify({ ...workflow, active: false }));
			await this.host.importWorkflow(file);
			if (workflow.active) await this.host.activate(workflow.id);
		}

		const bin = this.host.bin;
		const make = async (name: string, role: Role): Promise<N8nProcess> => {
			const port = await freePort();
			// Each process its own task-broker port: n8n 2.x has no setting that turns its runners off.
			const own: NodeJS.ProcessEnv = {
				...this.host!.env,
				N8N_PORT: String(port),
				N8N_RUNNERS_BROKER_PORT: String(await freePort()),
			};
			if (role === 'worker') {
				Object.assign(own, {
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(port),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				});
			}
			return new N8nProcess(
				name,
				role,
				port,
				bin,
				n8nNode(this.n8nDir),
				own,
				userFolder,
				path.join(logDir, `${name}.log`),
				setup.workerConcurrency,
			);
		};
		this.makeWorker = (name) => make(name, 'worker');
		this.main = await make('main', 'main');
		this.log('starting n8n main');
		await this.main.start();
		this.webhook = await make('webhook', 'webhook');
		for (let i = 0; i < (setup.workers ?? 2); i++)
			this.workers.push(await make(`worker${i + 1}`, 'worker'));
		this.log(`starting the webhook process and ${this.workers.length} workers`);
		await Promise.all([this.webhook.start(), ...this.workers.map((w) => w.start())]);
	}

	/** The environment every n8n process of the cluster shares. */
	private queueEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
		return {
			EXECUTIONS_MODE: 'queue',
			QUEUE_BULL_REDIS_HOST: '127.0.0.1',
			QUEUE_BULL_REDIS_PORT: String(this.redis!.port),
			QUEUE_WORKER_LOCK_DURATION: String(STALL.lockMs),
			QUEUE_WORKER_LOCK_RENEW_TIME: String(STALL.renewMs),
			QUEUE_WORKER_STALLED_INTERVAL: String(STALL.checkMs),
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(this.postgres!.port),
			DB_POSTGRESDB_DATABASE: POSTGRES.database,
			DB_POSTGRESDB_USER: POSTGRES.user,
			DB_POSTGRESDB_PASSWORD: POSTGRES.password,
			// n8n's default pool of 2 connections queues a burst of webhooks behind its 5 s health
			// ping, which then reports the database down and answers 503.
			DB_POSTGRESDB_POOL_SIZE: '10',
			N8N_ENCRYPTION_KEY: 'n8n-nodes-agora-queue-suite-key',
			N8N_RUNNERS_ENABLED: 'false',
			N8N_LOG_LEVEL: 'info',
			N8N_PAYLOAD_SIZE_MAX: '64',
			EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
			EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
			...extra,
		};
	}

	/** main's REST API as its owner (set up on first use), as the editor uses it. */
	get api(): N8nHost {
		this.mainApi ??= new N8nHost(
			this.n8nDir,
			this.host!.userFolder,
			this.main!.port,
			this.host!.env,
		);
		return this.mainApi;
	}

	get workerCount(): number {
		return this.workers.filter((w) => w.running).length;
	}

	/** Starts or gracefully stops workers until `count` are running. */
	async setWorkers(count: number): Promise<void> {
		while (this.workers.length < count)
			this.workers.push(await this.makeWorker!(`worker${this.workers.length + 1}`));
		await Promise.all(
			this.workers.map(async (worker, index) => {
				if (index < count && !worker.running) await worker.start();
				if (index >= count && worker.running) await worker.stop();
			}),
		);
	}

	/** SQL against n8n's own database (pg from n8n's install). */
	async sql<T = any>(text: string, params: unknown[] = []): Promise<T[]> {
		if (!this.pool) {
			const { Pool } = require(path.join(this.n8nDir, 'node_modules', 'pg'));
			this.pool = new Pool({
				host: '127.0.0.1',
				port: this.postgres!.port,
				user: POSTGRES.user,
				password: POSTGRES.password,
				database: POSTGRES.database,
				max: 4,
			});
		}
		return (await this.pool!.query(text, params)).rows as T[];
	}

	/** Executions of a workflow with their run data (n8n stores it flattened with `flatted`). */
	async executions(workflowId: string, sinceId = 0): Promise<StoredExecution[]> {
		const flatted = require(path.join(this.n8nDir, 'node_modules', 'flatted'));
		const rows = await this.sql<{
			id: string;
			status: string;
			startedAt: Date | null;
			stoppedAt: Date | null;
			data: string | null;
		}>(
			`SELECT e.id, e.status, e."startedAt", e."stoppedAt", d.data FROM execution_entity e
			 LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" = $1 AND e.id > $2 ORDER BY e.id`,
			[workflowId, sinceId],
		);
		return rows.map((row) => ({
			id: Number(row.id),
			status: row.status,
			startedAt: row.startedAt ? new Date(row.startedAt).getTime() : undefined,
			stoppedAt: row.stoppedAt ? new Date(row.stoppedAt).getTime() : undefined,
			data: row.data ? flatted.parse(row.data) : undefined,
		}));
	}

	async lastExecutionId(): Promise<number> {
		const [row] = await this.sql<{ max: string | null }>(
			'SELECT max(id) AS max FROM execution_entity',
		);
		return Number(row?.max ?? 0);
	}

	/** Waits until no execution is new, running or waiting in the queue (bounded). */
	async drain(timeoutMs: number): Promise<void> {
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			const [row] = await this.sql<{ n: string }>(
				`SELECT count(*) AS n FROM execution_entity WHERE status IN ('new', 'running')`,
			);
			if (Number(row.n) === 0) return;
			await sleep(500);
		}
		const open = await this.sql(
			`SELECT id, status FROM execution_entity WHERE status IN ('new', 'running') ORDER BY id`,
		);
		throw new Error(`executions still open after ${timeoutMs} ms: ${JSON.stringify(open)}`);
	}

	async stop(): Promise<void> {
		const keep = process.env.QUEUE_KEEP === '1';
		await Promise.all([this.main, this.webhook, ...this.workers].map((p) => p?.stop(15000)));
		await this.pool?.end().catch(() => undefined);
		await this.recorder.stop();
		await this.sandbox?.stop();
		await this.postgres?.stop();
		await this.redis?.stop();
		const left = stillRunning();
		if (left) this.log(`${left} processes still running after stop`);
		if (!keep) fs.rmSync(this.folder, { recursive: true, force: true });
	}
}

export interface StoredExecution {
	id: number;
	status: string;
	startedAt?: number;
	stoppedAt?: number;
	data?: {
		resultData: {
			error?: { message: string };
			runData: Record<
				string,
				Array<{
					data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
					error?: { message: string };
				}>
			>;
		};
		/** What is left to run: for an execution a webhook started, the trigger's output until a worker runs it. */
		executionData?: {
			nodeExecutionStack?: Array<{
				data?: { main: Array<Array<{ json: Record<string, unknown> }> | null> };
			}>;
		};
	};
}

export function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

export { EXAMPLE_CREDENTIAL };

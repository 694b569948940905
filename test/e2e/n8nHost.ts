/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * A real n8n, installed in the repo's ignored cache, with this package installed the way n8n
 * installs a community package (packed tarball unpacked into <user folder>/.n8n/nodes/node_modules,
 * dev/peer/optional dependencies dropped, `npm install` in the package folder). Used by the
 * end-to-end tests and by `npm run dev`.
 */
import { execFileSync, spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';

export const ROOT = path.resolve(__dirname, '../..');
export const DEFAULT_N8N_VERSION = '1.123.81';

export function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const { port } = server.address() as net.AddressInfo;
			server.close(() => resolve(port));
		});
	});
}

/** Installs n8n once (cached) and returns the folder holding its node_modules. */
export function installN8n(version = DEFAULT_N8N_VERSION): string {
	return execFileSync('bash', [path.join(ROOT, 'test/e2e/install-n8n.sh'), version], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	})
		.trim()
		.split('\n')
		.pop()!;
}

/** `npm pack` of the built package; returns the tarball path. */
export function packPackage(into: string): string {
	fs.mkdirSync(into, { recursive: true });
	const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', into], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	return path.join(into, out.trim().split('\n').pop()!);
}

/** What n8n's community package installer does, without the network. */
export function installPackageInto(userFolder: string, tarball: string): string {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', 'n8n-nodes-agora');
	fs.rmSync(target, { recursive: true, force: true });
	const unpack = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-unpack-'));
	execFileSync('tar', ['-xzf', tarball, '-C', unpack]);
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.renameSync(path.join(unpack, 'package'), target);
	fs.rmSync(unpack, { recursive: true, force: true });
	const pkgFile = path.join(target, 'package.json');
	const pkg = JSON.parse(fs.readFileSync(pkgFile, 'utf8'));
	delete pkg.devDependencies;
	delete pkg.peerDependencies;
	delete pkg.optionalDependencies;
	fs.writeFileSync(pkgFile, JSON.stringify(pkg, null, 2));
	execFileSync(
		'npm',
		['install', '--ignore-scripts', '--install-strategy=shallow', '--bin-links=false', '--package-lock=false', '--no-audit', '--no-fund', '--loglevel=error'],
		{ cwd: target, stdio: 'ignore' },
	);
	if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
		fs.writeFileSync(path.join(nodesDir, 'package.json'), JSON.stringify({ name: 'installed-nodes', private: true }, null, 2));
	}
	return target;
}

export interface CliResult {
	code: number;
	stdout: string;
	stderr: string;
}

export class N8nHost {
	readonly bin: string;
	readonly env: NodeJS.ProcessEnv;
	private server?: ChildProcess;
	serverLog = '';

	constructor(
		readonly n8nDir: string,
		readonly userFolder: string,
		readonly port: number,
		extraEnv: NodeJS.ProcessEnv = {},
	) {
		this.bin = path.join(n8nDir, 'node_modules', 'n8n', 'bin', 'n8n');
		fs.mkdirSync(userFolder, { recursive: true });
		this.env = {
			PATH: process.env.PATH,
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
			...extraEnv,
		};
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	cli(args: string[], timeoutMs = 180000): Promise<CliResult> {
		return new Promise((resolve) => {
			const child = spawn(process.execPath, [this.bin, ...args], { env: this.env, cwd: this.userFolder });
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

	async importWorkflow(file: string): Promise<void> {
		const r = await this.cli(['import:workflow', `--input=${file}`]);
		if (r.code !== 0) throw new Error(`import:workflow ${file} failed: ${r.stderr || r.stdout}`);
	}

	async activate(workflowId: string): Promise<void> {
		const r = await this.cli(['update:workflow', `--id=${workflowId}`, '--active=true']);
		if (r.code !== 0) throw new Error(`update:workflow failed: ${r.stderr || r.stdout}`);
	}

	/** `n8n execute --rawOutput`: the run as JSON. */
	async execute(workflowId: string): Promise<{ run: ExecutedRun; raw: CliResult }> {
		const raw = await this.cli(['execute', `--id=${workflowId}`, '--rawOutput']);
		const start = raw.stdout.indexOf('{');
		if (start < 0) throw new Error(`n8n execute printed no run (exit ${raw.code}):\n${raw.stdout}\n${raw.stderr}`);
		const run = JSON.parse(raw.stdout.slice(start)) as ExecutedRun;
		return { run, raw };
	}

	async start(timeoutMs = 120000): Promise<void> {
		this.server = spawn(process.execPath, [this.bin, 'start'], { env: this.env, cwd: this.userFolder });
		this.server.stdout!.on('data', (d) => (this.serverLog += d));
		this.server.stderr!.on('data', (d) => (this.serverLog += d));
		const deadline = Date.now() + timeoutMs;
		while (Date.now() < deadline) {
			if (this.server.exitCode !== null) throw new Error(`n8n exited early:\n${this.serverLog}`);
			try {
				const res = await fetch(`${this.baseUrl}/healthz/readiness`);
				if (res.ok) return;
			} catch {
				// not listening yet
			}
			await new Promise((r) => setTimeout(r, 500));
		}
		throw new Error(`n8n did not become ready:\n${this.serverLog.slice(-3000)}`);
	}

	async stop(): Promise<void> {
		const server = this.server;
		if (!server || server.exitCode !== null) return;
		await new Promise<void>((resolve) => {
			const timer = setTimeout(() => server.kill('SIGKILL'), 15000);
			server.once('exit', () => {
				clearTimeout(timer);
				resolve();
			});
			server.kill('SIGTERM');
		});
	}

	/** Executions n8n recorded, read from its own database (status, mode, run data). */
	async executions(workflowId: string): Promise<RecordedExecution[]> {
		const sqlite3 = require(path.join(this.n8nDir, 'node_modules', 'sqlite3'));
		const flatted = require(path.join(this.n8nDir, 'node_modules', 'flatted'));
		const db = new sqlite3.Database(path.join(this.userFolder, '.n8n', 'database.sqlite'), sqlite3.OPEN_READONLY);
		const rows: Array<{ id: number; status: string; mode: string; data: string }> = await new Promise((resolve, reject) =>
			db.all(
				`SELECT e.id, e.status, e.mode, d.data FROM execution_entity e JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId = ? ORDER BY e.id`,
				[workflowId],
				(err: Error | null, result: never) => (err ? reject(err) : resolve(result)),
			),
		);
		await new Promise((r) => db.close(r));
		return rows.map((row) => ({ id: row.id, status: row.status, mode: row.mode, data: flatted.parse(row.data) }));
	}
}

export interface ExecutedRun {
	status: string;
	data: { resultData: { runData: Record<string, Array<{ data?: { main: Array<Array<{ json: Record<string, unknown> }>> }; error?: { message: string } }>>; error?: { message: string } } };
}

export interface RecordedExecution {
	id: number;
	status: string;
	mode: string;
	data: ExecutedRun['data'];
}

/** Output items (json) of one node in a run, first run, given output. */
export function nodeOutput(data: ExecutedRun['data'], node: string, output = 0): Array<Record<string, unknown>> {
	const run = data.resultData.runData[node]?.[0];
	return (run?.data?.main?.[output] ?? []).map((entry) => entry.json);
}

/** The sandbox as a separate process, as Agora is to a real n8n. */
export interface SandboxProcess {
	url: string;
	customerId: string;
	customerSecret: string;
	appId: string;
	notificationSecret: string;
	control(pathname: string, body?: unknown, method?: string): Promise<any>;
	stop(): Promise<void>;
}

export async function startSandboxProcess(env: NodeJS.ProcessEnv = {}): Promise<SandboxProcess> {
	const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', path.join(ROOT, 'test/sandbox/cli.ts')], {
		cwd: ROOT,
		env: { ...process.env, ...env },
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	const first: string = await new Promise((resolve, reject) => {
		let buffer = '';
		child.stdout!.on('data', (d) => {
			buffer += d;
			const nl = buffer.indexOf('\n');
			if (nl >= 0) resolve(buffer.slice(0, nl));
		});
		child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
	});
	child.stdout!.resume();
	const info = JSON.parse(first);
	return {
		...info,
		async control(pathname: string, body?: unknown, method?: string) {
			const res = await fetch(`${info.url}/_sandbox/${pathname}`, {
				method: method ?? (body === undefined ? 'GET' : 'POST'),
				headers: { 'content-type': 'application/json' },
				body: body === undefined ? undefined : JSON.stringify(body),
			});
			const text = await res.text();
			return text ? JSON.parse(text) : undefined;
		},
		async stop() {
			if (child.exitCode !== null) return;
			await new Promise<void>((resolve) => {
				child.once('exit', () => resolve());
				child.kill('SIGTERM');
			});
		},
	};
}

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Redis and Postgres for the queue-mode suite: Debian's packages, installed when missing, each run
 * as a private instance on 127.0.0.1, on a free port, with its data in a temporary folder.
 * Postgres refuses to run as root, so it runs as the `postgres` user the package creates.
 */
import { execFileSync, type ChildProcess } from 'child_process';
import fs from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';

import { freePort } from '../../scripts/lib/n8nInstall';
import { isRunning, spawnGuarded, stopGuarded } from './processes';

function which(command: string): string | undefined {
	try {
		return (
			execFileSync('bash', ['-c', `command -v ${command}`], { encoding: 'utf8' }).trim() ||
			undefined
		);
	} catch {
		return undefined;
	}
}

/** Newest installed Postgres server's bin folder (Debian puts it in /usr/lib/postgresql/<major>/bin). */
function postgresBin(): string | undefined {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return undefined;
	const majors = fs
		.readdirSync(root)
		.filter((name) => fs.existsSync(path.join(root, name, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? path.join(root, majors[0], 'bin') : undefined;
}

/**
 * Installs redis-server and postgresql with apt-get when either is missing. A policy-rc.d that
 * denies service starts is put in place for the install (when none exists), so the packages do not
 * start system-wide daemons of their own.
 */
export function ensurePackages(log: (message: string) => void): void {
	const missing: string[] = [];
	if (!which('redis-server')) missing.push('redis-server');
	if (!postgresBin()) missing.push('postgresql');
	if (missing.length === 0) return;
	if (process.getuid?.() !== 0)
		throw new Error(`${missing.join(' and ')} missing; install them (apt-get) or run as root`);
	log(`installing ${missing.join(', ')} with apt-get`);
	const policy = '/usr/sbin/policy-rc.d';
	const ownPolicy = !fs.existsSync(policy);
	if (ownPolicy) fs.writeFileSync(policy, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
	try {
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'update', '-qq'], {
			env,
			stdio: ['ignore', 'ignore', 'inherit'],
		});
		execFileSync(
			'apt-get',
			[
				'-o',
				'DPkg::Lock::Timeout=300',
				'install',
				'-y',
				'-qq',
				'--no-install-recommends',
				...missing,
			],
			{
				env,
				stdio: ['ignore', 'ignore', 'inherit'],
			},
		);
	} finally {
		if (ownPolicy) fs.rmSync(policy, { force: true });
	}
	if (!which('redis-server') || !postgresBin())
		throw new Error('apt-get finished but redis-server or postgres is still missing');
}

export interface Service {
	port: number;
	/** The watchdog's process id; the service runs as its child. */
	pid: number;
	stop(): Promise<void>;
}

function waitForPort(
	port: number,
	child: ChildProcess,
	name: string,
	timeoutMs: number,
	output: () => string,
): Promise<void> {
	const deadline = Date.now() + timeoutMs;
	return new Promise((resolve, reject) => {
		const attempt = (): void => {
			if (!isRunning(child))
				return reject(new Error(`${name} exited with ${child.exitCode}:\n${output()}`));
			if (Date.now() > deadline)
				return reject(
					new Error(`${name} did not listen on ${port} within ${timeoutMs} ms:\n${output()}`),
				);
			const socket = net.connect(port, '127.0.0.1');
			socket.once('connect', () => {
				socket.destroy();
				resolve();
			});
			socket.once('error', () => {
				socket.destroy();
				setTimeout(attempt, 200);
			});
		};
		attempt();
	});
}

export async function startRedis(folder: string): Promise<Service> {
	const port = await freePort();
	const dir = path.join(folder, 'redis');
	fs.mkdirSync(dir, { recursive: true });
	const args = [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--dir',
		dir,
		'--daemonize',
		'no',
	];
	const child = spawnGuarded(which('redis-server')!, args);
	let output = '';
	child.stdout!.on('data', (d) => (output = (output + d).slice(-4000)));
	child.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
	await waitForPort(port, child, 'redis-server', 20000, () => output);
	return { port, pid: child.pid!, stop: () => stopGuarded(child, 'SIGTERM', 5000) };
}

function postgresUser(): { uid: number; gid: number } {
	const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
	const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
	if (!Number.isInteger(uid) || uid === 0) throw new Error('no unprivileged postgres user');
	return { uid, gid };
}

export const POSTGRES = { user: 'postgres', password: 'queue-suite', database: 'postgres' };

export async function startPostgres(folder: string): Promise<Service> {
	const bin = postgresBin()!;
	const port = await freePort();
	const dir = path.join(folder, 'postgres');
	const data = path.join(dir, 'data');
	fs.mkdirSync(dir, { recursive: true });
	const runAs = process.getuid?.() === 0 ? postgresUser() : undefined;
	if (runAs) fs.chownSync(dir, runAs.uid, runAs.gid);
	// Trust on loopback only: a private instance on a random port for this run.
	execFileSync(
		path.join(bin, 'initdb'),
		['-D', data, '-U', POSTGRES.user, '--auth=trust', '--no-sync', '-E', 'UTF8'],
		{
			...(runAs ?? {}),
			cwd: dir,
			stdio: 'ignore',
		},
	);
	const args = [
		'-D',
		data,
		'-p',
		String(port),
		'-k',
		dir,
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		'fsync=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'full_page_writes=off',
		'-c',
		'max_connections=300',
	];
	const child = spawnGuarded(path.join(bin, 'postgres'), args, { ...(runAs ?? {}), cwd: dir });
	let output = '';
	child.stdout!.on('data', (d) => (output = (output + d).slice(-4000)));
	child.stderr!.on('data', (d) => (output = (output + d).slice(-4000)));
	await waitForPort(port, child, 'postgres', 60000, () => output);
	// SIGINT is Postgres' fast shutdown.
	return { port, pid: child.pid!, stop: () => stopGuarded(child, 'SIGINT', 15000) };
}

export function tempFolder(): string {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-queue-'));
	fs.chmodSync(dir, 0o755);
	return dir;
}

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Every process the suite starts runs under watchdog.js, which ends it (and its children) as soon as
 * the suite's process is gone, however it went; stops go through the watchdog too.
 */
import { spawn, type ChildProcess } from 'child_process';
import path from 'path';

const WATCHDOG = path.join(__dirname, 'watchdog.js');
const running = new Set<ChildProcess>();

export interface GuardedOptions {
	cwd?: string;
	env?: NodeJS.ProcessEnv;
	/** Run as this user (Postgres refuses root). */
	uid?: number;
	gid?: number;
}

/** Starts `command` under the watchdog; its output comes on the returned process's stdout/stderr. */
export function spawnGuarded(
	command: string,
	args: string[],
	options: GuardedOptions = {},
): ChildProcess {
	const spec = { command, args, cwd: options.cwd, uid: options.uid, gid: options.gid };
	const child = spawn(process.execPath, [WATCHDOG, JSON.stringify(spec)], {
		env: options.env ?? process.env,
		stdio: ['pipe', 'pipe', 'pipe'],
	});
	running.add(child);
	child.once('exit', () => running.delete(child));
	return child;
}

export function isRunning(child: ChildProcess | undefined): boolean {
	return child !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Sends a graceful signal, or SIGKILL to the whole group; resolves when it has exited. */
export function stopGuarded(
	child: ChildProcess,
	signal: 'SIGTERM' | 'SIGINT' | 'SIGKILL',
	graceMs = 15000,
): Promise<void> {
	if (!isRunning(child)) return Promise.resolve();
	return new Promise((resolve) => {
		const timer = setTimeout(() => child.kill('SIGUSR1'), graceMs);
		child.once('exit', () => {
			clearTimeout(timer);
			resolve();
		});
		child.kill(signal === 'SIGKILL' ? 'SIGUSR1' : signal);
	});
}

/** What is still running (for the end-of-run check). */
export function stillRunning(): number {
	return running.size;
}

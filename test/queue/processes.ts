/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Every process the queue-mode suite starts is tracked here, so that it is stopped even when the
 * run fails, is interrupted (Ctrl-C) or is killed with SIGTERM: the handlers below kill what is
 * still running, then let the process end.
 */
import type { ChildProcess } from 'child_process';

const running = new Map<ChildProcess, string>();
let installed = false;

function killAll(): void {
	for (const [child] of running) {
		try {
			// n8n processes are started as their own process group (they may start helpers).
			if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
		} catch {
			child.kill('SIGKILL');
		}
	}
	running.clear();
}

function install(): void {
	if (installed) return;
	installed = true;
	process.once('exit', killAll);
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		process.once(signal, () => {
			process.stderr.write(`\n[queue] ${signal}: stopping ${running.size} processes\n`);
			killAll();
			process.exit(130);
		});
	}
}

export function track(child: ChildProcess, name: string): void {
	install();
	running.set(child, name);
	child.once('exit', () => running.delete(child));
}

export function untrack(child: ChildProcess): void {
	running.delete(child);
}

export function stillRunning(): string[] {
	return [...running.values()];
}

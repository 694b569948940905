// Runs one command for the queue suite and ends it when the suite's process goes (its stdin closes);
// SIGTERM/SIGINT are passed on, SIGUSR1 kills the command's whole process group.
// Usage: node watchdog.js '{"command": "...", "args": [], "uid": 101, "gid": 104, "cwd": "..."}'
'use strict';
const { spawn } = require('child_process');

const spec = JSON.parse(process.argv[2]);
const child = spawn(spec.command, spec.args, {
	cwd: spec.cwd,
	env: process.env,
	uid: spec.uid,
	gid: spec.gid,
	detached: true,
	stdio: ['ignore', 'inherit', 'inherit'],
});
const send = (signal) => {
	try {
		process.kill(-child.pid, signal);
	} catch {
		try {
			child.kill(signal);
		} catch {
			// already gone
		}
	}
};
process.on('SIGTERM', () => send('SIGTERM'));
process.on('SIGINT', () => send('SIGINT'));
process.on('SIGUSR1', () => send('SIGKILL'));
process.stdin.on('end', () => {
	send('SIGKILL');
	process.exit(0);
});
process.stdin.resume();
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
child.on('error', (error) => {
	process.stderr.write(`watchdog: ${error.message}\n`);
	process.exit(1);
});

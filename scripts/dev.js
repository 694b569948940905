/**
 * `npm run dev`, the part that needs nothing installed: installs the project and n8n, then hands over
 * to dev.ts; any stop signal stops everything it started (docs/development.md).
 */
'use strict';
const { spawn } = require('child_process');
const fs = require('fs');
const path = require('path');

const ROOT = path.resolve(__dirname, '..');
// The newest n8n the end-to-end suite proves (test/e2e/run.sh); N8N_VERSION picks another.
const DEFAULT_VERSION = '2.41.1';
const VERSION = process.env.N8N_VERSION || DEFAULT_VERSION;
const CACHE = process.env.N8N_E2E_CACHE || path.join(ROOT, '.cache');
// n8n's user folder for dev, one per n8n version (its database moves forward only).
// With an n8n the user runs (DEV_N8N_URL), a folder of its own: what dev imported there, by port.
const DEV_FOLDER =
	process.env.N8N_DEV_FOLDER ||
	path.join(
		CACHE,
		'dev',
		process.env.DEV_N8N_URL
			? `running-${new URL(process.env.DEV_N8N_URL).port || 80}`
			: `n8n-${VERSION}`,
	);
// `npm run dev -- --reset-examples`: dev's examples and credentials replace the user's changes.
const RESET_EXAMPLES = process.argv.includes('--reset-examples');
const started = Date.now();

function elapsed() {
	const s = Math.round((Date.now() - started) / 1000);
	return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
function say(message) {
	console.log(`[dev ${elapsed()}] ${message}`);
}

// ---------------------------------------------------------------- stopping
const groups = new Set(); // child processes that lead a process group of their own
const cleanups = []; // dev.ts's resources, stopped in reverse order
let stopping = false;

function killGroup(child, signal) {
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

async function shutdown(reason, code) {
	if (stopping) {
		// A second request: no more waiting.
		for (const child of groups) killGroup(child, 'SIGKILL');
		process.exit(code);
	}
	stopping = true;
	say(`${reason}: stopping n8n, the sandbox and every helper process…`);
	for (const child of groups) killGroup(child, 'SIGTERM');
	const timer = setTimeout(() => {
		for (const child of groups) killGroup(child, 'SIGKILL');
	}, 3000);
	for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
	clearTimeout(timer);
	for (const child of groups) killGroup(child, 'SIGKILL');
	say('stopped');
	process.exit(code);
}

function watchForStop() {
	for (const [signal, code] of [
		['SIGINT', 130],
		['SIGTERM', 143],
		['SIGHUP', 129],
	]) {
		process.on(signal, () => void shutdown(`${signal} received`, code));
	}
	// npm passes SIGINT and SIGTERM on to its script (package.json execs this process, so no shell
	// sits between). If the process that started this one ends anyway, this one gets a new parent.
	const parent = process.ppid;
	setInterval(() => {
		if (process.ppid !== parent) void shutdown('the process that started dev ended', 143);
	}, 500).unref();
}

/** Runs a command in its own process group; its output goes to `log` (a file) or to `onLine`. */
function run(command, args, { log, onLine, env } = {}) {
	return new Promise((resolve, reject) => {
		const out = log ? fs.openSync(log, 'a') : 'pipe';
		const child = spawn(command, args, {
			cwd: ROOT,
			env: { ...process.env, ...env },
			detached: true,
			stdio: ['ignore', out, log ? out : 'pipe'],
		});
		groups.add(child);
		let stdout = '';
		if (!log) {
			child.stdout.on('data', (d) => (stdout += d));
			let partial = '';
			child.stderr.on('data', (d) => {
				const lines = (partial + d).split('\n');
				partial = lines.pop();
				for (const line of lines) onLine?.(line);
			});
		}
		child.on('error', reject);
		child.on('exit', (code, signal) => {
			groups.delete(child);
			if (typeof out === 'number') fs.closeSync(out);
			if (code === 0) resolve(stdout);
			else
				reject(
					new Error(
						`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${log ? `; see ${log}` : ''}`,
					),
				);
		});
	});
}

// ---------------------------------------------------------------- installing
async function installProject(status) {
	const logFile = path.join(DEV_FOLDER, 'project-install.log');
	const installed = ['typescript', 'ts-node', 'n8n-workflow', 'gulp'].every((p) =>
		fs.existsSync(path.join(ROOT, 'node_modules', p)),
	);
	if (!installed) {
		status.text = 'npm ci (the project’s dev dependencies)';
		// --loglevel=error: n8n-core's isolated-vm asks for Node 22 (EBADENGINE); the tests never load it.
		await run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { log: logFile });
	}
	// test:all has built dist/ for every lane (AGORA_DIST_BUILT=1): a build now would rewrite it under them.
	if (process.env.AGORA_DIST_BUILT && fs.existsSync(path.join(ROOT, 'dist'))) {
		status.text = 'the package is built (AGORA_DIST_BUILT)';
		return;
	}
	const stamp = buildStamp();
	if (fs.existsSync(BUILD_STAMP) && fs.readFileSync(BUILD_STAMP, 'utf8') === stamp) {
		status.text = 'the package is built (its sources are unchanged since)';
		return;
	}
	status.text = 'building the package';
	await run('npm', ['run', 'build', '--silent'], { log: logFile });
	fs.mkdirSync(path.dirname(BUILD_STAMP), { recursive: true });
	fs.writeFileSync(BUILD_STAMP, buildStamp());
	status.text = 'ready';
}

// What dev's last build compiled: a restart with the same sources and the same dist/ skips the build.
const BUILD_STAMP = path.join(ROOT, 'node_modules', '.cache', 'n8n-nodes-agora-dev-build');

function buildStamp() {
	const hash = require('crypto').createHash('sha256');
	const add = (file) => {
		hash.update(path.relative(ROOT, file));
		hash.update(fs.readFileSync(file));
	};
	const walk = (dir) => {
		if (!fs.existsSync(dir)) return;
		const entries = fs.readdirSync(dir, { withFileTypes: true });
		entries.sort((a, b) => a.name.localeCompare(b.name));
		for (const entry of entries) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else add(full);
		}
	};
	for (const dir of ['nodes', 'credentials', 'icons']) walk(path.join(ROOT, dir));
	for (const file of ['package.json', 'tsconfig.json', 'tsconfig.build.json', 'gulpfile.js'])
		add(path.join(ROOT, file));
	// A build made since (npm run build, another checkout's) counts as a change.
	const built = path.join(ROOT, 'dist', 'nodes', 'Agora', 'Agora.node.js');
	hash.update(fs.existsSync(built) ? String(fs.statSync(built).mtimeMs) : 'none');
	return hash.digest('hex');
}

async function installN8n(status) {
	// An n8n the user runs (DEV_N8N_URL, docs/development.md): dev installs none of its own.
	if (process.env.DEV_N8N_URL) {
		status.dir = '';
		status.text = 'ready';
		return;
	}
	status.text = `n8n ${VERSION}: checking the cache`;
	const out = await run('bash', [path.join(ROOT, 'scripts/install-n8n.sh'), VERSION], {
		// The sqlite3 build runs beside the download: both are shown while both run.
		onLine: (line) => {
			const m = /^\[install n8n [^\]]+\] \d+s (.*)$/.exec(line);
			if (!m) {
				if (line.trim()) console.log(line);
			} else if (/^compiling sqlite3/.test(m[1])) status.build = m[1];
			else if (/^sqlite3 .* compiled/.test(m[1])) status.build = undefined;
			else status.text = m[1];
		},
	});
	status.dir = out.trim().split('\n').pop();
	status.text = 'ready';
}

/** This version's n8n folder in the cache (the Node.js major is chosen by install-n8n.sh), if made. */
function n8nCacheDir() {
	const name = fs.existsSync(CACHE)
		? fs.readdirSync(CACHE).find((d) => d.startsWith(`n8n-${VERSION}-node`))
		: undefined;
	return name ? path.join(CACHE, name) : undefined;
}

/** Whether an earlier run installed this n8n (install-n8n.sh's mark). */
function n8nInstalled() {
	const dir = n8nCacheDir();
	return dir !== undefined && fs.existsSync(path.join(dir, '.installed'));
}

/**
 * What npm has done so far, from its log (install-n8n.sh logs every registry request): package
 * descriptions while it resolves the tree, then archives while it unpacks them.
 */
function npmProgress(dir) {
	let log = '';
	try {
		log = fs.readFileSync(path.join(dir, 'npm-install.log'), 'utf8');
	} catch {
		// not started yet
	}
	const fetches = log.split('\n').filter((line) => /^npm http fetch GET/.test(line));
	const archives = fetches.filter((line) => /\.tgz\b/.test(line)).length;
	const target = path.join(dir, 'node_modules');
	const unpacked = fs.existsSync(target) ? fs.readdirSync(target).length : 0;
	if (archives === 0 && unpacked === 0)
		return `resolving the dependency tree: ${fetches.length} package descriptions fetched`;
	return `downloading and unpacking: ${archives} package archives fetched, ${unpacked} top-level packages unpacked`;
}

function n8nProgress(status) {
	let text = status.text;
	const dir = n8nCacheDir();
	if (!status.dir && dir && /downloading n8n/.test(text))
		text = `${text.replace(/ \(.*$/, '')} (${npmProgress(dir)})`;
	return status.build ? `${text} + ${status.build.replace(/ \(.*$/, '')}` : text;
}

async function main() {
	watchForStop();
	// Private: it holds n8n's database and the key its credentials are encrypted with.
	fs.mkdirSync(DEV_FOLDER, { recursive: true, mode: 0o700 });
	fs.chmodSync(DEV_FOLDER, 0o700);
	const firstRun = !process.env.DEV_N8N_URL && !n8nInstalled();
	say(
		firstRun
			? `first run: installing n8n ${VERSION} and its Node.js into ${path.relative(ROOT, CACHE) || CACHE} (about 2,000 packages, 2-8 minutes), and the project, side by side`
			: `n8n ${VERSION} is installed in ${path.relative(ROOT, CACHE) || CACHE}; building the project`,
	);
	const project = { text: 'starting' };
	const n8n = { text: 'starting' };
	const ticker = setInterval(
		() =>
			say(
				firstRun
					? `n8n: ${n8nProgress(n8n)} | project: ${project.text}`
					: `project: ${project.text}`,
			),
		5000,
	);
	try {
		await Promise.all([installProject(project), installN8n(n8n)]);
	} finally {
		clearInterval(ticker);
	}
	say(`installed (n8n in ${n8n.dir})`);
	require('ts-node').register({ transpileOnly: true, project: path.join(ROOT, 'tsconfig.json') });
	const { startDev } = require('./dev.ts');
	await startDev({
		n8nDir: n8n.dir,
		version: VERSION,
		folder: DEV_FOLDER,
		say,
		cleanups,
		isStopping: () => stopping,
		resetExamples: RESET_EXAMPLES,
	});
}

if (require.main === module) {
	main().catch((error) => {
		if (stopping) return;
		console.error(
			String(error instanceof Error ? error.message : error)
				.split('\n')
				.slice(-25)
				.join('\n'),
		);
		void shutdown('failed', 1);
	});
}

module.exports = { DEFAULT_VERSION };

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev` stopped the ways a user stops it (SIGINT/SIGTERM to npm or to dev, ready or starting):
 * no process, port or plain-text secret is left. Runs dev's default n8n, once per e2e run.
 */
import { spawn, type ChildProcess } from 'child_process';
import fs from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';

import { N8nHost, nodeOutput } from '../../scripts/lib/n8nHost';
import { freePort, installN8n, ROOT } from '../../scripts/lib/n8nInstall';
import { inLane } from '../lib/n8nE2e';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DEFAULT_VERSION } = require('../../scripts/dev.js') as { DEFAULT_VERSION: string };
const version = DEFAULT_VERSION;
// Once per e2e run, in the first version's lane (campaignCrash takes the last one's).
const maybe = inLane('first');

interface Dev {
	npm: ChildProcess;
	output: () => string;
	ports: number[];
	folder: string;
	/** dev's own TMPDIR: other test runs on this machine write to the shared one meanwhile */
	tmp: string;
}

/** Every process below `root` now, read from /proc (n8n runs in a session of its own, so not by group). */
function descendants(root: number): number[] {
	const children = new Map<number, number[]>();
	for (const entry of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
			const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
			children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
		} catch {
			// ended meanwhile
		}
	}
	const found: number[] = [];
	const walk = (pid: number) => {
		for (const child of children.get(pid) ?? []) {
			found.push(child);
			walk(child);
		}
	};
	walk(root);
	return found;
}

const alive = (pid: number) => {
	try {
		process.kill(pid, 0);
		return true;
	} catch {
		return false;
	}
};

const answers = (port: number) =>
	new Promise<boolean>((resolve) => {
		const socket = net.connect(port, '127.0.0.1');
		socket.once('connect', () => (socket.destroy(), resolve(true)));
		socket.once('error', () => resolve(false));
	});

const devs: Dev[] = [];

afterAll(() => {
	for (const dev of devs)
		for (const dir of [dev.folder, dev.tmp]) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm run dev` in a new dev folder, or again in `folder` (set up by an earlier dev). */
async function startDev(env: NodeJS.ProcessEnv, folder?: string): Promise<Dev> {
	const ports = [await freePort(), await freePort()];
	folder ??= fs.mkdtempSync(path.join(os.tmpdir(), 'agora-dev-stop-'));
	const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-dev-tmp-'));
	const npm = spawn('npm', ['run', 'dev'], {
		cwd: ROOT,
		env: {
			...process.env,
			TMPDIR: tmp,
			N8N_VERSION: version,
			N8N_PORT: String(ports[0]),
			SANDBOX_PORT: String(ports[1]),
			N8N_DEV_FOLDER: folder,
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	let output = '';
	npm.stdout!.on('data', (d) => (output += d));
	npm.stderr!.on('data', (d) => (output += d));
	const dev = { npm, output: () => output, ports: [...ports, ports[0] + 1], folder, tmp };
	devs.push(dev);
	return dev;
}

async function until(
	what: string,
	check: () => boolean | Promise<boolean>,
	ms: number,
): Promise<void> {
	const deadline = Date.now() + ms;
	while (!(await check())) {
		if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
		await new Promise((r) => setTimeout(r, 250));
	}
}

/** Waits for dev to print `pattern`; a dev that exited first fails at once, with its output. */
async function untilPrinted(dev: Dev, what: string, pattern: RegExp, ms: number): Promise<void> {
	await until(
		what,
		() => {
			if (pattern.test(dev.output())) return true;
			if (dev.npm.exitCode !== null || dev.npm.signalCode !== null)
				throw new Error(`npm run dev ended before ${what}:\n${dev.output().slice(-3000)}`);
			return false;
		},
		ms,
	);
}

/** Sends the signal, then everything dev started must be gone within 20 s. */
async function stopAndCheck(dev: Dev, target: number, signal: NodeJS.Signals): Promise<void> {
	// Dev prints a step just before it starts that step's process: wait for the process.
	const tree = () => [dev.npm.pid!, ...descendants(dev.npm.pid!)];
	await until('dev has started its step', () => tree().length > 2, 60000);
	const started = tree();
	process.kill(target, signal);
	await until(
		'every process dev started has ended',
		() => started.every((pid) => !alive(pid)),
		20000,
	).catch((error) => {
		throw new Error(
			`${error.message}: ${started.filter(alive).join(', ')} left\n${dev.output().slice(-3000)}`,
		);
	});
	for (const port of dev.ports)
		expect({ port, answers: await answers(port) }).toEqual({ port, answers: false });
	expect(dev.output()).toMatch(/stopped/);
	// Nothing left behind but n8n's own folder: no pid file, no credential file.
	expect(fs.readdirSync(dev.folder).filter((name) => /pid|credential/i.test(name))).toEqual([]);
}

function filesUnder(folder: string): string[] {
	return fs
		.readdirSync(folder, { withFileTypes: true, recursive: true })
		.filter((e) => e.isFile())
		.map((e) => path.join(e.parentPath ?? e.path, e.name));
}

maybe(`npm run dev on n8n ${version}: every way of stopping it stops everything`, () => {
	beforeAll(() => {
		installN8n(version);
	}, 900000);

	test('SIGINT to the npm process once n8n answers; example 06 ran against the scripted model', async () => {
		const dev = await startDev({});
		await untilPrinted(dev, 'dev prints its URL', /is running: open/, 600000);
		// Example 06 as imported by dev, run in dev's own n8n: the AI Agent's model is dev's scripted
		// one, its tool the Agora node against dev's sandbox.
		const devN8n = new N8nHost(installN8n(version), dev.folder, dev.ports[0]).attach();
		const { run } = await devN8n.execute('agoraExAiAgent01');
		expect(run.data.resultData.error).toBeUndefined();
		expect(String(nodeOutput(run.data, 'AI Agent')[0]?.output)).toMatch(/^Tool said: /);
		const asked = (await (
			await fetch(`http://127.0.0.1:${dev.ports[1]}/_sandbox/requests`)
		).json()) as Array<{ method: string; path: string }>;
		expect(asked.some((r) => r.method === 'GET' && r.path.endsWith('/agents/unknown'))).toBe(true);
		await stopAndCheck(dev, dev.npm.pid!, 'SIGINT');
		expect(fs.statSync(path.join(dev.folder, 'encryption-key')).mode & 0o777).toBe(0o600);
		expect(fs.statSync(dev.folder).mode & 0o777).toBe(0o700);
	}, 700000);

	test('SIGTERM to the npm process while n8n imports the workflows; real-Agora secrets never on disk', async () => {
		const canaries = {
			AGORA_CUSTOMER_ID: 'canary-id-5b1e',
			AGORA_CUSTOMER_SECRET: 'canary-secret-7f3a9c',
			AGORA_APP_ID: 'c'.repeat(32),
			AGORA_APP_CERTIFICATE: 'canary-certificate-0d4e',
			AGORA_NOTIFICATION_SECRET: 'canary-notify-8e2b',
			AGORA_HOST: 'http://127.0.0.1:9',
		};
		const dev = await startDev(canaries);
		await untilPrinted(
			dev,
			'dev imports the workflows',
			/importing \d+ of the \d+ example workflows/,
			600000,
		);
		await stopAndCheck(dev, dev.npm.pid!, 'SIGTERM');
		const secrets = [
			canaries.AGORA_CUSTOMER_SECRET,
			canaries.AGORA_APP_CERTIFICATE,
			canaries.AGORA_NOTIFICATION_SECRET,
		];
		const leaks = [...filesUnder(dev.folder), ...filesUnder(dev.tmp)].filter((file) =>
			secrets.some((secret) => fs.readFileSync(file).includes(secret)),
		);
		expect(leaks).toEqual([]);
		expect(fs.readdirSync(dev.tmp).filter((name) => name.startsWith('n8n-credentials-'))).toEqual(
			[],
		);
	}, 700000);

	test("SIGINT to dev's own node process, in the dev folder of the first test", async () => {
		// A dev started again keeps what it imported: it goes straight to starting n8n.
		const dev = await startDev({}, devs[0]?.folder);
		await untilPrinted(dev, 'dev prints its URL', /is running: open/, 600000);
		const node = descendants(dev.npm.pid!).find((pid) =>
			fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('scripts/dev.js'),
		)!;
		expect(node).toBeDefined();
		await stopAndCheck(dev, node, 'SIGINT');
	}, 700000);
});

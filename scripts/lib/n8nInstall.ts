/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/** A tested n8n installed once into the ignored cache, and this package packed and installed into it as n8n installs a community package. */
import { execFileSync } from 'child_process';
import crypto from 'crypto';
import fs from 'fs';
import net from 'net';
import os from 'os';
import path from 'path';

export const ROOT = path.resolve(__dirname, '../..');
export const DEFAULT_N8N_VERSION = '1.123.81';

/**
 * A free port below the kernel's ephemeral range (32768 and up on Linux): a port taken from that
 * range can be handed to an outgoing connection before the server binds it, and a busy CI run once
 * lost `npm run dev`'s n8n port that way.
 */
export async function freePort(): Promise<number> {
	for (let attempt = 0; attempt < 50; attempt++) {
		const port = 20000 + Math.floor(Math.random() * 12000);
		if (await listensOn(port)) return port;
	}
	return await listensOn(0);
}

/** Binds and releases `port` on 127.0.0.1; the port bound (0 asks the system for one), or 0 if taken. */
function listensOn(port: number): Promise<number> {
	return new Promise((resolve) => {
		const server = net.createServer();
		server.once('error', () => resolve(0));
		server.listen(port, '127.0.0.1', () => {
			const bound = (server.address() as net.AddressInfo).port;
			server.close(() => resolve(bound));
		});
	});
}

/** Installs n8n once (cached) and returns the folder holding its node_modules. */
export function installN8n(version = DEFAULT_N8N_VERSION): string {
	return execFileSync('bash', [path.join(ROOT, 'scripts/install-n8n.sh'), version], {
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
		[
			'install',
			'--ignore-scripts',
			'--install-strategy=shallow',
			'--bin-links=false',
			'--package-lock=false',
			'--no-audit',
			'--no-fund',
			'--loglevel=error',
		],
		{ cwd: target, stdio: 'ignore' },
	);
	if (!fs.existsSync(path.join(nodesDir, 'package.json'))) {
		fs.writeFileSync(
			path.join(nodesDir, 'package.json'),
			JSON.stringify({ name: 'installed-nodes', private: true }, null, 2),
		);
	}
	return target;
}

/**
 * `packPackage` and `installPackageInto` once per build: the installed copy is kept in the system's
 * temporary folder under a hash of dist/ and package.json, and copied into each user folder (an e2e
 * run starts many n8n, and npm pack and install cost seconds of CPU each time).
 */
export function installBuiltPackage(userFolder: string): string {
	const cached = path.join(os.tmpdir(), `agora-installed-package-${builtPackageHash()}`);
	if (!fs.existsSync(cached)) {
		const work = fs.mkdtempSync(`${cached}-work-`);
		installPackageInto(work, packPackage(path.join(work, 'pack')));
		fs.rmSync(path.join(work, 'pack'), { recursive: true, force: true });
		try {
			fs.renameSync(work, cached);
		} catch {
			// Another process made the same copy first.
			fs.rmSync(work, { recursive: true, force: true });
		}
	}
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', 'n8n-nodes-agora');
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(path.dirname(target), { recursive: true });
	fs.cpSync(path.join(cached, '.n8n', 'nodes', 'node_modules', 'n8n-nodes-agora'), target, {
		recursive: true,
	});
	// Other community packages a user installed in this folder keep their entry.
	if (!fs.existsSync(path.join(nodesDir, 'package.json')))
		fs.copyFileSync(
			path.join(cached, '.n8n', 'nodes', 'package.json'),
			path.join(nodesDir, 'package.json'),
		);
	return target;
}

function builtPackageHash(): string {
	const hash = crypto.createHash('sha256');
	const add = (file: string) => {
		hash.update(path.relative(ROOT, file));
		hash.update(fs.readFileSync(file));
	};
	add(path.join(ROOT, 'package.json'));
	const walk = (dir: string) => {
		for (const entry of fs
			.readdirSync(dir, { withFileTypes: true })
			.sort((a, b) => a.name.localeCompare(b.name))) {
			const full = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(full);
			else add(full);
		}
	};
	walk(path.join(ROOT, 'dist'));
	return hash.digest('hex').slice(0, 16);
}

/** A test-only package folder (no dependencies) installed beside the packed one, as n8n would. */
export function installFolderPackage(userFolder: string, sourceDir: string): string {
	const name = JSON.parse(fs.readFileSync(path.join(sourceDir, 'package.json'), 'utf8'))
		.name as string;
	const target = path.join(userFolder, '.n8n', 'nodes', 'node_modules', name);
	fs.rmSync(target, { recursive: true, force: true });
	fs.cpSync(sourceDir, target, { recursive: true });
	return target;
}

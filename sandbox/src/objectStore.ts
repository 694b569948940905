/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * The local S3-compatible store recordings land in: the npm package s3rver (a real S3 API server)
 * in a process of its own on 127.0.0.1, on a free port, its data in a temporary folder. Installed
 * with espeak-ng and ffmpeg by scripts/install-recording-tools.sh.
 */
import { execFileSync, spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { getObject, listKeys, type S3Target } from './s3';

const ROOT = path.resolve(__dirname, '../..');
const INSTALLER = path.join(ROOT, 'scripts/install-recording-tools.sh');

/** s3rver's built-in account. */
export const STORE_ACCESS_KEY = 'S3RVER';
export const STORE_SECRET_KEY = 'S3RVER';

/** The bucket a store has unless told otherwise. */
export const DEFAULT_BUCKET = 'recordings';

let installed: string | undefined;

/** Installs what is missing (espeak-ng, ffmpeg, s3rver) once per process; returns s3rver's folder. */
export function ensureRecordingTools(): string {
	installed ??= execFileSync('bash', [INSTALLER], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	}).trim();
	return installed;
}

export interface ObjectStore {
	/** http://127.0.0.1:PORT: storageConfig.extensionParams.endpoint of vendor 11. */
	endpoint: string;
	port: number;
	bucket: string;
	accessKey: string;
	secretKey: string;
	/** The S3 target of the bucket, for reading what landed. */
	target: S3Target;
	keys(prefix?: string): Promise<string[]>;
	get(key: string): Promise<Buffer>;
	stop(): Promise<void>;
}

// Runs inside the child: exits when its parent goes (stdin closes), so no store outlives a test run.
const RUNNER = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({
	address: '127.0.0.1', port: Number(process.env.S3RVER_PORT || 0), silent: true,
	directory: process.env.S3RVER_DATA, configureBuckets: [{ name: process.env.S3RVER_BUCKET }],
});
server.run().then((a) => process.stdout.write(JSON.stringify({ port: a.port }) + '\\n'));
const stop = () => server.close().finally(() => process.exit(0));
process.stdin.on('end', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
`;

/** Starts a store with one bucket (DEFAULT_BUCKET unless given) on a free port (or opts.port). */
export async function startObjectStore(
	opts: { bucket?: string; port?: number; directory?: string } = {},
): Promise<ObjectStore> {
	const module = ensureRecordingTools();
	const bucket = opts.bucket ?? DEFAULT_BUCKET;
	const ownDir = opts.directory === undefined;
	const directory = opts.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'agora-s3-'));
	const child = spawn(process.execPath, ['-e', RUNNER], {
		env: {
			...process.env,
			S3RVER_MODULE: module,
			S3RVER_DATA: directory,
			S3RVER_BUCKET: bucket,
			S3RVER_PORT: String(opts.port ?? 0),
		},
		stdio: ['pipe', 'pipe', 'inherit'],
	});
	const port: number = await new Promise((resolve, reject) => {
		let buffer = '';
		child.stdout.on('data', (d: Buffer) => {
			buffer += d.toString('utf8');
			const nl = buffer.indexOf('\n');
			if (nl >= 0) resolve((JSON.parse(buffer.slice(0, nl)) as { port: number }).port);
		});
		child.once('exit', (code) => reject(new Error(`the S3 store exited with ${code}`)));
	});
	child.stdout.resume();
	const endpoint = `http://127.0.0.1:${port}`;
	const target: S3Target = {
		endpoint,
		bucket,
		accessKey: STORE_ACCESS_KEY,
		secretKey: STORE_SECRET_KEY,
		region: 'us-east-1',
	};
	return {
		endpoint,
		port,
		bucket,
		accessKey: STORE_ACCESS_KEY,
		secretKey: STORE_SECRET_KEY,
		target,
		keys: (prefix) => listKeys(target, prefix),
		get: (key) => getObject(target, key),
		async stop() {
			if (child.exitCode === null) {
				await new Promise<void>((resolve) => {
					child.once('exit', () => resolve());
					child.stdin.end();
				});
			}
			if (ownDir) fs.rmSync(directory, { recursive: true, force: true });
		},
	};
}

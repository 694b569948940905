/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * jest's global set-up and tear-down for an e2e run: one n8n of the run's version, with the package
 * installed, served to every file that needs no n8n of its own (N8nE2e.start attaches to it).
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

import { N8nHost } from '../../scripts/lib/n8nHost';
import { freePort, installBuiltPackage, installN8n } from '../../scripts/lib/n8nInstall';
import { awaitAgoraNodeTypes, N8N_VERSION, SHARED_N8N_ENV, type SharedN8n } from '../lib/n8nE2e';

const running = Symbol.for('agora.e2e.sharedN8n');
type Held = { host: N8nHost; folder: string };

export async function startSharedN8n(): Promise<void> {
	const folder = fs.mkdtempSync(path.join(os.tmpdir(), `agora-shared-${N8N_VERSION}-`));
	const host = new N8nHost(installN8n(N8N_VERSION), folder, await freePort());
	(globalThis as Record<symbol, Held>)[running] = { host, folder };
	installBuiltPackage(folder);
	awaitAgoraNodeTypes(host, N8N_VERSION);
	const logFile = path.join(folder, 'n8n.log');
	await host.start(300000, { logFile });
	// The owner is set up once here; every file then signs in.
	await host.rest('GET', 'workflows');
	const shared: SharedN8n = {
		version: N8N_VERSION,
		userFolder: folder,
		port: host.port,
		logFile,
	};
	const file = path.join(folder, 'shared-n8n.json');
	fs.writeFileSync(file, JSON.stringify(shared));
	process.env[SHARED_N8N_ENV] = file;
}

export async function stopSharedN8n(): Promise<void> {
	const held = (globalThis as Record<symbol, Held | undefined>)[running];
	if (!held) return;
	await held.host.stop().catch(() => undefined);
	fs.rmSync(held.folder, { recursive: true, force: true });
}

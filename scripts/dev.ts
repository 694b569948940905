/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- not part of the published package: test or dev code run by plain Node */
/**
 * `npm run dev`: a real n8n with this package, the Agora sandbox (or your real Agora project), the
 * credential and every example workflow imported. Ctrl-C stops everything.
 *
 * Real Agora instead of the sandbox: set AGORA_CUSTOMER_ID, AGORA_CUSTOMER_SECRET and AGORA_APP_ID
 * (optional AGORA_HOST, AGORA_APP_CERTIFICATE, AGORA_NOTIFICATION_SECRET).
 */
import fs from 'fs';
import path from 'path';

import { installN8n, installPackageInto, N8nHost, packPackage, ROOT, startSandboxProcess, type SandboxProcess } from '../test/e2e/n8nHost';
import { exampleFiles, EXAMPLE_CREDENTIAL, TRIGGER_WEBHOOK_ID, writeCredentialFile } from '../test/e2e/examples';

async function main() {
	const port = Number(process.env.N8N_PORT ?? 5678);
	const sandboxPort = Number(process.env.SANDBOX_PORT ?? 8787);
	const userFolder = path.join(ROOT, '.cache', 'dev-n8n');
	const webhookUrl = `http://127.0.0.1:${port}/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;

	console.log('Installing n8n (first run only, about 5 minutes)…');
	const n8nDir = installN8n(process.env.N8N_VERSION);
	installPackageInto(userFolder, packPackage(path.join(ROOT, '.cache', 'pack')));

	const real = process.env.AGORA_CUSTOMER_ID && process.env.AGORA_CUSTOMER_SECRET && process.env.AGORA_APP_ID;
	let sandbox: SandboxProcess | undefined;
	let credential: Record<string, string>;
	if (real) {
		credential = {
			customerId: process.env.AGORA_CUSTOMER_ID!,
			customerSecret: process.env.AGORA_CUSTOMER_SECRET!,
			appId: process.env.AGORA_APP_ID!,
			host: process.env.AGORA_HOST ?? 'https://api.agora.io',
			appCertificate: process.env.AGORA_APP_CERTIFICATE ?? '',
			notificationSecret: process.env.AGORA_NOTIFICATION_SECRET ?? '',
		};
	} else {
		sandbox = await startSandboxProcess({
			SANDBOX_PORT: String(sandboxPort),
			SANDBOX_NOTIFY_URL: webhookUrl,
			SANDBOX_START_DELAY_MS: '1000',
		});
		credential = {
			customerId: sandbox.customerId,
			customerSecret: sandbox.customerSecret,
			appId: sandbox.appId,
			host: 'custom',
			customBaseUrl: sandbox.url,
			appCertificate: '0123456789abcdef0123456789abcdef',
			notificationSecret: sandbox.notificationSecret,
		};
	}

	const host = new N8nHost(n8nDir, userFolder, port);
	await host.importCredentials(writeCredentialFile(userFolder, credential));
	for (const file of exampleFiles()) await host.importWorkflow(file);
	await host.activate(EXAMPLE_CREDENTIAL.triggerWorkflowId);

	const stop = async () => {
		console.log('\nStopping n8n and the sandbox…');
		await host.stop();
		await sandbox?.stop();
		process.exit(0);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);

	await host.start();
	console.log(`
n8n with n8n-nodes-agora is running: open ${host.baseUrl}
  (first visit: create the local owner account; the workflows are under "Overview")
Agora target: ${real ? credential.host : `local sandbox ${sandbox!.url} (no Agora account needed)`}
Credential "${EXAMPLE_CREDENTIAL.name}" and ${exampleFiles().length} example workflows are imported.
Agora Trigger webhook: ${webhookUrl}${sandbox ? ' (the sandbox sends its notifications there)' : ''}
Press Ctrl-C to stop.`);
	fs.writeFileSync(path.join(userFolder, 'dev.pid'), String(process.pid));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

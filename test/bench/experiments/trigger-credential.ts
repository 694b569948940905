/**
 * Evidence for the cause found by bench 5 (Agora Trigger answering fewer notifications per second
 * than the Webhook node): the same measurement with the INSTALLED COPY of the trigger patched so it
 * does not load the credential for every notification (the secret given inline, as a cache would
 * give it). PATCH=nocred applies it; without PATCH the package runs as built. Also measures a
 * trigger with "Ignore Resends" off, to rule the dedupe (workflow static data) in or out.
 * Usage: PATCH=nocred npx ts-node --transpile-only test/bench/experiments/trigger-credential.ts
 */
import '../lib/env';

import fs from 'fs';
import path from 'path';

import { blast } from '../benches/5-trigger';
import { AGORA_CREDENTIAL, N8nFixture, NOTIFY_WORKFLOWS } from '../lib/n8nFixture';
import { spread } from '../lib/stats';

const NO_DEDUPE = { id: 'benchTrigNoDedupe', webhookId: '11111111-2222-4333-8444-555555555555' };

async function main() {
	const patch = process.env.PATCH === 'nocred';
	const fx = await N8nFixture.start((m) => console.error(m), {
		patchPackage: (dir) => {
			if (!patch) return;
			const file = path.join(dir, 'dist/nodes/AgoraTrigger/AgoraTrigger.node.js');
			const text = fs.readFileSync(file, 'utf8');
			const target = "const credentials = await this.getCredentials('agoraApi');";
			if (!text.includes(target)) throw new Error(`patch target not found in ${file}`);
			fs.writeFileSync(file, text.replace(target, "const credentials = { notificationSecret: 'sandbox-notify-secret' };"));
		},
		extraWorkflows: [
			{
				id: NO_DEDUPE.id,
				name: 'Agora Trigger, resends not ignored',
				active: false,
				settings: { executionOrder: 'v1' },
				connections: {},
				nodes: [
					{
						id: 'nodedupe',
						name: 'Agora Trigger',
						type: 'n8n-nodes-agora.agoraTrigger',
						typeVersion: 1,
						position: [0, 0],
						webhookId: NO_DEDUPE.webhookId,
						parameters: { product: 'conversationalAi', conversationalAiEvents: ['*'], options: { ignoreResends: false } },
						credentials: { agoraApi: AGORA_CREDENTIAL },
					},
				],
			},
		],
	});
	try {
		const secret = fx.sandbox.notificationSecret;
		const targets = {
			trigger: { url: new URL(fx.webhookUrl(`${NOTIFY_WORKFLOWS.trigger.webhookId}/webhook`)), id: NOTIFY_WORKFLOWS.trigger.id, sent: 0 },
			noDedupe: { url: new URL(fx.webhookUrl(`${NO_DEDUPE.webhookId}/webhook`)), id: NO_DEDUPE.id, sent: 0 },
			webhook: { url: new URL(fx.webhookUrl(NOTIFY_WORKFLOWS.webhook.path)), id: NOTIFY_WORKFLOWS.webhook.id, sent: 0 },
		};
		for (const mode of [
			{ label: 'sequential', senders: 1, requests: 100 },
			{ label: '10 concurrent', senders: 10, requests: 200 },
		]) {
			const rates: Record<string, number[]> = { trigger: [], noDedupe: [], webhook: [] };
			for (let r = 0; r < Number(process.env.RUNS ?? 3); r++) {
				for (const [name, t] of Object.entries(targets)) {
					const res = await blast(t.url, secret, mode);
					t.sent += res.ok;
					await fx.drain(t.id, t.sent);
					rates[name].push(res.rate);
				}
			}
			console.log(
				`[${patch ? 'trigger without per-notification credential load' : 'as built'}] ${mode.label}: ${Object.entries(rates)
					.map(([k, v]) => `${k} ${spread(v, 1, ' req/s')}`)
					.join(', ')}`,
			);
		}
	} finally {
		await fx.stop();
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * Runs the sandbox as a separate process (npm run sandbox): prints one JSON line with its URL and
 * credentials, stops on SIGINT/SIGTERM. Options and their environment variables: sandbox/README.md.
 */
import { CALLEE_SCRIPT_RULE, isCalleeScript } from './calls';
import { startSandbox } from './server';
import type { SandboxOptions } from './types';

function args(argv: string[]): Record<string, string> {
	const out: Record<string, string> = {};
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		if (!a.startsWith('--')) continue;
		const eq = a.indexOf('=');
		if (eq > 0) out[a.slice(2, eq)] = a.slice(eq + 1);
		else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[a.slice(2)] = argv[++i];
		else out[a.slice(2)] = '1';
	}
	return out;
}

async function main(): Promise<void> {
	const a = args(process.argv.slice(2));
	const env = process.env;
	const pick = (flag: string, name: string): string | undefined =>
		a[flag] ?? env[name] ?? undefined;
	const num = (flag: string, name: string): number | undefined => {
		const v = pick(flag, name);
		if (v === undefined || v === '') return undefined;
		const n = Number(v);
		if (!Number.isFinite(n)) throw new Error(`--${flag} / ${name} must be a number, got ${v}`);
		return n;
	};
	const bool = (v: string | undefined): boolean => v !== undefined && /^(1|true|yes|on)$/i.test(v);

	const notifyUrl = pick('notify-url', 'SANDBOX_NOTIFY_URL');
	const notificationSecret =
		pick('notify-secret', 'SANDBOX_NOTIFY_SECRET') || 'sandbox-notify-secret';
	const opts: SandboxOptions = {
		port: num('port', 'SANDBOX_PORT') ?? 0,
		customerId: pick('customer-id', 'SANDBOX_CUSTOMER_ID') || undefined,
		customerSecret: pick('customer-secret', 'SANDBOX_CUSTOMER_SECRET') || undefined,
		appId: pick('app-id', 'SANDBOX_APP_ID') || undefined,
		appCertificate: pick('app-certificate', 'SANDBOX_APP_CERTIFICATE') || undefined,
		clock: pick('clock', 'SANDBOX_CLOCK') === 'manual' ? 'manual' : 'real',
		startDelayMs: num('start-delay-ms', 'SANDBOX_START_DELAY_MS'),
		stopDelayMs: num('stop-delay-ms', 'SANDBOX_STOP_DELAY_MS'),
		listDelayMs: num('list-delay-ms', 'SANDBOX_LIST_DELAY_MS'),
		latencyMs: num('latency-ms', 'SANDBOX_LATENCY_MS'),
		playerQuota: num('player-quota', 'SANDBOX_PLAYER_QUOTA'),
		agentQuota: num('agent-quota', 'SANDBOX_AGENT_QUOTA'),
		playerIdleTimeoutMs: num('player-idle-timeout-ms', 'SANDBOX_PLAYER_IDLE_TIMEOUT_MS'),
		rateLimits: bool(pick('rate-limits', 'SANDBOX_RATE_LIMITS')),
		callSetupMs: num('call-setup-ms', 'SANDBOX_CALL_SETUP_MS'),
		ringTimeoutMs: num('ring-timeout-ms', 'SANDBOX_RING_TIMEOUT_MS'),
		requireImportedNumbers: bool(
			pick('require-imported-numbers', 'SANDBOX_REQUIRE_IMPORTED_NUMBERS'),
		),
		llmTimeoutMs: num('llm-timeout-ms', 'SANDBOX_LLM_TIMEOUT_MS'),
		recordingStorageEndpoint:
			pick('recording-storage-endpoint', 'SANDBOX_RECORDING_STORAGE_ENDPOINT') || undefined,
		managedLlmUrl: pick('managed-llm-url', 'SANDBOX_MANAGED_LLM_URL') || undefined,
		notify: notifyUrl ? { url: notifyUrl, secret: notificationSecret } : undefined,
	};
	const callee = pick('callee-script', 'SANDBOX_CALLEE_SCRIPT');
	let script: unknown;
	let notJson = false;
	try {
		script = callee ? JSON.parse(callee) : undefined;
	} catch {
		notJson = true;
	}
	if (notJson) throw new Error('--callee-script / SANDBOX_CALLEE_SCRIPT must be JSON');
	if (script !== undefined && !isCalleeScript(script))
		throw new Error(`--callee-script / SANDBOX_CALLEE_SCRIPT: ${CALLEE_SCRIPT_RULE}`);
	const sb = await startSandbox(opts);
	if (script) sb.setCallee('*', script);
	process.stdout.write(
		JSON.stringify({
			url: sb.url,
			customerId: sb.customerId,
			customerSecret: sb.customerSecret,
			appId: sb.appId,
			appCertificate: sb.appCertificate,
			notificationSecret,
		}) + '\n',
	);
	const o = sb.options();
	process.stdout.write(
		[
			`Agora sandbox listening on ${sb.url}`,
			`  Agent API:      ${sb.url}/api/conversational-ai-agent/v2/projects/${sb.appId}/...`,
			`  Media Pull API: ${sb.url}/{cn|ap|na|eu}/v1/projects/${sb.appId}/cloud-player/players (list: ${sb.url}/v1/projects/${sb.appId}/cloud-player/players)`,
			`  Telephony:      ${sb.url}/api/conversational-ai-agent/v2/projects/${sb.appId}/call, .../calls/{agent_id}[/hangup], ${sb.url}/api/conversational-ai-agent/v2/phone-numbers`,
			`  Credentials:    Basic ${sb.customerId}:${sb.customerSecret}, or agora token=<007 token of App Certificate ${sb.appCertificate}>`,
			`  Clock:          ${sb.clock.mode}${sb.clock.mode === 'manual' ? ' (POST /_sandbox/clock {"advanceMs": N})' : ''}`,
			`  Notifications:  ${o.notify ? `-> ${o.notify.url} (secret ${notificationSecret})` : 'off (set SANDBOX_NOTIFY_URL or POST /_sandbox/config {"notify":{"url","secret"}})'}`,
			`  Delays:         start ${o.startDelayMs} ms, stop ${o.stopDelayMs} ms, list ${o.listDelayMs} ms; rate limits ${o.rateLimits ? 'on' : 'off'}; player quota ${o.playerQuota}`,
			`  Control:        POST /_sandbox/reset | GET /_sandbox/requests | GET /_sandbox/state | POST /_sandbox/config | POST /_sandbox/faults | POST /_sandbox/notify | POST /_sandbox/clock | /_sandbox/telephony | POST /_sandbox/agents/{id}/say`,
			`  Talk page:      ${sb.url}/_sandbox/talk (speak as the caller to agents that have an llm.url)`,
			'Press Ctrl+C to stop.',
			'',
		].join('\n'),
	);
	let stopping = false;
	const stop = (): void => {
		if (stopping) return;
		stopping = true;
		sb.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((e: Error) => {
	process.stderr.write(`sandbox failed to start: ${e.message}\n`);
	process.exit(1);
});

/** The sandbox's options with their defaults (sandbox/README.md). */
import * as R from './reference';
import type { ResolvedOptions, SandboxOptions } from './types';

export function resolve(o: SandboxOptions): ResolvedOptions {
	return {
		port: o.port ?? 0,
		customerId: o.customerId ?? 'sandbox-customer',
		customerSecret: o.customerSecret ?? 'sandbox-secret',
		appId: o.appId ?? '0123456789abcdef0123456789abcdef',
		appCertificate: o.appCertificate ?? 'fedcba9876543210fedcba9876543210',
		startDelayMs: o.startDelayMs ?? 50,
		stopDelayMs: o.stopDelayMs ?? 50,
		listDelayMs: o.listDelayMs ?? 0,
		rateLimits: o.rateLimits ?? false,
		playerQuota: o.playerQuota ?? R.DEFAULT_PLAYER_QUOTA,
		agentQuota: o.agentQuota ?? 0,
		latencyMs: o.latencyMs ?? 0,
		notify: o.notify ?? null,
		playerIdleTimeoutMs: o.playerIdleTimeoutMs,
		requestLogLimit: o.requestLogLimit ?? 5000,
		callSetupMs: o.callSetupMs ?? 500,
		ringTimeoutMs: o.ringTimeoutMs ?? 30000,
		requireImportedNumbers: o.requireImportedNumbers ?? false,
		llmTimeoutMs: o.llmTimeoutMs ?? 15000,
		managedLlmUrl: o.managedLlmUrl,
		recordingStorageEndpoint: o.recordingStorageEndpoint,
	};
}

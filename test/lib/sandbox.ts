/**
 * The one sandbox set-up of the jest suites, the one way tests start an agent without the node
 * (seedAgent), and the one way they shorten the node's waits (retries, Retry-After,
 * reconciliation polling): fastTiming.
 */
import type { IDataObject } from 'n8n-workflow';

import { reconcileTiming } from '../../nodes/Agora/actions/cloudPlayer/reconcile';
import { recordingTiming } from '../../nodes/Agora/api/cloudRecordings';
import { resetRateLimits, retryTiming } from '../../nodes/Agora/transport';
import { startSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/src';
import { startAgentAt, type startBody } from '../../sandbox/src/helpers';
import type { CredentialData } from './harness';

export interface Timing {
	retry?: Partial<typeof retryTiming>;
	reconcile?: Partial<typeof reconcileTiming>;
	recording?: Partial<typeof recordingTiming>;
}

/** Short backoff, Retry-After cap, reconciliation and Cloud Recording polling, for suites that provoke failures. */
export const FAST_TIMING: Timing = {
	retry: { baseMs: 5, maxDelayMs: 50, maxRetryAfterMs: 300 },
	reconcile: { intervalMs: 50, maxWaitMs: 400 },
	recording: { repeatDelaysMs: [5, 10], failoverWaitMs: 1500, failoverPollMs: 50 },
};

/** Sets the node's waits to `timing`; returns the function that restores them. */
export function fastTiming(timing: Timing = FAST_TIMING): () => void {
	const savedRetry = { ...retryTiming };
	const savedReconcile = { ...reconcileTiming };
	const savedRecording = { ...recordingTiming };
	Object.assign(retryTiming, timing.retry);
	Object.assign(reconcileTiming, timing.reconcile);
	Object.assign(recordingTiming, timing.recording);
	return () => {
		Object.assign(retryTiming, savedRetry);
		Object.assign(reconcileTiming, savedReconcile);
		Object.assign(recordingTiming, savedRecording);
	};
}

/** The Agora API credential of a sandbox (Basic, Custom Base URL), with extra fields. */
export function sandboxCredential(sb: Sandbox, extra: IDataObject = {}): CredentialData {
	return {
		customerId: sb.customerId,
		customerSecret: sb.customerSecret,
		appId: sb.appId,
		host: 'custom',
		customBaseUrl: sb.url,
		...extra,
	};
}

export interface SandboxSetup {
	sb: Sandbox;
	credential: CredentialData;
}

/** The one start of an in-process sandbox outside jest's hooks (the benches), with its credential. */
export async function startSandboxWithCredential(
	options: SandboxOptions,
	credential: IDataObject = {},
): Promise<SandboxSetup> {
	const sb = await startSandbox(options);
	return { sb, credential: sandboxCredential(sb, credential) };
}

/**
 * Starts a sandbox before the file's tests and closes it after them; before each test its state
 * and the node's pacing are reset (`resetEach: false` keeps state across tests; `perTest: true`
 * starts a new sandbox for every test instead). Retries wait 5 ms unless `timing` says otherwise.
 * `started` receives the sandbox and its credential.
 */
export function useSandbox(
	options: SandboxOptions,
	started: (setup: SandboxSetup) => void,
	settings: {
		credential?: IDataObject;
		timing?: Timing;
		resetEach?: boolean;
		perTest?: boolean;
	} = {},
): void {
	let sb: Sandbox | undefined;
	let restoreTiming: (() => void) | undefined;
	const start = async () => {
		const setup = await startSandboxWithCredential(options, settings.credential);
		sb = setup.sb;
		started(setup);
	};
	beforeAll(async () => {
		restoreTiming = fastTiming(settings.timing ?? { retry: { baseMs: 5 } });
		if (!settings.perTest) await start();
	});
	afterAll(async () => {
		restoreTiming?.();
		await sb?.close();
	});
	if (settings.perTest) {
		beforeEach(async () => {
			await start();
			resetRateLimits();
		});
		afterEach(async () => {
			await sb?.close();
			sb = undefined;
		});
	} else if (settings.resetEach !== false) {
		beforeEach(() => {
			sb?.reset();
			resetRateLimits();
		});
	}
}

/**
 * Starts an agent straight through the sandbox API (no node) and returns its agent_id. The sandbox
 * clock is moved past the start delay (in either clock mode), so the agent is RUNNING when this
 * returns, however slowly the machine runs.
 */
export async function seedAgent(
	sb: Sandbox,
	over: Parameters<typeof startBody>[0] = {},
): Promise<string> {
	const agentId = await startAgentAt(sb, over);
	sb.clock.advance(sb.options().startDelayMs);
	return agentId;
}

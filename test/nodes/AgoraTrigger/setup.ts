/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/**
 * Shared rig of the Agora Trigger tests: importing this file gives each test a fresh sandbox and
 * closes, after each test, every trigger server started through it; builds, signs and posts
 * notifications.
 */
import { createHmac } from 'crypto';

import axios from 'axios';
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';

import type { Sandbox } from '../../../sandbox/src';
import { useSandbox } from '../../lib/sandbox';
import { startTriggerServer, type TriggerServer } from '../../lib/triggerHarness';

export const SECRET = 'n0tify-s3cret-value';
export const CUSTOMER_SECRET = 'customer-secret-xyz';

/** The Agora API credential (what version 1 of the trigger reads), with its notification secret. */
export const agoraApiCredential = (
	notificationSecret = SECRET,
): ICredentialDataDecryptedObject => ({
	customerId: 'cid',
	customerSecret: CUSTOMER_SECRET,
	appId: 'app',
	host: 'custom',
	customBaseUrl: 'http://127.0.0.1:1',
	notificationSecret,
});

let sandbox: Sandbox;
useSandbox({ startDelayMs: 10, stopDelayMs: 10 }, ({ sb }) => (sandbox = sb), { perTest: true });

const servers: TriggerServer[] = [];
afterEach(async () => {
	for (const s of servers.splice(0)) await s.close();
});

/** A trigger server closed after the test. */
export async function startTrigger(
	opts: Parameters<typeof startTriggerServer>[0],
): Promise<TriggerServer> {
	const trigger = await startTriggerServer(opts);
	servers.push(trigger);
	return trigger;
}

export interface SetupOptions {
	/** The notification secret of the Agora API credential (ignored when `credential` is given). */
	secret?: string;
	credential?: ICredentialDataDecryptedObject;
	typeVersion?: 1 | 2;
	/** The secret the sandbox signs with (default SECRET). */
	sandboxSecret?: string;
	notifyUrl?: (trigger: TriggerServer) => string;
	credentialLatencyMs?: number;
}

/** A trigger server and a sandbox that sends its signed notifications to it. */
export async function setup(
	parameters: INodeParameters = {},
	opts: SetupOptions = {},
): Promise<{ trigger: TriggerServer; sb: Sandbox }> {
	const trigger = await startTrigger({
		parameters: { product: 'both', ...parameters },
		credential: opts.credential ?? agoraApiCredential(opts.secret ?? SECRET),
		credentialLatencyMs: opts.credentialLatencyMs,
		typeVersion: opts.typeVersion,
	});
	sandbox.configure({
		notify: {
			url: opts.notifyUrl ? opts.notifyUrl(trigger) : trigger.url,
			secret: opts.sandboxSecret ?? SECRET,
			retryDelayMs: 20,
			// A generous wait for each answer: a slow answer on a busy machine must not count as lost.
			timeoutMs: 15000,
		},
	});
	return { trigger, sb: sandbox };
}

/** Both signature headers Agora sends, over the exact body. */
export function sign(body: string, secret = SECRET): Record<string, string> {
	return {
		'Agora-Signature': createHmac('sha1', secret).update(body).digest('hex'),
		'Agora-Signature-V2': createHmac('sha256', secret).update(body).digest('hex'),
	};
}

export async function post(
	url: string,
	body: string | Buffer,
	headers: Record<string, string> = {},
) {
	return await axios.post(url, body, {
		headers: { 'Content-Type': 'application/json', ...headers },
		validateStatus: () => true,
		transformRequest: [(d: unknown) => d],
		maxBodyLength: Infinity,
	});
}

/** Posts a notification as JSON, signed with `secret` when one is given, unsigned otherwise. */
export async function postNotice(url: string, notice: IDataObject, secret?: string) {
	const body = JSON.stringify(notice);
	return await post(url, body, secret === undefined ? {} : sign(body, secret));
}

export function envelope(over: IDataObject = {}): IDataObject {
	return {
		noticeId: `n-${Math.random().toString(36).slice(2)}`,
		productId: 17,
		eventType: 101,
		notifyMs: 1_700_000_000_000,
		sid: 'sid-1',
		payload: {
			agent_id: 'A1',
			name: 'agent',
			start_ts: 1,
			channel: 'room1',
			labels: { customer: 'acme' },
		},
		...over,
	};
}

/** The console's health check: test callbacks whose channel is test_webhook. */
export const healthCheck = (over: IDataObject = {}) =>
	envelope({
		eventType: 101,
		payload: { channelName: 'test_webhook', uid: 12121212, channel: 'test_webhook' },
		...over,
	});

export const agentLeft = (labels?: IDataObject) => ({
	productId: 17,
	eventType: 102,
	payload: {
		agent_id: 'A2',
		name: 'a',
		start_ts: 1,
		stop_ts: 2,
		channel: 'room1',
		status: 'STOPPED',
		message: 'ok',
		...(labels ? { labels } : {}),
	},
});

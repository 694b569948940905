/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/** Shared helpers for the sandbox's own tests (and usable by other tests). */
import axios, { AxiosInstance } from 'axios';
import { RtcRole, RtcTokenBuilder } from 'agora-token';
import type { Sandbox } from './types';

/** Where a sandbox answers and the project's keys: an in-process sandbox or one in a process of its own. */
export type SandboxAddress = Pick<Sandbox, 'url' | 'customerId' | 'customerSecret' | 'appId'>;

export function client(sb: SandboxAddress, auth = true): AxiosInstance {
	return axios.create({
		baseURL: sb.url,
		validateStatus: () => true,
		auth: auth ? { username: sb.customerId, password: sb.customerSecret } : undefined,
		transitional: { clarifyTimeoutError: true },
	});
}

/**
 * A 007 RTC token of the sandbox's project (agora-token, Agora's own builder) for token
 * authentication: `Authorization: agora token=<token>`.
 */
export function agoraToken(
	sb: Sandbox,
	channel: string,
	uid: number | string,
	expireS = 3600,
	appCertificate = sb.appCertificate,
): string {
	return typeof uid === 'number'
		? RtcTokenBuilder.buildTokenWithUid(
				sb.appId,
				appCertificate,
				channel,
				uid,
				RtcRole.PUBLISHER,
				expireS,
				expireS,
			)
		: RtcTokenBuilder.buildTokenWithUserAccount(
				sb.appId,
				appCertificate,
				channel,
				uid,
				RtcRole.PUBLISHER,
				expireS,
				expireS,
			);
}

/** A client that authenticates with `agora token=<token>` instead of Basic. */
export function tokenClient(sb: Sandbox, token: string): AxiosInstance {
	return axios.create({
		baseURL: sb.url,
		validateStatus: () => true,
		headers: { Authorization: `agora token=${token}` },
		transitional: { clarifyTimeoutError: true },
	});
}

export function agentPath(sb: SandboxAddress, rest: string): string {
	return `/api/conversational-ai-agent/v2/projects/${sb.appId}${rest}`;
}

export function playersPath(sb: Sandbox, region = 'na', id?: string): string {
	return `/${region}/v1/projects/${sb.appId}/cloud-player/players${id ? `/${id}` : ''}`;
}

export function listPath(sb: Sandbox): string {
	return `/v1/projects/${sb.appId}/cloud-player/players`;
}

let n = 0;
export function uniq(prefix = 'x'): string {
	return `${prefix}${Date.now().toString(36)}${(n++).toString(36)}`;
}

/** Starts an agent straight through Agora's API, as any client of Agora would; returns its id. */
export async function startAgentAt(
	sb: SandboxAddress,
	over: Parameters<typeof startBody>[0] = {},
): Promise<string> {
	const response = await client(sb).post(agentPath(sb, '/join'), startBody(over));
	if (response.status !== 200 || typeof response.data?.agent_id !== 'string')
		throw new Error(
			`starting an agent failed: ${response.status} ${JSON.stringify(response.data)}`,
		);
	return response.data.agent_id as string;
}

/** A minimal valid cascade (ASR + LLM + TTS) start body. */
export function startBody(
	over: { name?: string; channel?: string; properties?: Record<string, unknown> } = {},
): {
	name: string;
	properties: Record<string, unknown>;
} {
	return {
		name: over.name ?? uniq('agent'),
		properties: {
			channel: over.channel ?? 'room1',
			token: 'tok',
			agent_rtc_uid: '1001',
			remote_rtc_uids: ['2002'],
			llm: {
				url: 'https://llm.example.com/v1/chat/completions',
				api_key: 'k',
				system_messages: [{ role: 'system', content: 'You are helpful.' }],
				greeting_message: 'Hello there',
			},
			tts: { vendor: 'microsoft', params: { voice_name: 'en-US-AndrewNeural' } },
			...over.properties,
		},
	};
}

export function playerBody(over: Record<string, unknown> = {}): {
	player: Record<string, unknown>;
} {
	return {
		player: {
			streamUrl: 'rtmp://media.example.com/live/stream1',
			channelName: 'room1',
			uid: 555,
			...over,
		},
	};
}

/**
 * Starts an agent and moves the sandbox's manual clock past its start delay, so that it is
 * RUNNING when this returns. Returns the agent id.
 */
export async function runningAgent(
	sb: Sandbox,
	api: AxiosInstance,
	over: Parameters<typeof startBody>[0] = {},
): Promise<string> {
	const r = await api.post(agentPath(sb, '/join'), startBody(over));
	if (r.status !== 200) throw new Error(`start failed: ${r.status} ${JSON.stringify(r.data)}`);
	sb.clock.advance(sb.options().startDelayMs);
	return r.data.agent_id as string;
}

export function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}

/** Polls until fn gives a truthy value: for events that come over the network (notifications). */
export async function waitFor<T>(
	fn: () => T | undefined | false | Promise<T | undefined | false>,
	timeoutMs = 10000,
	stepMs = 10,
): Promise<T> {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) throw new Error('waitFor: timed out');
		await sleep(stepMs);
	}
}

/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/** Shared helpers for the sandbox's own tests (and usable by other tests). */
import axios, { AxiosInstance } from 'axios';
import type { Sandbox } from './types';

export function client(sb: Sandbox, auth = true): AxiosInstance {
	return axios.create({
		baseURL: sb.url,
		validateStatus: () => true,
		auth: auth ? { username: sb.customerId, password: sb.customerSecret } : undefined,
		transitional: { clarifyTimeoutError: true },
	});
}

export function agentPath(sb: Sandbox, rest: string): string {
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

/** A minimal valid cascade (ASR + LLM + TTS) start body. */
export function startBody(over: { name?: string; channel?: string; properties?: Record<string, unknown> } = {}): {
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

export function playerBody(over: Record<string, unknown> = {}): { player: Record<string, unknown> } {
	return {
		player: {
			streamUrl: 'rtmp://media.example.com/live/stream1',
			channelName: 'room1',
			uid: 555,
			...over,
		},
	};
}

export function sleep(ms: number): Promise<void> {
	return new Promise((r) => setTimeout(r, ms));
}

export async function waitFor<T>(fn: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 3000, stepMs = 10): Promise<T> {
	const end = Date.now() + timeoutMs;
	for (;;) {
		const v = await fn();
		if (v) return v;
		if (Date.now() > end) throw new Error('waitFor: timed out');
		await sleep(stepMs);
	}
}

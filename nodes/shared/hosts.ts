import type { IDataObject } from 'n8n-workflow';

/** Where Agora's APIs live: the credential's host (or custom base URL) and the agent API's prefix. */
export const AGENT_API_PREFIX = '/api/conversational-ai-agent/v2';
export const AGENT_PREFIX = `${AGENT_API_PREFIX}/projects`;

export function baseUrlFromCredential(credential: IDataObject): string {
	const host = String(credential.host ?? 'https://api.agora.io');
	const raw = host === 'custom' ? String(credential.customBaseUrl ?? '') : host;
	const trimmed = raw.trim().replace(/\/+$/, '');
	if (!/^https?:\/\/[^\s/]+/i.test(trimmed)) {
		throw new Error(`The credential's base URL "${trimmed}" is not an http(s) URL`);
	}
	return trimmed;
}

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

/** Conversational AI's regional hosts (api-us-west-1.agora.io, api-cn-east-1.sd-rtn.com, …). */
const REGIONAL_HOST = /^https:\/\/api-[a-z]+-[a-z]+-\d+\.(agora\.io|sd-rtn\.com)$/i;

/**
 * The Media Pull reference documents only the global host (its region is a path segment): a
 * Conversational AI regional host is replaced by the global host of the same domain. A custom
 * base URL is kept as given.
 */
export function mediaPullBaseUrl(baseUrl: string): string {
	const regional = REGIONAL_HOST.exec(baseUrl);
	return regional ? `https://api.${regional[1].toLowerCase()}` : baseUrl;
}

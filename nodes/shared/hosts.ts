import type { IDataObject } from 'n8n-workflow';

/** Where Agora's APIs live: the credential's host (or custom base URL) and the agent API's prefix. */
const AGENT_API_PREFIX = '/api/conversational-ai-agent/v2';

/** Mainland China's regional hosts (api-cn-east-1, api-cn-north-1, on either domain). */
const CHINA_HOST = /^https:\/\/api-cn-[a-z]+-\d+\.(agora\.io|sd-rtn\.com)$/i;

/**
 * The Conversational AI prefix at a base URL: Agora's China OpenAPI and its SDKs' China area serve
 * it under `/cn`. A custom base URL is kept as given (it may carry `/cn` itself).
 */
export function agentApiPrefix(baseUrl: string): string {
	return CHINA_HOST.test(baseUrl) ? `/cn${AGENT_API_PREFIX}` : AGENT_API_PREFIX;
}

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
 * For the APIs whose reference documents only the global host (Media Pull, whose region is a path
 * segment; the notification servers' IP list): a Conversational AI regional host is replaced by the
 * global host of the same domain. A custom base URL is kept as given.
 */
export function globalBaseUrl(baseUrl: string): string {
	const regional = REGIONAL_HOST.exec(baseUrl);
	return regional ? `https://api.${regional[1].toLowerCase()}` : baseUrl;
}

export const mediaPullBaseUrl = globalBaseUrl;

/** The neighbouring region of each regional host, where Agora's SDKs fail over to. */
const NEIGHBOUR: Record<string, string> = {
	'us-west-1': 'us-east-1',
	'us-east-1': 'us-west-1',
	'eu-west-1': 'eu-central-1',
	'eu-central-1': 'eu-west-1',
	'ap-southeast-1': 'ap-northeast-1',
	'ap-northeast-1': 'ap-southeast-1',
	'cn-east-1': 'cn-north-1',
	'cn-north-1': 'cn-east-1',
};
const AGORA_HOST = /^https:\/\/api(?:-([a-z]+-[a-z]+-\d+))?\.(agora\.io|sd-rtn\.com)$/i;

/** Whether a base URL is one of Agora's own hosts (global, alternate domain or regional). */
export function isAgoraHost(baseUrl: string): boolean {
	return AGORA_HOST.test(baseUrl);
}

/**
 * The base URL of each attempt of a request safe to repeat, as Agora's SDKs pick them: the same
 * host twice, then the alternate domain, then the neighbouring region. A custom base URL (a proxy,
 * the sandbox) is never swapped.
 */
export function failoverBaseUrls(credential: IDataObject): string[] {
	const base = baseUrlFromCredential(credential);
	const match = credential.host === 'custom' ? null : AGORA_HOST.exec(base);
	if (!match) return [base];
	const [, region, domain] = match;
	const other = domain.toLowerCase() === 'agora.io' ? 'sd-rtn.com' : 'agora.io';
	const host = (r: string | undefined, d: string) => `https://api${r ? `-${r}` : ''}.${d}`;
	const hosts = [base, base, host(region, other)];
	if (region && NEIGHBOUR[region.toLowerCase()])
		hosts.push(host(NEIGHBOUR[region.toLowerCase()], domain.toLowerCase()));
	return hosts;
}

/**
 * Token authentication for Agora's REST APIs (`Authorization: agora token=<token>`), built fresh for
 * every request. Which APIs accept it and what each token names: docs/design.md, "Tokens".
 */
import { buildRtcToken } from './accessToken2';

export type AuthMethod = 'basic' | 'token';

/** Every token the node signs for a REST call lives this long (a clock skew of minutes is fine). */
const REST_TOKEN_SECONDS = 3600;
const PLACEHOLDER = 'n8n';
const AGENT_API = '/api/conversational-ai-agent/';

const HEX32 = /^[0-9a-fA-F]{32}$/;

/** The credential's method; credentials saved before the choice existed are Basic. */
export function authMethodOf(credential: { authentication?: unknown }): AuthMethod {
	return credential.authentication === 'token' ? 'token' : 'basic';
}

/** Why token authentication cannot work with this credential, or undefined when it can. */
export function tokenAuthProblem(appId: string, appCertificate: string): string | undefined {
	if (!HEX32.test(appCertificate)) {
		return appCertificate === ''
			? 'Token authentication needs the App Certificate: set it in the Agora API credential, or choose Basic authentication'
			: 'The App Certificate must be 32 hexadecimal characters (Agora Console > project > Security)';
	}
	if (!HEX32.test(appId))
		return 'Token authentication needs an App ID of 32 hexadecimal characters';
	return undefined;
}

const MEDIA_PULL_NEEDS_BASIC =
	'Agora’s Media Pull (cloud player) API accepts only Basic authentication (Customer ID and Customer Secret), and this credential uses Token authentication';

const TELEPHONY_NEEDS_BASIC =
	'Agora’s telephony and phone-number endpoints require Basic authentication (Customer ID and Customer Secret), and this credential uses Token authentication';

const CLOUD_RECORDING_NEEDS_BASIC =
	'Agora’s Cloud Recording API accepts only Basic authentication (Customer ID and Customer Secret), and this credential uses Token authentication';

const NCS_NEEDS_BASIC =
	'Agora’s notification-server IP list requires Basic authentication (Customer ID and Customer Secret), and this credential uses Token authentication';

/** Why a request URL takes Basic authentication only (Agora's pages say so), or undefined. */
export function basicOnlyReason(url: string): string | undefined {
	const path = url.split('?')[0];
	if (path.includes('/cloud-player/')) return MEDIA_PULL_NEEDS_BASIC;
	if (path.includes('/v2/ncs/')) return NCS_NEEDS_BASIC;
	if (path.includes('/cloud_recording/')) return CLOUD_RECORDING_NEEDS_BASIC;
	// "This endpoint requires Basic Auth": outbound calls, call status and hang-up, phone numbers.
	if (/\/phone-numbers(\/|$)/.test(path) || /\/projects\/[^/]+\/calls?(\/|$)/.test(path))
		return TELEPHONY_NEEDS_BASIC;
	return undefined;
}

/** Whether a credential holds the Customer ID and Secret that Basic authentication needs. */
export function hasBasicKeys(credential: {
	customerId?: unknown;
	customerSecret?: unknown;
}): boolean {
	return (
		String(credential.customerId ?? '').trim() !== '' &&
		String(credential.customerSecret ?? '') !== ''
	);
}

function parsed(body: unknown): Record<string, unknown> | undefined {
	if (typeof body === 'string') {
		try {
			return parsed(JSON.parse(body));
		} catch {
			return undefined;
		}
	}
	return body !== null && typeof body === 'object' && !Array.isArray(body)
		? (body as Record<string, unknown>)
		: undefined;
}

/** The channel and user a request's token must name (see the header comment). */
function tokenScope(url: string, body: unknown): { channel: string; account: string } {
	const path = url.split('?')[0];
	// A start and an outbound call (which starts an agent) name the agent's channel and uid.
	if (/\/(join|call)\/?$/.test(path)) {
		const properties = parsed(parsed(body)?.properties);
		const channel = properties?.channel;
		const uid = properties?.agent_rtc_uid;
		if (typeof channel === 'string' && (typeof uid === 'string' || typeof uid === 'number')) {
			return { channel, account: String(uid) };
		}
	}
	// Agent ids are letters and digits; anything else is left to the placeholder.
	const agentId = /\/(?:agents|calls)\/([A-Za-z0-9_-]{1,255})(?:\/|$)/.exec(path)?.[1];
	return { channel: PLACEHOLDER, account: agentId ?? PLACEHOLDER };
}

/** The `Authorization` value for one request to the Conversational AI API. */
export function restAuthorization(
	credential: { appId?: unknown; appCertificate?: unknown },
	request: { url: string; body?: unknown },
): string {
	const appId = String(credential.appId ?? '').trim();
	const appCertificate = String(credential.appCertificate ?? '').trim();
	const problem = tokenAuthProblem(appId, appCertificate);
	if (problem) throw new Error(problem);
	const basicOnly = basicOnlyReason(request.url);
	if (basicOnly) throw new Error(basicOnly);
	if (!request.url.includes(AGENT_API)) {
		throw new Error(
			'Token authentication works only with Agora’s Conversational AI API; choose Basic authentication for other Agora APIs',
		);
	}
	const scope = tokenScope(request.url, request.body);
	const { token } = buildRtcToken({
		appId,
		appCertificate,
		channelName: scope.channel,
		account: scope.account,
		role: 'publisher',
		tokenExpireSeconds: REST_TOKEN_SECONDS,
		privilegeExpireSeconds: REST_TOKEN_SECONDS,
		withRtm: true,
	});
	return `agora token=${token}`;
}

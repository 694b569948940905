import { randomUUID } from 'crypto';
import type {
	ICredentialsDecrypted,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import type { MediaPullRegion } from '../../shared/agoraFacts';
import { selectedCredential } from '../../shared/credentialChoice';
import {
	authMethodOf,
	basicOnlyReason,
	hasBasicKeys,
	tokenAuthProblem,
	type AuthMethod,
} from '../../shared/token/restToken';
import {
	agentApiPrefix,
	baseUrlFromCredential,
	failoverBaseUrls,
	globalBaseUrl,
	mediaPullBaseUrl,
} from '../../shared/hosts';
import { acquire, type RateRule } from './rateLimit';
import { collectSecrets, redact } from './redact';
import { backoffDelay, parseRetryAfter, rateLimitDelay, retryTiming, wait } from './retry';

const CREDENTIAL_TYPE = 'agoraApi';

type RequestFunctions = IExecuteFunctions | ILoadOptionsFunctions;

/** What every request of one execution shares: read from the credential once, not per item. */
export interface AgoraContext {
	baseUrl: string;
	appId: string;
	/** App Certificate from the credential (empty when not set): lets the node build channel tokens. */
	appCertificate: string;
	/** How requests sign in: Basic, or a token built per request (Conversational AI only). */
	authentication: AuthMethod;
	/** Credential secrets, redacted from anything the node emits. */
	secrets: string[];
	/** Per-request time-out. */
	timeoutMs: number;
	/** Attempts after the first for retryable failures. */
	maxRetries: number;
	/**
	 * The decrypted credential, handed to n8n's request helper so that it is not looked up and
	 * decrypted again for every request (in a real n8n that lookup reads the database). Internal:
	 * never copied into an output or an error.
	 */
	credential?: ICredentialsDecrypted;
	/** Base URL of each attempt of a request safe to repeat (hosts.ts); the base URL alone when absent. */
	failoverBaseUrls?: string[];
}

export async function resolveAgoraContext(
	this: RequestFunctions,
	options: { timeoutMs?: number; maxRetries?: number } = {},
): Promise<AgoraContext> {
	const credential = await selectedCredential(this, CREDENTIAL_TYPE, 'Agora API');
	const secrets = [
		credential.customerSecret,
		credential.appCertificate,
		credential.notificationSecret,
	].filter((s): s is string => typeof s === 'string' && s.length > 0);
	const appId = String(credential.appId ?? '').trim();
	const appCertificate = String(credential.appCertificate ?? '').trim();
	const authentication = authMethodOf(credential);
	// Refused here, before any request, rather than as a 401 from Agora.
	const problem = authentication === 'token' ? tokenAuthProblem(appId, appCertificate) : undefined;
	if (problem)
		throw new NodeOperationError(this.getNode(), problem, {
			description: 'Nothing was sent to Agora.',
		});
	return {
		baseUrl: baseUrlFromCredential(credential),
		failoverBaseUrls: failoverBaseUrls(credential),
		appId,
		appCertificate,
		authentication,
		secrets,
		timeoutMs: options.timeoutMs ?? 30000,
		maxRetries: options.maxRetries ?? 3,
		credential: { id: 'agoraApi', name: 'Agora API', type: CREDENTIAL_TYPE, data: credential },
	};
}

interface AgoraRequest {
	method: IHttpRequestMethods;
	/**
	 * agent: Conversational AI of the project; agentAccount: of the account (phone numbers);
	 * mediaPull: cloud players; ncs: notification servers' IPs; cloudRecording: Cloud Recording.
	 */
	api: 'agent' | 'agentAccount' | 'mediaPull' | 'ncs' | 'cloudRecording';
	/** Path below the API's prefix, e.g. `/join`, `/phone-numbers` or `/players/{id}`. */
	path: string;
	region?: MediaPullRegion;
	qs?: IDataObject;
	body?: IDataObject;
	/**
	 * May a 5xx or a network failure be repeated? 429 and 503 are always retried (the request was
	 * refused, not processed); anything else only when repeating cannot duplicate an effect.
	 */
	idempotent: boolean;
	/** Statuses handed back to the caller instead of thrown (e.g. 409 on create, 404 on delete). */
	passStatuses?: number[];
	rateRules?: RateRule[];
	/** Short description of the call for error messages, e.g. "start agent". */
	action: string;
}

export interface AgoraResponse<T = IDataObject> {
	status: number;
	body: T;
	requestId?: string;
	resourceId?: string;
}

/** Details kept on every error the transport throws, so operations can reconcile. */
export interface AgoraErrorDetails {
	status?: number;
	reason?: string;
	requestId?: string;
	/** The request may have been applied although no answer says so (504, time-out, dropped). */
	ambiguous: boolean;
}

export function agoraErrorDetails(error: unknown): AgoraErrorDetails | undefined {
	const context = (error as { context?: IDataObject })?.context;
	return context?.agora as AgoraErrorDetails | undefined;
}

export function buildUrl(
	ctx: AgoraContext,
	req: Pick<AgoraRequest, 'api' | 'path' | 'region'>,
): string {
	const appId = encodeURIComponent(ctx.appId);
	if (req.api === 'agent')
		return `${ctx.baseUrl}${agentApiPrefix(ctx.baseUrl)}/projects/${appId}${req.path}`;
	if (req.api === 'agentAccount') return `${ctx.baseUrl}${agentApiPrefix(ctx.baseUrl)}${req.path}`;
	if (req.api === 'ncs') return `${globalBaseUrl(ctx.baseUrl)}/v2/ncs${req.path}`;
	if (req.api === 'cloudRecording')
		return `${globalBaseUrl(ctx.baseUrl)}/v1/apps/${appId}/cloud_recording${req.path}`;
	const region = req.region ? `/${req.region}` : '';
	return `${mediaPullBaseUrl(ctx.baseUrl)}${region}/v1/projects/${appId}/cloud-player${req.path}`;
}

function header(headers: IDataObject | undefined, name: string): string | undefined {
	if (!headers) return undefined;
	const value = headers[name] ?? headers[name.toLowerCase()];
	if (value === undefined || value === null || value === '') return undefined;
	return String(Array.isArray(value) ? value[0] : value);
}

function parseBody(raw: unknown): IDataObject {
	if (raw === undefined || raw === null || raw === '') return {};
	if (typeof raw === 'object' && !Buffer.isBuffer(raw)) return raw as IDataObject;
	const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : String(raw);
	try {
		const parsed = JSON.parse(text);
		return parsed && typeof parsed === 'object' ? (parsed as IDataObject) : { message: text };
	} catch {
		return { message: text.slice(0, 500) };
	}
}

const STATUS_MEANING: Record<number, string> = {
	400: 'Bad request',
	401: 'Invalid authentication credentials (check the Customer ID and Customer Secret, or for Token authentication the App ID and App Certificate)',
	403: 'Forbidden (is the product enabled for this project, and the App ID right?)',
	404: 'Not found (the agent, call, phone number or player does not exist, or the agent has already stopped)',
	409: 'Conflict (a resource with this name already exists)',
	422: 'Quota exceeded',
	429: 'Rate limit exceeded',
	500: 'Agora internal error',
	502: 'Bad gateway',
	503: 'Service unavailable',
	504: 'Gateway time-out',
};

/**
 * n8n's request helper wraps axios errors in a NodeApiError: the network code ends up in `httpCode`
 * (or `code`), axios' own text in `messages`.
 */
function networkFailure(error: unknown): { code?: string; timedOut: boolean } {
	const e = error as {
		code?: string;
		httpCode?: string | null;
		message?: string;
		messages?: string[];
	};
	const candidate = e.code ?? e.httpCode ?? undefined;
	const code = candidate && /^E[A-Z_]+$/.test(candidate) ? candidate : undefined;
	const text = [e.message, ...(e.messages ?? [])].join(' ');
	return {
		code,
		timedOut: code === 'ECONNABORTED' || code === 'ETIMEDOUT' || /timeout|timed out/i.test(text),
	};
}

interface Answer {
	status: number;
	body: IDataObject;
	headers: IDataObject | undefined;
}

/** One attempt through n8n's request helper: Agora's answer, or why none came. */
async function sendOnce(
	this: RequestFunctions,
	ctx: AgoraContext,
	req: AgoraRequest,
	url: string,
	requestId: string,
): Promise<Answer | ReturnType<typeof networkFailure>> {
	const options: IHttpRequestOptions = {
		method: req.method,
		url,
		qs: req.qs,
		headers: { 'X-Request-ID': requestId, Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		timeout: ctx.timeoutMs,
		json: true,
	};
	if (req.body !== undefined) {
		// Sent as JSON text: n8n's request helper drops an empty object body, and its axios
		// strips keys named constructor/prototype (valid label or voiceprint names) from objects.
		options.body = JSON.stringify(req.body);
		(options.headers as IDataObject)['Content-Type'] = 'application/json';
	}
	try {
		const response = (await this.helpers.httpRequestWithAuthentication.call(
			this,
			CREDENTIAL_TYPE,
			options,
			ctx.credential ? { credentialsDecrypted: ctx.credential } : undefined,
		)) as { statusCode: number; body: unknown; headers: IDataObject };
		return {
			status: response.statusCode,
			body: parseBody(response.body),
			headers: response.headers,
		};
	} catch (error) {
		// No HTTP answer: refused, dropped, or timed out. Never pass the raw error on: it holds
		// the request configuration, Authorization header included.
		return networkFailure(error);
	}
}

/** The error for a request that got no answer: its outcome is unknown (ambiguous). */
function networkError(
	fn: RequestFunctions,
	args: {
		req: AgoraRequest;
		failure: ReturnType<typeof networkFailure>;
		requestId: string;
		attempts: number;
		secrets: string[];
		timeoutMs: number;
		itemIndex: number;
	},
): NodeApiError {
	const { req, failure, requestId, secrets } = args;
	const what = failure.timedOut ? `no answer within ${args.timeoutMs} ms` : 'the connection failed';
	const repeated = req.idempotent
		? `Tried ${args.attempts} times.`
		: 'Not repeated automatically, because repeating it could apply it twice.';
	const error = new NodeApiError(
		fn.getNode(),
		{ agoraAction: req.action, networkError: failure.code ?? null, requestId },
		{
			// n8n rewrites messages that contain a Node error code, so the code goes in the description.
			message: redact(`Agora ${req.action} failed: ${what}`, secrets),
			description: redact(
				`${failure.code ? `Network error ${failure.code}. ` : ''}Request id ${requestId}. ${repeated}`,
				secrets,
			),
			itemIndex: args.itemIndex,
		},
	);
	return tagAgoraError(error, { ambiguous: true, requestId });
}

/**
 * The one function that talks HTTP to Agora: URL, request id, pacing, retries, error mapping and
 * redaction live here and nowhere else.
 */
export async function agoraRequest(
	this: RequestFunctions,
	ctx: AgoraContext,
	req: AgoraRequest,
	itemIndex = 0,
): Promise<AgoraResponse> {
	let url = buildUrl(ctx, req);
	const basicOnly = ctx.authentication === 'token' ? basicOnlyReason(url) : undefined;
	if (basicOnly && !hasBasicKeys(ctx.credential?.data ?? {})) {
		throw new NodeOperationError(this.getNode(), basicOnly, {
			itemIndex,
			description:
				'Add the Customer ID and Customer Secret to the Agora API credential (or choose Basic authentication). Nothing was sent to Agora.',
		});
	}
	const secrets = [...ctx.secrets, ...collectSecrets(req.body)];
	let attempt = 0;
	let refusals = 0;
	const firstSentAt = Date.now();
	for (;;) {
		const release = req.rateRules ? await acquire(req.rateRules) : undefined;
		const requestId = randomUUID();
		const sent = await sendOnce.call(this, ctx, req, url, requestId);
		release?.();
		if (!('status' in sent)) {
			if (req.idempotent && attempt < ctx.maxRetries) {
				await wait(backoffDelay(attempt++));
				url = failoverUrl(ctx, req, attempt);
				continue;
			}
			throw networkError(this, {
				req,
				failure: sent,
				requestId,
				attempts: attempt + 1,
				secrets,
				timeoutMs: ctx.timeoutMs,
				itemIndex,
			});
		}
		const { status, body, headers } = sent;

		const answeredId = header(headers, 'x-request-id') ?? (status === 401 ? undefined : requestId);
		if ((status >= 200 && status < 300) || req.passStatuses?.includes(status)) {
			return {
				status,
				body,
				requestId: answeredId,
				resourceId: header(headers, 'x-resource-id'),
			};
		}

		if (status === 429 && ctx.maxRetries > 0) {
			// Back-pressure: refused, not done. Sent again while the time budget lasts (see retry.ts).
			const delay = rateLimitDelay(parseRetryAfter(header(headers, 'retry-after')), refusals);
			if (Date.now() + delay - firstSentAt <= retryTiming.rateLimitBudgetMs) {
				refusals++;
				await wait(delay);
				continue;
			}
		}
		const retryable = status === 503 || (req.idempotent && status >= 500);
		if (retryable && attempt < ctx.maxRetries) {
			const after = parseRetryAfter(header(headers, 'retry-after'));
			await wait(after ?? backoffDelay(attempt));
			attempt++;
			if (req.idempotent) url = failoverUrl(ctx, req, attempt);
			continue;
		}
		throw agoraApiError(this, {
			status,
			body,
			requestId: answeredId,
			action: req.action,
			secrets,
			itemIndex,
		});
	}
}

/** The URL of retry `attempt` of a request safe to repeat: same host, alternate domain, neighbouring region. */
function failoverUrl(ctx: AgoraContext, req: AgoraRequest, attempt: number): string {
	const hosts = ctx.failoverBaseUrls ?? [ctx.baseUrl];
	return buildUrl({ ...ctx, baseUrl: hosts[Math.min(attempt, hosts.length - 1)] }, req);
}

/** Attaches reconciliation details where callers can read them, without leaking anything. */
function tagAgoraError(error: NodeApiError, details: Partial<AgoraErrorDetails>): NodeApiError {
	error.context.agora = { ambiguous: false, ...details } as unknown as IDataObject;
	return error;
}

export function agoraApiError(
	fn: { getNode: RequestFunctions['getNode'] },
	args: {
		status: number;
		body: IDataObject;
		requestId?: string;
		action: string;
		secrets: string[];
		itemIndex: number;
	},
): NodeApiError {
	const { status, body, requestId, action, secrets, itemIndex } = args;
	// Agent API: {detail, reason}; telephony and phone numbers: {error_type, description}; Media
	// Pull: {message}. Agora's own words may echo what was sent: everything taken from the body is
	// redacted.
	const code = typeof body.reason === 'string' ? body.reason : body.error_type;
	const reason = typeof code === 'string' ? redact(code, secrets) : undefined;
	const detail =
		typeof body.detail === 'string'
			? body.detail
			: typeof body.message === 'string'
				? body.message
				: typeof body.description === 'string'
					? body.description
					: undefined;
	const meaning = STATUS_MEANING[status] ?? `HTTP ${status}`;
	const head = `Agora ${action} failed with ${status}${reason ? ` ${reason}` : ''}: ${detail ?? meaning}`;
	const description = [
		detail ? meaning + '.' : undefined,
		requestId ? `Request id: ${requestId}.` : 'Agora returned no request id (it omits it on 401).',
		status === 429 || status === 503 ? 'Retried with backoff before giving up.' : undefined,
	]
		.filter(Boolean)
		.join(' ');
	const error = new NodeApiError(
		fn.getNode(),
		{
			status,
			reason: reason ?? null,
			detail: detail ? redact(detail, secrets) : null,
			requestId: requestId ?? null,
		},
		{
			message: redact(head, secrets),
			description: redact(description, secrets),
			httpCode: String(status),
			itemIndex,
		},
	);
	return tagAgoraError(error, { status, reason, requestId, ambiguous: status === 504 });
}

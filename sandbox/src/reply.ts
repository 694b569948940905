/** Answers of the sandbox's APIs and the error shapes of each API family. */
import type { FaultSpec } from './types';

/**
 * agent: Conversational AI (and telephony, same service) errors `{detail, reason}`; media: Media Pull
 * `{message}`; recording: Cloud Recording, `{code, reason}` or `{message}` (its status-codes page).
 */
export type Family = 'agent' | 'media' | 'recording';

export interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export const AGENT_401 = { detail: 'Invalid authentication credentials.', reason: 'Unauthorized' };
export const MEDIA_401 = { message: 'Invalid authentication credentials.' };

const AGENT_ERR: Record<number, [string, string]> = {
	429: ['Too many requests, please retry later.', 'TooManyRequests'],
	500: ['Internal server error.', 'InternalServerError'],
	503: ['Service unavailable.', 'ServiceUnavailable'],
	504: ['The operation timed out.', 'TaskOperationTimeout'],
};
const MEDIA_ERR: Record<number, string> = {
	429: 'Rate limit exceeded.',
	500: 'Some internal error happened.',
	503: 'Service unavailable.',
	504: 'Gateway timeout.',
};

// Cloud Recording status-codes.mdx: the general {message} answers and the per-endpoint {code, reason}
const RECORDING_ERR: Record<number, unknown> = {
	206: { code: 65, reason: 'request not completed' },
	429: { message: 'API rate limit exceeded' },
	500: { code: 500, reason: 'internal_error' },
	503: { message: 'Service unavailable' },
	504: { code: 62, reason: 'request timeout' },
};

/** The family's generic answer for a status (faults). */
export function errorReply(family: Family, status: number): Reply {
	if (family === 'recording')
		return { status, body: RECORDING_ERR[status] ?? { message: 'Error' } };
	if (family === 'agent') {
		const [detail, reason] = AGENT_ERR[status] ?? ['Error.', 'Error'];
		return { status, body: { detail, reason } };
	}
	return { status, body: { message: MEDIA_ERR[status] ?? 'Error.' } };
}

export function agentErr(status: number, reason: string, detail: string): Reply {
	return { status, body: { detail, reason } };
}

export function mediaErr(status: number, message: string, headers?: Record<string, string>): Reply {
	return { status, body: { message }, headers };
}

export function ok(body?: unknown, headers?: Record<string, string>): Reply {
	return { status: 200, body, headers };
}

export function safeDecode(s: string): string | undefined {
	try {
		return decodeURIComponent(s);
	} catch {
		return undefined;
	}
}

/** The answer a fault stands for, when it replaces the operation (undefined: the operation runs). */
export function faultReply(family: Family, fault: FaultSpec): Reply | undefined {
	if (fault.kind === '429')
		return {
			...errorReply(family, 429),
			headers: { 'Retry-After': String(fault.retryAfterSeconds ?? 1) },
		};
	if (fault.kind === '500' || fault.kind === '503' || fault.kind === '504')
		return errorReply(family, Number(fault.kind));
	if (fault.kind === '206-65') return errorReply(family, 206);
	return undefined;
}

/** 401 bodies; Cloud Recording says "Unauthorized" when the Authorization header is missing. */
export function unauthorizedBody(family: Family, why: string, hadHeader: boolean): unknown {
	if (family === 'recording')
		return { message: hadHeader ? 'Invalid authentication credentials' : 'Unauthorized' };
	if (family === 'media') return MEDIA_401;
	return why.startsWith('token')
		? { ...AGENT_401, detail: `Invalid authentication credentials: ${why}.` }
		: AGENT_401;
}

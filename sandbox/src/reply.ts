/** Answers of the sandbox's APIs and the error shapes of each API family. */

/** agent: Conversational AI (and telephony, same service) errors `{detail, reason}`; media: Media Pull `{message}`. */
export type Family = 'agent' | 'media';

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

/** The family's generic answer for a status (faults). */
export function errorReply(family: Family, status: number): Reply {
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

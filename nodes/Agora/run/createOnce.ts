/**
 * Creates that Agora does not deduplicate (start an agent, place a call): a blind repeat would make
 * two. After an answer that leaves the outcome open, the resource is looked up first (docs/design.md).
 */
import type { IDataObject } from 'n8n-workflow';

import { agoraErrorDetails } from '../transport';
import { backoffDelay, wait } from '../transport/retry';
import { settle } from '../../shared/values';

export interface CreateOnce {
	/** Attempts in all: the first and the repeats. */
	attempts: number;
	/** Sends the create once; resolves to Agora's answer. */
	create: () => Promise<IDataObject>;
	/** The resource an earlier attempt may have made, or undefined when there is none. */
	find: () => Promise<IDataObject | undefined>;
	/** Whether a 409 on this attempt may be our own earlier create (then it is looked up) or is final. */
	conflictMayBeOurs: (attempt: number) => boolean;
}

interface Created {
	resource: IDataObject;
	/** No answer said it was created: a lookup found it. */
	found: boolean;
	/** The lookup followed a 409, not an open outcome. */
	afterConflict: boolean;
	attempt: number;
}

/**
 * An open outcome (504, time-out, dropped connection, other 5xx) is looked up and the create repeated
 * only when nothing is found; a 409 is looked up when it may be ours and is never repeated. When
 * the lookup fails too, the create's own error is thrown: it says more.
 */
export async function createAtMostOnce(args: CreateOnce): Promise<Created> {
	for (let attempt = 1; ; attempt++) {
		const outcome = await settle(args.create());
		if (outcome.ok) return { resource: outcome.value, found: false, afterConflict: false, attempt };

		const failure = outcome.error;
		const details = agoraErrorDetails(failure);
		if (!details) throw failure;
		const status = details.status ?? 0;
		const conflict = status === 409;
		if (conflict ? !args.conflictMayBeOurs(attempt) : !details.ambiguous && status < 500)
			throw failure;
		const lookup = await settle(args.find());
		if (!lookup.ok) throw failure;
		if (lookup.value)
			return { resource: lookup.value, found: true, afterConflict: conflict, attempt };
		if (conflict || attempt >= args.attempts) throw failure;
		await wait(backoffDelay(attempt - 1));
	}
}

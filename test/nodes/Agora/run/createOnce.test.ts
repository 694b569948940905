/**
 * The create-at-most-once rule of Agent › Start and Phone Call › Call: an open outcome is looked up
 * before any repeat, a 409 is looked up only when it may be ours and is never repeated.
 */
import type { IDataObject } from 'n8n-workflow';

import { createAtMostOnce, type CreateOnce } from '../../../../nodes/Agora/run/createOnce';
import { retryTiming } from '../../../../nodes/Agora/transport';

/** An error as the transport throws it: Agora's details in its context. */
function agoraFailure(status: number, ambiguous = false): Error {
	return Object.assign(new Error(`HTTP ${status}`), { context: { agora: { status, ambiguous } } });
}

function run(
	answers: Array<IDataObject | Error>,
	found: Array<IDataObject | undefined | Error>,
	overrides: Partial<CreateOnce> = {},
) {
	const calls = { create: 0, find: 0 };
	const next = <T>(list: T[], index: number) => list[Math.min(index, list.length - 1)];
	const promise = createAtMostOnce({
		attempts: 3,
		create: async () => {
			const answer = next(answers, calls.create++);
			if (answer instanceof Error) throw answer;
			return answer;
		},
		find: async () => {
			const answer = next(found, calls.find++);
			if (answer instanceof Error) throw answer;
			return answer;
		},
		conflictMayBeOurs: (attempt) => attempt > 1,
		...overrides,
	});
	return { promise, calls };
}

const saved = { ...retryTiming };
beforeAll(() => Object.assign(retryTiming, { baseMs: 1, maxDelayMs: 2 }));
afterAll(() => Object.assign(retryTiming, saved));

it('returns the answer of a create that went through, without a lookup', async () => {
	const { promise, calls } = run([{ id: 'a' }], [undefined]);
	await expect(promise).resolves.toEqual({
		resource: { id: 'a' },
		found: false,
		afterConflict: false,
		attempt: 1,
	});
	expect(calls).toEqual({ create: 1, find: 0 });
});

it('looks up after an open outcome and returns what an earlier attempt made, without repeating', async () => {
	const { promise, calls } = run([agoraFailure(504, true)], [{ id: 'made' }]);
	await expect(promise).resolves.toEqual({
		resource: { id: 'made' },
		found: true,
		afterConflict: false,
		attempt: 1,
	});
	expect(calls).toEqual({ create: 1, find: 1 });
});

it('repeats after an open outcome only when the lookup finds nothing, up to the attempts', async () => {
	const { promise, calls } = run(
		[agoraFailure(500), agoraFailure(502), agoraFailure(503)],
		[undefined],
	);
	await expect(promise).rejects.toThrow('HTTP 503');
	expect(calls).toEqual({ create: 3, find: 3 });
});

it('throws a plain refusal (400) and a first 409 that is not ours, with no lookup', async () => {
	const refused = run([agoraFailure(400)], [{ id: 'x' }]);
	await expect(refused.promise).rejects.toThrow('HTTP 400');
	const conflict = run([agoraFailure(409)], [{ id: 'x' }]);
	await expect(conflict.promise).rejects.toThrow('HTTP 409');
	expect([refused.calls.find, conflict.calls.find]).toEqual([0, 0]);
});

it('looks a 409 up when it may be ours, and never repeats after it', async () => {
	const found = run([agoraFailure(409)], [{ id: 'ours' }], { conflictMayBeOurs: () => true });
	await expect(found.promise).resolves.toMatchObject({
		resource: { id: 'ours' },
		found: true,
		afterConflict: true,
	});
	const missing = run([agoraFailure(504, true), agoraFailure(409)], [undefined]);
	await expect(missing.promise).rejects.toThrow('HTTP 409');
	expect(missing.calls).toEqual({ create: 2, find: 2 });
});

it('throws the create’s own error when the lookup fails too', async () => {
	const { promise } = run([agoraFailure(504, true)], [new Error('lookup failed')]);
	await expect(promise).rejects.toThrow('HTTP 504');
});

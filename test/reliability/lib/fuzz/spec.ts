/** The fuzzer's vocabulary: an operation's spec, its mutations, and what every operation shares. */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import { alnum, opt, setPath, unicode } from './arb';
import { expr } from './engine';

export interface MutationSpec {
	name: string;
	/** The field the NodeOperationError must name (its description's "API field: <field>"). */
	field: RegExp;
	/** Breaks a rule of the spec: the node must refuse it with no request sent. */
	invalid: boolean;
	/** Touches an id: a 404 or "not found" is a fair outcome. */
	id?: boolean;
	/** Only for parameter sets where the mutated field is in use. */
	when?: (p: IDataObject) => boolean;
	/** The parameter it changes: two mutations of one parameter never go into one case. */
	path: string;
	apply: fc.Arbitrary<(p: IDataObject) => void>;
}

export interface OpSpec {
	key: string;
	needs?: 'agent' | 'freshAgent' | 'player' | 'freshPlayer';
	base: fc.Arbitrary<IDataObject>;
	mutations: MutationSpec[];
}

export function mutation(
	name: string,
	field: RegExp,
	invalid: boolean,
	path: string,
	values: fc.Arbitrary<unknown>,
	extra: Partial<Pick<MutationSpec, 'id' | 'when'>> & { also?: (p: IDataObject) => void } = {},
): MutationSpec {
	return {
		name,
		field,
		invalid,
		id: extra.id,
		when: extra.when,
		path,
		apply: values.map((value) => (p: IDataObject) => {
			extra.also?.(p);
			setPath(p, path, value);
		}),
	};
}
export const custom = (
	name: string,
	field: RegExp,
	invalid: boolean,
	path: string,
	apply: fc.Arbitrary<(p: IDataObject) => void>,
	when?: (p: IDataObject) => boolean,
): MutationSpec => ({ name, field, invalid, when, path, apply });
export const values = (...list: unknown[]) => fc.constantFrom(...list);

// ---------------------------------------------------------------- shared: request options

export const requestOptions = opt(
	fc.record(
		{
			concurrency: fc.integer({ min: 1, max: 100 }),
			maxRetries: fc.integer({ min: 0, max: 10 }),
			timeoutMs: fc.integer({ min: 5000, max: 60000 }),
		},
		{ requiredKeys: [] },
	),
);
export const requestOptionMutations: MutationSpec[] = [
	// A negative time-out hangs the execution and "abc" fails every attempt (see the report): both
	// kept, but rare, so that a run stays short until they are refused up front.
	mutation(
		'requestOptions.timeoutMs odd',
		/requestOptions|timeoutMs/,
		false,
		'requestOptions.timeoutMs',
		fc.oneof(
			{ weight: 16, arbitrary: values(expr(0), expr(999), expr(null), expr('5000')) },
			{ weight: 2, arbitrary: values(expr('abc')) },
			{ weight: 1, arbitrary: values(expr(-1)) },
		),
	),
	mutation(
		'requestOptions.concurrency odd',
		/requestOptions|concurrency/,
		false,
		'requestOptions.concurrency',
		values(expr(0), expr(-3), expr('x'), expr(1e9), expr(2.5)),
	),
	mutation(
		'requestOptions.maxRetries odd',
		/requestOptions|maxRetries/,
		false,
		'requestOptions.maxRetries',
		values(expr(-1), expr('x'), expr(11), expr(1.5), expr('2')),
	),
];

// ---------------------------------------------------------------- agent ids

export const idMutations = (field = /^agentId$/): MutationSpec[] => [
	mutation('agentId blank', field, true, 'agentId', values(expr(''), expr('   '), expr(null))),
	mutation(
		'agentId unknown',
		field,
		false,
		'agentId',
		fc.oneof(
			alnum(1, 40),
			unicode(1, 20),
			values('../../x', 'a/b?c#d', '%2e%2e', 'x'.repeat(5000)),
		),
		{ id: true },
	),
	mutation(
		'agentId wrong type',
		field,
		false,
		'agentId',
		values(expr(12345), expr({ id: 'x' }), expr(['a'])),
		{ id: true },
	),
];

export const uint32 = fc.integer({ min: 0, max: 4294967295 });

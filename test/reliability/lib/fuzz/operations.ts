/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
/**
 * What the fuzzer generates per operation: a valid parameter set and its mutations, each naming the
 * field its error must name; @@ placeholders are resolved when a batch is built.
 */
import fc from 'fast-check';
import type { IDataObject } from 'n8n-workflow';

import {
	startBase,
	startMutations,
	stopSpec,
	updateSpec,
	speakSpec,
	interruptSpec,
	getSpec,
	historySpec,
	agentListSpec,
} from './agentSpecs';
import {
	createBase,
	createMutations,
	deleteSpec,
	getPlayerSpec,
	listPlayersSpec,
	updatePlayerSpec,
} from './cloudPlayerSpecs';
import { tokenSpec } from './tokenSpec';
import type { MutationSpec, OpSpec } from './spec';

export const OPERATIONS: OpSpec[] = [
	{ key: 'agent.start', base: startBase, mutations: startMutations },
	stopSpec,
	updateSpec,
	speakSpec,
	interruptSpec,
	getSpec,
	agentListSpec,
	historySpec,
	{ key: 'cloudPlayer.create', base: createBase, mutations: createMutations },
	deleteSpec,
	getPlayerSpec,
	listPlayersSpec,
	updatePlayerSpec,
	tokenSpec,
];

export interface FuzzCase {
	params: IDataObject;
	mutations: Array<Pick<MutationSpec, 'name' | 'field' | 'invalid' | 'id'>>;
}

/** FUZZ_SKIP: a pattern of mutation names to leave out (to look past a known finding while developing). */
const SKIP = process.env.FUZZ_SKIP ? new RegExp(process.env.FUZZ_SKIP) : undefined;

/** A case: a valid parameter set, and (three times in four) one to three mutations that apply to it. */
export function caseArbitrary(spec: OpSpec): fc.Arbitrary<FuzzCase> {
	return spec.base.chain((base) => {
		const applicable = spec.mutations.filter(
			(m) => (!m.when || m.when(base)) && !(SKIP && SKIP.test(m.name)),
		);
		const chosen =
			applicable.length === 0
				? fc.constant<MutationSpec[]>([])
				: fc.oneof(
						{ weight: 1, arbitrary: fc.constant<MutationSpec[]>([]) },
						{
							weight: 3,
							arbitrary: fc.shuffledSubarray(applicable, {
								minLength: 1,
								maxLength: Math.min(3, applicable.length),
							}),
						},
					);
		return chosen.chain((picked) => {
			// One mutation per parameter (a later one would overwrite an earlier one).
			const mutations = picked.filter(
				(m, i) =>
					!picked
						.slice(0, i)
						.some(
							(o) =>
								o.path === m.path ||
								o.path.startsWith(`${m.path}.`) ||
								m.path.startsWith(`${o.path}.`),
						),
			);
			return (
				mutations.length
					? fc.tuple(...mutations.map((m) => m.apply))
					: fc.constant([] as Array<(p: IDataObject) => void>)
			).map((fns) => {
				const params = structuredClone(base);
				for (const fn of fns) fn(params);
				return {
					params,
					mutations: mutations.map(({ name, field, invalid, id }) => ({
						name,
						field,
						invalid,
						id,
					})),
				};
			});
		});
	});
}

export { deletePath } from './arb';
export type { MutationSpec, OpSpec };

/**
 * What a run did at Agora before it stopped: when an item fails and the node throws, n8n discards every
 * output, so the error lists what was already changed (docs/design.md, Running items).
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { agoraErrorDetails } from '../transport';

type ChangedResource = 'agent' | 'cloudPlayer' | 'cloudRecording' | 'phoneCall' | 'phoneNumber';
type ResourceChange =
	| 'started'
	| 'stopped'
	| 'updated'
	| 'spoke'
	| 'instructed'
	| 'interrupted'
	| 'created'
	| 'deleted'
	| 'placed'
	| 'hung up'
	| 'added';

interface SideEffect {
	resource: ChangedResource;
	change: ResourceChange;
	/** The resource's id at Agora; null when the answer named none. */
	id: string | null;
}

interface ItemSideEffect extends SideEffect {
	itemIndex: number;
}

/** Reads from one output item what the operation created or changed; undefined: nothing. */
export type SideEffectOf = (json: IDataObject) => SideEffect | undefined;

/**
 * For an operation whose every output item is one change to one resource, named by `idKey`. An item
 * carrying one of the `unless` flags as true (say `existing`: an agent found, not started) changed
 * nothing.
 */
export function changes(
	resource: ChangedResource,
	change: ResourceChange,
	idKey: string,
	unless: string[] = [],
): SideEffectOf {
	return (json) => {
		if (unless.some((flag) => json[flag] === true)) return undefined;
		const id = json[idKey];
		return { resource, change, id: typeof id === 'string' && id !== '' ? id : null };
	};
}

/** The side effects of the items that finished, in item order. */
export function collectSideEffects(
	results: Array<INodeExecutionData[] | undefined>,
	sideEffectOf: SideEffectOf | undefined,
): ItemSideEffect[] {
	if (!sideEffectOf) return [];
	const found: ItemSideEffect[] = [];
	results.forEach((produced, itemIndex) => {
		for (const entry of produced ?? []) {
			const effect = sideEffectOf(entry.json);
			if (effect) found.push({ itemIndex, ...effect });
		}
	});
	return found;
}

const RESOURCE_NAMES: Record<ChangedResource, string> = {
	agent: 'agent',
	cloudPlayer: 'cloud player',
	cloudRecording: 'cloud recording',
	phoneCall: 'phone call',
	phoneNumber: 'phone number',
};

const HINT =
	'To keep the output of the items that succeeded, set the node’s Settings > On Error to “Continue” or ' +
	'“Continue (using error output)”: each failed item then becomes an error item paired to its input. ' +
	'Or lower Request Options > Concurrency, so that fewer items are under way when one fails.';

/** Transport and validation throw n8n errors; anything else is wrapped with its item. */
function asNodeError(
	fn: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(fn.getNode(), error as Error, { itemIndex });
}

function describeEffect(effect: ItemSideEffect): string {
	const id = effect.id === null ? 'ID not known' : `ID ${effect.id}`;
	return `- item ${effect.itemIndex}: ${RESOURCE_NAMES[effect.resource]} ${effect.change} (${id})`;
}

interface OtherFailure {
	itemIndex: number;
	message: string;
	/** The request may have been applied although no answer said so. */
	outcomeUnknown: boolean;
}

function describeStop(
	cause: string | null | undefined,
	failed: { itemIndex: number; outcomeUnknown: boolean },
	effects: ItemSideEffect[],
	others: OtherFailure[],
): string {
	const lines = [
		`Item ${failed.itemIndex} failed${cause ? `: ${cause}` : '.'}${failed.outcomeUnknown ? ' Whether it took effect at Agora is unknown.' : ''}`,
		'The run stopped there: no further item was started, and the items already under way were let finish.',
	];
	if (effects.length === 0) {
		lines.push('Nothing was created or changed at Agora before the stop.');
	} else {
		lines.push(
			`Done at Agora before the stop (${effects.length}; their output is not passed on because the node failed, and running the workflow again may repeat them):`,
			...effects.map(describeEffect),
		);
	}
	for (const other of others) {
		const unknown = other.outcomeUnknown ? ' Whether it took effect is unknown.' : '';
		lines.push(`Item ${other.itemIndex} failed too: ${other.message}.${unknown}`);
	}
	lines.push(`Hint: ${HINT}`);
	return lines.join('\n');
}

/**
 * The one error a stopped bulk run throws: the first failed item's own error (message, request
 * id, status), naming the item, with every side effect before the stop in its description and in
 * `context.sideEffects`.
 */
export function bulkRunError(
	fn: IExecuteFunctions,
	run: {
		failures: Array<{ index: number; error: unknown }>;
		sideEffects: ItemSideEffect[];
		itemCount: number;
	},
): NodeApiError | NodeOperationError {
	const [first, ...rest] = run.failures;
	const error = asNodeError(fn, first.error, first.index);
	if (run.itemCount === 1) return error;
	const others: OtherFailure[] = rest.map(({ index, error: e }) => ({
		itemIndex: index,
		message: (e as Error).message,
		outcomeUnknown: agoraErrorDetails(e)?.ambiguous === true,
	}));
	error.message = `${error.message} [item ${first.index}]`;
	const outcomeUnknown = agoraErrorDetails(first.error)?.ambiguous === true;
	error.description = describeStop(
		error.description,
		{ itemIndex: first.index, outcomeUnknown },
		run.sideEffects,
		others,
	);
	Object.assign(error.context, {
		failedItem: first.index,
		failedItemOutcomeUnknown: outcomeUnknown,
		sideEffects: run.sideEffects,
		otherFailures: others,
		hint: HINT,
	});
	return error;
}

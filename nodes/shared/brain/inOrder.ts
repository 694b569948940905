import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

type ItemExecute = (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;

/**
 * An item loop for a node or operation that sends nothing to Agora (the Reply answers the waiting
 * request): no credential is read, and items run one after the other, in order, each output paired.
 */
export function itemsInOrder(execute: ItemExecute) {
	return async (fn: IExecuteFunctions): Promise<INodeExecutionData[][]> => {
		const out: INodeExecutionData[] = [];
		const count = fn.getInputData().length;
		for (let itemIndex = 0; itemIndex < count; itemIndex++) {
			const produced = await execute.call(fn, itemIndex);
			out.push(...produced.map((entry) => ({ ...entry, pairedItem: { item: itemIndex } })));
		}
		return [out];
	};
}

/** The Reply's item loop: no Agora context, items one after the other, each output paired with its item. */
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { itemsInOrder } from '../../../../nodes/shared/brain/inOrder';

function context(count: number): IExecuteFunctions {
	const items = Array.from({ length: count }, (_, index) => ({ json: { index } }));
	return { getInputData: () => items } as unknown as IExecuteFunctions;
}

describe('itemsInOrder', () => {
	it('runs each item after the previous one has finished and pairs its outputs', async () => {
		const log: string[] = [];
		const loop = itemsInOrder(async function (this: IExecuteFunctions, itemIndex: number) {
			log.push(`start ${itemIndex}`);
			// Yield to the event loop: a concurrent loop would start the next item here.
			await Promise.resolve();
			log.push(`end ${itemIndex}`);
			const outputs: INodeExecutionData[] = [{ json: { at: itemIndex } }];
			if (itemIndex === 1) outputs.push({ json: { at: itemIndex, second: true } });
			return outputs;
		});
		const [out] = await loop(context(3));
		expect(log).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
		expect(out.map((entry) => entry.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
			{ item: 2 },
		]);
	});

	it('stops at the first failing item', async () => {
		const seen: number[] = [];
		const loop = itemsInOrder(async (itemIndex: number) => {
			seen.push(itemIndex);
			if (itemIndex === 1) throw new Error('no request is waiting');
			return [{ json: {} }];
		});
		await expect(loop(context(3))).rejects.toThrow('no request is waiting');
		expect(seen).toEqual([0, 1]);
	});
});

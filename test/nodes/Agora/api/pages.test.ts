/**
 * The one pager of Agora's lists: pages fetched as they are read, a repeated cursor stopped with an
 * error, a limit that asks for no page more, an empty page that ends a Conversational AI list.
 */
import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	cursorPages,
	dataListPage,
	firstItems,
	type Page,
} from '../../../../nodes/Agora/api/pages';

const fn = { getNode: () => ({ name: 'Agora' }) as INode };

/** A list served from fixed pages keyed by cursor ('' = the first), recording what was asked. */
function served(pages: Record<string, Page>) {
	const asked: Array<{ cursor?: string; fetched: number }> = [];
	const fetch = async (cursor: string | undefined, fetched: number) => {
		asked.push({ cursor, fetched });
		return pages[cursor ?? ''];
	};
	return { asked, fetch };
}

const items = (...ids: number[]) => ids.map((id) => ({ id }));

describe('cursorPages', () => {
	it('follows the cursor to the page that names no next one, counting what it fetched', async () => {
		const list = served({
			'': { items: items(1, 2), next: 'b' },
			b: { items: items(3), next: 'c' },
			c: { items: items(4) },
		});
		expect(await firstItems(cursorPages(fn, 'agents', list.fetch), Infinity)).toEqual(
			items(1, 2, 3, 4),
		);
		expect(list.asked).toEqual([
			{ cursor: undefined, fetched: 0 },
			{ cursor: 'b', fetched: 2 },
			{ cursor: 'c', fetched: 3 },
		]);
	});

	it('stops with an error naming the list and the request id when a cursor comes back', async () => {
		const list = served({
			'': { items: items(1), next: 'b' },
			b: { items: items(2), next: 'c' },
			c: { items: items(3), next: 'b', requestId: 'req-7' },
		});
		const walk = firstItems(
			cursorPages(fn, 'call records', list.fetch, { itemIndex: 2 }),
			Infinity,
		);
		await expect(walk).rejects.toThrow(NodeOperationError);
		const error = (await walk.catch((e: unknown) => e)) as NodeOperationError;
		expect(error.message).toBe(
			'Agora returned the same page cursor twice while listing call records',
		);
		expect(error.description).toContain('Request id: req-7.');
		expect(error.context.itemIndex).toBe(2);
		expect(list.asked).toHaveLength(3);
	});

	it('counts the cursor it starts from as seen (a list search continuing at n8n’s token)', async () => {
		const list = served({ b: { items: items(1), next: 'b' } });
		await expect(
			firstItems(cursorPages(fn, 'cloud players', list.fetch, { from: 'b' }), Infinity),
		).rejects.toThrow(/same page cursor twice while listing cloud players/);
		expect(list.asked).toEqual([{ cursor: 'b', fetched: 0 }]);
	});

	it('goes on past an empty page that names a next one', async () => {
		const list = served({ '': { items: [], next: 'b' }, b: { items: items(1) } });
		expect(await firstItems(cursorPages(fn, 'cloud players', list.fetch), Infinity)).toEqual(
			items(1),
		);
	});
});

describe('firstItems', () => {
	it('stops at the limit and asks for no page after it', async () => {
		const list = served({
			'': { items: items(1, 2), next: 'b' },
			b: { items: items(3, 4), next: 'c' },
			c: { items: items(5) },
		});
		expect(await firstItems(cursorPages(fn, 'agents', list.fetch), 3)).toEqual(items(1, 2, 3));
		expect(list.asked.map((a) => a.cursor)).toEqual([undefined, 'b']);
	});

	it('reads one page when the limit falls on its end, and never a repeated cursor after it', async () => {
		const list = served({ '': { items: items(1, 2), next: '' }, x: { items: [] } });
		expect(await firstItems(cursorPages(fn, 'agents', list.fetch), 2)).toEqual(items(1, 2));
		const looping = served({
			'': { items: items(1), next: 'a' },
			a: { items: items(2), next: 'a' },
		});
		expect(await firstItems(cursorPages(fn, 'agents', looping.fetch), 2)).toEqual(items(1, 2));
	});

	it('an empty first page: no items, one request', async () => {
		const list = served({ '': { items: [] } });
		expect(await firstItems(cursorPages(fn, 'agents', list.fetch), Infinity)).toEqual([]);
		expect(list.asked).toHaveLength(1);
	});
});

describe('dataListPage (agents, call records)', () => {
	it('reads data.list and meta.cursor', () => {
		expect(
			dataListPage({ data: { list: [{ agent_id: 'a' }] }, meta: { cursor: 'n' } }, 'r1'),
		).toEqual({ items: [{ agent_id: 'a' }], next: 'n', requestId: 'r1' });
	});

	it('ends the list at an empty page whatever cursor it names, and at an empty cursor', () => {
		expect(dataListPage({ data: { list: [] }, meta: { cursor: 'n' } }).next).toBeUndefined();
		expect(dataListPage({ data: { list: [{ a: 1 }] }, meta: { cursor: '' } }).next).toBeUndefined();
		expect(dataListPage({}).items).toEqual([]);
	});

	it('leaves out entries that are not objects', () => {
		expect(dataListPage({ data: { list: [1, null, { a: 1 }, [2]] } }).items).toEqual([{ a: 1 }]);
	});
});

/**
 * The one pager of Agora's lists (agents, call records, cloud players, turns): pages from a cursor
 * until a page names no next one, for every Get Many, lookup and list search.
 */
import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { isPlainObject } from '../../shared/values';
import { readGetMany, type GetManyRequest, type PageSizeRule } from '../form/getMany';
import type { FormReader } from '../form/reader';

/** One page: its items and where the next page starts (undefined: the list ends here). */
export interface Page {
	items: IDataObject[];
	next?: string;
	requestId?: string;
}

/** Asks for the page that starts at `cursor` (undefined: the first), `fetched` items read so far. */
type PageFetcher = (cursor: string | undefined, fetched: number) => Promise<Page>;

/**
 * The pages of a list, fetched as the consumer reads them (a `break` sends nothing more). A cursor
 * that comes back stops the walk with an error, not quietly (docs/design.md, Lists).
 */
export async function* cursorPages(
	fn: { getNode(): INode },
	list: string,
	fetchPage: PageFetcher,
	options: { itemIndex?: number; from?: string } = {},
): AsyncGenerator<Page> {
	const seen = new Set<string>(options.from ? [options.from] : []);
	let cursor = options.from;
	let fetched = 0;
	for (;;) {
		const page = await fetchPage(cursor, fetched);
		fetched += page.items.length;
		yield page;
		if (!page.next) return;
		if (seen.has(page.next)) {
			throw new NodeOperationError(
				fn.getNode(),
				`Agora returned the same page cursor twice while listing ${list}`,
				{
					itemIndex: options.itemIndex ?? 0,
					description: `The list would never end, so it was not read further.${page.requestId ? ` Request id: ${page.requestId}.` : ''}`,
				},
			);
		}
		seen.add(page.next);
		cursor = page.next;
	}
}

/** The first `limit` items of the pages (Infinity: all of them); no page is asked for after that. */
export async function firstItems(
	pages: AsyncIterable<Page>,
	limit: number,
): Promise<IDataObject[]> {
	const out: IDataObject[] = [];
	if (limit <= 0) return out;
	for await (const page of pages) {
		out.push(...page.items.slice(0, limit - out.length));
		if (out.length >= limit) break;
	}
	return out;
}

/**
 * What a Get Many returns: its Return All, Limit and Page Size read and checked (before anything is
 * sent), then the first `limit` items of the pages `open` starts for them.
 */
export async function getManyItems(
	form: FormReader,
	page: PageSizeRule,
	open: (request: GetManyRequest) => AsyncIterable<Page>,
): Promise<IDataObject[]> {
	const request = readGetMany(form, page);
	return await firstItems(open(request), request.limit);
}

/** Page sizes that never ask for more than the limit still wants, and at least 1. */
export function pageSizeWithin({ limit, pageSize }: GetManyRequest): (fetched: number) => number {
	return (fetched) => Math.max(1, Math.min(pageSize, limit - fetched));
}

/**
 * A page as the Conversational AI lists answer (agents, call records): `data.list` and
 * `meta.cursor`. An empty page ends the list, whatever cursor it names.
 */
export function dataListPage(body: IDataObject, requestId?: string): Page {
	const data = isPlainObject(body.data) ? body.data : {};
	const items = (Array.isArray(data.list) ? data.list : []).filter(isPlainObject);
	const next = isPlainObject(body.meta) ? body.meta.cursor : undefined;
	return {
		items,
		next: typeof next === 'string' && next !== '' && items.length > 0 ? next : undefined,
		requestId,
	};
}

/** Phone Call › Get Many, run through n8n's engine against the sandbox. */
import { placeCall, run, sb } from './setup';
import { apiField } from '../../../../lib/harness';

describe('Get Many (call records)', () => {
	beforeEach(async () => {
		for (const [i, to] of [
			'+14155550101',
			'+14155550102',
			'+14155550101',
			'+14155550104',
			'+14155550105',
		].entries()) {
			await placeCall({ toNumber: to, name: `c${i}`, channel: `room-${i}` });
			sb.clock.advance(1000);
		}
	});

	test('Return All follows Agora’s cursor over small pages', async () => {
		const result = await run({
			resource: 'phoneCall',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 2 },
		});
		expect(result.output('Agora')).toHaveLength(5);
		const pages = sb.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/call'));
		expect(pages).toHaveLength(3);
		expect(pages.map((p) => p.query.limit)).toEqual(['2', '2', '2']);
		expect(pages[1].query.cursor).toBeTruthy();
	});

	test('Limit stops early and asks for no more than it needs', async () => {
		const result = await run({
			resource: 'phoneCall',
			operation: 'getAll',
			returnAll: false,
			limit: 3,
			options: { pageSize: 2 },
		});
		expect(result.output('Agora')).toHaveLength(3);
		const pages = sb.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/call'));
		expect(pages.map((p) => p.query.limit)).toEqual(['2', '1']);
	});

	test('filters: number (either side, separators dropped), type and times', async () => {
		const from = new Date((sb.clock.nowS() - 3600) * 1000).toISOString();
		const result = await run({
			resource: 'phoneCall',
			operation: 'getAll',
			returnAll: true,
			filters: { number: '+1 415-555-0101', type: 'outbound', fromTime: from },
		});
		expect(result.output('Agora').map((r) => r.to_number)).toEqual([
			'+14155550101',
			'+14155550101',
		]);
		const [query] = sb.requests
			.filter((r) => r.method === 'GET' && r.path.endsWith('/call'))
			.map((r) => r.query);
		expect(query).toMatchObject({
			number: '+14155550101',
			type: 'outbound',
			from_time: String(sb.clock.nowS() - 3600),
		});
		const none = await run({
			resource: 'phoneCall',
			operation: 'getAll',
			returnAll: true,
			filters: { type: 'inbound' },
		});
		expect(none.output('Agora')).toHaveLength(0);
	});

	test('an invalid date or page size is refused before sending', async () => {
		const before = sb.requests.length;
		const bad = await run({
			resource: 'phoneCall',
			operation: 'getAll',
			returnAll: true,
			filters: { toTime: 'not a date' },
		});
		expect(apiField(bad.error('Agora'))).toBe('to_time');
		const size = await run({
			resource: 'phoneCall',
			operation: 'getAll',
			returnAll: true,
			options: { pageSize: 0 },
		});
		expect(apiField(size.error('Agora'))).toBe('options.pageSize');
		expect(sb.requests).toHaveLength(before);
	});
});

/**
 * The booking templates' store (10 and 11 through MCP, 17 through a Webhook tool): the table as their
 * sticky notes ask for it, and the rows a booking of Tuesday 10:00 by Anna leaves.
 */
import { createDataTable, type DataTable, type Row } from '../../scripts/lib/dataTables';
import type { N8nHost } from '../../scripts/lib/n8nHost';

/**
 * The bookings table with two free slots. Files sharing one n8n pass their own name: n8n refuses a
 * second table of the same name in a project.
 */
export async function createBookingsTable(host: N8nHost, name: string): Promise<DataTable> {
	return await createDataTable(
		host,
		name,
		[
			['slot', 'string'],
			['status', 'string'],
			['name', 'string'],
			['phone', 'string'],
			['booked_at', 'number'],
		],
		[
			{ slot: 'Tuesday 10:00', status: 'free' },
			{ slot: 'Tuesday 11:00', status: 'free' },
		],
	);
}

/** The rows after Anna booked Tuesday 10:00: that slot booked with her details, the other free. */
export function expectAnnaBooked(rows: Row[]): void {
	expect(rows.map((r) => [r.slot, r.status, r.name, r.phone])).toEqual([
		['Tuesday 10:00', 'booked', 'Anna', '+14155550123'],
		['Tuesday 11:00', 'free', null, null],
	]);
	expect(rows[0].booked_at).toBeGreaterThan(0);
}

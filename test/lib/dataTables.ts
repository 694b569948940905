/* eslint-disable @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n Data Tables through n8n's REST API (1.123.x and 2.x alike): the store the templates write to,
 * made and read by the end-to-end tests.
 */
import type { N8nHost } from '../../scripts/lib/n8nHost';

export type ColumnType = 'string' | 'number' | 'boolean' | 'date';
export type Row = Record<string, any>;

export interface DataTable {
	id: string;
	/** REST path of the table, under /rest. */
	path: string;
}

/** A table in the owner's personal project with these columns and rows. */
export async function createDataTable(
	host: N8nHost,
	name: string,
	columns: Array<[string, ColumnType]>,
	rows: object[] = [],
): Promise<DataTable> {
	const project = await host.rest<{ id: string }>('GET', 'projects/personal');
	const table = await host.rest<{ id: string }>('POST', `projects/${project.id}/data-tables`, {
		name,
		columns: columns.map(([column, type]) => ({ name: column, type })),
	});
	const path = `projects/${project.id}/data-tables/${table.id}`;
	if (rows.length) await host.rest('POST', `${path}/insert`, { returnType: 'count', data: rows });
	return { id: table.id, path };
}

/** The table's rows (up to 100) in the order they were added. */
export async function dataTableRows(host: N8nHost, table: DataTable): Promise<Row[]> {
	const { data } = await host.rest<{ data: Row[] }>('GET', `${table.path}/rows?take=100`);
	return data.sort((a, b) => a.id - b.id);
}

/** Points every Data Table node (and Data Table tool) of a template at this table, as a user selects it. */
export function selectDataTable(workflow: { nodes: any[] }, table: DataTable): void {
	for (const node of workflow.nodes)
		if (/^n8n-nodes-base\.dataTable(Tool)?$/.test(node.type))
			node.parameters.dataTableId = { __rl: true, mode: 'id', value: table.id };
}

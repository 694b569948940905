/* eslint-disable @typescript-eslint/no-explicit-any -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n Data Tables through n8n's REST API (1.123.x and 2.x alike): the store the templates write to,
 * made and read by `npm run dev`, the end-to-end tests and the queue suite.
 */
import type { N8nHost } from './n8nHost';

export type ColumnType = 'string' | 'number' | 'boolean' | 'date';
export type Row = Record<string, any>;

export interface DataTable {
	id: string;
	/** REST path of the table, `projects/<project>/data-tables/<id>`. */
	path: string;
}

interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
}

const DATA_TABLE_TYPE = /^n8n-nodes-base\.dataTable(Tool)?$/;

/** The owner's personal project: where the editor creates a Data Table. */
async function personalProject(host: N8nHost): Promise<string> {
	return (await host.rest<{ id: string }>('GET', 'projects/personal')).id;
}

/** A table in the owner's personal project with these columns and rows. */
export async function createDataTable(
	host: N8nHost,
	name: string,
	columns: Array<[string, ColumnType]>,
	rows: object[] = [],
): Promise<DataTable> {
	const project = await personalProject(host);
	const table = await host.rest<{ id: string }>('POST', `projects/${project}/data-tables`, {
		name,
		columns: columns.map(([column, type]) => ({ name: column, type })),
	});
	const path = `projects/${project}/data-tables/${table.id}`;
	if (rows.length) await host.rest('POST', `${path}/insert`, { returnType: 'count', data: rows });
	return { id: table.id, path };
}

/** The personal project's Data Tables named `name` (n8n's list filters by name; exact match here). */
export async function findDataTables(host: N8nHost, name: string): Promise<DataTable[]> {
	const project = await personalProject(host);
	const filter = encodeURIComponent(JSON.stringify({ name }));
	const list = await host.rest<{ data: Array<{ id: string; name: string }> }>(
		'GET',
		`projects/${project}/data-tables?filter=${filter}&take=50`,
	);
	return list.data
		.filter((table) => table.name === name)
		.map((table) => ({ id: table.id, path: `projects/${project}/data-tables/${table.id}` }));
}

/** The table's first page of rows (n8n serves at most 50 a page) in the order they were added. */
export async function dataTableRows(host: N8nHost, table: DataTable): Promise<Row[]> {
	const { data } = await host.rest<{ data: Row[] }>('GET', `${table.path}/rows?take=50`);
	return data.sort((a, b) => a.id - b.id);
}

/** A workflow's Data Table nodes and Data Table tools. */
export function dataTableNodes<T extends WorkflowNode>(nodes: T[]): T[] {
	return nodes.filter((node) => DATA_TABLE_TYPE.test(node.type));
}

/** The Data Table nodes that have no table selected yet (all of them, as a template ships). */
export function unsetTableNodes<T extends WorkflowNode>(nodes: T[]): T[] {
	return dataTableNodes(nodes).filter(
		(node) => !(node.parameters.dataTableId as { value?: unknown } | undefined)?.value,
	);
}

/** Selects the table in each of the nodes, as picking it from the editor's list does. */
export function selectTable(nodes: WorkflowNode[], tableId: string, tableName: string): void {
	for (const node of nodes)
		node.parameters.dataTableId = {
			__rl: true,
			mode: 'list',
			value: tableId,
			cachedResultName: tableName,
		};
}

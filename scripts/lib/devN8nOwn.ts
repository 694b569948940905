/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Dev's own n8n, set up while it is stopped: credentials and workflows through n8n's CLI, and the
 * three things the CLI cannot do without a boot each (activating, ordering credentials, a Data
 * Table) written into n8n's SQLite database as n8n writes them. Dev never signs in to its own n8n
 * (the owner account is the user's to create), so its REST API is closed to dev. This file is the
 * only place that writes n8n's database; test/e2e/devOwnN8n.e2e.ts proves n8n reads what it wrote.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

import {
	fingerprint,
	WORKFLOW_FIELDS,
	type DevDataTables,
	type DevN8n,
	type StoredKind,
	type WorkflowJson,
} from './devN8n';
import type { N8nHost, StoredCredential } from './n8nHost';

/** The data is compared encrypted: dev never reads the user's keys. */
const CREDENTIAL_FIELDS = ['name', 'type', 'data'];

/** n8n's SQLite database, opened for writing (n8n is stopped). */
class N8nDatabase {
	private readonly db: any;

	constructor(host: N8nHost) {
		const sqlite3 = require(path.join(host.n8nDir, 'node_modules', 'sqlite3'));
		this.db = new sqlite3.Database(path.join(host.userFolder, '.n8n', 'database.sqlite'));
		this.db.configure('busyTimeout', 30000);
	}

	all<T>(sql: string, params: unknown[] = []): Promise<T[]> {
		return new Promise((resolve, reject) =>
			this.db.all(sql, params, (err: Error | null, rows: T[]) =>
				err ? reject(err) : resolve(rows),
			),
		);
	}

	/** Runs a statement; resolves with the number of rows it changed. */
	run(sql: string, params: unknown[] = []): Promise<number> {
		return new Promise((resolve, reject) =>
			this.db.run(sql, params, function (this: { changes: number }, err: Error | null) {
				if (err) reject(err);
				else resolve(this.changes);
			}),
		);
	}

	/** The columns of one of n8n's tables (none when the table does not exist). */
	async columnsOf(table: string): Promise<string[]> {
		return (await this.all<{ name: string }>(`PRAGMA table_info("${table}")`)).map((c) => c.name);
	}

	close(): Promise<void> {
		return new Promise((resolve) => this.db.close(() => resolve()));
	}
}

const NOW = `(STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW'))`;
const SQL_TYPE = { string: 'text', number: 'real', boolean: 'boolean' } as const;

/** n8n's ids: 16 letters and digits. */
function newId(): string {
	const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	return Array.from(crypto.randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

export class OwnN8n implements DevN8n {
	constructor(readonly host: N8nHost) {}

	get baseUrl(): string {
		return this.host.baseUrl;
	}

	private get databaseFile(): string {
		return path.join(this.host.userFolder, '.n8n', 'database.sqlite');
	}

	private async withDatabase<T>(use: (db: N8nDatabase) => Promise<T>): Promise<T> {
		const db = new N8nDatabase(this.host);
		try {
			return await use(db);
		} finally {
			await db.close();
		}
	}

	async fingerprints(kind: StoredKind, ids: string[]): Promise<Map<string, string>> {
		// Before dev's first n8n command there is no database yet: nothing is stored.
		if (!fs.existsSync(this.databaseFile)) return new Map();
		const table = kind === 'workflows' ? 'workflow_entity' : 'credentials_entity';
		const wanted = kind === 'workflows' ? WORKFLOW_FIELDS : CREDENTIAL_FIELDS;
		const present = new Set(
			(await this.host.query<{ name: string }>(`PRAGMA table_info(${table})`)).map((c) => c.name),
		);
		if (!present.has('id')) return new Map();
		const columns = wanted.filter((c) => present.has(c));
		const rows = await this.host.query<Record<string, unknown>>(
			`SELECT id, ${columns.map((c) => `"${c}"`).join(', ')} FROM ${table}`,
		);
		return new Map(
			rows
				.filter((row) => ids.includes(String(row.id)))
				.map((row) => [String(row.id), fingerprint(columns.map((c) => row[c] ?? null))]),
		);
	}

	/**
	 * Through a pipe (host.importCredentialData); then `savedLast` gets the newest save date, as
	 * saving it again in the editor would: a second import would boot n8n once more.
	 */
	async saveCredentials(credentials: StoredCredential[], savedLast?: string): Promise<void> {
		await this.host.importCredentialData(credentials);
		if (!savedLast || !credentials.some((c) => c.id === savedLast)) return;
		await this.withDatabase(async (db) => {
			const changed = await db.run(
				`UPDATE credentials_entity SET "updatedAt" = STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW', '+1 second') WHERE id = ?`,
				[savedLast],
			);
			if (changed !== 1) throw new Error(`credential ${savedLast} is not in n8n's database`);
		});
	}

	/** Every workflow in one n8n command, from a private folder of their files. */
	async importWorkflows(workflows: WorkflowJson[]): Promise<void> {
		if (workflows.length === 0) return;
		const staging = fs.mkdtempSync(path.join(this.host.userFolder, 'import-'));
		try {
			for (const workflow of workflows)
				fs.writeFileSync(path.join(staging, `${workflow.id}.json`), JSON.stringify(workflow));
			await this.host.importWorkflowFolder(staging);
		} finally {
			fs.rmSync(staging, { recursive: true, force: true });
		}
	}

	/**
	 * As `n8n update:workflow --id=… --active=true` does, without a boot of n8n per workflow: 1.x
	 * sets `active`; 2.x publishes the current version, which its import recorded in the history.
	 */
	async activate(ids: string[]): Promise<void> {
		if (ids.length === 0) return;
		await this.withDatabase(async (db) => {
			const published = (await db.columnsOf('workflow_entity')).includes('activeVersionId');
			for (const id of ids) {
				const changed = published
					? await db.run(
							`UPDATE workflow_entity SET active = 1, activeVersionId = versionId WHERE id = ? AND EXISTS
								(SELECT 1 FROM workflow_history h WHERE h.workflowId = workflow_entity.id AND h.versionId = workflow_entity.versionId)`,
							[id],
						)
					: await db.run('UPDATE workflow_entity SET active = 1 WHERE id = ?', [id]);
				if (changed !== 1) throw new Error(`workflow ${id} could not be activated: not imported`);
			}
		});
	}

	async dataTables(ownerCredentialId: string): Promise<DevDataTables | undefined> {
		// Dev imports its credentials first, which makes n8n's database: none means nothing to add to.
		if (!fs.existsSync(this.databaseFile)) return undefined;
		const projectId = await this.withDatabase(async (db) => {
			const tables = await db.columnsOf('data_table');
			const columns = await db.columnsOf('data_table_column');
			const laidOut =
				['id', 'name', 'projectId'].every((c) => tables.includes(c)) &&
				['id', 'name', 'type', 'index', 'dataTableId'].every((c) => columns.includes(c));
			if (!laidOut) return undefined;
			const [owner] = await db.all<{ projectId: string }>(
				`SELECT "projectId" FROM shared_credentials WHERE "credentialsId" = ?`,
				[ownerCredentialId],
			);
			return owner?.projectId;
		});
		if (!projectId) return undefined;
		return {
			find: async (name) =>
				await this.withDatabase(async (db) => {
					const [found] = await db.all<{ id: string }>(
						`SELECT id FROM data_table WHERE name = ? AND "projectId" = ?`,
						[name, projectId],
					);
					return found?.id;
				}),
			create: async (name, columns, rows) =>
				await this.withDatabase(
					async (db) => await createTable(db, projectId, name, columns, rows),
				),
		};
	}
}

/** A Data Table as n8n's Data Table module creates one: its record, its columns, its SQL table, its rows. */
async function createTable(
	db: N8nDatabase,
	projectId: string,
	name: string,
	columns: ReadonlyArray<readonly [string, keyof typeof SQL_TYPE]>,
	rows: Array<Record<string, unknown>>,
): Promise<string> {
	const id = newId();
	await db.run('BEGIN');
	try {
		await db.run(`INSERT INTO data_table (id, name, "projectId") VALUES (?, ?, ?)`, [
			id,
			name,
			projectId,
		]);
		for (const [index, [column, type]] of columns.entries())
			await db.run(
				`INSERT INTO data_table_column (id, name, type, "index", "dataTableId") VALUES (?, ?, ?, ?, ?)`,
				[newId(), column, type, index, id],
			);
		const sqlColumns = columns.map(([column, type]) => `"${column}" ${SQL_TYPE[type]}`);
		await db.run(
			`CREATE TABLE "data_table_user_${id}" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ${sqlColumns.join(', ')}, ` +
				`"createdAt" datetime(3) NOT NULL DEFAULT ${NOW}, "updatedAt" datetime(3) NOT NULL DEFAULT ${NOW})`,
		);
		for (const row of rows) {
			const names = Object.keys(row);
			await db.run(
				`INSERT INTO "data_table_user_${id}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
				names.map((n) => row[n]),
			);
		}
		await db.run('COMMIT');
	} catch (error) {
		await db.run('ROLLBACK');
		throw error;
	}
	return id;
}

/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any, @typescript-eslint/no-require-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n's SQLite database written while n8n is stopped, as n8n's own CLI commands write it: `npm run
 * dev` never signs in (the owner account is the user's), and each CLI command boots all of n8n.
 */
import path from 'path';

import type { N8nHost } from './n8nHost';

export class N8nDatabase {
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

	close(): Promise<void> {
		return new Promise((resolve) => this.db.close(() => resolve()));
	}
}

/** The columns of one of n8n's tables in this database (none when the table does not exist). */
export async function columnsOf(db: N8nDatabase, table: string): Promise<string[]> {
	return (await db.all<{ name: string }>(`PRAGMA table_info("${table}")`)).map((c) => c.name);
}

/**
 * Activates imported workflows as `n8n update:workflow --id=… --active=true` does, without booting
 * n8n once per workflow: 1.x sets `active`; 2.x publishes the workflow's current version, which
 * its import recorded in the workflow history.
 */
export async function activateStoredWorkflows(host: N8nHost, ids: string[]): Promise<void> {
	const db = new N8nDatabase(host);
	try {
		const published = (await columnsOf(db, 'workflow_entity')).includes('activeVersionId');
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
	} finally {
		await db.close();
	}
}

/** Makes a credential the most recently saved one, as saving it again in the editor would. */
export async function markSavedLast(host: N8nHost, credentialId: string): Promise<void> {
	const db = new N8nDatabase(host);
	try {
		const changed = await db.run(
			`UPDATE credentials_entity SET "updatedAt" = STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW', '+1 second') WHERE id = ?`,
			[credentialId],
		);
		if (changed !== 1) throw new Error(`credential ${credentialId} is not in n8n's database`);
	} finally {
		await db.close();
	}
}

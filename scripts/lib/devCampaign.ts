/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not part of the published package: test or dev code run by plain Node */
/**
 * Template 08's contacts table in `npm run dev`. Dev never signs in to n8n (the owner account is the
 * user's to create), so the table goes into n8n's SQLite database before n8n starts, laid out as
 * n8n's own Data Table module lays it out; the template's import then selects it.
 */
import crypto from 'crypto';
import fs from 'fs';
import path from 'path';

import {
	CAMPAIGN_COLUMNS,
	CAMPAIGN_TABLE,
	importCallerNumber,
	newContact,
	zoneAt,
} from './campaign';
import { EXAMPLE_CREDENTIAL } from './examples';
import { columnsOf, N8nDatabase } from './n8nDatabase';
import type { N8nHost } from './n8nHost';
import type { SandboxProcess } from './sandboxProcess';

/** The sandbox's caller number for the campaign (an outbound number of the project). */
export const SAMPLE_CALLER = '+14155550100';

/** Sample contacts, each a sandbox number whose scripted callee behaves as its name says. */
export const SAMPLE_CONTACTS = [
	{
		name: 'Ada (answers)',
		phone: '+14155550131',
		script: { action: 'answer', afterMs: 2000, lines: ['Yes, Tuesday at ten works for me.'] },
	},
	{ name: 'Ben (declines)', phone: '+14155550132', script: { action: 'reject', afterMs: 3000 } },
	{ name: 'Cleo (busy)', phone: '+14155550133', script: { action: 'busy', afterMs: 500 } },
	{ name: 'Dan (never answers)', phone: '+14155550134', script: { action: 'no-answer' } },
	{
		name: 'Eve (answers)',
		phone: '+14155550135',
		script: { action: 'answer', afterMs: 3000, lines: ['Could we move it to Thursday?'] },
	},
];

/** The sandbox side of the samples (its state lives in memory): the caller number and the callees. */
export async function scriptSampleCallees(sandbox: SandboxProcess): Promise<void> {
	await importCallerNumber(sandbox, SAMPLE_CALLER);
	for (const contact of SAMPLE_CONTACTS) {
		const answer = await sandbox.control('telephony/callees', {
			number: contact.phone,
			script: contact.script,
		});
		if (answer?.error)
			throw new Error(`the sandbox refused ${contact.name}'s script: ${answer.error}`);
	}
}

export interface TablePlan {
	/** Create the table (with the sample contacts). */
	create: boolean;
	/** The table to select in the template's Data Table nodes. */
	use?: string;
}

/**
 * A table of that name in n8n (the user's or dev's) is used as it is; one dev made and the user
 * deleted stays deleted (unless `reset`); otherwise dev creates it.
 */
export function planCampaignTable(
	existing: string | undefined,
	madeBefore: string | undefined,
	reset: boolean,
): TablePlan {
	if (existing) return { create: false, use: existing };
	if (madeBefore && !reset) return { create: false };
	return { create: true };
}

async function hasDataTables(db: N8nDatabase): Promise<boolean> {
	const tables = await columnsOf(db, 'data_table');
	const columns = await columnsOf(db, 'data_table_column');
	return (
		['id', 'name', 'projectId'].every((c) => tables.includes(c)) &&
		['id', 'name', 'type', 'index', 'dataTableId'].every((c) => columns.includes(c))
	);
}

/** n8n's ids: 16 letters and digits. */
function newId(): string {
	const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
	return Array.from(crypto.randomBytes(16), (b) => alphabet[b % alphabet.length]).join('');
}

const SQL_TYPE = { string: 'text', number: 'real', boolean: 'boolean' } as const;
const NOW = `(STRFTIME('%Y-%m-%d %H:%M:%f', 'NOW'))`;

/** A Data Table as n8n's module creates one: its record, its columns, its own SQL table, its rows. */
async function createTable(
	db: N8nDatabase,
	projectId: string,
	rows: Array<Record<string, unknown>>,
): Promise<string> {
	const id = newId();
	await db.run('BEGIN');
	try {
		await db.run(`INSERT INTO data_table (id, name, "projectId") VALUES (?, ?, ?)`, [
			id,
			CAMPAIGN_TABLE,
			projectId,
		]);
		for (const [index, [name, type]] of CAMPAIGN_COLUMNS.entries())
			await db.run(
				`INSERT INTO data_table_column (id, name, type, "index", "dataTableId") VALUES (?, ?, ?, ?, ?)`,
				[newId(), name, type, index, id],
			);
		const columns = CAMPAIGN_COLUMNS.map(([name, type]) => `"${name}" ${SQL_TYPE[type]}`);
		await db.run(
			`CREATE TABLE "data_table_user_${id}" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, ${columns.join(', ')}, ` +
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

/**
 * The contacts table for the template dev is about to import: the one named agora_campaign_contacts
 * in the project dev imports into, or a new one (sample contacts with the sandbox, empty with real
 * Agora). Returns its id, and the id of a table dev made (for its record); none when this n8n has no
 * Data Tables or the user deleted the one dev made.
 */
export async function campaignTable(
	host: N8nHost,
	options: { madeBefore?: string; reset: boolean; samples: boolean },
): Promise<{ use?: string; made?: string }> {
	// Dev imports its credentials first, which makes n8n's database: none means nothing to add to.
	if (!fs.existsSync(path.join(host.userFolder, '.n8n', 'database.sqlite'))) return {};
	const db = new N8nDatabase(host);
	try {
		if (!(await hasDataTables(db))) return {};
		// The project the examples go into: the one that owns dev's Agora credential.
		const [owner] = await db.all<{ projectId: string }>(
			`SELECT "projectId" FROM shared_credentials WHERE "credentialsId" = ?`,
			[EXAMPLE_CREDENTIAL.id],
		);
		if (!owner) return {};
		const [existing] = await db.all<{ id: string }>(
			`SELECT id FROM data_table WHERE name = ? AND "projectId" = ?`,
			[CAMPAIGN_TABLE, owner.projectId],
		);
		const plan = planCampaignTable(existing?.id, options.madeBefore, options.reset);
		if (!plan.create) return { use: plan.use };
		const zone = zoneAt(12);
		const rows = options.samples
			? SAMPLE_CONTACTS.map((c) => newContact(c.name, c.phone, zone))
			: [];
		const made = await createTable(db, owner.projectId, rows);
		return { use: made, made };
	} finally {
		await db.close();
	}
}

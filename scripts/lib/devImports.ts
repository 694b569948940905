/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * What `npm run dev` imported into its n8n, so a restart never replaces the user's work: an example
 * or credential is imported when n8n has none with its id yet (and dev never imported it: a deleted
 * one stays deleted), or when n8n's copy is still exactly what dev imported. Anything the user
 * edited, typed or made is left alone; `--reset-examples` imports everything again.
 */
import fs from 'fs';
import path from 'path';

/** id -> fingerprint of n8n's stored copy right after dev imported it. */
export interface ImportRecord {
	workflows: Record<string, string>;
	credentials: Record<string, string>;
	/** name -> id of the Data Tables dev created (one deleted by the user is not made again). */
	dataTables: Record<string, string>;
}

const RECORD_FILE = 'dev-imports.json';

export function readImportRecord(folder: string): ImportRecord {
	try {
		const parsed = JSON.parse(
			fs.readFileSync(path.join(folder, RECORD_FILE), 'utf8'),
		) as Partial<ImportRecord>;
		return {
			workflows: parsed.workflows ?? {},
			credentials: parsed.credentials ?? {},
			dataTables: parsed.dataTables ?? {},
		};
	} catch {
		return { workflows: {}, credentials: {}, dataTables: {} };
	}
}

export function writeImportRecord(folder: string, record: ImportRecord): void {
	fs.writeFileSync(path.join(folder, RECORD_FILE), JSON.stringify(record, null, 2), {
		mode: 0o600,
	});
}

export interface ImportPlan {
	/** New, or n8n's copy is what dev imported: imported (again). */
	toImport: string[];
	/** Changed in n8n since dev imported it (or there before dev kept a record): left as it is. */
	kept: string[];
	/** Imported by dev once and since deleted by the user: not brought back. */
	deleted: string[];
}

export function planImports(
	ids: string[],
	stored: Map<string, string>,
	imported: Record<string, string>,
	reset: boolean,
): ImportPlan {
	const plan: ImportPlan = { toImport: [], kept: [], deleted: [] };
	for (const id of ids) {
		const current = stored.get(id);
		if (reset) plan.toImport.push(id);
		else if (current === undefined)
			(imported[id] === undefined ? plan.toImport : plan.deleted).push(id);
		else if (imported[id] === current) plan.toImport.push(id);
		else plan.kept.push(id);
	}
	return plan;
}

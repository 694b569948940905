/**
 * Template 08's contacts table in `npm run dev`, made through dev's adapter for n8n (devN8n.ts) in
 * the project of dev's Agora credential; the template's import then selects it.
 */
import {
	CAMPAIGN_COLUMNS,
	CAMPAIGN_TABLE,
	importCallerNumber,
	newContact,
	zoneAt,
} from './campaign';
import { EXAMPLE_CREDENTIAL } from './examples';
import type { DevN8n } from './devN8n';
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
	/** Create the table (with its sample rows). */
	create: boolean;
	/** The table to select in the template's Data Table nodes. */
	use?: string;
}

/**
 * A table of that name in n8n (the user's or dev's) is used as it is; one dev made and the user
 * deleted stays deleted (unless `reset`); otherwise dev creates it.
 */
export function planDevTable(
	existing: string | undefined,
	madeBefore: string | undefined,
	reset: boolean,
): TablePlan {
	if (existing) return { create: false, use: existing };
	if (madeBefore && !reset) return { create: false };
	return { create: true };
}

/** A table dev makes for a template: its name, its columns, its sample rows (sandbox only). */
export interface DevTableSpec {
	name: string;
	columns: Array<[string, 'string' | 'number' | 'boolean']>;
	sampleRows: () => Array<Record<string, unknown>>;
}

/** Template 08's contacts: the sample contacts, their calling hours open around noon. */
export const CAMPAIGN_TABLE_SPEC: DevTableSpec = {
	name: CAMPAIGN_TABLE,
	columns: CAMPAIGN_COLUMNS,
	sampleRows: () => {
		const zone = zoneAt(12);
		return SAMPLE_CONTACTS.map((c) => newContact(c.name, c.phone, zone));
	},
};

/** Template 20's known callers: with the sandbox, Ada's number is one. */
export const KNOWN_CALLERS_TABLE_SPEC: DevTableSpec = {
	name: 'agora_known_callers',
	columns: [
		['phone', 'string'],
		['name', 'string'],
		['notes', 'string'],
	],
	sampleRows: () => [
		{ phone: SAMPLE_CONTACTS[0].phone, name: 'Ada', notes: 'Has an appointment on Tuesday.' },
	],
};

/**
 * The table for a template dev is about to import: the one of that name in the project dev
 * imports into, or a new one (sample rows with the sandbox, empty with real Agora). Returns its id,
 * and the id of a table dev made (for its record); none when this n8n has no Data Tables or the
 * user deleted the one dev made.
 */
export async function devTable(
	n8n: DevN8n,
	spec: DevTableSpec,
	options: { madeBefore?: string; reset: boolean; samples: boolean },
): Promise<{ use?: string; made?: string }> {
	// The project the examples go into: the one that owns dev's Agora credential.
	const tables = await n8n.dataTables(EXAMPLE_CREDENTIAL.id);
	if (!tables) return {};
	const plan = planDevTable(await tables.find(spec.name), options.madeBefore, options.reset);
	if (!plan.create) return { use: plan.use };
	const made = await tables.create(
		spec.name,
		spec.columns,
		options.samples ? spec.sampleRows() : [],
	);
	return { use: made, made };
}

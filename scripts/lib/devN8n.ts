/**
 * `npm run dev`'s one adapter for n8n: what dev asks of the n8n it works with, and the two n8ns it
 * works with. Dev's own n8n is set up before it starts (devN8nOwn.ts: n8n's CLI, and the only place
 * that writes n8n's database); an n8n the user already runs, in Docker for example, is set up
 * through its REST API as its owner (devN8nRunning.ts).
 */
import crypto from 'crypto';

import type { StoredCredential } from './n8nHost';

export type StoredKind = 'workflows' | 'credentials';

/** A workflow as dev imports it: an example file's JSON, its id kept. */
export type WorkflowJson = { id: string; name: string } & Record<string, unknown>;

export interface DevN8n {
	/** The editor's address. */
	readonly baseUrl: string;
	/** id -> fingerprint of each of these that n8n holds, of what a user changes in the editor. */
	fingerprints(kind: StoredKind, ids: string[]): Promise<Map<string, string>>;
	/** Saves credentials, new or over dev's copies; `savedLast` becomes the most recently saved. */
	saveCredentials(credentials: StoredCredential[], savedLast?: string): Promise<void>;
	/** Imports workflows with their ids, new or over dev's copies. */
	importWorkflows(workflows: WorkflowJson[]): Promise<void>;
	/** Activates imported workflows (n8n 2.x: publishes their current version). */
	activate(ids: string[]): Promise<void>;
	/**
	 * The Data Tables of the project that owns the credential `ownerCredentialId`: undefined when
	 * this n8n has none (or no such project yet).
	 */
	dataTables(ownerCredentialId: string): Promise<DevDataTables | undefined>;
}

export interface DevDataTables {
	/** The id of the table of that name, if there is one. */
	find(name: string): Promise<string | undefined>;
	/** A new table with these columns and rows; returns its id. */
	create(
		name: string,
		columns: ReadonlyArray<readonly [string, 'string' | 'number' | 'boolean']>,
		rows: Array<Record<string, unknown>>,
	): Promise<string>;
}

/** A short, stable digest of values (what dev records of a stored workflow or credential). */
export function fingerprint(values: unknown[]): string {
	return crypto.createHash('sha256').update(JSON.stringify(values)).digest('hex');
}

/** What a user changes in a workflow from the editor; not what n8n changes itself (active, versions). */
export const WORKFLOW_FIELDS = [
	'name',
	'nodes',
	'connections',
	'settings',
	'pinData',
	'isArchived',
];

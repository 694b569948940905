/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * An n8n the user already runs (in Docker, say), set up through its REST API signed in as its
 * owner, as the editor does it: nothing of it is written directly. n8n gives a credential made
 * through its API an id of its own, so dev keeps which of n8n's ids holds each of its credentials
 * (and workflows, where n8n did the same) in the dev folder.
 */
import fs from 'fs';
import path from 'path';

import { createDataTable, findDataTables } from './dataTables';
import { fingerprint, WORKFLOW_FIELDS } from './devN8n';
import type { DevDataTables, DevN8n, StoredKind, WorkflowJson } from './devN8n';
import type { N8nHost, StoredCredential } from './n8nHost';

const IDS_FILE = 'running-n8n-ids.json';

type IdMap = Record<StoredKind, Record<string, string>>;

export class RunningN8n implements DevN8n {
	private readonly idsFile: string;

	/** `host` is attached to the running n8n and signs in with the owner's login. */
	constructor(
		readonly host: N8nHost,
		folder: string,
	) {
		this.idsFile = path.join(folder, IDS_FILE);
	}

	get baseUrl(): string {
		return this.host.baseUrl;
	}

	private readIds(): IdMap {
		try {
			const read = JSON.parse(fs.readFileSync(this.idsFile, 'utf8')) as Partial<IdMap>;
			return { workflows: read.workflows ?? {}, credentials: read.credentials ?? {} };
		} catch {
			return { workflows: {}, credentials: {} };
		}
	}

	private writeIds(ids: IdMap): void {
		fs.writeFileSync(this.idsFile, JSON.stringify(ids, null, 2), { mode: 0o600 });
	}

	/** n8n's id of each of dev's ids that n8n still holds. */
	private async held(kind: StoredKind): Promise<Map<string, Record<string, unknown>>> {
		const listed = await this.host.rest<Array<Record<string, unknown>> | { data: [] }>('GET', kind);
		const rows = Array.isArray(listed) ? listed : listed.data;
		return new Map(rows.map((row) => [String(row.id), row]));
	}

	async fingerprints(kind: StoredKind, ids: string[]): Promise<Map<string, string>> {
		const held = await this.held(kind);
		const mapped = this.readIds()[kind];
		const out = new Map<string, string>();
		for (const id of ids) {
			const theirs = mapped[id] ?? id;
			if (!held.has(theirs)) continue;
			if (kind === 'credentials') {
				// The API never gives a credential's data: a save by the user moves its date.
				const row = held.get(theirs)!;
				out.set(id, fingerprint([row.name, row.type, row.updatedAt]));
			} else {
				const workflow = await this.host.rest<Record<string, unknown>>(
					'GET',
					`workflows/${theirs}`,
				);
				out.set(id, fingerprint(WORKFLOW_FIELDS.map((field) => workflow[field] ?? null)));
			}
		}
		return out;
	}

	/** New ones created, dev's copies replaced; `savedLast` saved after the others. */
	async saveCredentials(credentials: StoredCredential[], savedLast?: string): Promise<void> {
		const ids = this.readIds();
		const held = await this.held('credentials');
		const ordered = [
			...credentials.filter((c) => c.id !== savedLast),
			...credentials.filter((c) => c.id === savedLast),
		];
		for (const { id, name, type, data } of ordered) {
			const theirs = ids.credentials[id] ?? id;
			if (held.has(theirs)) {
				await this.host.rest('PATCH', `credentials/${theirs}`, { name, type, data });
			} else {
				const made = await this.host.rest<{ id: string }>('POST', 'credentials', {
					id,
					name,
					type,
					data,
				});
				ids.credentials[id] = made.id;
				this.writeIds(ids);
			}
		}
	}

	/** Created with their ids (n8n then points their credentials at dev's by name) or updated. */
	async importWorkflows(workflows: WorkflowJson[]): Promise<void> {
		const ids = this.readIds();
		const held = await this.held('workflows');
		for (const workflow of workflows) {
			const theirs = ids.workflows[workflow.id] ?? workflow.id;
			const body = { ...withCredentialIds(workflow, ids.credentials), active: false };
			if (held.has(theirs)) {
				const { versionId } = await this.host.rest<{ versionId: string }>(
					'GET',
					`workflows/${theirs}`,
				);
				await this.host.rest('PATCH', `workflows/${theirs}`, { ...body, id: theirs, versionId });
			} else {
				const made = await this.host.rest<{ id: string }>('POST', 'workflows', body);
				ids.workflows[workflow.id] = made.id;
				this.writeIds(ids);
			}
		}
	}

	async activate(ids: string[]): Promise<void> {
		const mapped = this.readIds().workflows;
		for (const id of ids) await this.host.activate(mapped[id] ?? id);
	}

	/** The owner's personal project's tables (dev's credentials are made there); none when n8n has no Data Tables. */
	async dataTables(): Promise<DevDataTables | undefined> {
		// n8n without the Data Table module answers 404 to any list.
		const listed = await findDataTables(this.host, 'n8n-nodes-agora').then(
			() => true,
			() => false,
		);
		if (!listed) return undefined;
		return {
			find: async (name) => (await findDataTables(this.host, name))[0]?.id,
			create: async (name, columns, rows) =>
				(
					await createDataTable(
						this.host,
						name,
						columns.map(([c, t]) => [c, t]),
						rows,
					)
				).id,
		};
	}
}

/** The workflow's credential references pointed at n8n's ids of dev's credentials. */
function withCredentialIds(workflow: WorkflowJson, ids: Record<string, string>): WorkflowJson {
	const nodes = (workflow.nodes as Array<Record<string, unknown>> | undefined)?.map((node) => {
		const credentials = node.credentials as
			| Record<string, { id?: string; name: string }>
			| undefined;
		if (!credentials) return node;
		return {
			...node,
			credentials: Object.fromEntries(
				Object.entries(credentials).map(([type, ref]) => [
					type,
					ref.id && ids[ref.id] ? { ...ref, id: ids[ref.id] } : ref,
				]),
			),
		};
	});
	return { ...workflow, nodes };
}

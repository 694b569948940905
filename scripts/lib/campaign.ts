/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Template 08's contacts table in n8n (a Data Table) and its caller numbers in the sandbox: made the
 * same way by `npm run dev`, the phone e2e and the queue suite.
 */
import fs from 'fs';
import path from 'path';

import { createDataTable, type ColumnType, type DataTable } from './dataTables';
import { EXAMPLES_DIR, PHONE_EXAMPLES } from './examples';
import type { N8nHost } from './n8nHost';
import type { SandboxProcess } from './sandboxProcess';

export const CAMPAIGN_FILE = path.join(EXAMPLES_DIR, '08-phone-call-campaign.json');
/** The table name the template's sticky note asks for (and its Data Table nodes show). */
export const CAMPAIGN_TABLE = 'agora_campaign_contacts';
/** The agent's voicemail tool in Call Contact, and the Webhook path it posts to. */
export const VOICEMAIL_TOOL = { name: 'mark_voicemail', path: 'agora-campaign-voicemail' };
/** What a scripted model takes for a mailbox greeting: only then does it call the voicemail tool. */
export const heardVoicemail = (said: string): boolean => /voicemail|leave a message/i.test(said);
/** The template's one settings node. */
export const CAMPAIGN_SETTINGS = 'Set me: Campaign';

/** The columns of the contacts table, as the template's note "The contacts table" lists them (13 writes outcome, next_step and sentiment; 19 those and the last two). */
export const CAMPAIGN_COLUMNS: Array<[string, Exclude<ColumnType, 'date'>]> = [
	['name', 'string'],
	['phone', 'string'],
	['time_zone', 'string'],
	['status', 'string'],
	['tries', 'number'],
	['next_try_at', 'number'],
	['claimed_at', 'number'],
	['claimed_by', 'string'],
	['caller_number', 'string'],
	['answered', 'boolean'],
	['voicemail', 'boolean'],
	['reason', 'string'],
	['duration_seconds', 'number'],
	['summary', 'string'],
	['agent_id', 'string'],
	['outcome', 'string'],
	['next_step', 'string'],
	['sentiment', 'string'],
	['recording_sid', 'string'],
	['recording_transcript', 'string'],
];

/** A contact as the sticky note says to add one: pending, no try yet, due now. */
export const newContact = (name: string, phone: string, timeZone: string) => ({
	name,
	phone,
	time_zone: timeZone,
	status: 'pending',
	tries: 0,
	next_try_at: 0,
});

/** An Etc/GMT zone where the local hour is now `hour` (Etc/GMT-5 is UTC+5). */
export function zoneAt(hour: number, now = new Date()): string {
	let offset = hour - now.getUTCHours();
	if (offset > 14) offset -= 24;
	if (offset < -12) offset += 24;
	return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/** The local time of day in that zone at that moment, in hours (17.5 = 17:30), as the template reads its calling hours. */
export function localHourAt(zone: string, atMs: number): number {
	const parts = new Intl.DateTimeFormat('en-GB', {
		timeZone: zone,
		hourCycle: 'h23',
		hour: 'numeric',
		minute: 'numeric',
		second: 'numeric',
	}).formatToParts(new Date(atMs));
	const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
	return part('hour') + part('minute') / 60 + (part('second') + (atMs % 1000) / 1000) / 3600;
}

/** Creates a contacts table with the template's columns and these rows. */
export async function createContactsTable(
	host: N8nHost,
	name: string,
	rows: object[],
): Promise<DataTable> {
	return await createDataTable(host, name, CAMPAIGN_COLUMNS, rows);
}

interface WorkflowNode {
	name: string;
	type: string;
	parameters: Record<string, unknown>;
}

/** The template as shipped. */
export function campaignTemplate(): { id: string; nodes: WorkflowNode[] } & Record<
	string,
	unknown
> {
	return JSON.parse(fs.readFileSync(CAMPAIGN_FILE, 'utf8'));
}

/** Saves new nodes into n8n's copy of the template (the editor's save). */
export async function saveCampaignNodes(host: N8nHost, nodes: WorkflowNode[]): Promise<void> {
	const id = PHONE_EXAMPLES.campaignWorkflowId;
	const stored = await host.rest<{ versionId: string }>('GET', `workflows/${id}`);
	await host.rest('PATCH', `workflows/${id}`, { nodes, versionId: stored.versionId });
}

/** A number imported into the project through Agora's Import Number request (as Agora Console does). */
export async function importPhoneNumber(
	sandbox: SandboxProcess,
	number: Record<string, unknown>,
): Promise<void> {
	const auth = Buffer.from(`${sandbox.customerId}:${sandbox.customerSecret}`).toString('base64');
	const res = await fetch(`${sandbox.url}/api/conversational-ai-agent/v2/phone-numbers`, {
		method: 'POST',
		headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
		body: JSON.stringify({
			provider: 'byo',
			inbound_config: { allowed_addresses: [] },
			outbound_config: { address: 'sip.provider.example.com:5061', transport: 'tls' },
			...number,
		}),
	});
	if (res.status >= 300)
		throw new Error(
			`the sandbox refused number ${String(number.phone_number)}: ${res.status} ${await res.text()}`,
		);
}

/** A caller number imported into the project, as Agora Console does for a SIP provider's number. */
export async function importCallerNumber(
	sandbox: SandboxProcess,
	phoneNumber: string,
): Promise<void> {
	await importPhoneNumber(sandbox, {
		phone_number: phoneNumber,
		label: `caller ${phoneNumber}`,
		inbound: false,
		outbound: true,
	});
}

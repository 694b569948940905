/** The UID lists of Start and Update: typed as comma-separated text, sent as Agora's string arrays. */
import type { INodeProperties } from 'n8n-workflow';

export const uidList = (
	displayName: string,
	name: string,
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	default: '',
	placeholder: 'e.g. 1001, 1002',
	description: `${description} Comma-separated UIDs (at most 32), or #allstream# for everyone`,
});

/** "1001, 1002" -> ["1001", "1002"]; empty -> undefined. */
export function uids(value: unknown): string[] | undefined {
	if (typeof value === 'number') return [String(value)];
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	return value
		.split(',')
		.map((uid) => uid.trim())
		.filter((uid) => uid !== '');
}

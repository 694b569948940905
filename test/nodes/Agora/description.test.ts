/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The editor's view of the nodes (every parameter, default, option and displayOptions) is held to a
 * committed copy, so that a refactor cannot change it by accident. Descriptions and hints are left
 * out: they may be reworded. After a deliberate change: UPDATE_DESCRIPTION_SNAPSHOT=1 npx jest description.
 */
import { readFileSync, writeFileSync } from 'fs';
import { join } from 'path';

import { Agora } from '../../../nodes/Agora/Agora.node';
import { AgoraTrigger } from '../../../nodes/AgoraTrigger/AgoraTrigger.node';
import { AgoraLlmTrigger } from '../../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { AgoraLlmReply } from '../../../nodes/AgoraLlmReply/AgoraLlmReply.node';

const SNAPSHOT = join(__dirname, 'description.snapshot.json');
const WORDING = new Set(['description', 'hint', 'subtitle']);

/** The description as JSON with its wording removed, keys in a stable order. */
function shape(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(shape);
	if (value === null || typeof value !== 'object') return value;
	const out: Record<string, unknown> = {};
	for (const key of Object.keys(value).sort()) {
		if (!WORDING.has(key)) out[key] = shape((value as Record<string, unknown>)[key]);
	}
	return out;
}

const current = `${JSON.stringify({ agora: shape(new Agora().description), agoraTrigger: shape(new AgoraTrigger().description), agoraLlmTrigger: shape(new AgoraLlmTrigger().description), agoraLlmReply: shape(new AgoraLlmReply().description) }, null, '\t')}\n`;

describe('node descriptions', () => {
	it('parameters, defaults, options and displayOptions are those of the committed copy', () => {
		if (process.env.UPDATE_DESCRIPTION_SNAPSHOT === '1') writeFileSync(SNAPSHOT, current);
		expect(current).toBe(readFileSync(SNAPSHOT, 'utf8'));
	});
});

describe('node versions', () => {
	it('every resource has its Operation list in every version of the Agora node', () => {
		const description = new Agora().description;
		const resources = (
			description.properties.find((p) => p.name === 'resource')!.options as Array<{ value: string }>
		).map((o) => o.value);
		for (const version of description.version as number[]) {
			for (const resource of resources) {
				const lists = description.properties.filter((p) => {
					const show = p.displayOptions?.show;
					const versions = show?.['@version'] as number[] | undefined;
					return (
						p.name === 'operation' &&
						(show?.resource as string[] | undefined)?.includes(resource) &&
						(!versions || versions.includes(version))
					);
				});
				expect({ version, resource, lists: lists.length }).toEqual({ version, resource, lists: 1 });
			}
		}
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The templates' "Set me: …" nodes in `npm run dev`: with the sandbox as Agora, dev stages each
 * template with values the sandbox takes (a stream URL, its caller number), so every template runs at
 * once; with real Agora they stay empty, the user's to set as the template's notes say.
 */
import fs from 'fs';

import { DEFAULT_BUCKET } from '../../sandbox/src/objectStore';
import { SAMPLE_CALLER } from './devCampaign';

/** Node name -> field -> the sandbox's value. */
export const SANDBOX_SET_ME: Record<string, Record<string, string>> = {
	'Set me: Stream URL': { streamUrl: 'https://media.example.com/videos/intro.mp4' },
	'Set me: Caller ID': { fromNumber: SAMPLE_CALLER },
	// the bucket of dev's local S3 store, which the sandbox's recorder uploads to
	'Set me: Recordings': { bucket: DEFAULT_BUCKET },
};

interface SetNode {
	name: string;
	parameters?: { assignments?: { assignments?: Array<{ name: string; value: unknown }> } };
}

/** A template as dev imports it: with the sandbox, its empty "Set me" values filled. */
export function readExample<W extends object>(file: string, withSandbox: boolean): W {
	const workflow = JSON.parse(fs.readFileSync(file, 'utf8')) as W & { nodes: SetNode[] };
	if (!withSandbox) return workflow;
	for (const node of workflow.nodes) {
		const values = SANDBOX_SET_ME[node.name];
		for (const field of node.parameters?.assignments?.assignments ?? [])
			if (values?.[field.name] !== undefined && field.value === '')
				field.value = values[field.name];
	}
	return workflow;
}

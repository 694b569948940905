/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Every template in examples/ holds to n8n's template-gallery rules (docs/templates.md), and the
 * check itself fails on a template that breaks each rule.
 */
import { readdirSync, readFileSync } from 'fs';
import { join, resolve } from 'path';

import { Agora } from '../../nodes/Agora/Agora.node';
import { AgoraLlmReply } from '../../nodes/AgoraLlmReply/AgoraLlmReply.node';
import { AgoraLlmTrigger } from '../../nodes/AgoraLlmTrigger/AgoraLlmTrigger.node';
import { AgoraTrigger } from '../../nodes/AgoraTrigger/AgoraTrigger.node';
import { SELF_HOSTED_LINE, templateProblems, type Template } from './templateRules';

const EXAMPLES = resolve(__dirname, '../../examples');
const files = readdirSync(EXAMPLES)
	.filter((f) => f.endsWith('.json'))
	.sort();
const read = (file: string) => JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) as Template;

const newest = (version: number | number[]) => Math.max(...[version].flat());
const agoraVersion = newest(new Agora().description.version);
const CURRENT: Record<string, number> = {
	'n8n-nodes-agora.agora': agoraVersion,
	'n8n-nodes-agora.agoraTool': agoraVersion,
	'n8n-nodes-agora.agoraTrigger': newest(new AgoraTrigger().description.version),
	'n8n-nodes-agora.agoraLlmTrigger': newest(new AgoraLlmTrigger().description.version),
	'n8n-nodes-agora.agoraLlmReply': newest(new AgoraLlmReply().description.version),
};

test.each(files)('%s follows the gallery rules', (file) => {
	expect(templateProblems(read(file), CURRENT)).toEqual([]);
});

/** A template that keeps every rule: the base each failure case below breaks one rule of. */
function goodTemplate(): Template {
	return {
		name: 'Start a voice agent and stop it',
		nodes: [
			{
				name: 'Overview',
				type: 'n8n-nodes-base.stickyNote',
				position: [-600, -200],
				parameters: {
					content: `## Start a voice agent\n## How it works\nStarts.\n## Set up steps\n1. Credentials.\n\n${SELF_HOSTED_LINE}`,
					width: 500,
					height: 500,
				},
			},
			{
				name: 'Section',
				type: 'n8n-nodes-base.stickyNote',
				position: [-40, -100],
				parameters: { content: '## Start and stop', width: 600, height: 300 },
			},
			{ name: 'Run', type: 'n8n-nodes-base.manualTrigger', position: [0, 0], parameters: {} },
			{
				name: 'Start Agent',
				type: 'n8n-nodes-agora.agora',
				typeVersion: agoraVersion,
				position: [220, 0],
				parameters: { channel: 'support-room-1' },
				credentials: { agoraApi: { id: 'agoraExampleCred', name: 'Agora account' } },
			},
		],
	};
}

function broken(change: (template: Template) => void): string[] {
	const template = goodTemplate();
	change(template);
	return templateProblems(template, CURRENT);
}

const node = (template: Template, name: string) => template.nodes.find((n) => n.name === name)!;
const overview = (template: Template) => node(template, 'Overview').parameters!;

test('the check passes a template that keeps every rule', () => {
	expect(templateProblems(goodTemplate(), CURRENT)).toEqual([]);
});

test.each<[string, (template: Template) => void, RegExp]>([
	['a numbered title', (t) => (t.name = '01 Start a voice agent'), /starts with a number/],
	['an "Example" title', (t) => (t.name = 'Example: start an agent'), /example or a template/],
	['a title without a verb first', (t) => (t.name = 'Voice agent lifecycle'), /imperative verb/],
	['a title with an emoji', (t) => (t.name = 'Start a voice agent 🚀'), /emoji/],
	[
		'no "Set up steps" heading',
		(t) => (overview(t).content = String(overview(t).content).replace('Set up steps', 'Setup')),
		/0 notes have both/,
	],
	[
		'no self-hosted line',
		(t) => (overview(t).content = String(overview(t).content).replace(SELF_HOSTED_LINE, '')),
		/lacks the line/,
	],
	['the overview not top left', (t) => (node(t, 'Overview').position = [400, 400]), /not top left/],
	[
		'overlapping notes',
		(t) => (node(t, 'Section').position = [-200, -100]),
		/notes Overview and Section overlap/,
	],
	[
		'a node outside every section',
		(t) => (node(t, 'Start Agent').position = [900, 0]),
		/Start Agent lies inside 0/,
	],
	[
		'a placeholder host',
		(t) => (node(t, 'Start Agent').parameters!.url = 'https://your-n8n.example.com/mcp/tools'),
		/placeholder host/,
	],
	[
		'an example.com media URL',
		(t) => (node(t, 'Start Agent').parameters!.streamUrl = 'https://media.example.com/a.mp4'),
		/placeholder host/,
	],
	['a typed key', (t) => (node(t, 'Start Agent').parameters!.llmApiKey = 'sk-abc123'), /typed key/],
	[
		'a typed phone number',
		(t) => (node(t, 'Start Agent').parameters!.fromNumber = '+14155550100'),
		/typed phone number/,
	],
	[
		'an inline credential',
		(t) => (node(t, 'Start Agent').credentials = { agoraApi: { customerSecret: 'x' } }),
		/not a reference by name/,
	],
	[
		'dev wording on the canvas',
		(t) => (overview(t).content += '\nTry it with npm run dev.'),
		/dev wording \(npm run dev\)/,
	],
	[
		'dev wording in a node note',
		(t) => (node(t, 'Start Agent').notes = 'Open the talk page.'),
		/dev wording/,
	],
	[
		'an old Agora node version',
		(t) => (node(t, 'Start Agent').typeVersion = 1),
		/on version 1, not/,
	],
])('the check fails %s', (_case, change, expected) => {
	expect(broken(change)).toEqual(expect.arrayContaining([expect.stringMatching(expected)]));
});

test('a title may start with a list of verbs', () => {
	expect(broken((t) => (t.name = 'Record, transcribe and summarise every call'))).toEqual([]);
});

test('a typed phone number is allowed in a "Set me: …" node, in an expression and in code', () => {
	expect(
		broken((t) => {
			const start = node(t, 'Start Agent');
			start.parameters!.toNumber = "={{ $fromAI('toNumber', 'e.g. +14155550123') }}";
			start.parameters!.jsCode = "return 'not an E.164 number (+14155550123)';";
			t.nodes.push({
				name: 'Set me: Caller ID',
				type: 'n8n-nodes-base.set',
				position: [440, 0],
				parameters: { value: '+14155550100' },
			});
		}),
	).toEqual([]);
});

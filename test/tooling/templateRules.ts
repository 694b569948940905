/**
 * n8n's template-gallery rules (docs/templates.md) as one function: `templateProblems(workflow)`
 * lists every rule a template breaks, each naming the node or note, so a failing check says what to fix.
 */

export interface TemplateNode {
	id?: string;
	name: string;
	type: string;
	typeVersion?: number;
	position: [number, number];
	notes?: string;
	parameters?: Record<string, unknown>;
	credentials?: Record<string, unknown>;
}

export interface Template {
	name: string;
	nodes: TemplateNode[];
}

export const SELF_HOSTED_LINE = 'Self-hosted only: install the community package n8n-nodes-agora.';

/** Imperative verbs a title may start with ("Run a website voice agent with an n8n brain"). */
export const TITLE_VERBS = [
	'Answer',
	'Ask',
	'Book',
	'Build',
	'Call',
	'Check',
	'Create',
	'Generate',
	'Give',
	'Greet',
	'Inject',
	'Let',
	'List',
	'Manage',
	'Place',
	'Play',
	'Record',
	'Route',
	'Run',
	'Serve',
	'Start',
	'Steer',
	'Stop',
	'Store',
	'Stream',
	'Summarise',
	'Summarize',
	'Track',
	'Transcribe',
	'Turn',
];

const STICKY = 'n8n-nodes-base.stickyNote';
/** A note's heading line, `##` or `###`. */
const heading = (title: string) => new RegExp(`^#{2,3} ${title}\\s*$`, 'm');
const HOW_IT_WORKS = heading('How it works');
const SET_UP_STEPS = heading('Set up steps');
/** The box a node takes on the canvas from its position (n8n draws a default node 100 x 100). */
const NODE_SIZE = 100;
/** A Set node that holds the values a user sets once, explained by the notes. */
export const SET_ME_PREFIX = 'Set me: ';

/** Hosts that stand in for the user's own and fail at run time. */
const PLACEHOLDER_HOST =
	/\b(?:[a-z0-9-]+\.)*example\.(?:com|org|net)\b|\byour-[a-z0-9-]*\.[a-z]|\blocalhost\b|127\.0\.0\.1/i;
/** A phone number typed in full (E.164). */
const PHONE_NUMBER = /(?:^|[^\w+])\+[1-9]\d{7,14}\b/;
/** Wording that only makes sense in this repository's development set-up. */
const DEV_WORDING = /npm run dev|\bsandbox\b|talk page/i;
/** Emoji and pictographs (the gallery's titles have none). */
const EMOJI = /\p{Extended_Pictographic}/u;

/** A parameter named like a secret: an API key, a key, a secret, a password, a token, a bearer. */
const SECRET_NAME =
	/(api_?key|^key$|secret(_?key)?$|password$|token$|^authorization$|access_?key$|bearer)/i;
/** A value that looks like a key or stands in for one: `sk-…`, `your-…-key`, `<your … key>`. */
const KEY_LIKE = /(\bsk-[a-z0-9]|your-[a-z0-9-]*(key|secret|token|password)|<your[^>]*key>)/i;

function jsonObject(text: string): object | undefined {
	if (!text.trim().startsWith('{')) return undefined;
	try {
		return JSON.parse(text) as object;
	} catch {
		return undefined;
	}
}

/** Every typed secret or key-like placeholder in `value`, by path; JSON text fields are read too. */
export function typedSecrets(value: unknown, at: string, found: string[] = []): string[] {
	if (Array.isArray(value)) value.forEach((entry, i) => typedSecrets(entry, `${at}[${i}]`, found));
	else if (value && typeof value === 'object')
		for (const [name, entry] of Object.entries(value)) {
			// An expression is read at run time (e.g. a token from the previous node): not typed.
			const typed = typeof entry === 'string' && entry.trim() !== '' && !entry.startsWith('=');
			if (typed && SECRET_NAME.test(name)) found.push(`${at}.${name}`);
			else typedSecrets(entry, `${at}.${name}`, found);
		}
	else if (typeof value === 'string') {
		const parsed = jsonObject(value);
		if (parsed) typedSecrets(parsed, `${at}(JSON)`, found);
		else if (KEY_LIKE.test(value)) found.push(at);
	}
	return found;
}

/** Every string in `value` with its path. */
function strings(value: unknown, at: string, found: Array<[string, string]> = []) {
	if (typeof value === 'string') found.push([at, value]);
	else if (Array.isArray(value)) value.forEach((entry, i) => strings(entry, `${at}[${i}]`, found));
	else if (value && typeof value === 'object')
		for (const [name, entry] of Object.entries(value)) strings(entry, `${at}.${name}`, found);
	return found;
}

function titleProblems(title: string): string[] {
	const problems: string[] = [];
	// A list of verbs ("Record, transcribe and summarise …") starts with the first one.
	const first = (title.split(/\s+/)[0] ?? '').replace(/,$/, '');
	if (/^\d/.test(title)) problems.push(`title "${title}" starts with a number`);
	if (/\b(example|template)\b/i.test(title))
		problems.push(`title "${title}" calls itself an example or a template`);
	if (!TITLE_VERBS.includes(first))
		problems.push(`title "${title}" does not start with an imperative verb (${first})`);
	if (EMOJI.test(title)) problems.push(`title "${title}" has an emoji`);
	if (title.length > 100) problems.push(`title "${title}" is over 100 characters`);
	return problems;
}

interface Note {
	name: string;
	content: string;
	x: number;
	y: number;
	width: number;
	height: number;
}

function notesOf(template: Template): Note[] {
	return template.nodes
		.filter((n) => n.type === STICKY)
		.map((n) => ({
			name: n.name,
			content: String(n.parameters?.content ?? ''),
			x: n.position[0],
			y: n.position[1],
			width: Number(n.parameters?.width ?? 240),
			height: Number(n.parameters?.height ?? 160),
		}))
		.sort((a, b) => a.x - b.x || a.y - b.y);
}

const inside = (node: TemplateNode, note: Note) =>
	node.position[0] >= note.x &&
	node.position[1] >= note.y &&
	node.position[0] + NODE_SIZE <= note.x + note.width &&
	node.position[1] + NODE_SIZE <= note.y + note.height;

function noteProblems(template: Template, nodes: TemplateNode[]): string[] {
	const problems: string[] = [];
	const notes = notesOf(template);
	const overviews = notes.filter(
		(n) => HOW_IT_WORKS.test(n.content) && SET_UP_STEPS.test(n.content),
	);
	if (overviews.length !== 1)
		return [`${overviews.length} notes have both "## How it works" and "## Set up steps" (want 1)`];
	const [overview] = overviews;
	if (notes[0] !== overview) problems.push(`the overview note ${overview.name} is not top left`);
	if (!overview.content.split('\n').some((line) => line.trim() === SELF_HOSTED_LINE))
		problems.push(`the overview note lacks the line "${SELF_HOSTED_LINE}"`);
	const sections = notes.filter((n) => n !== overview);
	for (const [i, a] of notes.entries())
		for (const b of notes.slice(i + 1))
			if (
				a.x < b.x + b.width &&
				b.x < a.x + a.width &&
				a.y < b.y + b.height &&
				b.y < a.y + a.height
			)
				problems.push(`notes ${a.name} and ${b.name} overlap`);
	for (const node of nodes) {
		const around = sections.filter((note) => inside(node, note));
		if (around.length !== 1)
			problems.push(`node ${node.name} lies inside ${around.length} section notes (want 1)`);
	}
	return problems;
}

function valueProblems(node: TemplateNode): string[] {
	const problems = typedSecrets(node.parameters ?? {}, node.name).map(
		(at) => `${at} holds a typed key (take it from a credential)`,
	);
	const setMe = node.name.startsWith(SET_ME_PREFIX);
	for (const [at, text] of strings(node.parameters ?? {}, node.name)) {
		if (PLACEHOLDER_HOST.test(text)) problems.push(`${at} holds a placeholder host`);
		// An expression's text is read at run time (a model's argument description, say), and code's
		// numbers are examples in its messages: neither is dialled as typed.
		const code = /\.(jsCode|pythonCode)$/.test(at);
		if (!setMe && !code && !text.startsWith('=') && PHONE_NUMBER.test(text))
			problems.push(`${at} holds a typed phone number (take it from a "${SET_ME_PREFIX}…" node)`);
	}
	for (const [type, reference] of Object.entries(node.credentials ?? {})) {
		const keys = Object.keys((reference ?? {}) as object).sort();
		if (keys.join(',') !== 'id,name')
			problems.push(`${node.name}: credential ${type} is not a reference by name`);
	}
	return problems;
}

function devWordingProblems(template: Template): string[] {
	const problems: string[] = [];
	for (const node of template.nodes) {
		const texts = [
			...strings(node.parameters ?? {}, node.name),
			[`${node.name}.notes`, node.notes ?? ''],
		];
		for (const [at, text] of texts)
			if (DEV_WORDING.test(text))
				problems.push(`${at} has dev wording (${DEV_WORDING.exec(text)![0]})`);
	}
	return problems;
}

/**
 * Every gallery rule `template` breaks; `currentVersions` maps node types to the version a template
 * must use (the Agora nodes' current versions).
 */
export function templateProblems(
	template: Template,
	currentVersions: Record<string, number> = {},
): string[] {
	const nodes = template.nodes.filter((n) => n.type !== STICKY);
	const versions = nodes
		.filter((n) => n.type in currentVersions && n.typeVersion !== currentVersions[n.type])
		.map((n) => `${n.name} is on version ${n.typeVersion}, not ${currentVersions[n.type]}`);
	return [
		...titleProblems(template.name),
		...noteProblems(template, nodes),
		...nodes.flatMap(valueProblems),
		...devWordingProblems(template),
		...versions,
	];
}

/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * The layering of the published code as data (docs/design.md, Layering), and the imports that break
 * it. Imports are read by the TypeScript compiler's own pre-processor, type-only and dynamic included.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/**
 * Floors from the top down. A room is a file or a folder ("/" at the end); "*" stands for one path
 * segment, so each folder of nodes/Agora/actions is a room of its own (a resource). A file belongs to
 * the most specific room that matches it.
 */
export const FLOORS: ReadonlyArray<{ floor: string; rooms: string[] }> = [
	{ floor: 'node files and credentials', rooms: ['nodes/*/*.node.ts', 'credentials/'] },
	{
		floor: 'resources, list searches and the triggers’ steps',
		rooms: [
			'nodes/Agora/actions/*/',
			'nodes/Agora/methods/',
			'nodes/AgoraTrigger/',
			'nodes/AgoraLlmTrigger/',
		],
	},
	{ floor: 'the operation contract', rooms: ['nodes/Agora/actions/types.ts'] },
	{
		floor: 'what resources share: agent configuration, Agora API knowledge, item machinery',
		rooms: ['nodes/Agora/agentConfig/', 'nodes/Agora/api/', 'nodes/Agora/run/'],
	},
	{ floor: 'the form kit', rooms: ['nodes/Agora/form/'] },
	{ floor: 'schemas and transport', rooms: ['nodes/Agora/schemas/', 'nodes/Agora/transport/'] },
	{
		floor:
			'the brain: the reply and its OpenAI chat answers (LLM trigger, Reply node, Agent LLM resource)',
		rooms: ['nodes/shared/brain/'],
	},
	{ floor: 'ground floor', rooms: ['nodes/shared/'] },
];

const RESOURCE_ROOM = /^nodes\/Agora\/actions\/[^/]+\/$/;

/** One import: both ends as paths from the repository root. */
export interface Edge {
	from: string;
	to: string;
}

export interface Place {
	room: string;
	floor: number;
}

function matches(pattern: string, file: string): string | undefined {
	const folder = pattern.endsWith('/');
	const wanted = pattern.split('/').filter(Boolean);
	const parts = file.split('/');
	if (folder ? parts.length <= wanted.length : parts.length !== wanted.length) return undefined;
	for (let i = 0; i < wanted.length; i++) {
		const glob = new RegExp(`^${wanted[i].replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`);
		if (!glob.test(parts[i])) return undefined;
	}
	return parts.slice(0, wanted.length).join('/') + (folder ? '/' : '');
}

/** The room and floor (0 = top) of a file, or undefined when no floor holds it. */
export function placeOf(file: string): Place | undefined {
	let best: (Place & { weight: number }) | undefined;
	FLOORS.forEach(({ rooms }, floor) => {
		for (const pattern of rooms) {
			const room = matches(pattern, file);
			const weight = pattern.replace(/\*/g, '').length;
			if (room && (!best || weight > best.weight)) best = { room, floor, weight };
		}
	});
	return best && { room: best.room, floor: best.floor };
}

/** Why an import is not allowed, or undefined when it runs downward within the rules. */
export function violation({ from, to }: Edge): string | undefined {
	if (from.startsWith('sandbox/')) {
		return /^(nodes|test)\//.test(to)
			? `${from} -> ${to}: the sandbox imports nothing from nodes/ or test/`
			: undefined;
	}
	const a = placeOf(from);
	if (!a) return `${from}: on no floor of test/tooling/layering.ts; place it`;
	const b = placeOf(to);
	if (!b) return `${from} -> ${to}: published code imports a file outside the floors`;
	if (a.room === b.room || a.floor < b.floor) return undefined;
	if (a.floor > b.floor)
		return `${from} -> ${to}: runs back up (${FLOORS[a.floor].floor} -> ${FLOORS[b.floor].floor})`;
	if (RESOURCE_ROOM.test(a.room) && RESOURCE_ROOM.test(b.room))
		return `${from} -> ${to}: one resource imports another`;
	return `${from} -> ${to}: sideways between rooms of one floor (${a.room}, ${b.room})`;
}

/** The repository files an import names, resolved as TypeScript would; packages are left out. */
export function importsOf(file: string, source: string, exists: (file: string) => boolean): Edge[] {
	return ts
		.preProcessFile(source, true, true)
		.importedFiles.map((imported) => imported.fileName)
		.filter((name) => name.startsWith('.'))
		.map((name) => {
			const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), name));
			const to =
				['', '.ts', '.js', '/index.ts', '/index.js'].map((ext) => base + ext).find(exists) ?? base;
			return { from: file, to };
		});
}

/** Every import of the published code and of the sandbox. */
export function repositoryImports(root: string): Edge[] {
	const isFile = (file: string) =>
		fs.existsSync(path.join(root, file)) && fs.statSync(path.join(root, file)).isFile();
	const files: string[] = [];
	const walk = (dir: string) => {
		for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
			const file = `${dir}/${entry.name}`;
			if (entry.isDirectory() && entry.name !== 'node_modules') walk(file);
			else if (/\.ts$/.test(entry.name)) files.push(file);
		}
	};
	['nodes', 'credentials', 'sandbox'].forEach(walk);
	return files.flatMap((file) =>
		importsOf(file, fs.readFileSync(path.join(root, file), 'utf8'), isFile),
	);
}

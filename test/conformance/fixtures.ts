/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Loads the conformance data (request examples, enums and invalid inputs copied from Agora's
 * reference) and builds requests from it. Used by the sandbox-side and the node-side conformance
 * tests alike; it imports nothing from nodes/ or from the sandbox.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

export type Json = Record<string, unknown>;

export interface Fixture {
	/** File name without .json. */
	name: string;
	comment: string;
	api: 'conversational-ai' | 'media-pull';
	operation: string;
	method: string;
	/** Template with {appid}, {agentId}, {region}, {appId}, {id}. */
	path: string;
	query?: Record<string, string>;
	body?: unknown;
	auth?: 'basic' | 'token';
	region?: string;
	/** Unix seconds the sandbox clock must show for the example's time-bound values. */
	clockS?: number;
}

export interface EnumEntry {
	api: string;
	operation: string;
	field: string;
	values: unknown[];
	open: boolean;
	section: string;
	alsoDocumented?: unknown[];
	olderSnapshot?: unknown[];
	valueKind?: 'array';
	list?: boolean;
}

export interface InvalidEntry {
	base: string;
	field: string;
	rule: string;
	section: string;
	set?: Record<string, unknown>;
	unset?: string[];
	query?: Record<string, string | null>;
}

/** What mllm.vendor "vertexai" authenticates with instead of api_key (Agora's Vertex AI page). */
export const VERTEX_AI_FIELDS = {
	adc_credentials_string: '<GOOGLE_APPLICATION_CREDENTIALS_STRING>',
	project_id: '<GOOGLE_CLOUD_PROJECT_ID>',
	location: '<GOOGLE_CLOUD_REGION>',
};

const DIR = __dirname;

function readJson<T>(file: string): T {
	return JSON.parse(readFileSync(file, 'utf8')) as T;
}

export function loadFixtures(): Fixture[] {
	return readdirSync(join(DIR, 'fixtures'))
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => ({
			...readJson<Omit<Fixture, 'name'>>(join(DIR, 'fixtures', f)),
			name: f.slice(0, -5),
		}));
}

export function loadEnums(): EnumEntry[] {
	return readJson<{ enums: EnumEntry[] }>(join(DIR, 'enums.json')).enums;
}

export function loadInvalid(): InvalidEntry[] {
	return readJson<{ invalid: InvalidEntry[] }>(join(DIR, 'invalid.json')).invalid;
}

/** Splits "a.b[2].c" into ["a", "b", 2, "c"]. */
export function pathSegments(path: string): Array<string | number> {
	const out: Array<string | number> = [];
	for (const part of path.split('.')) {
		const m = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
		if (!m) throw new Error(`bad path ${path}`);
		if (m[1]) out.push(m[1]);
		for (const idx of m[2].match(/\d+/g) ?? []) out.push(Number(idx));
	}
	return out;
}

function container(
	root: unknown,
	segs: Array<string | number>,
	create: boolean,
): Record<string | number, unknown> | undefined {
	let cur = root as Record<string | number, unknown>;
	for (let i = 0; i < segs.length - 1; i++) {
		let next = cur[segs[i]];
		if (typeof next !== 'object' || next === null) {
			if (!create) return undefined;
			next = typeof segs[i + 1] === 'number' ? [] : {};
			cur[segs[i]] = next;
		}
		cur = next as Record<string | number, unknown>;
	}
	return cur;
}

/** Sets a value at a dot path, creating the objects on the way. */
export function setPath(root: unknown, path: string, value: unknown): void {
	const segs = pathSegments(path);
	const c = container(root, segs, true);
	if (c) c[segs[segs.length - 1]] = value;
}

/** Removes the member at a dot path (nothing when it is absent). */
export function unsetPath(root: unknown, path: string): void {
	const segs = pathSegments(path);
	const c = container(root, segs, false);
	if (!c) return;
	const last = segs[segs.length - 1];
	if (Array.isArray(c) && typeof last === 'number') c.splice(last, 1);
	else delete c[last];
}

export function getPath(root: unknown, path: string): unknown {
	let cur: unknown = root;
	for (const s of pathSegments(path)) {
		if (typeof cur !== 'object' || cur === null) return undefined;
		cur = (cur as Record<string | number, unknown>)[s];
	}
	return cur;
}

/** The request of a fixture with an invalid entry's changes applied (a deep copy). */
export function applyInvalid(fixture: Fixture, entry: InvalidEntry): Fixture {
	const out = JSON.parse(JSON.stringify(fixture)) as Fixture;
	if (entry.set || entry.unset) {
		if (out.body === undefined) out.body = {};
		for (const p of entry.unset ?? []) unsetPath(out.body, p);
		for (const [p, v] of Object.entries(entry.set ?? {})) setPath(out.body, p, v);
	}
	if (entry.query) {
		const q: Record<string, string> = { ...(out.query ?? {}) };
		for (const [k, v] of Object.entries(entry.query)) {
			if (v === null) delete q[k];
			else q[k] = v;
		}
		out.query = q;
	}
	return out;
}

/** Fills a fixture's path template. */
export function fillPath(fixture: Fixture, values: Record<string, string>): string {
	return fixture.path.replace(/\{(\w+)\}/g, (_, k: string) => {
		const v = values[k] ?? (k === 'region' ? fixture.region : undefined);
		if (v === undefined) throw new Error(`no value for {${k}} in ${fixture.name}`);
		return encodeURIComponent(v);
	});
}

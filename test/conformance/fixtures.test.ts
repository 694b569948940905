/** The conformance data is well formed: every entry can be turned into a request. */
import {
	applyInvalid,
	getPath,
	loadEnums,
	loadFixtures,
	loadInvalid,
	pathSegments,
	setPath,
	unsetPath,
} from './fixtures';

const fixtures = loadFixtures();
const byName = new Map(fixtures.map((f) => [f.name, f]));

describe('conformance fixtures', () => {
	it('cover every operation with a request example in the reference', () => {
		const ops = new Set(fixtures.map((f) => f.operation));
		for (const op of [
			'start-agent',
			'agent-update',
			'agent-speak',
			'agent-think',
			'agent-interrupt',
			'stop-agent',
			'get-agent-list',
			'create-player',
			'update-player',
			'list-players',
			'call-telephony',
			'list-telephony',
			'hangup-telephony',
			'add-phone-number',
			'update-phone-number',
		]) {
			expect(ops).toContain(op);
		}
		expect(fixtures.filter((f) => f.operation === 'start-agent').length).toBeGreaterThanOrEqual(9);
	});

	it.each(fixtures.map((f) => [f.name, f] as const))(
		'%s names its source and has a request',
		(_, f) => {
			expect(f.comment.length).toBeGreaterThan(20);
			expect(['GET', 'POST', 'PATCH', 'DELETE']).toContain(f.method);
			expect(f.path.startsWith('/')).toBe(true);
			if (f.method === 'POST' && f.operation !== 'stop-agent') expect(typeof f.body).toBe('object');
			if (f.api === 'conversational-ai') expect(['basic', 'token']).toContain(f.auth);
		},
	);

	it('enums list values for known operations', () => {
		const enums = loadEnums();
		expect(enums.length).toBeGreaterThan(40);
		for (const e of enums) {
			expect(e.values.length).toBeGreaterThan(0);
			expect(e.section.length).toBeGreaterThan(5);
			expect(fixtures.some((f) => f.operation === e.operation)).toBe(true);
		}
	});

	it('every invalid entry starts from an existing fixture and changes it', () => {
		for (const entry of loadInvalid()) {
			const base = byName.get(entry.base);
			expect(base).toBeDefined();
			const changed = applyInvalid(base!, entry);
			expect(JSON.stringify(changed)).not.toEqual(JSON.stringify(base));
			for (const p of Object.keys(entry.set ?? {}))
				expect(getPath(changed.body, p)).toEqual(entry.set![p]);
		}
	});
});

describe('path helpers', () => {
	it('split, set, unset and get dot paths with array indexes', () => {
		expect(pathSegments('a.b[2].c')).toEqual(['a', 'b', 2, 'c']);
		const o: Record<string, unknown> = {};
		setPath(o, 'a.b[1].c', 5);
		expect(o).toEqual({ a: { b: [undefined, { c: 5 }] } });
		unsetPath(o, 'a.b[1].c');
		expect(getPath(o, 'a.b[1]')).toEqual({});
		unsetPath(o, 'x.y');
		expect(o).toEqual({ a: { b: [undefined, {}] } });
	});
});

/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Every export of the published code has a user: another file of the product, the sandbox, a
 * script, or a test of that unit (test/tooling/exports.ts says which tests count). A name only its
 * own file uses is not exported; a name nobody uses is deleted.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

import { testsOnPurpose, unusedExports } from './exports';

const root = path.resolve(__dirname, '../..');

describe('exports of nodes/ and credentials/', () => {
	it('each has a user outside its file', () => {
		expect(unusedExports(root)).toEqual([]);
	});

	it('fails on a name only its own file uses, and on one only tests call', () => {
		const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'exports-'));
		const write = (file: string, text: string) => {
			fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
			fs.writeFileSync(path.join(tree, file), text);
		};
		write(
			'nodes/A/unit.ts',
			[
				'export function local() { return 1; }',
				'export function onlyTested() { return 2; }',
				'export function tested() { return 3; }',
				'export function shared() { return local() + tested(); }',
				'/** For tests: a seam. */',
				'export function seam() { return 4; }',
			].join('\n'),
		);
		write('nodes/B/user.ts', "import { shared } from '../A/unit';\nexport const x = shared();\n");
		write(
			'test/nodes/A/unit.test.ts',
			"import { onlyTested, seam, tested } from '../../../nodes/A/unit';\n",
		);
		write('nodes/B/B.node.ts', "import { x } from './user';\nexport const y = x;\n");
		try {
			expect(unusedExports(tree)).toEqual(['nodes/A/unit.ts:local', 'nodes/A/unit.ts:onlyTested']);
		} finally {
			fs.rmSync(tree, { recursive: true, force: true });
		}
	});
});

describe('which tests use an export on purpose', () => {
	it('the tests of the export’s folder and the technique lanes', () => {
		expect(
			testsOnPurpose('test/nodes/AgoraTrigger/dedupe.test.ts', 'nodes/AgoraTrigger/dedupe.ts'),
		).toBe(true);
		expect(
			testsOnPurpose('test/reliability/memorySoak.child.ts', 'nodes/AgoraTrigger/dedupe.ts'),
		).toBe(true);
		expect(testsOnPurpose('test/tooling/copy.test.ts', 'nodes/Agora/form/labels.ts')).toBe(true);
	});

	it('not a test of another folder that borrows a helper', () => {
		expect(
			testsOnPurpose(
				'test/nodes/Agora/schemas/mediaPull.test.ts',
				'nodes/Agora/api/cloudPlayers.ts',
			),
		).toBe(false);
		expect(testsOnPurpose('test/lib/harness.ts', 'nodes/shared/validate.ts')).toBe(false);
	});
});

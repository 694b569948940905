/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Every export of the published code has a user: another file of the product, the sandbox, a
 * script, or a test of that unit (test/tooling/exports.ts says which tests count). A name only its
 * own file uses is not exported; a name nobody uses is deleted.
 */
import * as path from 'path';

import { testsOnPurpose, unusedExports } from './exports';

const root = path.resolve(__dirname, '../..');

describe('exports of nodes/ and credentials/', () => {
	it('each has a user outside its file', () => {
		expect(unusedExports(root)).toEqual([]);
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

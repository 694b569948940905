/**
 * What `npm run dev` imports on a restart: new examples and credentials, and those n8n still holds
 * exactly as dev imported them; never one the user changed or deleted, unless reset is asked for.
 */
import { planImports } from '../../scripts/lib/devImports';

const stored = new Map([
	['untouched', 'h1'],
	['edited', 'h2-after-edit'],
	['before-records', 'h3'],
]);
const imported = { untouched: 'h1', edited: 'h2', deletedByUser: 'h4' };
const ids = ['untouched', 'edited', 'before-records', 'deletedByUser', 'new'];

test('a restart imports the new and the untouched, keeps the edited, does not bring back the deleted', () => {
	expect(planImports(ids, stored, imported, false)).toEqual({
		toImport: ['untouched', 'new'],
		kept: ['edited', 'before-records'],
		deleted: ['deletedByUser'],
	});
});

test('--reset-examples imports every one again', () => {
	expect(planImports(ids, stored, imported, true)).toEqual({
		toImport: ids,
		kept: [],
		deleted: [],
	});
});

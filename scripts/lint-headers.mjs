// Writes the one eslint-disable line that test/, scripts/ and sandbox/ files open with, naming exactly
// the node-only rules each breaks (docs/development.md, Lint). Run by npm run lint:fix.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import glob from 'fast-glob';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTSIDE_PACKAGE_RULES = new Set([
	'@n8n/community-nodes/no-restricted-imports',
	'@n8n/community-nodes/no-restricted-globals',
	'@n8n/community-nodes/no-hardcoded-secrets',
	'@n8n/community-nodes/no-dangerous-functions',
	'@n8n/community-nodes/require-node-api-error',
	'no-console',
	'@typescript-eslint/no-explicit-any',
	'@typescript-eslint/no-require-imports',
	// The MCP SDK resolves through its package exports map, which the lint resolver does not read.
	'import-x/no-unresolved',
]);
const REASON = 'not part of the published package: test or dev code run by plain Node';
const HEADER = /^\/\* eslint-disable [^*]* -- not part of the published package[^*]*\*\/\n/;

const eslint = new ESLint({ cwd: root });
const files = glob.sync(['test/**/*.ts', 'scripts/**/*.ts', 'sandbox/**/*.ts'], {
	cwd: root,
	ignore: ['**/node_modules/**'],
});
let changed = 0;
for (const file of files) {
	const full = path.join(root, file);
	const text = fs.readFileSync(full, 'utf8');
	const body = text.replace(HEADER, '');
	const [result] = await eslint.lintText(body, { filePath: full });
	const rules = [
		...new Set(result.messages.map((m) => m.ruleId).filter((r) => OUTSIDE_PACKAGE_RULES.has(r))),
	].sort();
	const next = rules.length
		? `/* eslint-disable ${rules.join(', ')} -- ${REASON} */\n${body}`
		: body;
	if (next !== text) {
		fs.writeFileSync(full, next);
		changed++;
		console.log(`${file}: ${rules.length ? rules.join(', ') : 'header removed'}`);
	}
}
console.log(`${files.length} files checked, ${changed} changed`);

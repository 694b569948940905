// Lints texts given on stdin as if they were files of this repository, with the repository's own
// ESLint config (n8n's, through eslint.config.mjs). Input: [{ "filePath": "package.json", "text": "…" }].
// Output: for each input, the rule ids of the messages with their severity ("error" or "warning").
// A separate process because ESLint loads its config with import(), which Jest's VM does not support.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let input = '';
for await (const chunk of process.stdin) input += chunk;

const eslint = new ESLint({ cwd: root });
const output = [];
for (const { filePath, text } of JSON.parse(input)) {
	const [result] = await eslint.lintText(text, { filePath: path.join(root, filePath) });
	output.push(result.messages.map((m) => ({ rule: m.ruleId, severity: m.severity === 2 ? 'error' : 'warning', message: m.message })));
}
process.stdout.write(JSON.stringify(output));

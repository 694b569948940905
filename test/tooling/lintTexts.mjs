// Lints texts from stdin ([{filePath, text}]) as files of this repository with its own ESLint config and
// prints each one's rule ids and severities; a separate process because Jest's VM cannot import() it.
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
	output.push(
		result.messages.map((m) => ({
			rule: m.ruleId,
			severity: m.severity === 2 ? 'error' : 'warning',
			message: m.message,
		})),
	);
}
process.stdout.write(JSON.stringify(output));

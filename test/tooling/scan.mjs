// n8n's package scanner run locally on the source and on the packed tarball; any finding, warning
// included, fails. Usage: npm run scan.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import Module from 'node:module';

import { ESLint } from 'eslint';
import glob from 'fast-glob';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// Scanner 0.32.0 depends on typescript 7.0.2, the native compiler, which has no JavaScript API;
// the @typescript-eslint parser it loads needs that API and throws at load time. Inside the
// scanner's own tree, `typescript` resolves to this project's TypeScript 5 instead.
const projectTypescript = Module.createRequire(import.meta.url).resolve('typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
	if (
		request === 'typescript' &&
		parent?.filename?.includes(`${path.sep}scan-community-package${path.sep}`)
	) {
		return projectTypescript;
	}
	return resolveFilename.call(this, request, parent, ...rest);
};
const { buildScanConfig, SOURCE_FILE_PATTERNS } = await import(
	'@n8n/scan-community-package/scanner/scanner.mjs'
);

function packAndUnpack() {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-scan-'));
	const out = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], {
		cwd: root,
		encoding: 'utf8',
	});
	const tarball = path.join(work, out.trim().split('\n').pop());
	const dir = path.join(work, 'package');
	fs.mkdirSync(dir);
	execFileSync('tar', ['-xzf', tarball, '-C', dir, '--strip-components=1']);
	return { work, dir };
}

/** The scanner's own lint set-up (same config, inline config ignored), every message kept. */
async function scan(dir, patterns) {
	const files = glob.sync(patterns, {
		cwd: dir,
		absolute: true,
		ignore: ['node_modules/**', '**/package-lock.json'],
	});
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await buildScanConfig(),
	});
	const results = await eslint.lintFiles(files);
	const findings = results.reduce((n, r) => n + r.errorCount + r.warningCount, 0);
	const report = findings ? await (await eslint.loadFormatter('stylish')).format(results) : '';
	return { files: files.length, findings, report };
}

const { work, dir } = packAndUnpack();
let total = 0;
try {
	if (!fs.existsSync(path.join(dir, 'dist')))
		throw new Error('the packed tarball has no dist/: run `npm run build` first');
	const legs = [
		['source (package.json, nodes/, credentials/)', root, SOURCE_FILE_PATTERNS],
		['packed tarball (compiled .js, package.json)', dir, ['**/*.js', 'package.json']],
	];
	for (const [name, cwd, patterns] of legs) {
		const result = await scan(cwd, patterns);
		total += result.findings;
		console.log(`scan ${name}: ${result.files} files, ${result.findings} findings`);
		if (result.report) console.log(result.report);
	}
} finally {
	fs.rmSync(work, { recursive: true, force: true });
}
if (total > 0) {
	console.error(`n8n's package scanner: ${total} findings`);
	process.exit(1);
}
console.log("n8n's package scanner: no findings");

/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * n8n's lint, as `npm run lint` runs it: n8n's default ESLint config in strict mode, and its
 * package.json rules really run (a package.json that breaks them is refused).
 */
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';

const ROOT = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

interface Finding {
	rule: string | null;
	severity: 'error' | 'warning';
	message: string;
}

function lintPackageJsonVariants(variants: Array<Record<string, unknown>>): Finding[][] {
	const input = variants.map((variant) => ({
		filePath: 'package.json',
		text: JSON.stringify(variant, null, 2),
	}));
	const out = execFileSync(process.execPath, [path.join(__dirname, 'lintTexts.mjs')], {
		cwd: ROOT,
		input: JSON.stringify(input),
		encoding: 'utf8',
	});
	return JSON.parse(out);
}

const errorRules = (findings: Finding[]) =>
	findings.filter((f) => f.severity === 'error').map((f) => f.rule);

describe('n8n lint set-up', () => {
	it('is strict: eslint.config.mjs is @n8n/node-cli’s default config, unchanged', () => {
		// `n8n-node lint` compares the two with whitespace collapsed; so does this test.
		const template = path.join(
			ROOT,
			'node_modules/@n8n/node-cli/dist/template/templates/shared/default/eslint.config.mjs',
		);
		const normalise = (file: string) => fs.readFileSync(file, 'utf8').replace(/\s+/g, ' ').trim();
		expect(normalise(path.join(ROOT, 'eslint.config.mjs'))).toBe(normalise(template));
		expect(pkg.n8n.strict).toBe(true);
		expect(pkg.scripts.lint).toBe('bash scripts/lint.sh');
		expect(fs.readFileSync(path.join(ROOT, 'scripts/lint.sh'), 'utf8')).toMatch(/n8n-node lint/);
	});

	describe('package.json rules', () => {
		const withDependency = { ...pkg, dependencies: { axios: '1.12.0' } };
		const withPostinstall = { ...pkg, scripts: { ...pkg.scripts, postinstall: 'node ./setup.js' } };
		const withOverrides = { ...pkg, overrides: { axios: '1.12.0' } };
		const withoutAuthorEmail = { ...pkg, author: { name: pkg.author.name } };
		let results: Finding[][];

		beforeAll(() => {
			results = lintPackageJsonVariants([
				pkg,
				withDependency,
				withPostinstall,
				withOverrides,
				withoutAuthorEmail,
			]);
		}, 120000);

		it('pass on the package.json as it is, with no warning', () => {
			expect(results[0]).toEqual([]);
		});

		it('refuse a runtime dependency', () => {
			expect(errorRules(results[1])).toEqual(['@n8n/community-nodes/no-runtime-dependencies']);
		});

		it('refuse a postinstall script', () => {
			expect(errorRules(results[2])).toEqual([
				'@n8n/community-nodes/no-forbidden-lifecycle-scripts',
			]);
		});

		it('refuse overrides', () => {
			expect(errorRules(results[3])).toEqual(['@n8n/community-nodes/no-overrides-field']);
		});

		it('refuse an author without e-mail', () => {
			expect(errorRules(results[4])).toEqual(['@n8n/community-nodes/valid-author']);
		});
	});
});

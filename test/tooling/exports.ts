/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Exports of the published code (nodes/, credentials/) that nothing uses, read from the syntax of
 * every TypeScript file with the compiler's parser. An export is used when another product file,
 * the sandbox or a script imports it, or when a test that tests its unit on purpose
 * (testsOnPurpose) imports a name the product also uses in its own file, or a seam whose doc
 * comment starts "For tests". Any other name only tests call is dead code.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** Files n8n loads by path (package.json's "n8n" lists): n8n uses their exports. */
const ENTRY = /(\.node|\.credentials)\.ts$/;

function filesBelow(root: string, dir: string): string[] {
	if (!fs.existsSync(path.join(root, dir))) return [];
	const out: string[] = [];
	for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
		const rel = path.posix.join(dir, entry.name);
		if (entry.isDirectory()) {
			if (entry.name !== 'node_modules') out.push(...filesBelow(root, rel));
		} else if (/\.ts$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(rel);
	}
	return out;
}

/**
 * Whether a test uses a product file's export on purpose: it lies in a technique lane
 * (reliability, conformance, bench), or below the test folder that mirrors the file's folder
 * (test/nodes/AgoraTrigger/… for nodes/AgoraTrigger/dedupe.ts). Any other test reaching into the
 * file borrows a helper, and its export counts as unused.
 */
export function testsOnPurpose(testFile: string, file: string): boolean {
	if (/^test\/(reliability|conformance|bench|tooling)\//.test(testFile)) return true;
	// The one timing knob every test sets the node's waits through (fastTiming).
	if (testFile === 'test/lib/sandbox.ts') return true;
	return testFile.startsWith(`test/${path.posix.dirname(file)}/`);
}

function hasExport(node: ts.Node): boolean {
	return (
		ts.canHaveModifiers(node) &&
		(ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
	);
}

/** The identifier names what it declares or sits in an import/export list: not a use. */
function isDeclaredOrListed(node: ts.Identifier): boolean {
	const parent = node.parent;
	if (ts.isExportSpecifier(parent) || ts.isImportSpecifier(parent) || ts.isImportClause(parent))
		return true;
	return (
		(ts.isFunctionDeclaration(parent) ||
			ts.isClassDeclaration(parent) ||
			ts.isInterfaceDeclaration(parent) ||
			ts.isTypeAliasDeclaration(parent) ||
			ts.isEnumDeclaration(parent) ||
			ts.isVariableDeclaration(parent)) &&
		parent.name === node
	);
}

interface Parsed {
	/** Names the file exports itself, and the files whose exports it passes on whole (`export *`). */
	exports: string[];
	passesOn: string[];
	/** Imported or re-exported names per file (`*`: a namespace import or `export *`). */
	takes: Array<{ from: string; name: string }>;
	/** How often each name is read in the file itself (declarations and export lists aside). */
	localUses: Map<string, number>;
	/** Exports whose doc comment starts "For tests": seams the product keeps on purpose. */
	seams: Set<string>;
}

function parse(root: string, file: string): Parsed {
	const source = ts.createSourceFile(
		file,
		fs.readFileSync(path.join(root, file), 'utf8'),
		ts.ScriptTarget.Latest,
		true,
	);
	const resolve = (specifier: string): string | undefined => {
		if (!specifier.startsWith('.')) return undefined;
		const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
		return [`${base}.ts`, `${base}/index.ts`].find((f) => fs.existsSync(path.join(root, f)));
	};
	const parsed: Parsed = {
		exports: [],
		passesOn: [],
		takes: [],
		localUses: new Map(),
		seams: new Set(),
	};
	const visit = (node: ts.Node): void => {
		if (ts.isIdentifier(node) && !isDeclaredOrListed(node))
			parsed.localUses.set(node.text, (parsed.localUses.get(node.text) ?? 0) + 1);
		if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
			const from = resolve(node.moduleSpecifier.text);
			const clause = node.importClause;
			if (from && clause) {
				if (clause.name) parsed.takes.push({ from, name: 'default' });
				const bindings = clause.namedBindings;
				if (bindings && ts.isNamespaceImport(bindings)) parsed.takes.push({ from, name: '*' });
				else if (bindings)
					for (const el of bindings.elements)
						parsed.takes.push({ from, name: (el.propertyName ?? el.name).text });
			}
		} else if (ts.isExportDeclaration(node)) {
			const from =
				node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
					? resolve(node.moduleSpecifier.text)
					: undefined;
			const clause = node.exportClause;
			if (!clause) {
				if (from) parsed.passesOn.push(from);
			} else if (ts.isNamedExports(clause)) {
				for (const el of clause.elements) {
					parsed.exports.push(el.name.text);
					if (from) {
						parsed.takes.push({ from, name: (el.propertyName ?? el.name).text });
						// Passed on from another file: that file's own check judges its use.
						parsed.localUses.set(el.name.text, 1);
					}
				}
			}
		} else if (
			ts.isCallExpression(node) &&
			node.expression.kind === ts.SyntaxKind.ImportKeyword &&
			node.arguments[0] &&
			ts.isStringLiteral(node.arguments[0])
		) {
			const from = resolve(node.arguments[0].text);
			if (from) parsed.takes.push({ from, name: '*' });
		} else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
			const literal = node.argument.literal;
			const from = ts.isStringLiteral(literal) ? resolve(literal.text) : undefined;
			if (from) parsed.takes.push({ from, name: node.qualifier?.getText() ?? '*' });
		} else if (hasExport(node)) {
			const names: string[] = [];
			if (ts.isVariableStatement(node)) {
				for (const d of node.declarationList.declarations)
					if (ts.isIdentifier(d.name)) names.push(d.name.text);
			} else {
				const name = (node as ts.DeclarationStatement).name;
				if (name && ts.isIdentifier(name)) names.push(name.text);
			}
			parsed.exports.push(...names);
			const comment = node.getFullText().slice(0, node.getLeadingTriviaWidth());
			if (/\/\*\*\s*For tests\b/.test(comment)) for (const name of names) parsed.seams.add(name);
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return parsed;
}

/** `file:name` of every export of nodes/ and credentials/ that nothing uses, sorted. */
export function unusedExports(root: string): string[] {
	const product = [...filesBelow(root, 'nodes'), ...filesBelow(root, 'credentials')];
	const all = [...product, ...['test', 'scripts', 'sandbox'].flatMap((d) => filesBelow(root, d))];
	const parsed = new Map(all.map((file) => [file, parse(root, file)]));
	// Who takes what from each file; `export *` hands a taker's names on to the files passed on.
	const takers = new Map<string, Array<{ name: string; by: string }>>();
	const take = (from: string, name: string, by: string, seen = new Set<string>()): void => {
		if (seen.has(from)) return;
		seen.add(from);
		takers.set(from, [...(takers.get(from) ?? []), { name, by }]);
		for (const next of parsed.get(from)?.passesOn ?? []) take(next, name, by, seen);
	};
	for (const [by, { takes }] of parsed) for (const { from, name } of takes) take(from, name, by);

	const unused: string[] = [];
	for (const file of product) {
		if (ENTRY.test(file)) continue;
		const users = takers.get(file) ?? [];
		for (const name of parsed.get(file)?.exports ?? []) {
			const takers = users.filter((user) => user.name === name || user.name === '*');
			const byProduct = takers.some((user) => !user.by.startsWith('test/'));
			const byTests = takers.some((user) => testsOnPurpose(user.by, file));
			// A test may reach a name the product uses in its own file; one only tests call is dead code.
			const usedInFile = (parsed.get(file)?.localUses.get(name) ?? 0) > 0;
			const seam = parsed.get(file)?.seams.has(name) ?? false;
			if (!byProduct && !(byTests && (usedInFile || seam))) unused.push(`${file}:${name}`);
		}
	}
	return unused.sort();
}

const { src, dest, parallel } = require('gulp');

// Nodes and the credential point at `file:../../icons/…` / `file:../icons/…`, which resolves to
// dist/icons once compiled: n8n reads icons relative to the compiled file.
function copyIcons() {
	return src(['icons/*.svg'], { encoding: false }).pipe(dest('dist/icons'));
}

// Codex files (categories, aliases, documentation links): n8n reads `<compiled node file>on`,
// i.e. dist/nodes/Agora/Agora.node.json beside dist/nodes/Agora/Agora.node.js.
function copyCodex() {
	return src(['nodes/**/*.node.json'], { base: '.' }).pipe(dest('dist'));
}

exports['build:icons'] = copyIcons;
exports['build:codex'] = copyCodex;
exports['build:assets'] = parallel(copyIcons, copyCodex);

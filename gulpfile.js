const { src, dest } = require('gulp');

// Nodes and the credential point at `file:../../icons/…` / `file:../icons/…`, which resolves to
// dist/icons once compiled: n8n reads icons relative to the compiled file.
function copyIcons() {
	return src(['icons/*.svg'], { encoding: false }).pipe(dest('dist/icons'));
}

exports['build:icons'] = copyIcons;

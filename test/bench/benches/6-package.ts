/* eslint-disable @n8n/community-nodes/no-dangerous-functions, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/** 6. The packed tarball: its size and its runtime dependencies (`npm pack --dry-run --json`). */
import { execFileSync } from 'child_process';
import fs from 'fs';
import path from 'path';

import { ROOT } from '../../../scripts/lib/n8nInstall';
import type { Row } from '../lib/report';
import type { Bench } from '../lib/types';

interface PackInfo {
	size: number;
	unpackedSize: number;
	entryCount: number;
	files: Array<{ path: string; size: number }>;
}

export const packageBench: Bench = {
	id: 6,
	title: 'Packed package size and runtime dependencies',
	method: () =>
		'**6** — After `npm run build`: `npm pack --dry-run --json` in the repository; figure = `size` (the gzipped tarball) in kB (1 kB = 1000 bytes); runtime dependencies = the names in package.json `dependencies`, `bundleDependencies` and `optionalDependencies` (peer `n8n-workflow` is provided by n8n and not counted). Deterministic, so one run.',
	async run() {
		const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--silent'], {
			cwd: ROOT,
			encoding: 'utf8',
		});
		const info = (JSON.parse(out) as PackInfo[])[0];
		const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
		const deps = [
			...Object.keys(pkg.dependencies ?? {}),
			...Object.keys(pkg.optionalDependencies ?? {}),
			...(Array.isArray(pkg.bundleDependencies ?? pkg.bundledDependencies)
				? (pkg.bundleDependencies ?? pkg.bundledDependencies)
				: []),
		];
		const biggest = [...info.files].sort((a, b) => b.size - a.size).slice(0, 3);
		const rows: Row[] = [
			{
				bench: 6,
				name: 'Packed tarball size',
				values: [info.size / 1000],
				unit: 'kB',
				target: { op: '<=', value: 150 },
				detail: `${info.size} bytes, ${info.entryCount} files, ${(info.unpackedSize / 1000).toFixed(0)} kB unpacked; largest: ${biggest.map((f) => `${f.path} ${(f.size / 1000).toFixed(0)} kB`).join(', ')}`,
				digits: 1,
				exact: true,
			},
			{
				bench: 6,
				name: 'Runtime dependencies of the package',
				values: [deps.length],
				unit: '',
				target: { op: '<=', value: 0 },
				detail: deps.length ? deps.join(', ') : 'none',
				digits: 0,
				exact: true,
			},
		];
		return rows;
	},
};

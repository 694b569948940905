/** End-to-end suite: real n8n processes, so long time-outs and one file at a time. */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e', '<rootDir>/test/browser'],
	testMatch: ['**/*.e2e.ts', '**/*.browser.ts'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// One n8n per run, shared by every file that needs no n8n of its own (test/e2e/sharedN8n.ts).
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
	// Source maps on (tsconfig.json has them off for the build): failures point at the right line.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { sourceMap: true, isolatedModules: true } }] },
	testTimeout: 300000,
	forceExit: true,
};

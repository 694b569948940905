/** End-to-end suite: real n8n processes, so long time-outs and one file at a time. */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e', '<rootDir>/test/browser'],
	testMatch: ['**/*.e2e.ts', '**/*.browser.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	testTimeout: 300000,
	forceExit: true,
};

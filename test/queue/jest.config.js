/** Queue-mode suite (npm run test:queue): Redis, Postgres and several real n8n processes, one file, in band. */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.queue.ts'],
	// Source maps on, as in jest.config.js (tsconfig.json has them off for the build): without them
	// a failure points at a line of the compiled JavaScript, not of the test file.
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: { sourceMap: true, isolatedModules: true } }] },
	testTimeout: 600000,
	forceExit: true,
};

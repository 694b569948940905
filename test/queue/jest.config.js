/** Queue-mode suite (npm run test:queue): Redis, Postgres and several real n8n processes, one file, in band. */
module.exports = {
	rootDir: '../..',
	testEnvironment: 'node',
	roots: ['<rootDir>/test/queue'],
	testMatch: ['**/*.queue.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	testTimeout: 600000,
	forceExit: true,
};

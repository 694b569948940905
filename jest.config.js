/** Every test lives under test/; nothing of them is published. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/bench/'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	testTimeout: 30000,
	// n8n-core keeps agents and timers alive after a run; they are not ours to close.
	forceExit: true,
};

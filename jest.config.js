/** Every test lives under test/; nothing of them is published. */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/', '/test/bench/'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// Source maps on (tsconfig.json has them off for the build): failures point at the right line.
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: { sourceMap: true } }],
	},
	testTimeout: 30000,
	// n8n-core keeps agents and timers alive after a run; they are not ours to close.
	forceExit: true,
};

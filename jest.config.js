/** `npm test`: unit and in-process tests under test/ (mirroring nodes/) and sandbox/test/. */
const project = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test', '<rootDir>/sandbox'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// Source maps on (tsconfig.json has them off for the build): failures point at the right line.
	transform: {
		'^.+\\.ts$': ['ts-jest', { tsconfig: { sourceMap: true, isolatedModules: true } }],
	},
};

/**
 * The node imports zod from the n8n that runs it: zod 3 in today's releases, zod 4 later. The
 * request schemas' tests run once more with `zod` resolved to zod 4 (devDependency alias "zod4").
 */
const SCHEMA_TESTS = [
	'agentStart',
	'agentStartModels',
	'agentStartTurns',
	'agentStartProperties',
	'agentOperations',
	'mediaPull',
	'telephony',
	'zodVersions',
].map((name) => `<rootDir>/test/nodes/Agora/schemas/${name}.test.ts`);

module.exports = {
	projects: [
		{
			...project,
			displayName: 'zod3',
			testMatch: ['**/*.test.ts'],
			// The reliability suites are a lane of their own (test/reliability/jest.config.js).
			testPathIgnorePatterns: [
				'/node_modules/',
				'/test/e2e/',
				'/test/bench/',
				'/test/reliability/',
			],
			// The zod n8n 1.123 and 2.4 ship (devDependency "zod").
			globals: { ZOD_MAJOR: 3 },
		},
		{
			...project,
			displayName: 'zod4',
			testMatch: SCHEMA_TESTS,
			moduleNameMapper: { '^zod$': '<rootDir>/node_modules/zod4' },
			globals: { ZOD_MAJOR: 4 },
		},
	],
	testTimeout: 30000,
	// Two workers on two cores: the in-process workflow tests wait on the sandbox about half the time.
	maxWorkers: 2,
	// n8n-core keeps agents and timers alive after a run; they are not ours to close.
	forceExit: true,
};

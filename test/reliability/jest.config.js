/** Reliability lane (npm run test:reliability): faults, fuzz, secrets, hostile webhooks, memory soak. */
const base = require('../../jest.config.js').projects[0];

module.exports = {
	rootDir: '../..',
	testEnvironment: base.testEnvironment,
	roots: ['<rootDir>/test/reliability'],
	testMatch: ['**/*.test.ts'],
	setupFiles: base.setupFiles,
	transform: base.transform,
	globals: { ZOD_MAJOR: 3 },
	testTimeout: 120000,
	// n8n-core keeps agents and timers alive after a run; they are not ours to close.
	forceExit: true,
};

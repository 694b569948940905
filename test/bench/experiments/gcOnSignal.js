/**
 * Preloaded into `n8n start` by isolate-memory.ts (NODE_OPTIONS=--require): a full garbage
 * collection of n8n's main heap on SIGWINCH, so that memory freed only when the main heap lets go
 * of its handles can be told from memory still held.
 */
const v8 = require('v8');
const vm = require('vm');

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc');
process.on('SIGWINCH', () => {
	gc();
	gc();
});

// Keep n8n-core's instance settings out of the user's home, and quiet.
const os = require('os');
const path = require('path');
const fs = require('fs');
const dir = path.join(os.tmpdir(), 'n8n-nodes-agora-jest');
// One user folder per jest worker: n8n-core writes its instance settings there on first use.
const userFolder = path.join(dir, `worker-${process.env.JEST_WORKER_ID ?? '1'}`);
fs.mkdirSync(userFolder, { recursive: true });
process.env.N8N_USER_FOLDER = userFolder;
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';
// n8n's engine logs (thousands of lines where a suite turns on debug) go to a file, not the test
// output; N8N_TEST_LOGS=1 prints them.
if (!process.env.N8N_TEST_LOGS) {
	process.env.N8N_LOG_OUTPUT ??= 'file';
	process.env.N8N_LOG_FILE_LOCATION ??= path.join(dir, 'n8n-engine.log');
}

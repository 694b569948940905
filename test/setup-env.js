// Keep n8n-core's instance settings out of the user's home, and quiet.
const os = require('os');
const path = require('path');
const fs = require('fs');
const dir = path.join(os.tmpdir(), 'n8n-nodes-agora-jest');
fs.mkdirSync(dir, { recursive: true });
process.env.N8N_USER_FOLDER = dir;
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';

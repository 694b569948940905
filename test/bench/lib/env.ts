/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not part of the published package: test or dev code run by plain Node */
/**
 * Imported first by run.ts: keeps the in-process n8n-core's instance settings out of the user's
 * home (as test/setup-env.js does for jest), and quiet.
 */
import fs from 'fs';
import os from 'os';
import path from 'path';

const dir = path.join(os.tmpdir(), 'n8n-nodes-agora-bench');
fs.mkdirSync(dir, { recursive: true });
process.env.N8N_USER_FOLDER = dir;
process.env.N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS = 'false';

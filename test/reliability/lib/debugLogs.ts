/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not part of the published package: test or dev code run by plain Node */
// Imported first by the secrets suite: n8n's logger reads its level once, when it is created.
process.env.N8N_LOG_LEVEL = 'debug';

export {};

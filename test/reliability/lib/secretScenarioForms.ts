/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not part of the published package: test or dev code run by plain Node */
/** The canary secrets, and the forms of the secrets suite that carry them in every field. */
import type { INodeParameters } from 'n8n-workflow';

import type { CredentialData } from '../../lib/harness';

export const C = {
	customerSecret: 'CNRYcustomerSecret01',
	appCertificate: 'ca7a2c0de5ec4e7dead0beef0badf00d',
	notificationSecret: 'CNRYnotifySecret03',
	llmApiKey: 'CNRYllmApiKey04',
	mllmApiKey: 'CNRYmllmApiKey05',
	ttsParamsKey: 'CNRYttsParamsKey06',
	asrParamsKey: 'CNRYasrParamsKey07',
	llmHeaderValue: 'CNRYllmHeaderValue08',
	mcpHeaderValue: 'CNRYmcpHeaderValue09',
	agentToken: 'CNRYagentChannelToken10',
	agentEncryptionKey: 'CNRYagentEncryptionKey11',
	agentEncryptionSalt: Buffer.from('CNRYagentEncryptionSalt12'.padEnd(32, '#')).toString('base64'),
	updateToken: 'CNRYupdateToken13',
	llmParamsKey: 'CNRYllmParamsApiKey14',
	mllmParamsKey: 'CNRYmllmParamsKey15',
	playerToken: 'CNRYplayerToken16',
	playerEncryptKey: 'CNRYplayerEncryptKey17',
	playerKdfSalt: 'CNRYplayerKdfSalt18',
	avatarParamsKey: 'CNRYavatarParamsKey19',
	// The Agora Vendor Keys credential's fields.
	vkLlmApiKey: 'CNRYvkLlmApiKey20',
	vkLlmHeaderValue: 'CNRYvkLlmHeaderValue21',
	vkMcpHeaderValue: 'CNRYvkMcpHeaderValue22',
	vkMllmApiKey: 'CNRYvkMllmApiKey23',
	vkTtsParamsKey: 'CNRYvkTtsParamsKey24',
	vkTtsHeaderValue: 'CNRYvkTtsHeaderValue25',
	vkAsrParamsKey: 'CNRYvkAsrParamsKey26',
	vkAvatarParamsKey: 'CNRYvkAvatarParamsKey27',
	vkEncryptionKey: 'CNRYvkEncryptionKey28',
	vkEncryptionSalt: Buffer.from('CNRYvkEncryptionSalt29'.padEnd(32, '#')).toString('base64'),
} as const;

/** The Agora Vendor Keys credential, every field a canary. */
export const VENDOR_KEYS: CredentialData = {
	llmApiKey: C.vkLlmApiKey,
	llmSecretHeaders: JSON.stringify({ 'X-Vendor-Key': C.vkLlmHeaderValue }),
	mcpSecretHeaders: JSON.stringify({ tools1: { Authorization: `Bearer ${C.vkMcpHeaderValue}` } }),
	mllmApiKey: C.vkMllmApiKey,
	ttsSecretParams: JSON.stringify({ key: C.vkTtsParamsKey }),
	ttsSecretHeaders: JSON.stringify({ Authorization: `Bearer ${C.vkTtsHeaderValue}` }),
	asrSecretParams: JSON.stringify({ api_key: C.vkAsrParamsKey }),
	avatarSecretParams: JSON.stringify({ api_key: C.vkAvatarParamsKey }),
	encryptionSecretKey: C.vkEncryptionKey,
	encryptionSaltSecret: C.vkEncryptionSalt,
};

export const FULL_START: INodeParameters = {
	resource: 'agent',
	operation: 'start',
	channel: 'room1',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	token: C.agentToken,
	llmUrl: 'https://llm.example.com/v1/chat/completions',
	llmApiKey: C.llmApiKey,
	llmParams: JSON.stringify({ model: 'gpt-4o-mini', api_key: C.llmParamsKey }),
	llmOptions: {
		headers: { entries: [{ name: 'X-Tenant-Key', value: C.llmHeaderValue }] },
		mcpServers: {
			servers: [
				{
					name: 'tools1',
					endpoint: 'https://mcp.example.com/mcp',
					headers: JSON.stringify({ Authorization: `Bearer ${C.mcpHeaderValue}` }),
				},
			],
		},
	},
	asr: {
		language: 'en-US',
		vendor: 'deepgram',
		params: JSON.stringify({ api_key: C.asrParamsKey }),
	},
	ttsVendor: 'elevenlabs',
	ttsParams: JSON.stringify({ key: C.ttsParamsKey, voice_id: 'v1' }),
	encryptionMode: '8',
	encryptionKey: C.agentEncryptionKey,
	encryptionSalt: C.agentEncryptionSalt,
	enableAvatar: true,
	avatarVendor: 'akool',
	avatarParams: JSON.stringify({ api_key: C.avatarParamsKey }),
	advancedFeatures: { enableTools: true },
	labels: { entries: [{ name: 'ticket', value: 'T-1' }] },
};

export const MLLM_START: INodeParameters = {
	resource: 'agent',
	operation: 'start',
	channel: 'room1',
	remoteRtcUid: '2002',
	agentRtcUid: '1001',
	mode: 'mllm',
	mllmVendor: 'openai',
	mllmUrl: 'wss://realtime.example.com/v1',
	mllmApiKey: C.mllmApiKey,
	mllmParams: JSON.stringify({ model: 'gpt-4o-realtime', api_key: C.mllmParamsKey }),
};

export const PLAYER_CREATE: INodeParameters = {
	resource: 'cloudPlayer',
	operation: 'create',
	region: 'na',
	streamUrl: 'rtmp://media.example.com/live/secret-suite',
	channelName: 'room1',
	identityType: 'uid',
	uid: 555,
	additionalFields: { token: C.playerToken },
	encryption: true,
	encryptMode: 'aes-128-gcm2',
	encryptKey: C.playerEncryptKey,
	encryptKdfSalt: C.playerKdfSalt,
};

export const UPDATE_FIELDS = {
	token: C.updateToken,
	llmParams: JSON.stringify({ model: 'gpt-4o', api_key: C.llmParamsKey }),
	mllmParams: JSON.stringify({ api_key: C.mllmParamsKey }),
};
